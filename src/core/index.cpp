#include "core/index.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>
#include <string>

#include "core/position.hpp"

namespace xq {
namespace {

// Placement domains of the kinds with restricted points (docs/rules.md "Movement").
enum Domain { kPalace, kAdvisorPoints, kElephantPoints, kPawnPoints, kDomains };
constexpr int kPawnPointCount = 55;

constexpr bool in_red_domain(Domain d, Square s) {
  const int f = file_of(s), r = rank_of(s);
  const bool palace = f >= 3 && f <= 5 && r <= 2;
  switch (d) {
    case kPalace:
      return palace;
    case kAdvisorPoints:  // d0 f0 e1 d2 f2
      return palace && (f - 3 + r) % 2 == 0;
    case kElephantPoints:  // c0 g0 a2 e2 i2 c4 g4
      return r <= 4 && r % 2 == 0 && f % 2 == 0 && (f / 2 + r / 2) % 2 == 1;
    default:  // ranks 3-4 on files a c e g i, anything across the river
      return r >= 5 || (r >= 3 && f % 2 == 0);
  }
}

// Points of each domain numbered in ascending point order ("local index").
struct Domains {
  std::array<std::array<std::array<int8_t, kSquares>, kDomains>, 2> local{};
  std::array<std::array<std::array<uint8_t, kPawnPointCount>, kDomains>, 2> point{};
};

constexpr Domains make_domains() {
  Domains d;
  for (int c = 0; c < 2; ++c) {
    for (int dom = 0; dom < kDomains; ++dom) {
      int n = 0;
      for (Square s = 0; s < kSquares; ++s) {
        const bool in = in_red_domain(Domain(dom), c == Red ? s : flip_ranks(s));
        d.local[c][dom][s] = int8_t(in ? n : -1);
        if (in) d.point[c][dom][n++] = uint8_t(s);
      }
    }
  }
  return d;
}
constexpr Domains kDomainTables = make_domains();

// Pawn ranks rely on this: every king, advisor and elephant point of one side is a pawn point
// of the other side.
constexpr bool groups_inside_enemy_pawn_points() {
  for (int c = 0; c < 2; ++c)
    for (int dom = kPalace; dom <= kElephantPoints; ++dom)
      for (Square s = 0; s < kSquares; ++s)
        if (kDomainTables.local[c][dom][s] >= 0 && kDomainTables.local[1 - c][kPawnPoints][s] < 0)
          return false;
  return true;
}
static_assert(groups_inside_enemy_pawn_points());

// kBinom[n][k] = C(n, k) for the ranks of combinations (n <= 90 points, k up to a full 7-bit
// elephant mask).
using BinomTable = std::array<std::array<uint64_t, 8>, kSquares + 1>;
constexpr BinomTable make_binom() {
  BinomTable b{};
  for (int n = 0; n <= kSquares; ++n) {
    b[n][0] = 1;
    for (int k = 1; k < 8; ++k) b[n][k] = n == 0 ? 0 : b[n - 1][k - 1] + b[n - 1][k];
  }
  return b;
}
constexpr BinomTable kBinom = make_binom();

// Rank of a set in the combinatorial number system: sum of C(c_i, i + 1) over its elements
// c_0 < c_1 < ... taken from the set bits of the mask.
constexpr uint64_t mask_rank(uint64_t mask) {
  uint64_t rank = 0;
  for (int i = 1; mask != 0; ++i, mask &= mask - 1) rank += kBinom[std::countr_zero(mask)][i];
  return rank;
}

// Ranks of advisor (5-bit) and elephant (7-bit) masks, for O(1) group lookup.
constexpr std::array<uint8_t, 128> make_small_mask_ranks() {
  std::array<uint8_t, 128> t{};
  for (unsigned m = 0; m < 128; ++m) t[m] = uint8_t(mask_rank(m));
  return t;
}
constexpr std::array<uint8_t, 128> kSmallMaskRank = make_small_mask_ranks();

// Advisor point i -> bit i, elephant point i -> bit 5 + i (the two sets of points are disjoint),
// so one pass over a group gives both masks.
constexpr std::array<std::array<uint16_t, kSquares>, 2> make_group_bits() {
  std::array<std::array<uint16_t, kSquares>, 2> t{};
  for (int c = 0; c < 2; ++c) {
    for (Square s = 0; s < kSquares; ++s) {
      if (const int a = kDomainTables.local[c][kAdvisorPoints][s]; a >= 0) t[c][s] = 1u << a;
      if (const int e = kDomainTables.local[c][kElephantPoints][s]; e >= 0) t[c][s] = 1u << (5 + e);
    }
  }
  return t;
}
constexpr std::array<std::array<uint16_t, kSquares>, 2> kGroupBit = make_group_bits();

constexpr std::array<uint8_t, kSquares> make_mirror() {
  std::array<uint8_t, kSquares> t{};
  for (Square s = 0; s < kSquares; ++s) t[s] = uint8_t(mirror_lr(s));
  return t;
}
constexpr std::array<uint8_t, kSquares> kMirror = make_mirror();
constexpr std::array<uint8_t, kSquares> make_identity() {
  std::array<uint8_t, kSquares> t{};
  for (Square s = 0; s < kSquares; ++s) t[s] = uint8_t(s);
  return t;
}
constexpr std::array<uint8_t, kSquares> kIdentity = make_identity();

// kPairTop[r] = largest c with C(c, 2) <= r: the top element of a 2-combination (most parts
// have two like pieces), without a search.
constexpr int kPairRanks = kSquares * (kSquares - 1) / 2;
constexpr std::array<uint8_t, kPairRanks> make_pair_top() {
  std::array<uint8_t, kPairRanks> t{};
  for (int c = 1; c < kSquares; ++c)
    for (int r = c * (c - 1) / 2; r < kPairRanks && r < c * (c + 1) / 2; ++r) t[r] = uint8_t(c);
  return t;
}
constexpr std::array<uint8_t, kPairRanks> kPairTop = make_pair_top();

// The k-combination of {0..n-1} with the given rank: c[0] < ... < c[k-1], each c[i-1] the
// largest value with C(c[i-1], i) not above what is left of the rank.
void unrank_combination(uint64_t rank, int k, int n, int* c) {
  for (int i = k; i >= 3; --i) {
    int lo = i - 1, hi = n - 1;  // C(i - 1, i) = 0 always fits
    while (lo < hi) {
      const int mid = (lo + hi + 1) / 2;
      if (kBinom[mid][i] <= rank) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    c[i - 1] = lo;
    rank -= kBinom[lo][i];
    n = lo;
  }
  if (k >= 2) {
    c[1] = kPairTop[rank];
    rank -= kBinom[c[1]][2];
  }
  if (k >= 1) c[0] = int(rank);
}

// Masks of n bits with k set, in rank order.
std::vector<unsigned> combinations(int n, int k) {
  std::vector<unsigned> out(kBinom[n][k]);
  for (unsigned m = 0; m < 1u << n; ++m)
    if (std::popcount(m) == k) out[mask_rank(m)] = m;
  return out;
}

// Point of free rank p when the set bits of m (offset by base) are taken: step over each taken
// point not above the candidate, in ascending order.
int step_over(uint64_t m, int p, int base) {
  for (; m != 0 && base + std::countr_zero(m) <= p; m &= m - 1) ++p;
  return p;
}

// 90-point occupancy as two 64-bit words.
struct Occupancy {
  std::array<uint64_t, 2> w{};
  bool test(Square s) const { return (w[s >> 6] >> (s & 63)) & 1; }
  void set(Square s) { w[s >> 6] |= uint64_t{1} << (s & 63); }
  // The empty point with c empty points below it.
  Square select_free(int c) const { return step_over(w[1], step_over(w[0], c, 0), 64); }
};

void check_material(const Material& m) {
  static constexpr std::array<int, kPieceTypes> kMax = {1, 2, 2, 2, 2, 2, 5};
  for (int c = 0; c < 2; ++c) {
    if (m.count[c][King] != 1) throw MaterialError("a side must have exactly one king");
    for (int t = 0; t < kPieceTypes; ++t)
      if (m.count[c][t] > kMax[t])
        throw MaterialError(std::string("too many pieces of kind ") +
                            piece_to_fen(make_piece(Color(c), PieceType(t))));
  }
}

uint64_t checked_mul(uint64_t a, uint64_t b) {
  uint64_t r;
  if (__builtin_mul_overflow(a, b, &r)) throw MaterialError("its index would not fit 64 bits");
  return r;
}

}  // namespace

void Index::Groups::build(Color c, int a, int b) {
  advisors = a;
  elephants = b;
  adv_combos = int(kBinom[5][a]);
  ele_combos = int(kBinom[7][b]);
  const std::vector<unsigned> adv = combinations(5, a), ele = combinations(7, b);
  const auto& pt = kDomainTables.point[c];

  // Natural order: king point, then advisor rank, then elephant rank, overlaps skipped.
  std::vector<std::array<uint8_t, 8>> natural;
  id_of.assign(size_t(9) * adv_combos * ele_combos, -1);
  for (int k = 0; k < 9; ++k) {
    for (int ar = 0; ar < adv_combos; ++ar) {
      for (int er = 0; er < ele_combos; ++er) {
        std::array<uint8_t, 8> g;
        g.fill(0xff);
        g[0] = pt[kPalace][k];
        int n = 1;
        for (unsigned m = adv[ar]; m != 0; m &= m - 1)
          g[n++] = pt[kAdvisorPoints][std::countr_zero(m)];
        for (unsigned m = ele[er]; m != 0; m &= m - 1)
          g[n++] = pt[kElephantPoints][std::countr_zero(m)];
        if (std::find(g.begin() + 1, g.begin() + n, g[0]) != g.begin() + n) continue;
        id_of[(k * adv_combos + ar) * ele_combos + er] = int16_t(natural.size());
        natural.push_back(g);
      }
    }
  }
  count = uint32_t(natural.size());

  // Mirror images in natural numbering; class 0 (L) below its image, 1 (S) its own image, 2 (U).
  std::vector<int> nat_mirror(count), cls(count);
  for (uint32_t n = 0; n < count; ++n) {
    Square m[5];
    for (int i = 0; i < size(); ++i) m[i] = kMirror[natural[n][i]];
    nat_mirror[n] = id(c, m);
    cls[n] = nat_mirror[n] > int(n) ? 0 : nat_mirror[n] == int(n) ? 1 : 2;
  }
  // Renumber L, S, U, each in natural order.
  std::vector<uint16_t> renumber(count);
  uint16_t next = 0;
  for (int k = 0; k < 3; ++k)
    for (uint32_t n = 0; n < count; ++n)
      if (cls[n] == k) renumber[n] = next++;
  lower = uint32_t(std::count(cls.begin(), cls.end(), 0));
  symmetric = uint32_t(std::count(cls.begin(), cls.end(), 1));
  squares.resize(count);
  mirror.resize(count);
  points.assign(count, {});
  below.assign(count, {});
  enemy_pawn_points.assign(count, 0);
  for (uint32_t n = 0; n < count; ++n) {
    const uint16_t id = renumber[n];
    squares[id] = natural[n];
    mirror[id] = renumber[nat_mirror[n]];
    for (int i = 0; i < size(); ++i) {
      const Square s = natural[n][i];
      points[id][s >> 6] |= uint64_t{1} << (s & 63);
      enemy_pawn_points[id] |= uint64_t{1} << kDomainTables.local[~c][kPawnPoints][s];
      for (Square above = s + 1; above < kSquares; ++above) ++below[id][above];
    }
  }
  for (int16_t& v : id_of)
    if (v >= 0) v = int16_t(renumber[v]);
}

int Index::Groups::id(Color c, const Square* sq) const {
  unsigned mask = 0;
  for (int i = 1; i < size(); ++i) mask |= kGroupBit[c][sq[i]];
  const int k = kDomainTables.local[c][kPalace][sq[0]];
  return id_of[(k * adv_combos + kSmallMaskRank[mask & 31]) * ele_combos +
               kSmallMaskRank[mask >> 5]];
}

Index::Index(const Material& m) : material_(m) {
  check_material(m);
  auto add = [&](Color c, PieceType t) {
    const Piece p = make_piece(c, t);
    first_of_piece_[p] = uint8_t(piece_count_);
    for (int i = 0; i < m.count[c][t]; ++i) layout_[piece_count_++] = p;
  };
  for (Color c : {Red, Black}) {
    for (PieceType t : {King, Advisor, Elephant}) add(c, t);
    groups_[c].build(c, m.count[c][Advisor], m.count[c][Elephant]);
  }
  auto add_part = [&](Color c, PieceType t) {
    const int k = m.count[c][t];
    if (k == 0) return;
    const bool pawn = t == Pawn;
    const int points = pawn ? kPawnPointCount - groups_[~c].size() : kSquares - piece_count_;
    const uint64_t radix = kBinom[points][k];
    parts_[part_count_++] =
        Part{uint8_t(piece_count_), uint8_t(k), uint8_t(points), pawn, c, radix, Divisor(radix)};
    rest_size_ = checked_mul(rest_size_, radix);
    add(c, t);
  };
  for (Color c : {Red, Black}) add_part(c, Pawn);
  for (Color c : {Red, Black})
    for (PieceType t : {Rook, Horse, Cannon}) add_part(c, t);
  part_of_.fill(-1);
  bool singles_after = true;  // every part after the current one holds one piece
  for (int i = part_count_ - 1; i >= 0; --i) {
    Part& p = parts_[i];
    p.weight = i + 1 < part_count_ ? parts_[i + 1].weight * parts_[i + 1].radix : 1;
    p.shifts = singles_after && p.count == 1 && !p.pawn;
    singles_after = singles_after && p.count == 1;
    lone_parts_ = lone_parts_ && p.count == 1 && !p.pawn;
    for (int j = p.first; j < p.first + p.count; ++j) part_of_[j] = int8_t(i);
  }

  const Groups &red = groups_[Red], &black = groups_[Black];
  pair_count_ =
      uint64_t(red.lower) * black.count + uint64_t(red.symmetric) * (black.lower + black.symmetric);
  size_ = checked_mul(pair_count_, rest_size_);
  by_rest_ = Divisor(rest_size_);
  by_black_count_ = Divisor(black.count);
  by_black_canonical_ = Divisor(black.lower + black.symmetric);
}

uint64_t Index::pair_rank(uint32_t r, uint32_t b) const {
  const Groups &red = groups_[Red], &black = groups_[Black];
  if (r < red.lower) return uint64_t(r) * black.count + b;
  return uint64_t(red.lower) * black.count +
         uint64_t(r - red.lower) * (black.lower + black.symmetric) + b;
}

uint64_t Index::rest_rank(const Square* sq, const uint8_t* map, uint32_t r, uint32_t b) const {
  const uint8_t* below[2] = {groups_[Red].below[r].data(), groups_[Black].below[b].data()};
  const int parts_begin = groups_[Red].size() + groups_[Black].size();
  uint64_t rest = 0;
  for (int i = 0; i < part_count_; ++i) {
    const Part& p = parts_[i];
    uint64_t rank = 0;
    if (p.count == 1 && !p.pawn) {  // the common lone rook, horse or cannon: rank = point
      const uint8_t s = map[sq[p.first]];
      int c = s - below[Red][s] - below[Black][s];
      for (int t = parts_begin; t < p.first; ++t) c -= map[sq[t]] < s;
      rank = uint64_t(c);
    } else if (p.pawn) {  // pawn index minus the enemy group points below it
      uint64_t mask = 0;
      for (int j = p.first; j < p.first + p.count; ++j) {
        const uint8_t s = map[sq[j]];
        mask |=
            uint64_t{1} << (kDomainTables.local[p.colour][kPawnPoints][s] - below[~p.colour][s]);
      }
      rank = mask_rank(mask);
    } else {  // point minus every point placed before the part that is below it
      int c[2];
      for (int j = 0; j < p.count; ++j) {
        const uint8_t s = map[sq[p.first + j]];
        c[j] = s - below[Red][s] - below[Black][s];
        for (int t = parts_begin; t < p.first; ++t) c[j] -= map[sq[t]] < s;
      }
      if (p.count == 2 && c[0] > c[1]) std::swap(c[0], c[1]);
      for (int j = 0; j < p.count; ++j) rank += kBinom[c[j]][j + 1];
    }
    rest = rest * p.radix + rank;
  }
  return rest;
}

Index::GroupIds Index::group_ids(const Square* sq) const {
  return {uint32_t(groups_[Red].id(Red, sq)),
          uint32_t(groups_[Black].id(Black, sq + groups_[Red].size()))};
}

uint32_t Index::group_id(Color c, const Square* sq) const {
  return uint32_t(groups_[c].id(c, c == Red ? sq : sq + groups_[Red].size()));
}

uint64_t Index::encode(const Square* sq, bool* mirrored) const {
  return encode(sq, group_ids(sq), mirrored);
}

uint64_t Index::encode(const Square* sq, GroupIds ids, bool* mirrored) const {
  const Groups &red = groups_[Red], &black = groups_[Black];
  uint32_t r = ids.red, b = ids.black;
  const Orientation o = orientation(r, b);
  uint64_t rest;
  bool mir = o == kMirrored;
  if (o == kRestDecides) {  // both groups self-symmetric: the rest of the pieces decide
    const uint64_t direct = rest_rank(sq, kIdentity.data(), r, b),
                   image = rest_rank(sq, kMirror.data(), r, b);
    mir = image < direct;
    rest = std::min(direct, image);
  } else if (mir) {
    r = red.mirror[r];
    b = black.mirror[b];
    rest = rest_rank(sq, kMirror.data(), r, b);
  } else {
    rest = rest_rank(sq, kIdentity.data(), r, b);
  }
  if (mirrored) *mirrored = mir;
  return pair_rank(r, b) * rest_size_ + rest;
}

uint64_t Index::encode(const Position& pos, bool* mirrored) const {
  Square sq[kMaxPieces];
  std::array<uint8_t, 16> next = first_of_piece_;
  auto take = [&](Square s, Piece p) {
    assert(next[p] < piece_count_ && layout_[next[p]] == p);
    sq[next[p]++] = s;
  };
  // Endgame boards are mostly empty: only the occupied points are visited, in ascending order
  // as a run of pieces of one kind takes them.
  for (const Square s : pos.occupied(Red) | pos.occupied(Black)) take(s, pos.at(s));
  return encode(sq, mirrored);
}

void Index::pair_groups(uint64_t pair, uint32_t& r, uint32_t& b) const {
  const Groups &red = groups_[Red], &black = groups_[Black];
  const uint64_t lower_pairs = uint64_t(red.lower) * black.count;
  if (pair < lower_pairs) {
    r = uint32_t(by_black_count_.quotient(pair));
    b = uint32_t(pair - uint64_t(r) * black.count);
  } else {
    const uint64_t q = by_black_canonical_.quotient(pair - lower_pairs);
    r = red.lower + uint32_t(q);
    b = uint32_t(pair - lower_pairs - q * by_black_canonical_.d);
  }
}

bool Index::groups_symmetric(uint64_t slot) const {
  uint32_t r, b;
  pair_groups(pair_of(slot), r, b);
  return orientation(r, b) == kRestDecides;
}

bool Index::decode(uint64_t slot, Square* sq) const {
  GroupIds ids;
  return decode(slot, sq, ids);
}

bool Index::decode(uint64_t slot, Square* sq, GroupIds& ids) const {
  assert(slot < size_);
  const Groups &red = groups_[Red], &black = groups_[Black];
  uint32_t r, b;
  pair_groups(pair_of(slot), r, b);
  ids = {r, b};
  const int nr = red.size(), groups_end = nr + black.size();
  for (int i = 0; i < nr; ++i) sq[i] = red.squares[r][i];
  for (int i = nr; i < groups_end; ++i) sq[i] = black.squares[b][i - nr];
  return decode_rest(slot, sq, ids);
}

bool Index::decode_rest(uint64_t slot, Square* sq, GroupIds ids) const {
  assert(slot < size_);
  const Groups &red = groups_[Red], &black = groups_[Black];
  const uint32_t r = ids.red, b = ids.black;
  const uint64_t rest = slot - pair_of(slot) * rest_size_;
  Occupancy occ{{red.points[r][0] | black.points[b][0], red.points[r][1] | black.points[b][1]}};

  uint64_t ranks[kMaxParts], left = rest;
  for (int i = part_count_ - 1; i >= 0; --i) {
    const uint64_t q = parts_[i].div.quotient(left);
    ranks[i] = left - q * parts_[i].radix;
    left = q;
  }
  for (int i = 0; i < part_count_; ++i) {
    const Part& p = parts_[i];
    int c[5];
    unrank_combination(ranks[i], p.count, p.points, c);
    if (p.pawn) {  // c counts pawn points left free by the enemy group
      const uint64_t enemy =
          p.colour == Red ? black.enemy_pawn_points[b] : red.enemy_pawn_points[r];
      for (int j = 0; j < p.count; ++j) {
        const Square s = kDomainTables.point[p.colour][kPawnPoints][step_over(enemy, c[j], 0)];
        if (occ.test(s)) return false;
        occ.set(sq[p.first + j] = s);
      }
    } else {
      for (int j = 0; j < p.count; ++j) sq[p.first + j] = occ.select_free(c[j]);
      for (int j = 0; j < p.count; ++j) occ.set(sq[p.first + j]);
    }
  }
  // With both groups self-symmetric (a canonical pair with r in S has b in L or S) the
  // canonical one of a mirror pair has the smaller rest.
  if (orientation(r, b) == kRestDecides) return rest_rank(sq, kMirror.data(), r, b) >= rest;
  return true;
}

bool Index::decode(uint64_t slot, Position& pos) const {
  Square sq[kMaxPieces];
  if (!decode(slot, sq)) return false;
  Position fresh;
  fresh.set_side_to_move(pos.side_to_move());
  for (int i = 0; i < piece_count_; ++i) fresh.put(sq[i], layout_[i]);
  pos = fresh;
  return true;
}

}  // namespace xq
