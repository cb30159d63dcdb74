// Precomputed move geometry for every point: rays, horse and elephant steps with their
// blocking points, palace steps. Built at compile time; shared by forward and retro move
// generation.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "core/types.hpp"

namespace xq::geo {

// A step to `to` that is blocked when `block` is occupied (horse leg, elephant eye).
struct BlockedStep {
  uint8_t to, block;
};

// A set of points: bit s of w[s / 64]. Iterates its points in ascending order.
struct SquareSet {
  std::array<uint64_t, 2> w{};
  constexpr bool test(Square s) const { return (w[s >> 6] >> (s & 63)) & 1; }
  constexpr void set(Square s) { w[s >> 6] |= uint64_t{1} << (s & 63); }
  constexpr void reset(Square s) { w[s >> 6] &= ~(uint64_t{1} << (s & 63)); }
  constexpr bool empty() const { return (w[0] | w[1]) == 0; }
  // At most one point (an empty set included).
  constexpr bool at_most_one() const {
    return (w[0] & (w[0] - 1)) == 0 && (w[1] & (w[1] - 1)) == 0 && (w[0] == 0 || w[1] == 0);
  }
  constexpr SquareSet operator|(const SquareSet& o) const {
    return {{w[0] | o.w[0], w[1] | o.w[1]}};
  }
  constexpr SquareSet operator&(const SquareSet& o) const {
    return {{w[0] & o.w[0], w[1] & o.w[1]}};
  }
  constexpr SquareSet operator~() const { return {{~w[0], ~w[1]}}; }
  constexpr SquareSet& operator|=(const SquareSet& o) { return *this = *this | o; }

  struct Iterator {
    uint64_t lo, hi;
    Square operator*() const { return lo ? std::countr_zero(lo) : 64 + std::countr_zero(hi); }
    Iterator& operator++() {
      if (lo)
        lo &= lo - 1;
      else
        hi &= hi - 1;
      return *this;
    }
    bool operator!=(const Iterator& o) const { return lo != o.lo || hi != o.hi; }
  };
  Iterator begin() const { return {w[0], w[1]}; }
  Iterator end() const { return {0, 0}; }
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
  // The points of rays[s][d] as a set, and of all four: s's file and rank but s.
  std::array<std::array<SquareSet, 4>, kSquares> ray_set{};
  std::array<SquareSet, kSquares> lines{};
};

extern const Geometry kGeometry;

inline const Geometry& geometry() {
  return kGeometry;
}

// Direction (as in Geometry::rays) from one point to another on its rank or file, else -1.
constexpr int direction(Square from, Square to) {
  if (from == to) return -1;
  if (file_of(from) == file_of(to)) return to > from ? 0 : 1;
  if (rank_of(from) == rank_of(to)) return to > from ? 3 : 2;
  return -1;
}

// The point of `on` (points of a ray in direction d) nearest to the ray's origin, -1 for none:
// rays up and right run through ascending points, rays down and left through descending ones.
inline int nearest(const SquareSet& on, int d) {
  if (d == 0 || d == 3)
    return on.w[0] ? std::countr_zero(on.w[0]) : on.w[1] ? 64 + std::countr_zero(on.w[1]) : -1;
  return on.w[1] ? 127 - std::countl_zero(on.w[1]) : on.w[0] ? 63 - std::countl_zero(on.w[0]) : -1;
}

// Number of points strictly between a and b, b on the ray from a in direction d.
constexpr int count_between(Square a, Square b, int d) {
  const int gap = a < b ? b - a : a - b;
  return (d < 2 ? gap / kFiles : gap) - 1;
}

// The number of empty points from s in direction d before the first occupied one, whose point
// goes to `blocker` (-1: none): a rook's or cannon's non-capturing moves that way.
inline int empty_run(Square s, int d, const SquareSet& occupied, int& blocker) {
  blocker = nearest(kGeometry.ray_set[s][d] & occupied, d);
  return blocker < 0 ? kGeometry.ray_len[s][d] : count_between(s, blocker, d);
}

// Points strictly between two points in direction d (= direction(a, b) >= 0) of a.
inline SquareSet between(Square a, Square b, int d) {
  SquareSet s = kGeometry.ray_set[a][d] & ~kGeometry.ray_set[b][d];
  s.reset(b);
  return s;
}

}  // namespace xq::geo
