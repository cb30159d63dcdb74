// Random legal positions of a material, for property tests and the probe benchmark: each piece
// is placed uniformly on a free point its kind may stand on, retried until the position is
// legal. The sequence depends only on the generator's state, so a fixed seed reproduces it.
#pragma once

#include <random>
#include <string>
#include <string_view>

#include "core/material.hpp"
#include "core/position.hpp"

namespace xq {

// FEN letters of a material's pieces, Red's then Black's, kings included, each side in piece-type
// order (K A B N R C P): KRKCAABB -> "KRkaabbc".
std::string piece_letters(const Material& m);

// A random legal position with these pieces (FEN letters, e.g. "KRkaabb") and side to move.
// Pieces confined to few points (K, A, B, P) are placed first so that free pieces can never
// fill all their points.
Position random_position(std::string_view letters, Color to_move, std::mt19937_64& rng);

}  // namespace xq
