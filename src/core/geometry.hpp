// Precomputed move geometry for every point: rays, horse and elephant steps with their
// blocking points, palace steps. Built once; shared by forward and retro move generation.
#pragma once

#include <array>
#include <cstdint>

#include "core/types.hpp"

namespace xq::geo {

// A step to `to` that is blocked when `block` is occupied (horse leg, elephant eye).
struct BlockedStep {
  uint8_t to, block;
};

struct Geometry {
  // rays[s][d]: points from s outward in direction d (0 up, 1 down, 2 left, 3 right).
  std::array<std::array<std::array<uint8_t, 9>, 4>, kSquares> rays{};
  std::array<std::array<uint8_t, 4>, kSquares> ray_len{};
  // Horse moves from s; horse_attackers[s]: horse points that reach s, with the leg point.
  std::array<std::array<BlockedStep, 8>, kSquares> horse{}, horse_attackers{};
  std::array<uint8_t, kSquares> horse_count{}, horse_attacker_count{};
  // Elephant moves (own half only) per colour; king and advisor steps per colour.
  std::array<std::array<std::array<BlockedStep, 4>, kSquares>, 2> elephant{};
  std::array<std::array<uint8_t, kSquares>, 2> elephant_count{};
  std::array<std::array<std::array<uint8_t, 4>, kSquares>, 2> king{}, advisor{};
  std::array<std::array<uint8_t, kSquares>, 2> king_count{}, advisor_count{};
  // Pawn moves forward/sideways per colour (at most 3).
  std::array<std::array<std::array<uint8_t, 3>, kSquares>, 2> pawn{};
  std::array<std::array<uint8_t, kSquares>, 2> pawn_count{};
  // Pawn points from which a pawn of the colour reaches s (its un-move sources).
  std::array<std::array<std::array<uint8_t, 3>, kSquares>, 2> pawn_from{};
  std::array<std::array<uint8_t, kSquares>, 2> pawn_from_count{};
};

const Geometry& geometry();

}  // namespace xq::geo
