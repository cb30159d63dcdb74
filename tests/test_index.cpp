// Position index (docs/index.md): bijection between slots and placements up to mirror image,
// sizes, and legal-position counts against tests/data/reference-counts.tsv.
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "core/index.hpp"
#include "core/material.hpp"
#include "core/position.hpp"
#include "core/random_position.hpp"
#include "generator/legal_count.hpp"
#include "generator/solved_table.hpp"

using namespace xq;

namespace {

using Board = std::array<Piece, kSquares>;

Board board_of(const Index& index, const Square* sq) {
  Board b{};
  for (int i = 0; i < index.piece_count(); ++i) b[sq[i]] = index.piece(i);
  return b;
}

Board mirror_of(const Board& b) {
  Board m{};
  for (Square s = 0; s < kSquares; ++s) m[mirror_lr(s)] = b[s];
  return m;
}

std::string letters_of(const Index& index) {
  std::string s;
  for (int i = 0; i < index.piece_count(); ++i) s += piece_to_fen(index.piece(i));
  return s;
}

// Calls f for every placement of the material without overlap (like pieces in ascending
// point order), as a square list in the index layout.
void for_each_placement(const Index& index, const std::function<void(const Square*)>& f) {
  std::array<Square, kMaxPieces> sq{};
  std::array<bool, kSquares> used{};
  std::function<void(int)> place = [&](int i) {
    if (i == index.piece_count()) return f(sq.data());
    const Piece p = index.piece(i);
    const Square from = i > 0 && index.piece(i - 1) == p ? sq[i - 1] + 1 : 0;
    for (Square s = from; s < kSquares; ++s) {
      if (used[s] || !can_stand_on(color_of(p), type_of(p), s)) continue;
      used[s] = true;
      sq[i] = s;
      place(i + 1);
      used[s] = false;
    }
  };
  place(0);
}

// Decodes every slot; each good one must hold the material on allowed points and encode back
// to itself, unmirrored. Returns the number of good slots.
uint64_t check_every_slot(const Index& index) {
  const Material m = index.material();
  uint64_t good = 0;
  Position pos;
  for (uint64_t slot = 0; slot < index.size(); ++slot) {
    if (!index.decode(slot, pos)) continue;
    ++good;
    bool mirrored = true;
    const uint64_t back = index.encode(pos, &mirrored);
    if (back != slot || mirrored || !(Material::of(pos) == m))
      FAIL("slot " << slot << ": " << pos.fen());
    for (Square s = 0; s < kSquares; ++s)
      if (const Piece p = pos.at(s); p && !can_stand_on(color_of(p), type_of(p), s))
        FAIL("slot " << slot << " puts a piece off its points: " << pos.fen());
    // groups_symmetric: the kings, advisors and elephants alone are their own mirror image.
    bool groups_symmetric = true;
    for (Square s = 0; s < kSquares; ++s) {
      const Piece p = pos.at(s);
      const bool group =
          p && (type_of(p) == King || type_of(p) == Advisor || type_of(p) == Elephant);
      if (group && pos.at(mirror_lr(s)) != p) groups_symmetric = false;
    }
    if (index.groups_symmetric(slot) != groups_symmetric)
      FAIL("slot " << slot << ": groups_symmetric wrong for " << pos.fen());
  }
  return good;
}

}  // namespace

TEST_CASE("every slot of small materials round-trips, every placement has one slot", "[index]") {
  for (const char* name : {"KRK", "KNKAB", "KCPKAA", "KRRK", "KPPK", "KPKP", "KABKAB"}) {
    INFO(name);
    const Index index(Material::parse(name));
    const uint64_t good = check_every_slot(index);
    CHECK(good > index.size() * 8 / 10);

    // Exhaustive: each placement maps to a good slot holding it or its mirror image, with the
    // mirrored flag telling which, and every good slot is reached.
    std::vector<bool> hit(index.size());
    uint64_t placements = 0, reached = 0, expected = 0;
    for_each_placement(index, [&](const Square* sq) {
      ++placements;
      bool mirrored = false;
      const uint64_t slot = index.encode(sq, &mirrored);
      std::array<Square, kMaxPieces> back{};
      REQUIRE(index.decode(slot, back.data()));
      const Board b = board_of(index, sq), image = mirror_of(b);
      const Board& want = mirrored ? image : b;
      if (board_of(index, back.data()) != want || (mirrored && image == b))
        FAIL("placement " << placements << " slot " << slot);
      if (!hit[slot]) {
        hit[slot] = true;
        ++reached;
        expected += image == b ? 1 : 2;
      }
    });
    CHECK(reached == good);
    CHECK(expected == placements);
  }
}

TEST_CASE("sampled slots of larger materials round-trip", "[index]") {
  std::mt19937_64 rng(20240601);
  for (const char* name : {"KRKCAABB", "KPPKAABB"}) {
    INFO(name);
    const Index index(Material::parse(name));
    std::uniform_int_distribution<uint64_t> any(0, index.size() - 1);
    int good = 0;
    std::array<Square, kMaxPieces> sq{};
    for (int i = 0; i < 200000; ++i) {
      const uint64_t slot = any(rng);
      if (!index.decode(slot, sq.data())) continue;
      ++good;
      bool mirrored = true;
      if (index.encode(sq.data(), &mirrored) != slot || mirrored) FAIL("slot " << slot);
    }
    CHECK(good > 150000);
  }
}

TEST_CASE("moved_slot equals encode of the moved placement", "[index]") {
  std::mt19937_64 rng(5);
  // Lone rooks, horses and cannons after pawns and groups of every shape; two-piece runs
  // (KRRKC, KNNKR) leave only the last run's piece to moved_slot, pawns (KPPKRC) the lone
  // pieces after them.
  for (const char* name :
       {"KRKCAABB", "KRNKCAB", "KPPKRC", "KCKNAA", "KAABBKAABBR", "KRRKC", "KNNKRB", "KRKAABB"}) {
    INFO(name);
    const Index index(Material::parse(name));
    std::uniform_int_distribution<uint64_t> any(0, index.size() - 1);
    std::array<Square, kMaxPieces> sq{};
    Index::GroupIds ids;
    int shifted = 0, shifted_groups = 0;
    for (int n = 0; n < 3000; ++n) {
      const uint64_t slot = any(rng);
      if (!index.decode(slot, sq.data(), ids)) continue;
      std::array<bool, kSquares> taken{};
      for (int i = 0; i < index.piece_count(); ++i) taken[sq[i]] = true;
      for (int i = 0; i < index.piece_count(); ++i)
        for (Square to = 0; to < kSquares; ++to) {
          const Piece p = index.piece(i);
          if (taken[to] || !can_stand_on(color_of(p), type_of(p), to)) continue;
          std::array<Square, kMaxPieces> moved = sq;
          moved[i] = to;
          const uint64_t fast =
              index.moved_slot(sq.data(), ids, slot, i, to, index.group_ids(moved.data()));
          if (fast == Index::kNoSlot) continue;
          REQUIRE(fast == index.encode(moved.data()));
          shifted_groups += i < index.groups_end();
          ++shifted;
        }
    }
    CHECK(shifted > 10000);
    // Group pieces shift when every run is one piece and there is no pawn.
    const std::string m = name;
    if (m != "KPPKRC" && m != "KRRKC" && m != "KNNKRB") CHECK(shifted_groups > 1000);
  }
}

TEST_CASE("a reused SlotCursor places every slot as decode does", "[index]") {
  std::mt19937_64 rng(11);
  // Runs of consecutive slots (mostly one group pair, so the cursor keeps the groups; broken
  // slots among them: overlapping pawns, mirror duplicates of self-symmetric pairs) between
  // jumps to random slots.
  for (const char* name : {"KRKCAABB", "KPPKRC", "KRRKC", "KAABBKAABBR", "KNKAB"}) {
    INFO(name);
    const Index index(Material::parse(name));
    std::uniform_int_distribution<uint64_t> any(0, index.size() - 1);
    gen::SlotCursor cur(index);
    int kept = 0, broken = 0;
    uint64_t previous = UINT64_MAX;
    for (int run = 0; run < 300; ++run) {
      const uint64_t start = any(rng);
      for (uint64_t slot = start; slot < std::min(index.size(), start + 64); ++slot) {
        INFO(slot);
        const Color side = Color(slot & 1);
        Position want;
        want.set_side_to_move(side);
        const bool ok = index.decode(slot, want);
        kept += previous != UINT64_MAX && index.pair_of(previous) == index.pair_of(slot);
        REQUIRE(cur.load(slot, side) == ok);
        if (!ok) {
          Position empty;
          empty.set_side_to_move(side);
          REQUIRE(cur.pos() == empty);
          broken += 1;
          previous = UINT64_MAX;
          continue;
        }
        REQUIRE(cur.pos() == want);
        previous = slot;
      }
    }
    CHECK(kept > 10000);
    if (std::string(name) == "KPPKRC" || std::string(name) == "KAABBKAABBR") CHECK(broken > 0);
  }
}

TEST_CASE("a legal position and its mirror image share one slot", "[index]") {
  std::mt19937_64 rng(7);
  for (const char* name : {"KRKCAABB", "KPPKAABB", "KCPKAA", "KNKAB", "KRRNKCCAA", "KPPPKPPAB"}) {
    INFO(name);
    const Index index(Material::parse(name));
    const std::string letters = letters_of(index);
    for (int i = 0; i < 20000; ++i) {
      const Position pos = random_position(letters, Color(i & 1), rng);
      const Position image = pos.mirrored();
      bool m1 = false, m2 = false;
      const uint64_t slot = index.encode(pos, &m1);
      REQUIRE(index.encode(image, &m2) == slot);
      REQUIRE(m1 == (pos == image ? false : !m2));
      Position back;
      back.set_side_to_move(pos.side_to_move());
      REQUIRE(index.decode(slot, back));
      REQUIRE(back == (m1 ? image : pos));
    }
  }
}

TEST_CASE("legal position counts match the reference counts", "[index]") {
  // tests/data/reference-counts.tsv: full board, mirror images counted separately.
  struct Case {
    const char* material;
    uint64_t red, black;
  };
  for (const Case& c : {Case{"KPK", 2826, 3015}, Case{"KRKA", 18507, 22806},
                        Case{"KRKC", 348021, 438111}, Case{"KRKN", 348021, 411966}}) {
    INFO(c.material);
    const Material m = Material::parse(c.material);
    const gen::LegalCount red = gen::count_legal(m, Red), black = gen::count_legal(m, Black);
    CHECK(red.positions == c.red);
    CHECK(black.positions == c.black);
    CHECK(red.slots < red.positions);
    CHECK(red.slots * 2 > red.positions);
  }
}

TEST_CASE("index sizes match docs/index.md", "[index]") {
  struct Case {
    const char* material;
    uint64_t size;
  };
  for (const Case& c :
       {Case{"KRK", 3960}, Case{"KNK", 3960}, Case{"KCK", 3960}, Case{"KPK", 2430},
        Case{"KRKA", 15921}, Case{"KRKAABB", 535248}, Case{"KRKCAABB", 44425584},
        Case{"KNKAB", 106554}, Case{"KCPKAA", 1432080}, Case{"KPPKAABB", 7805700}}) {
    INFO(c.material);
    CHECK(Index(Material::parse(c.material)).size() == c.size);
  }
  // Full KAABB: 1410 king-advisor-elephant placements, 18 of them self-symmetric.
  CHECK(Index(Material::parse("KAABBK")).size() == (1410 - 18) / 2 * 9 + 18 * 6);
}

TEST_CASE("impossible materials are refused", "[index]") {
  Material m = Material::parse("KRK");
  m.count[Red][Rook] = 3;
  CHECK_THROWS_AS(Index(m), MaterialError);
  m = Material::parse("KRK");
  m.count[Black][King] = 0;
  CHECK_THROWS_AS(Index(m), MaterialError);
}
