// The child engine: any UCI xiangqi engine (Fairy-Stockfish, Pikafish) run as a process
// behind POSIX pipes, for the positions outside the tables (docs/engine.md "Outside the
// tables"). Reads are bounded by timeouts so that a hung child never hangs the engine.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/types.hpp"

namespace xq::engine {

// A child that cannot be started, died, or did not answer in time; what() says which.
class ChildError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Lines from a file descriptor, read as they come (poll, no blocking read).
class LineReader {
 public:
  explicit LineReader(int fd) : fd_(fd) {}
  int fd() const { return fd_; }
  // A whole line already read (without its end), if any.
  std::optional<std::string> buffered();
  // Reads what is available once poll said so: false at end of input.
  bool fill();
  bool at_end() const { return end_; }

 private:
  int fd_;
  std::string buffer_;
  bool end_ = false;
};

class ChildProcess {
 public:
  // Starts argv[0] (looked up on PATH) with the arguments. Throws ChildError when it cannot.
  explicit ChildProcess(const std::vector<std::string>& argv);
  ~ChildProcess();  // closes the pipes, then ends and reaps the process
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Writes a line. Throws ChildError when the child has closed its input (died).
  void send(const std::string& line);
  // The next line within timeout_ms: nullopt on timeout; ChildError at end of output (died).
  std::optional<std::string> read_line(int timeout_ms);
  LineReader& output() { return out_; }

 private:
  int pid_ = -1, to_child_ = -1;
  LineReader out_{-1};
};

// A UCI child speaking xiangqi: the handshake, the options, and the coordinates. Fairy-
// Stockfish numbers ranks 1-10 (its UCI_Variant option tells it apart), Pikafish 0-9 as ICCS.
class ChildEngine {
 public:
  // argv: the program and its arguments; options: sent with setoption after the handshake.
  ChildEngine(std::vector<std::string> argv,
              std::vector<std::pair<std::string, std::string>> options);
  // Starts the process (again, after a death) and completes the handshake within timeouts.
  // Throws ChildError.
  void start();
  bool running() const { return process_.has_value(); }
  void stop_process() { process_.reset(); }
  ChildProcess& process() { return *process_; }
  // Sends an option now and keeps it for restarts (setoption name N value V).
  void set_option(const std::string& name, const std::string& value);

  // A move in the child's coordinates, and back (nullopt: not a move in its coordinates).
  std::string to_child(Move m) const;
  std::optional<Move> from_child(std::string_view text) const;
  // A child's info line with its moves (after pv, currmove, refutation, currline) in ICCS.
  std::string translate_info(const std::string& line) const;
  const std::string& name() const { return name_; }

 private:
  std::vector<std::string> argv_;
  std::vector<std::pair<std::string, std::string>> options_;
  std::optional<ChildProcess> process_;
  int rank_base_ = 0;  // the child's number of ICCS rank 0
  std::string name_;
};

// Options as given to ChildOptions: "Name=Value;Name=Value" (blanks around names kept out).
std::vector<std::pair<std::string, std::string>> parse_child_options(const std::string& text);

}  // namespace xq::engine
