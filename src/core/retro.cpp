#include "core/retro.hpp"

#include "core/geometry.hpp"

namespace xq {

namespace {

// Origins (empty points) from which the piece on `to` could have come without capturing.
void pseudo_origins(const Position& pos, Square to, const geo::SquareSet& occupied, MoveList& out) {
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
      for (int d = 0; d < 4; ++d) {
        int blocker;
        const int run = geo::empty_run(to, d, occupied, blocker);
        for (int i = 0; i < run; ++i) out.push({uint8_t(g.rays[to][d][i]), uint8_t(to)});
      }
      break;
    case Pawn:
      for (int i = 0; i < g.pawn_from_count[c][to]; ++i) add(g.pawn_from[c][to][i]);
      break;
    default:
      break;
  }
}

}  // namespace

void retro_pseudo_moves(const Position& pos, MoveList& out) {
  out.size = 0;
  const geo::SquareSet occupied = pos.occupied(Red) | pos.occupied(Black);
  for (const Square s : pos.occupied(~pos.side_to_move())) pseudo_origins(pos, s, occupied, out);
}

}  // namespace xq
