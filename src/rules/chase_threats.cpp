#include "rules/chase_threats.hpp"

#include "rules/mate_threat.hpp"

namespace xq {

namespace {

// Piece values of docs/rules.md R4.4 "Value comparison" (CXA 24.3 and detail rule 10): rook = two
// horses = two cannons; horse = cannon; advisor = elephant; a crossed pawn floats, so it is never
// worth more than an attacker (it ranks with the advisor and elephant).
int value(PieceType t) {
  switch (t) {
    case Rook:
      return 4;
    case Horse:
    case Cannon:
      return 2;
    default:
      return 1;
  }
}

bool crossed_river(Color c, Square s) {
  return c == Red ? rank_of(s) >= 5 : rank_of(s) <= 4;
}

// Whether the pseudo-legal move m of the side to move keeps its king safe (no facing kings).
bool legal(const Position& pos, Move m) {
  Position after = pos;
  const Color us = pos.side_to_move();
  after.make(m);
  return !after.in_check(us);
}

// Whether the side to move has a legal capture on s (a real root of the piece that stood there,
// after the capture of it; a pinned protector or a king that would face the other is a false root).
bool can_take_on(const Position& pos, Square s) {
  MoveList captures;
  pos.pseudo_captures(captures);
  for (const Move m : captures)
    if (m.to == s && legal(pos, m)) return true;
  return false;
}

// Whether the side to move may legally make the capture `m` (pseudo-legality checked here).
bool can_capture(const Position& pos, Move m) {
  MoveList captures;
  pos.pseudo_captures(captures);
  for (const Move c : captures)
    if (c == m) return legal(pos, m);
  return false;
}

// Whether the legal capture a x t (m, `by` to move in pos) counts as a chase of t.
bool counts_as_chase(const Position& pos, Move m, const Position& taken, Color by,
                     const ChaseOptions& options) {
  const PieceType attacker = type_of(pos.at(m.from)), target = type_of(pos.at(m.to));
  if (attacker == target) {
    // Same type (R-R, N-N, C-C): an exchange offer (兑) when the target can take back at once;
    // a chase of a target that cannot (pinned, or a horse whose leg is blocked) if unprotected.
    Position reverse = pos;
    reverse.set_side_to_move(~by);
    if (can_capture(reverse, Move{m.to, m.from})) return false;
  } else if (value(target) > value(attacker)) {
    const bool minor = attacker == Advisor || attacker == Elephant;
    if (!minor || options.minor_attacks_protected_major) return true;
  }
  return !can_take_on(taken, m.to);
}

}  // namespace

geo::SquareSet chase_threats(const Position& pos, Color by, const ChaseOptions& options) {
  Position q = pos;
  q.set_side_to_move(by);
  MoveList captures;
  q.pseudo_captures(captures);
  geo::SquareSet threats;
  for (const Move m : captures) {
    const Piece attacker = q.at(m.from), target = q.at(m.to);
    if (type_of(attacker) == King || type_of(attacker) == Pawn) continue;
    if (type_of(target) == King) continue;
    if (type_of(target) == Pawn && !crossed_river(~by, m.to)) continue;
    if (threats.test(m.to)) continue;
    Position taken = q;
    taken.make(m);
    if (taken.in_check(by)) continue;  // the attacker is pinned: it cannot take
    if (!counts_as_chase(q, m, taken, by, options)) continue;
    // CXA 24.3: a capture that is answered by an immediate mate wins nothing.
    if (options.mate_reply_voids_chase && mates_by_checks(taken, 1)) continue;
    threats.set(m.to);
  }
  return threats;
}

geo::SquareSet rooks_pinned_by_horse(const Position& pos, Color by) {
  const Color them = ~by;
  const Square king = pos.king_square(them);
  geo::SquareSet pinned;
  if (king == kNoSquare) return pinned;
  const auto& g = geo::geometry();
  const Piece horse = make_piece(by, Horse), rook = make_piece(them, Rook);
  for (int i = 0; i < g.horse_attacker_count[king]; ++i) {
    const geo::BlockedStep h = g.horse_attackers[king][i];
    if (pos.at(h.to) == horse && pos.at(h.block) == rook) pinned.set(h.block);
  }
  return pinned;
}

}  // namespace xq
