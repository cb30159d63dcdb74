#include "rules/mate_threat.hpp"

#include "core/geometry.hpp"

namespace xq {

namespace {

// The points a move must touch (leave or reach) to give check to the king on k: its file and
// rank (rook, cannon and king attacks, pawns next to it, cannon screens, opened lines), the
// points a horse attacks it from and those horses' legs (a horse arriving, a leg emptied).
geo::SquareSet check_points(Square k) {
  const auto& g = geo::geometry();
  geo::SquareSet s;
  for (int d = 0; d < 4; ++d) s |= g.ray_set[k][d];
  for (int i = 0; i < g.horse_attacker_count[k]; ++i) {
    s.set(g.horse_attackers[k][i].to);
    s.set(g.horse_attackers[k][i].block);
  }
  return s;
}

bool replies_all_mated(Position& pos, int plies);

}  // namespace

bool mates_by_checks(Position& pos, int plies) {
  if (plies < 1) return false;
  const Color us = pos.side_to_move();
  const geo::SquareSet touch = check_points(pos.king_square(~us));
  MoveList moves;
  pos.pseudo_moves(moves);
  for (const Move m : moves) {
    if (!touch.test(m.from) && !touch.test(m.to)) continue;  // cannot give check
    const Piece captured = pos.make(m);
    const bool mate = !pos.in_check(us) && pos.in_check(~us) && replies_all_mated(pos, plies - 1);
    pos.unmake(m, captured);
    if (mate) return true;
  }
  return false;
}

namespace {

// The side to move is in check: every legal reply leads to a mate by checks within `plies`
// (with none left, only no legal reply at all, i.e. checkmate, counts).
bool replies_all_mated(Position& pos, int plies) {
  const Color them = pos.side_to_move();
  MoveList replies;
  pos.pseudo_moves(replies);
  for (const Move r : replies) {
    const Piece captured = pos.make(r);
    const bool escapes = !pos.in_check(them) && (plies < 2 || !mates_by_checks(pos, plies - 1));
    pos.unmake(r, captured);
    if (escapes) return false;
  }
  return true;
}

}  // namespace

}  // namespace xq
