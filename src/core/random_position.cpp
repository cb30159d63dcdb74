#include "core/random_position.hpp"

#include <algorithm>

namespace xq {

std::string piece_letters(const Material& m) {
  std::string out;
  for (Color c : {Red, Black})
    for (int t = 0; t < kPieceTypes; ++t)
      out.append(m.count[c][t], piece_to_fen(make_piece(c, PieceType(t))));
  return out;
}

Position random_position(std::string_view letters, Color to_move, std::mt19937_64& rng) {
  std::string pieces(letters);
  std::stable_sort(pieces.begin(), pieces.end(), [](char a, char b) {
    auto confined = [](char c) {
      return type_of(piece_from_fen(c)) <= Elephant || type_of(piece_from_fen(c)) == Pawn;
    };
    return confined(a) && !confined(b);
  });
  std::uniform_int_distribution<int> point(0, kSquares - 1);
  for (;;) {
    Position pos;
    for (char letter : pieces) {
      const Piece p = piece_from_fen(letter);
      Square s;
      do s = point(rng);
      while (pos.at(s) != kNoPiece || !can_stand_on(color_of(p), type_of(p), s));
      pos.put(s, p);
    }
    pos.set_side_to_move(to_move);
    if (pos.legality_error().empty()) return pos;
  }
}

}  // namespace xq
