// How a plain win or loss ends (the JSON field `ending`): best play by DTM to the position
// with no legal move, and whether that side is in check there.
#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "probe/tablebase.hpp"

namespace xq::report {

// The side to move has no legal move, in check or not (困毙 is not 将死; both lose in xiangqi).
enum class Ending { Checkmate, Stalemate };
// The ending a line reaches, or nullopt when its last position still has a legal move.
std::optional<Ending> line_ending(const Position& start, const std::vector<Move>& line);
// The ending best play from pos reaches when r is a plain win or loss (nullopt otherwise, or
// when a table the line needs is missing).
std::optional<Ending> ending_of(const Tablebase& tb, const Position& pos, const ProbeResult& r);
// The same for the line that starts with move m (its value r is the mover's).
std::optional<Ending> ending_after(const Tablebase& tb, const Position& pos, Move m,
                                   const ProbeResult& r);
// "checkmate" or "stalemate" (the JSON field `ending`).
const char* ending_name(Ending e);

// ending_of for one Tablebase with a chosen rule set (every line under it), remembered: a line by
// DTM probes every move of every position on it, most of a web probe's cost, and the positions on
// the line end as it does (so a player stepping along it, or asking again, costs a look-up).
// Thread-safe; forgets everything when it holds max_positions.
class EndingMemo {
 public:
  explicit EndingMemo(size_t max_positions) : max_positions_(max_positions) {}
  std::optional<Ending> ending_of(const Tablebase& tb, const Position& pos, const ProbeResult& r);

 private:
  size_t max_positions_;
  std::mutex mutex_;
  std::unordered_map<std::string, Ending> known_;  // by the FEN's board and side to move
};

}  // namespace xq::report
