#include "core/retro.hpp"

#include "core/geometry.hpp"

namespace xq {

namespace {

// Origins (empty points) from which the piece on `to` could have come without capturing.
void pseudo_origins(const Position& pos, Square to, MoveList& out) {
  const auto& g = geo::geometry();
  const Piece p = pos.at(to);
  const Color c = color_of(p);
  auto add = [&](Square from) {
    if (pos.at(from) == kNoPiece) out.push({uint8_t(from), uint8_t(to)});
  };
  switch (type_of(p)) {
    case King:  // king, advisor and elephant steps are symmetric
      for (int i = 0; i < g.king_count[c][to]; ++i) add(g.king[c][to][i]);
      break;
    case Advisor:
      for (int i = 0; i < g.advisor_count[c][to]; ++i) add(g.advisor[c][to][i]);
      break;
    case Elephant:
      for (int i = 0; i < g.elephant_count[c][to]; ++i)
        if (pos.at(g.elephant[c][to][i].block) == kNoPiece) add(g.elephant[c][to][i].to);
      break;
    case Horse:  // the leg belongs to the origin, so use the reverse (attacker) table
      for (int i = 0; i < g.horse_attacker_count[to]; ++i)
        if (pos.at(g.horse_attackers[to][i].block) == kNoPiece) add(g.horse_attackers[to][i].to);
      break;
    case Rook:
    case Cannon:  // a non-capturing slide is reversible over the same empty points
      for (int d = 0; d < 4; ++d)
        for (int i = 0; i < g.ray_len[to][d] && pos.at(g.rays[to][d][i]) == kNoPiece; ++i)
          add(g.rays[to][d][i]);
      break;
    case Pawn:
      for (int i = 0; i < g.pawn_from_count[c][to]; ++i) add(g.pawn_from[c][to][i]);
      break;
    default:
      break;
  }
}

}  // namespace

void retro_moves(const Position& pos, MoveList& out) {
  out.size = 0;
  const Color defender = pos.side_to_move(), mover = ~defender;
  MoveList candidates;
  for (Square s = 0; s < kSquares; ++s)
    if (pos.at(s) != kNoPiece && color_of(pos.at(s)) == mover) pseudo_origins(pos, s, candidates);
  Position& q = const_cast<Position&>(pos);  // undone and redone: left exactly as it was
  for (Move m : candidates) {
    unmake_retro(q, m);
    // In the predecessor the side now to move in pos is the one not to move: it must not be in
    // check, and the kings must not face (in_check covers both).
    const bool legal = !q.in_check(defender);
    q.make(m);
    if (legal) out.push(m);
  }
}

}  // namespace xq
