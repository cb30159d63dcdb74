// The command lines of `xqtb engine` (engine/engine.hpp), UCI and UCCI, in-process: one
// session for the whole run over the small tables in XQTB_FUZZ_TABLES (fuzz/make-table-seeds.sh),
// each input a list of command lines. Lines that would start a child engine or point the
// engine at another directory are left out (a fuzzer must not run programs), and so is `quit`.
// Properties: no exception leaves Engine::handle; every `bestmove` (and `pophash bestmove`) names a
// move legal in the position the commands set, never a banned one; no move when no position is set.
#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/notation.hpp"
#include "engine/engine.hpp"
#include "fuzz/fuzz_check.hpp"

using namespace xq;
using namespace xq::engine;

namespace {

// The game and banned moves the commands so far set, followed beside the engine's own.
struct Expected {
  std::optional<Game> game;
  std::vector<Move> banned;

  void follow(const std::vector<std::string>& t) {
    if (t[0] == "ucinewgame") {
      game = Game();
      banned.clear();
    } else if (t[0] == "position") {
      game.reset();
      banned.clear();
      try {
        game = Game::from(parse_position(t));
      } catch (const std::exception&) {
      }
    } else if (t[0] == "banmoves" && game) {
      std::vector<Move> b;
      try {
        for (size_t i = 1; i < t.size(); ++i) {
          b.push_back(parse_iccs(t[i]));
          if (!game->current().is_legal_move(b.back())) return;
        }
      } catch (const std::exception&) {
        return;
      }
      banned = b;
    }
  }
};

bool unsafe(const std::string& line) {
  std::string l(line);
  std::transform(l.begin(), l.end(), l.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return l.find("childengine") != std::string::npos || l.find("tablepath") != std::string::npos;
}

// Checks the answer lines to one command.
void check_answer(const std::string& answer, const std::vector<std::string>& cmd,
                  const Expected& e) {
  std::istringstream lines(answer);
  std::string line;
  while (std::getline(lines, line)) {
    const std::vector<std::string> t = tokens(line);
    const bool pophash = t.size() >= 3 && t[0] == "pophash" && t[1] == "bestmove";
    if (t.empty() || (t[0] != "bestmove" && !pophash)) continue;
    const std::string& text = pophash ? t[2] : t.size() > 1 ? t[1] : "";
    if (text == "(none)") continue;
    // The probe command may name its own position.
    std::optional<Game> asked;
    if (pophash && cmd.size() > 1) asked = Game::from(parse_position(cmd));
    const std::optional<Game>& g = asked ? asked : e.game;
    FUZZ_CHECK(g.has_value());
    const Move m = parse_iccs(text);
    FUZZ_CHECK(g->current().is_legal_move(m));
    if (!pophash) FUZZ_CHECK(std::find(e.banned.begin(), e.banned.end(), m) == e.banned.end());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static std::ostringstream out;
  static Engine engine = [] {
    EngineOptions o;
    const char* dir = std::getenv("XQTB_FUZZ_TABLES");
    FUZZ_CHECK(dir != nullptr);
    o.table_path = dir;
    return Engine(o, out);
  }();
  // A fresh start: a failing `position` leaves no game and no banned moves.
  engine.handle("position");
  Expected expected;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  while (!text.empty()) {
    const size_t end = text.find('\n');
    const std::string line(text.substr(0, end));
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    const std::vector<std::string> t = tokens(line);
    // `quit` ends the one session for good.
    if (t.empty() || t[0] == "quit" || unsafe(line)) continue;
    out.str("");
    try {
      engine.handle(line);
    } catch (...) {
      FUZZ_CHECK(!"an exception left Engine::handle");
    }
    if (t[0] != "probe") expected.follow(t);
    check_answer(out.str(), t, expected);
  }
  return 0;
}
