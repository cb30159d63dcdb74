// The Chinese rule set's game over the positions a table leaves drawn under the perpetual-check
// rule (docs/rules.md R9, G3; docs/metrics.md "The chase potential"): a max-parity game with
// five move priorities, solved once per would-be winner P. The generator stores, for each
// position it decides (Wdl::ChaseWin / ChaseLoss), a progress measure: ranks over the odd
// priorities (5, 3, 1), compared on the prefix that a move's priority selects. The probe picks
// the winner's moves by it and `verify` checks it locally, move by move.
#pragma once

#include <cstdint>

#include "rules/move_facts.hpp"

namespace xq {

// The priority of a non-capturing move between two positions of the game, from its class under
// RuleSet::Chinese and whether the would-be winner P makes it (survey §3.3):
//   5 idle by the opponent, 4 idle by P, 3 attack (kill or chase) by the opponent, 2 attack by
//   P, 1 any check.
// P wins an infinite play when the largest priority seen infinitely often is even.
constexpr int chase_priority(MoveClass c, bool winner_moves) {
  switch (c) {
    case MoveClass::Check:
      return 1;
    case MoveClass::Kill:
    case MoveClass::Chase:
      return winner_moves ? 2 : 3;
    default:  // Idle (captures leave the game)
      return winner_moves ? 4 : 5;
  }
}

// The potential of a decided position: ranks r5 (1..31), r3 (0..31), r1 (0..63), each an
// order-preserving renumbering of the nested fixpoint's iteration indices, packed as
// r5 << 11 | r3 << 6 | r1. A position the winner wins at once (a winning capture or a move
// out of the game into a position it wins) needs no rank beyond its round.
constexpr int kChaseR3Bits = 5, kChaseR1Bits = 6;
constexpr unsigned kChaseMaxR5 = 31, kChaseMaxR3 = 31, kChaseMaxR1 = 63;
constexpr uint16_t pack_chase_potential(unsigned r5, unsigned r3, unsigned r1) {
  return uint16_t(r5 << (kChaseR3Bits + kChaseR1Bits) | r3 << kChaseR1Bits | r1);
}
constexpr unsigned chase_r5(uint16_t p) {
  return p >> (kChaseR3Bits + kChaseR1Bits);
}
constexpr unsigned chase_r3(uint16_t p) {
  return p >> kChaseR1Bits & ((1u << kChaseR3Bits) - 1);
}
constexpr unsigned chase_r1(uint16_t p) {
  return p & ((1u << kChaseR1Bits) - 1);
}

// Whether a move of priority `priority` from a decided position of potential `from` to one of
// potential `to` (both in the game, the winner's win) keeps the measure: the prefix of the ranks
// of odd priorities >= priority may not grow (even priority) or must shrink (odd priority).
// Because the packing puts r5 highest, a prefix is a right shift.
constexpr bool chase_progress(int priority, uint16_t from, uint16_t to) {
  const int shift = priority >= 4 ? kChaseR3Bits + kChaseR1Bits : priority >= 2 ? kChaseR1Bits : 0;
  const unsigned f = unsigned(from) >> shift, t = unsigned(to) >> shift;
  return priority % 2 == 0 ? t <= f : t < f;
}

}  // namespace xq
