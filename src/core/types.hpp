// Basic xiangqi types: colours, piece kinds, points (squares) and moves.
// Board geometry follows docs/rules.md "Board, pieces, notation": 9 files a..i from Red's left,
// 10 ranks 0..9 from Red's side; a point is rank * 9 + file (0..89).
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace xq {

enum Color : uint8_t { Red = 0, Black = 1 };
constexpr Color operator~(Color c) {
  return Color(c ^ 1);
}

enum PieceType : uint8_t { King = 0, Advisor, Elephant, Horse, Rook, Cannon, Pawn, kPieceTypes };

// A piece on the board: 0 = empty, otherwise 1 + type + 8 * colour.
using Piece = uint8_t;
constexpr Piece kNoPiece = 0;
constexpr Piece make_piece(Color c, PieceType t) {
  return Piece(1 + t + 8 * c);
}
constexpr PieceType type_of(Piece p) {
  return PieceType((p - 1) & 7);
}
constexpr Color color_of(Piece p) {
  return Color(p >> 3);
}

// Points 0..89; kNoSquare marks "none".
using Square = int;
constexpr int kFiles = 9;
constexpr int kRanks = 10;
constexpr int kSquares = 90;
constexpr Square kNoSquare = -1;
constexpr Square make_square(int file, int rank) {
  return rank * kFiles + file;
}
constexpr int file_of(Square s) {
  return s % kFiles;
}
constexpr int rank_of(Square s) {
  return s / kFiles;
}
// Left-right mirror (file a <-> i).
constexpr Square mirror_lr(Square s) {
  return make_square(8 - file_of(s), rank_of(s));
}
// Colour flip: rank r <-> 9 - r (same file), used with a colour swap of every piece.
constexpr Square flip_ranks(Square s) {
  return make_square(file_of(s), 9 - rank_of(s));
}

// A move from one point to another; 0 is never a real move (from == to).
struct Move {
  uint8_t from = 0, to = 0;
  constexpr bool operator==(const Move&) const = default;
};

// FEN letters: upper case Red, lower case Black (K A B N R C P).
char piece_to_fen(Piece p);
// Accepts the aliases E (elephant) and H (horse); returns kNoPiece for anything else.
Piece piece_from_fen(char c);

namespace detail {
constexpr bool stands_on(Color c, PieceType t, Square s) {
  const int f = file_of(s), r = c == Red ? rank_of(s) : 9 - rank_of(s);  // rank from c's side
  const bool palace = f >= 3 && f <= 5 && r <= 2;
  switch (t) {
    case King:
      return palace;
    case Advisor:  // palace corners and centre
      return palace && (f + r) % 2 == 1;
    case Elephant:  // own half, on the 7 points two diagonal steps apart
      return r <= 4 && r % 2 == 0 && ((r / 2) % 2 == 0 ? f % 4 == 2 : f % 4 == 0);
    case Pawn:  // start ranks 3-4 on files a,c,e,g,i; anywhere past the river
      return r >= 5 || (r >= 3 && f % 2 == 0);
    default:
      return true;
  }
}
// A table, not the arithmetic: every probe checks the legality of each piece's point.
inline constexpr auto kStandable = [] {
  std::array<std::array<std::array<bool, kSquares>, kPieceTypes>, 2> out{};
  for (const Color c : {Red, Black})
    for (int t = 0; t < kPieceTypes; ++t)
      for (Square s = 0; s < kSquares; ++s) out[c][t][s] = stands_on(c, PieceType(t), s);
  return out;
}();
}  // namespace detail

// Whether a piece of this colour and kind may ever stand on the point (docs/rules.md "Movement"):
// king in its palace, advisor on its 5 points, elephant on its 7, pawn on its 55.
constexpr bool can_stand_on(Color c, PieceType t, Square s) {
  return detail::kStandable[c][t][s];
}

}  // namespace xq
