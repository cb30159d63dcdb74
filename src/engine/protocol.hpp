// The engine protocols' command lines (docs/engine.md): UCI as xiangqi GUIs and Pikafish speak
// it, and UCCI. One parser for both: the protocol is fixed by the first command ("uci" or
// "ucci") and decides only how options are set and how answers are worded.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace xq::engine {

enum class Protocol { Uci, Ucci };

// Raised for a command line that cannot be read; what() is one line naming the problem.
class ProtocolError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Blank-separated tokens of a line (spaces, tabs, a trailing carriage return).
std::vector<std::string> tokens(std::string_view line);

// Appends a word to a blank-separated text.
void append_word(std::string& text, std::string_view word);

// `position startpos|fen FEN [moves m1 m2 ...]`, the move texts unread (ICCS, ranks 0-9).
struct PositionCommand {
  std::string fen;  // the start position's FEN (the initial position for startpos)
  std::vector<std::string> moves;
};
PositionCommand parse_position(const std::vector<std::string>& t);

// `go` and its limits, in the protocol's words: UCI wtime/btime/winc/binc/movestogo/movetime/
// depth/nodes/infinite; UCCI time/increment/opptime/oppincrement/movestogo/depth/nodes/
// infinite (milliseconds both). Kept as given, so that the child engine gets them.
struct GoCommand {
  std::optional<long> wtime, btime, winc, binc, movestogo, movetime, depth, nodes;
  bool infinite = false;
  bool ucci_clock = false;  // UCCI: wtime/winc hold the mover's clock, btime/binc the other's
  // The child's `go` line (UCI) for a side to move: UCCI's time and increment become the
  // mover's clock.
  std::string uci_line(bool red_to_move) const;
  // The longest the answer may take (ms), counted from `go`: the movetime, or a share of the
  // mover's clock; nullopt when only `stop` ends the search (infinite, depth, nodes).
  std::optional<long> budget_ms(bool red_to_move) const;
};
GoCommand parse_go(const std::vector<std::string>& t, Protocol p);

// `setoption name NAME [value VALUE]` (UCI) or `setoption NAME [VALUE]` (UCCI); the name
// compared without case by the caller.
struct SetOption {
  std::string name, value;
};
SetOption parse_setoption(const std::vector<std::string>& t, Protocol p);

// The initial position.
inline constexpr const char* kStartFen =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

}  // namespace xq::engine
