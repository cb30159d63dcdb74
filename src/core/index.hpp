// Position index: a bijection between the canonical placements of one material and the slots
// 0..size()-1 of a table (one array per side to move). The scheme is specified in docs/index.md.
// encode/decode run in the generator's inner loops: precomputed tables, no allocation per call.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/material.hpp"
#include "core/types.hpp"

namespace xq {

class Position;

// Most pieces one material can have (both sides, kings included).
constexpr int kMaxPieces = 32;

// Version of the slot numbering below (docs/index.md); stored in every table header.
constexpr uint32_t kIndexVersion = 1;

class Index {
 public:
  // Throws MaterialError when a side has not exactly one king or more pieces of a kind than it
  // owns (2 A, 2 B, 2 N, 2 R, 2 C, 5 P), or when the table would not fit 64-bit slots.
  explicit Index(const Material& m);

  const Material& material() const { return material_; }
  uint64_t size() const { return size_; }

  // Layout of the square lists used by the fast overloads: piece_count() entries in the order
  // Red K A.. B.., Black K A.. B.., Red P.., Black P.., Red R.. N.. C.., Black R.. N.. C..
  // (like pieces may come in any order within their run).
  int piece_count() const { return piece_count_; }
  Piece piece(int i) const { return layout_[i]; }

  // Slot of a placement of this material; the side to move is ignored. Precondition: the
  // pieces match the material and each stands on a point its kind may stand on, without
  // overlap. *mirrored is set when the left-right mirror image is the one encoded.
  uint64_t encode(const Position& pos, bool* mirrored = nullptr) const;
  uint64_t encode(const Square* squares, bool* mirrored = nullptr) const;

  // The ids of the two groups (each side's king, advisors and elephants: the first
  // groups_end() entries of a square list) of a placement. Placements that differ only in the
  // pieces after them share their ids, which encode() then need not work out again.
  struct GroupIds {
    uint32_t red = 0, black = 0;
  };
  int groups_end() const { return groups_[Red].size() + groups_[Black].size(); }
  // Where the king of colour c stands in a square list (each group starts with its king).
  int king_index(Color c) const { return c == Red ? 0 : groups_[Red].size(); }
  GroupIds group_ids(const Square* squares) const;
  // Whether both groups of slot's placement are their own mirror images (each king on the
  // middle file, its advisors and elephants symmetric about it): a slot whose placement is
  // mirror-symmetric must have this, so most slots are ruled out without decoding.
  bool groups_symmetric(uint64_t slot) const;
  // The id of colour c's group alone (squares: the whole list).
  uint32_t group_id(Color c, const Square* squares) const;
  // encode(squares) given ids == group_ids(squares).
  uint64_t encode(const Square* squares, GroupIds ids, bool* mirrored = nullptr) const;

  // Slot of the placement sq after its entry i moves to the free point `to`, worked out from
  // slot (sq, ids: as decode(slot) gave them) by a few look-ups instead of encode(); `moved`:
  // the group ids after the move (ids unless entry i is in a group). Applies to a piece that
  // is the only one of its run when every later run has one piece too and the groups are not
  // both their own mirror images, and to a group piece when every run has one piece, no pawn,
  // and the moved groups keep the placement as it stands (not mirrored, not both
  // self-symmetric); kNoSlot otherwise (encode() then).
  static constexpr uint64_t kNoSlot = UINT64_MAX;
  uint64_t moved_slot(const Square* sq, GroupIds ids, uint64_t slot, int i, Square to,
                      GroupIds moved) const;

  // Placement of slot < size() (pos: board only, side to move kept). False for a broken slot
  // (overlapping pieces, or the non-canonical duplicate of a mirror-symmetric pair), leaving
  // the output untouched (Position) or unspecified (squares). True guarantees that encode()
  // gives the slot back; legality (check, facing kings) is not examined.
  bool decode(uint64_t slot, Position& pos) const;
  bool decode(uint64_t slot, Square* squares) const;
  // Also gives the group ids of the placement when it returns true.
  bool decode(uint64_t slot, Square* squares, GroupIds& ids) const;
  // The group pair of a slot: slots with the same pair have the same groups (ids and points).
  uint64_t pair_of(uint64_t slot) const { return by_rest_.quotient(slot); }
  // decode(slot, squares, ids) when the group entries of `squares` and `ids` already hold the
  // groups of slot's pair (from a slot with the same pair_of): decodes the pieces after them.
  bool decode_rest(uint64_t slot, Square* squares, GroupIds ids) const;

 private:
  // Every placement of one side's king, advisors and elephants without overlap ("group"),
  // numbered L (smaller than its mirror image) first, then S (self-symmetric), then U.
  struct Groups {
    int advisors = 0, elephants = 0;
    int adv_combos = 1, ele_combos = 1;
    uint32_t count = 0, lower = 0, symmetric = 0;
    std::vector<int16_t> id_of;                        // [king][adv rank][ele rank] -> id or -1
    std::vector<std::array<uint8_t, 8>> squares;       // id -> K, A.., B.., padded with 0xff
    std::vector<uint16_t> mirror;                      // id -> id of the mirror image
    std::vector<std::array<uint64_t, 2>> points;       // id -> occupied points (bits 0..89)
    std::vector<std::array<uint8_t, kSquares>> below;  // id -> its points below each point
    std::vector<uint64_t> enemy_pawn_points;           // id -> its points, as local pawn indices of
                                                       // the other colour's pawns

    void build(Color c, int advisors, int elephants);
    int size() const { return 1 + advisors + elephants; }
    int id(Color c, const Square* sq) const;
  };

  // Division by an invariant divisor: one multiplication when divisor and dividend fit 32 bits
  // (Lemire, Kaser, Kurz, "Faster remainder by direct computation", 2019), else hardware.
  struct Divisor {
    uint64_t d = 1, m = 0;  // m = ceil(2^64 / d), 0 when the fast path does not apply
    Divisor() = default;
    explicit Divisor(uint64_t divisor)
        : d(divisor), m(divisor > 1 && divisor <= UINT32_MAX ? UINT64_MAX / divisor + 1 : 0) {}
    uint64_t quotient(uint64_t a) const {
      if (m != 0 && a <= UINT32_MAX) return uint64_t((unsigned __int128)m * a >> 64);
      return a / d;
    }
  };

  // One run of like pieces after the groups: pawns as a combination of their 55 points minus
  // the other side's group (always inside them), other kinds as a combination of the points
  // left free by every piece before them.
  struct Part {
    uint8_t first = 0, count = 0;
    uint8_t points = 0;  // points the combination is taken from
    bool pawn = false;
    Color colour = Red;
    uint64_t radix = 1;
    Divisor div;
    uint64_t weight = 1;  // product of the radices of the parts after it
    bool shifts = false;  // moved_slot applies to its piece: it and every later part hold one
  };

  // Rank of the parts after the groups, with every square seen through map (identity or
  // mirror, so the mirror image needs no copy) and red, black the groups as seen through it.
  uint64_t rest_rank(const Square* sq, const uint8_t* map, uint32_t red, uint32_t black) const;
  uint64_t pair_rank(uint32_t red, uint32_t black) const;
  // How a group pair orients its placement: kKept (the red group lower than its mirror image,
  // or self-symmetric with the black one lower), kRestDecides (both self-symmetric), kMirrored.
  enum Orientation { kKept, kRestDecides, kMirrored };
  Orientation orientation(uint32_t red, uint32_t black) const {
    // Class of a group: 0 lower than its mirror image, 1 self-symmetric, 2 upper.
    auto cls = [](const Groups& g, uint32_t id) {
      return id < g.lower ? 0 : id < g.lower + g.symmetric ? 1 : 2;
    };
    const int rc = cls(groups_[Red], red);
    return Orientation(rc != 1 ? rc : cls(groups_[Black], black));
  }
  void pair_groups(uint64_t pair, uint32_t& red, uint32_t& black) const;

  Material material_;
  std::array<Piece, kMaxPieces> layout_{};
  int piece_count_ = 0;
  std::array<uint8_t, 16> first_of_piece_{};  // Piece code -> layout index of its first piece
  Groups groups_[2];
  static constexpr int kMaxParts = 8;  // pawns of each side, then R N C of each side
  std::array<Part, kMaxParts> parts_{};
  int part_count_ = 0;
  std::array<int8_t, kMaxPieces> part_of_{};  // square list entry -> its part, -1 in a group
  bool lone_parts_ = true;                    // every part holds one piece, none a pawn
  uint64_t pair_count_ = 0, rest_size_ = 1, size_ = 0;
  Divisor by_rest_, by_black_count_, by_black_canonical_;
};

// Inline: it runs for most predecessors in the passes.
inline uint64_t Index::moved_slot(const Square* sq, GroupIds ids, uint64_t slot, int i, Square to,
                                  GroupIds moved) const {
  const Square from = sq[i];
  const Groups &red = groups_[Red], &black = groups_[Black];
  const int k = part_of_[i];
  if (k < 0) {
    // A group piece: the pair changes. Kept in place (the red group lower than its mirror
    // image, or self-symmetric with the black one lower), every lone piece's rank gains or
    // loses the point the group piece leaves or takes below it.
    if (!lone_parts_ || orientation(moved.red, moved.black) != kKept) return kNoSlot;
    uint64_t rest = slot - pair_rank(ids.red, ids.black) * rest_size_;
    for (int j = 0; j < part_count_; ++j) {
      const Square s = sq[parts_[j].first];
      rest += uint64_t(int64_t(from < s) - int64_t(to < s)) * parts_[j].weight;
    }
    return pair_rank(moved.red, moved.black) * rest_size_ + rest;
  }
  if (!parts_[k].shifts) return kNoSlot;
  // A decoded slot has the canonical groups, which decide the orientation unless both are
  // self-symmetric: the moved placement keeps the identity orientation and its group pair.
  if (orientation(ids.red, ids.black) != kKept) return kNoSlot;
  const uint8_t* below_red = red.below[ids.red].data();
  const uint8_t* below_black = black.below[ids.black].data();
  const int parts_begin = groups_end();
  // The piece's rank is its point among those left free by the groups and the parts before it.
  int step = (to - below_red[to] - below_black[to]) - (from - below_red[from] - below_black[from]);
  for (int t = parts_begin; t < i; ++t) step -= int(sq[t] < to) - int(sq[t] < from);
  uint64_t shifted = slot + uint64_t(int64_t(step)) * parts_[k].weight;
  // A later part's rank counts the points below it taken by this piece.
  for (int j = k + 1; j < part_count_; ++j) {
    const Square s = sq[parts_[j].first];
    shifted += uint64_t(int64_t(from < s) - int64_t(to < s)) * parts_[j].weight;
  }
  return shifted;
}

}  // namespace xq
