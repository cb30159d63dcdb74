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

// Whether the rook, cannon or king of the mover that an un-move puts back on `from` attacks
// the defender's king on the same line (direction d from `from`) in the predecessor, where
// the point `to` it leaves is empty: a rook or king needs no piece between, a cannon one.
bool attacks_from(const Position& pos, PieceType t, Square from, Square to, Square king, int d) {
  geo::SquareSet screens = geo::between(from, king, d) & (pos.occupied(Red) | pos.occupied(Black));
  screens.reset(to);
  return t == Cannon ? !screens.empty() && screens.at_most_one() : screens.empty();
}

}  // namespace

void retro_moves(const Position& pos, MoveList& out) {
  out.size = 0;
  const Color defender = pos.side_to_move(), mover = ~defender;
  for (const Square s : pos.occupied(mover)) pseudo_origins(pos, s, out);
  const Square king = pos.king_square(defender);
  if (king == kNoSquare) return;
  // In the predecessor the side now to move in pos is the one not to move: it must not be in
  // check, and the kings must not face (in_check covers both). When it is not in check now, an
  // un-move between points off the mover's attack lines (Position::king_safety) adds no attack
  // on its king but the moved piece's own: none for an advisor or elephant, nor for a rook,
  // cannon or king off the king's rank and file; on them, only the line to the king counts.
  // The other un-moves need the full test.
  const Position::KingSafety safety = pos.king_safety(defender);
  Position& q = const_cast<Position&>(pos);  // undone and redone: left exactly as it was
  int legal = 0;
  for (const Move m : out) {
    const PieceType t = type_of(pos.at(m.to));
    bool ok;
    if (safety.check || t == Horse || t == Pawn || safety.lines.test(m.from) ||
        safety.lines.test(m.to)) {
      unmake_retro(q, m);
      ok = !q.in_check(defender);
      q.make(m);
    } else {
      const int d = t == Advisor || t == Elephant ? -1 : geo::direction(m.from, king);
      ok = d < 0 || !attacks_from(pos, t, m.from, m.to, king, d);
    }
    if (ok) out.moves[legal++] = m;
  }
  out.size = legal;
}

}  // namespace xq
