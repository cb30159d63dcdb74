#include "core/types.hpp"

namespace xq {

namespace {
constexpr char kFenLetters[kPieceTypes + 1] = "KABNRCP";
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

}  // namespace xq
