#include "rules/mate_threat.hpp"

namespace xq {

namespace {

bool replies_all_mated(Position& pos, int plies);

}  // namespace

bool mates_by_checks(Position& pos, int plies) {
  if (plies < 1) return false;
  const Color us = pos.side_to_move();
  MoveList moves;
  pos.legal_moves(moves);
  for (const Move m : moves) {
    const Piece captured = pos.make(m);
    const bool mate = pos.in_check(~us) && replies_all_mated(pos, plies - 1);
    pos.unmake(m, captured);
    if (mate) return true;
  }
  return false;
}

namespace {

// The side to move is in check: every legal reply leads to a mate by checks within `plies`
// (none left after the reply: only no reply at all, i.e. checkmate, counts).
bool replies_all_mated(Position& pos, int plies) {
  MoveList replies;
  pos.legal_moves(replies);
  if (replies.size == 0) return true;
  if (plies < 2) return false;
  for (const Move r : replies) {
    const Piece captured = pos.make(r);
    const bool mated = mates_by_checks(pos, plies - 1);
    pos.unmake(r, captured);
    if (!mated) return false;
  }
  return true;
}

}  // namespace

}  // namespace xq
