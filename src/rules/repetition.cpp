#include "rules/repetition.hpp"

#include <vector>

namespace xq {

std::optional<Repetition> find_repetition(const Position& start, std::span<const Move> moves) {
  std::vector<Position> seen{start};  // positions 0..k
  seen.reserve(moves.size() + 1);
  int count_from = 0;  // the position after the last capture: earlier ones are not compared
  std::optional<Repetition> found;
  for (size_t ply = 1; ply <= moves.size(); ++ply) {
    Position pos = seen.back();
    const bool capture = pos.make(moves[ply - 1]) != kNoPiece;
    seen.push_back(pos);
    const int k = int(ply);
    if (capture) {
      if (found) break;  // the cycle is left by a capture
      count_from = k;
      continue;
    }
    if (found) {
      const int length = found->last - found->first;
      if (!(seen[k] == seen[k - length])) break;
      found->followed_to = k;
      continue;
    }
    // Same side to move only at an even distance.
    for (int i = k - 2; i >= count_from; i -= 2)
      if (seen[i] == seen[k]) {
        found = Repetition{i, k, k};
        break;
      }
  }
  return found;
}

}  // namespace xq
