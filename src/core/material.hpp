// Material signatures: how many pieces of each kind each side has (kings implied), their
// canonical names (KRKCAABB, 车对炮士象全) and the sub-materials reachable by captures.
#pragma once

#include <array>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/types.hpp"

namespace xq {

class Position;

// Raised for a material string that cannot be parsed or cannot exist; what() is one line.
class MaterialError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

struct Material {
  // count[colour][type]; count[c][King] is always 1 (so a default Material is KK).
  std::array<std::array<uint8_t, kPieceTypes>, 2> count{{{1}, {1}}};

  // Accepts KRKCAABB, KRvKCAABB, krkcaabb, Chinese forms (车对炮士象全, 车 vs 炮士象全,
  // 马兵对士象全, 单车对双士, 单缺士 ...). The first side named is Red. Throws MaterialError.
  static Material parse(std::string_view text);
  // Material of a position (Red first).
  static Material of(const Position& pos);

  // Red's letters then Black's, each K then R N C P A B: "KRKCAABB".
  std::string name() const;
  // Chinese name from Red's side, e.g. 车对炮士象全. Throws MaterialError when a side has more
  // pieces of a kind than it owns (only possible for hand-made counts).
  std::string chinese_name() const;
  // Colours swapped (Black's pieces become Red's).
  Material flipped() const;
  // True when this is the canonical orientation of its colour pair (stronger side as Red,
  // per the strength order in docs/material.md); tables are stored under canonical materials.
  bool is_canonical() const;
  Material canonical() const { return is_canonical() ? *this : flipped(); }
  // Pieces besides the kings.
  int piece_count() const;
  int side_piece_count(Color c) const;
  bool operator==(const Material&) const = default;
  auto operator<=>(const Material&) const = default;
};

// For unordered containers: the counts packed, four bits each (a count is at most 5).
struct MaterialHash {
  size_t operator()(const Material& m) const noexcept {
    uint64_t key = 0;
    for (const auto& side : m.count)
      for (const uint8_t n : side) key = key << 4 | n;
    return size_t(key);
  }
};

// Canonical materials reachable from m by one or more captures, plus m itself (canonical),
// in dependency order: every material comes after all materials its captures lead to.
// Materials in which neither side has a piece able to give mate are still listed.
std::vector<Material> capture_closure(const Material& m);

// The canonical materials one capture from m leads to (the tables that solving m reads).
std::set<Material> capture_targets(const Material& m);

// Every canonical material with at most max_pieces pieces besides the kings, of which at most
// max_attackers (both sides together) are attackers (rook, horse, cannon, pawn), in dependency
// order; KK included. Each is its own capture closure's member, so the list is closed.
std::vector<Material> materials_up_to(int max_pieces, int max_attackers);

}  // namespace xq
