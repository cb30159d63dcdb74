#include "core/types.hpp"

namespace xq {

namespace {
constexpr char kFenLetters[kPieceTypes + 1] = "KABNRCP";

bool in_palace(Color c, Square s) {
  const int f = file_of(s), r = rank_of(s);
  return f >= 3 && f <= 5 && (c == Red ? r <= 2 : r >= 7);
}

// Rank as seen from colour c's own side (0 = its back rank).
int own_rank(Color c, Square s) {
  return c == Red ? rank_of(s) : 9 - rank_of(s);
}
}  // namespace

char piece_to_fen(Piece p) {
  const char upper = kFenLetters[type_of(p)];
  return color_of(p) == Red ? upper : char(upper - 'A' + 'a');
}

Piece piece_from_fen(char ch) {
  const Color c = (ch >= 'a' && ch <= 'z') ? Black : Red;
  const char upper = c == Black ? char(ch - 'a' + 'A') : ch;
  const char canonical = upper == 'E' ? 'B' : upper == 'H' ? 'N' : upper;
  for (int t = 0; t < kPieceTypes; ++t)
    if (kFenLetters[t] == canonical) return make_piece(c, PieceType(t));
  return kNoPiece;
}

bool can_stand_on(Color c, PieceType t, Square s) {
  const int f = file_of(s), r = own_rank(c, s);
  switch (t) {
    case King:
      return in_palace(c, s);
    case Advisor:  // palace corners and centre
      return in_palace(c, s) && (f + r) % 2 == 1;
    case Elephant:  // own half, on the 7 points two diagonal steps apart
      return r <= 4 && r % 2 == 0 && ((r / 2) % 2 == 0 ? f % 4 == 2 : f % 4 == 0);
    case Pawn:  // start ranks 3-4 on files a,c,e,g,i; anywhere past the river
      return r >= 5 || (r >= 3 && f % 2 == 0);
    default:
      return true;
  }
}

}  // namespace xq
