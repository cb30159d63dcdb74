#include "engine/child.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

#include "core/notation.hpp"
#include "engine/protocol.hpp"

namespace xq::engine {

namespace {
constexpr int kHandshakeMs = 10000;  // uci -> uciok, isready -> readyok

std::string trimmed(std::string_view s) {
  const size_t a = s.find_first_not_of(" \t");
  if (a == std::string_view::npos) return "";
  const size_t b = s.find_last_not_of(" \t");
  return std::string(s.substr(a, b - a + 1));
}
}  // namespace

std::optional<std::string> LineReader::buffered() {
  const size_t end = buffer_.find('\n');
  if (end == std::string::npos) {
    // The last line of an input that ends without a line end.
    if (end_ && !buffer_.empty()) {
      std::string last = std::move(buffer_);
      buffer_.clear();
      return last;
    }
    return std::nullopt;
  }
  std::string line = buffer_.substr(0, end);
  buffer_.erase(0, end + 1);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

bool LineReader::fill() {
  char chunk[4096];
  const ssize_t n = ::read(fd_, chunk, sizeof chunk);
  if (n > 0) {
    buffer_.append(chunk, size_t(n));
    return true;
  }
  if (n < 0 && (errno == EINTR || errno == EAGAIN)) return true;
  end_ = true;
  return false;
}

ChildProcess::ChildProcess(const std::vector<std::string>& argv) {
  if (argv.empty() || argv[0].empty()) throw ChildError("no child engine given");
  int in[2], out[2];
  if (::pipe2(in, O_CLOEXEC) != 0) throw ChildError(std::string("pipe: ") + std::strerror(errno));
  if (::pipe2(out, O_CLOEXEC) != 0) {
    ::close(in[0]);
    ::close(in[1]);
    throw ChildError(std::string("pipe: ") + std::strerror(errno));
  }
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) {
    for (const int fd : {in[0], in[1], out[0], out[1]}) ::close(fd);
    throw ChildError(std::string("fork: ") + std::strerror(errno));
  }
  if (pid == 0) {
    ::dup2(in[0], 0);
    ::dup2(out[1], 1);
    ::execvp(args[0], args.data());
    ::_exit(127);  // the parent sees its output end at once
  }
  ::close(in[0]);
  ::close(out[1]);
  pid_ = pid;
  to_child_ = in[1];
  out_ = LineReader(out[0]);
}

ChildProcess::~ChildProcess() {
  if (to_child_ >= 0) ::close(to_child_);
  // A child that has not left within a moment of losing its input is ended.
  for (int i = 0; i < 20; ++i) {
    if (::waitpid(pid_, nullptr, WNOHANG) == pid_) {
      ::close(out_.fd());
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::kill(pid_, SIGKILL);
  ::waitpid(pid_, nullptr, 0);
  ::close(out_.fd());
}

void ChildProcess::send(const std::string& line) {
  const std::string text = line + "\n";
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(to_child_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw ChildError("the child engine closed its input (it died)");
    done += size_t(n);
  }
}

std::optional<std::string> ChildProcess::read_line(int timeout_ms) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    if (auto line = out_.buffered()) return line;
    if (out_.at_end()) throw ChildError("the child engine exited");
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    pollfd p{out_.fd(), POLLIN, 0};
    const int r = ::poll(&p, 1, int(left.count()));
    if (r > 0) out_.fill();
  }
}

ChildEngine::ChildEngine(std::vector<std::string> argv,
                         std::vector<std::pair<std::string, std::string>> options)
    : argv_(std::move(argv)), options_(std::move(options)) {}

void ChildEngine::start() {
  process_.reset();
  process_.emplace(argv_);
  ChildProcess& p = *process_;
  const auto expect = [&p](const std::string& answer, const std::string& asked) {
    for (;;) {
      const std::optional<std::string> line = p.read_line(kHandshakeMs);
      if (!line)
        throw ChildError("no '" + answer + "' from the child engine after '" + asked + "'");
      const std::vector<std::string> t = tokens(*line);
      if (!t.empty() && t[0] == answer) return;
    }
  };
  p.send("uci");
  bool variants = false;
  for (;;) {
    const std::optional<std::string> line = p.read_line(kHandshakeMs);
    if (!line) throw ChildError("no 'uciok' from the child engine after 'uci'");
    const std::vector<std::string> t = tokens(*line);
    if (t.empty()) continue;
    if (t[0] == "uciok") break;
    if (t.size() >= 3 && t[0] == "id" && t[1] == "name")
      name_ = trimmed(line->substr(line->find("name") + 4));
    if (t.size() >= 3 && t[0] == "option" && t[2] == "UCI_Variant") variants = true;
  }
  // Fairy-Stockfish (and any engine of variants) plays xiangqi when told, numbering ranks 1-10.
  rank_base_ = variants ? 1 : 0;
  if (variants) p.send("setoption name UCI_Variant value xiangqi");
  for (const auto& [name, value] : options_) p.send("setoption name " + name + " value " + value);
  p.send("isready");
  expect("readyok", "isready");
}

void ChildEngine::set_option(const std::string& name, const std::string& value) {
  std::erase_if(options_, [&name](const auto& o) { return o.first == name; });
  options_.emplace_back(name, value);
  if (process_) process_->send("setoption name " + name + " value " + value);
}

std::string ChildEngine::to_child(Move m) const {
  std::string s;
  for (const int sq : {int(m.from), int(m.to)}) {
    s += char('a' + file_of(sq));
    s += std::to_string(rank_of(sq) + rank_base_);
  }
  return s;
}

std::optional<Move> ChildEngine::from_child(std::string_view text) const {
  // file letter, rank number (one or two digits), twice.
  size_t i = 0;
  int sq[2];
  for (int k = 0; k < 2; ++k) {
    if (i >= text.size() || text[i] < 'a' || text[i] > 'i') return std::nullopt;
    const int file = text[i++] - 'a';
    int rank = 0, digits = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9' && digits < 2) {
      rank = rank * 10 + (text[i++] - '0');
      ++digits;
    }
    rank -= rank_base_;
    if (digits == 0 || rank < 0 || rank >= kRanks) return std::nullopt;
    sq[k] = make_square(file, rank);
  }
  if (i != text.size() || sq[0] == sq[1]) return std::nullopt;
  return Move{uint8_t(sq[0]), uint8_t(sq[1])};
}

std::string ChildEngine::translate_info(const std::string& line) const {
  std::string out;
  bool moves = false;
  for (const std::string& t : tokens(line)) {
    std::string word = t;
    if (t == "pv" || t == "currmove" || t == "refutation" || t == "currline") {
      moves = true;
    } else if (moves) {
      if (const std::optional<Move> m = from_child(t))
        word = to_iccs(*m);
      else
        moves = false;
    }
    append_word(out, word);
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> parse_child_options(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> out;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t end = std::min(text.find(';', start), text.size());
    const std::string item = trimmed(std::string_view(text).substr(start, end - start));
    start = end + 1;
    if (item.empty()) continue;
    const size_t eq = item.find('=');
    if (eq == std::string::npos || trimmed(item.substr(0, eq)).empty())
      throw std::invalid_argument("ChildOptions: '" + item + "' is not Name=Value");
    out.emplace_back(trimmed(item.substr(0, eq)), trimmed(item.substr(eq + 1)));
  }
  return out;
}

}  // namespace xq::engine
