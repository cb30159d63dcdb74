// Random legal positions for property tests: pieces given as FEN letters ("KRkaabb"), each
// placed uniformly on a free point its kind may stand on, retried until the position is legal.
// Pieces confined to few points (K, A, B, P) are placed first so that free pieces can never
// fill all their points.
#pragma once

#include <algorithm>
#include <random>
#include <string>
#include <string_view>

#include "core/position.hpp"

namespace xq::test {

inline Position random_position(std::string_view letters, Color to_move, std::mt19937_64& rng) {
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

}  // namespace xq::test
