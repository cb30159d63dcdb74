// Where a game first repeats a position (docs/adjudicate.md "Which cycle"): positions are
// compared by board and side to move, and only with positions since the last capture (a
// capture starts a new count: it is never part of a cycle, docs/rules.md R6, R7).
#pragma once

#include <optional>
#include <span>

#include "core/position.hpp"
#include "core/types.hpp"

namespace xq {

// Positions are numbered by the plies before them: position 0 is the start, position k the
// one after the k-th move (ply k).
struct Repetition {
  // The first cycle that closes: position `last` equals position `first` (first < last, no
  // capture between them, no earlier pair of equal positions). Its moves are plies first+1 ..
  // last; their number is even, as both ends have the same side to move.
  int first = 0, last = 0;
  // The last position of the game that still goes round the same cycle: every position from
  // last + 1 up to it equals the one a cycle length before (no capture). `last` if the game
  // leaves the cycle at once or ends there.
  int followed_to = 0;
  // How often position `first` has occurred once the game has gone round the cycle up to
  // followed_to: 2 at the close, 3 after one more round (the rule book's count), and so on.
  int occurrences() const { return 1 + (followed_to - first) / (last - first); }
};

// The first repetition of the game, or nothing when no position recurs. The moves must be
// legal (check_moves).
std::optional<Repetition> find_repetition(const Position& start, std::span<const Move> moves);

}  // namespace xq
