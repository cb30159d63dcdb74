// Material signatures: parsing (letters and Chinese), names, canonical orientation, capture
// closure (docs/material.md).
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "core/material.hpp"
#include "core/position.hpp"
#include "core/random_position.hpp"

using namespace xq;
using Catch::Matchers::Contains;

namespace {

std::string name_of(const char* text) {
  return Material::parse(text).name();
}

using Side = std::array<uint8_t, kPieceTypes>;

// Every side with 0..max_each of each non-king kind and 0..max_pawns pawns.
std::vector<Side> all_sides(int max_each, int max_pawns) {
  std::vector<Side> out;
  Side s{};
  s[King] = 1;
  for (s[Rook] = 0; s[Rook] <= max_each; ++s[Rook])
    for (s[Horse] = 0; s[Horse] <= max_each; ++s[Horse])
      for (s[Cannon] = 0; s[Cannon] <= max_each; ++s[Cannon])
        for (s[Pawn] = 0; s[Pawn] <= max_pawns; ++s[Pawn])
          for (s[Advisor] = 0; s[Advisor] <= max_each; ++s[Advisor])
            for (s[Elephant] = 0; s[Elephant] <= max_each; ++s[Elephant]) out.push_back(s);
  return out;
}

Material make(const Side& red, const Side& black) {
  Material m;
  m.count = {red, black};
  return m;
}

}  // namespace

TEST_CASE("letter names in every spelling", "[material]") {
  const std::vector<std::pair<const char*, const char*>> cases = {
      {"KRKCAABB", "KRKCAABB"},
      {"KRvKCAABB", "KRKCAABB"},
      {"KRvsKCAABB", "KRKCAABB"},
      {"krkcaabb", "KRKCAABB"},
      {"KRkcaabb", "KRKCAABB"},
      {"KR vs KCAABB", "KRKCAABB"},
      {"KR VS. KCAABB", "KRKCAABB"},
      {"KR v KCAABB", "KRKCAABB"},
      {"KR对KCAABB", "KRKCAABB"},
      {"KRK", "KRK"},
      {"KK", "KK"},
      {"KHKE", "KNKB"},
      {"KPCvKBABA", "KCPKAABB"},
      {"KNRKAAR", "KRNKRAA"},
      {"KnNkbA", "KNNKAB"},
      {"KPPPKBBAA", "KPPPKAABB"},
      {"  KRK\t", "KRK"},
  };
  for (const auto& [text, name] : cases) {
    CAPTURE(text);
    CHECK(name_of(text) == name);
  }
}

TEST_CASE("Chinese names", "[material]") {
  const std::vector<std::pair<const char*, const char*>> cases = {
      {"车对炮士象全", "KRKCAABB"}, {"车 vs 炮士象全", "KRKCAABB"}, {"車對砲仕相全", "KRKCAABB"},
      {"马兵对士象全", "KNPKAABB"}, {"单车对双士", "KRKAA"},        {"单车对单将", "KRK"},
      {"单马对单将", "KNK"},        {"单马对单帅", "KNK"},          {"车对马双士", "KRKNAA"},
      {"炮兵对光将", "KCPK"},       {"双车对单缺士", "KRRKABB"},    {"三兵对单缺象", "KPPPKAAB"},
      {"马对单士象", "KNKAB"},      {"兵对士象", "KPKAB"},          {"二马对双象", "KNNKBB"},
      {"车单士对单象", "KRAKB"},    {"单将对单将", "KK"},           {"将对将", "KK"},
      {"车　对　车", "KRKR"},  // ideographic spaces
  };
  for (const auto& [text, name] : cases) {
    CAPTURE(text);
    CHECK(name_of(text) == name);
  }
}

TEST_CASE("impossible or unreadable materials are rejected with one line", "[material]") {
  const std::vector<std::pair<const char*, const char*>> cases = {
      {"", "empty"},
      {"  ", "empty"},
      {"KKRK", "more than two kings"},
      {"KRvKCvKN", "more than two sides"},
      {"车对炮对马", "more than two sides"},
      {"KAAAK", "more than 2 advisors on Red's side"},
      {"KPPPPPPK", "more than 5 pawns on Red's side"},
      {"车对三车", "more than 2 rooks on Black's side"},
      {"KXK", "unknown piece letter 'X'"},
      {"RvKC", "missing king on Red's side"},
      {"RKC", "missing king"},
      {"KKvKR", "two kings on Red's side"},
      {"KR", "only one side"},
      {"KZZ", "unknown piece letter 'Z' on Red's side"},  // the letter, not the one side
      {"车炮", "missing separator"},
      {"车对", "Black's side is empty"},
      {"车对将车", "king"},
      {"车对双", "without a piece"},
      {"车对兽", "unexpected character '兽'"},
      {"车对炮x", "Black's side mixes letters and Chinese characters"},
      {"KR\xff", "invalid UTF-8"},
  };
  for (const auto& [text, problem] : cases) {
    CAPTURE(text);
    REQUIRE_THROWS_AS(Material::parse(text), MaterialError);
    try {
      Material::parse(text);
    } catch (const MaterialError& e) {
      const std::string what = e.what();
      CHECK_THAT(what, Contains(problem));
      CHECK(what.find('\n') == std::string::npos);
    }
  }
}

TEST_CASE("default material is two bare kings", "[material]") {
  CHECK(Material{} == Material::parse("KK"));
}

TEST_CASE("piece counts", "[material]") {
  const Material m = Material::parse("KRKCAABB");
  CHECK(m.piece_count() == 6);
  CHECK(m.side_piece_count(Red) == 1);
  CHECK(m.side_piece_count(Black) == 5);
  CHECK(Material::parse("KK").piece_count() == 0);
}

TEST_CASE("canonical orientation puts the stronger side first", "[material]") {
  const std::vector<std::pair<const char*, const char*>> cases = {
      {"KCAABBKR", "KRKCAABB"},  // attack first: a rook beats cannon + full defence
      {"KAAKR", "KRKAA"},       {"KNKC", "KCKN"}, {"KPPPPKN", "KNKPPPP"},
      {"KBBKAA", "KAAKBB"},     {"KBKA", "KAKB"}, {"KRKRN", "KRNKR"},
      {"KNKNA", "KNAKN"},       {"KRKR", "KRKR"}, {"KK", "KK"},
  };
  for (const auto& [text, name] : cases) {
    CAPTURE(text);
    const Material m = Material::parse(text);
    CHECK(m.canonical().name() == name);
    CHECK(m.is_canonical() == (m.name() == name));
  }
  CHECK(Material::parse("KRKR").flipped() == Material::parse("KRKR"));
  CHECK(Material::parse("KRKC").flipped().name() == "KCKR");
}

TEST_CASE("exactly one orientation of each colour pair is canonical", "[material]") {
  const std::vector<Side> sides = all_sides(1, 2);
  for (const Side& red : sides)
    for (const Side& black : sides) {
      const Material m = make(red, black);
      if (m == m.flipped())
        REQUIRE(m.is_canonical());
      else
        REQUIRE(m.is_canonical() != m.flipped().is_canonical());
    }
}

TEST_CASE("material of a position", "[material]") {
  Position pos;
  pos.put(make_square(4, 0), make_piece(Red, King));
  pos.put(make_square(4, 9), make_piece(Black, King));
  pos.put(make_square(0, 0), make_piece(Red, Rook));
  pos.put(make_square(1, 7), make_piece(Black, Cannon));
  pos.put(make_square(3, 9), make_piece(Black, Advisor));
  pos.put(make_square(5, 9), make_piece(Black, Advisor));
  pos.put(make_square(2, 9), make_piece(Black, Elephant));
  pos.put(make_square(6, 9), make_piece(Black, Elephant));
  CHECK(Material::of(pos).name() == "KRKCAABB");
  CHECK(Material::of(pos.colour_flipped()).name() == "KCAABBKR");
}

TEST_CASE("capture closure of KRKCAABB", "[material]") {
  // Red keeps or loses its rook (2) x Black's cannon (2), advisors (3), elephants (3): 36
  // materials; none is the flip of another (only KK could be), so all 36 stay distinct.
  const std::vector<Material> closure = capture_closure(Material::parse("KRKCAABB"));
  CHECK(closure.size() == 36);
  CHECK(closure.front().name() == "KK");
  CHECK(closure.back().name() == "KRKCAABB");
  CHECK(capture_closure(Material::parse("KCAABBKR")) == closure);
}

TEST_CASE("capture closure merges colour flips", "[material]") {
  // KRNKRAA: 4 Red subsets x 6 Black subsets = 24, and KRK / KKR are one material: 23.
  CHECK(capture_closure(Material::parse("KRNKRAA")).size() == 23);
  std::vector<std::string> names;
  for (const Material& m : capture_closure(Material::parse("KRKR"))) names.push_back(m.name());
  CHECK(names == std::vector<std::string>{"KK", "KRK", "KRKR"});
}

TEST_CASE("capture targets: one piece fewer, canonical", "[material]") {
  const auto names = [](const char* text) {
    std::vector<std::string> out;
    for (const Material& m : capture_targets(Material::parse(text))) out.push_back(m.name());
    std::sort(out.begin(), out.end());
    return out;
  };
  CHECK(names("KRKCAABB") == std::vector<std::string>{"KCAABBK", "KRKAABB", "KRKCAAB", "KRKCABB"});
  CHECK(names("KRKR") == std::vector<std::string>{"KRK"});  // either rook: the same material
  CHECK(names("KNPKP") == std::vector<std::string>{"KNKP", "KNPK", "KPKP"});
  CHECK(names("KK").empty());
}

TEST_CASE("capture closure is canonical, unique and in dependency order", "[material]") {
  for (const char* text : {"KRKCAABB", "KRNKRAA", "KNPPKAB", "KRRKCCAABB", "KCPKNPP"}) {
    CAPTURE(text);
    const std::vector<Material> closure = capture_closure(Material::parse(text));
    for (size_t i = 0; i < closure.size(); ++i) {
      const Material& m = closure[i];
      REQUIRE(m.is_canonical());
      REQUIRE(std::count(closure.begin(), closure.end(), m) == 1);
      for (const Material& sub : capture_targets(m)) {
        CAPTURE(m.name(), sub.name());
        const auto at = std::find(closure.begin(), closure.end(), sub);
        REQUIRE(at < closure.begin() + i);
      }
    }
  }
}

TEST_CASE("materials up to a piece count form closed sets in dependency order", "[material]") {
  // One piece: KK and a lone piece of each of the 6 kinds. Two: 21 pairs on one side, and 21
  // unordered pairs of one piece each (36 ordered, 6 symmetric).
  CHECK(materials_up_to(0, 8).size() == 1);
  CHECK(materials_up_to(1, 8).size() == 7);
  CHECK(materials_up_to(2, 8).size() == 49);
  CHECK(materials_up_to(2, 0).size() == 1 + 2 + 3 + 3);  // KK; KA KB; KAA KAB KBB; KAKA KAKB KBKB
  const std::vector<Material> set = materials_up_to(4, 2);
  for (size_t i = 0; i < set.size(); ++i) {
    const Material& m = set[i];
    CAPTURE(m.name());
    REQUIRE(m.is_canonical());
    REQUIRE(m.piece_count() <= 4);
    REQUIRE(std::count(set.begin(), set.end(), m) == 1);
    for (const Material& sub : capture_targets(m))
      REQUIRE(std::find(set.begin(), set.end(), sub) < set.begin() + i);
  }
  for (const char* inside : {"KRKAA", "KABKAB", "KNPKAB", "KRKR", "KPKP"})
    CHECK(std::count(set.begin(), set.end(), Material::parse(inside).canonical()) == 1);
  for (const char* outside : {"KRKCAAB", "KRNKC", "KPPPK", "KPPKPP"})
    CHECK(std::count(set.begin(), set.end(), Material::parse(outside).canonical()) == 0);
}

TEST_CASE("Chinese names of materials", "[material]") {
  const std::vector<std::pair<const char*, const char*>> cases = {
      {"KRKCAABB", "车对炮士象全"}, {"KRKAA", "单车对双士"},   {"KRKNAA", "车对马双士"},
      {"KNPKAABB", "马兵对士象全"}, {"KRK", "单车对单将"},     {"KNK", "单马对单将"},
      {"KRKR", "车对车"},           {"KK", "单将对单将"},      {"KPPPKAAB", "三兵对单缺象"},
      {"KRRKABB", "双车对单缺士"},  {"KNKAB", "单马对单士象"}, {"KCKA", "单炮对单士"},
      {"KRAKB", "车单士对单象"},    {"KPPPPPK", "五兵对单将"},
  };
  for (const auto& [text, chinese] : cases) {
    CAPTURE(text);
    CHECK(Material::parse(text).chinese_name() == chinese);
  }
}

TEST_CASE("no Chinese name for counts no side owns", "[material]") {
  Material m = Material::parse("KRK");
  m.count[Red][Rook] = 3;
  CHECK(m.name() == "KRRRK");
  CHECK_THROWS_AS(m.chinese_name(), MaterialError);
}

TEST_CASE("names round-trip", "[material]") {
  // All materials with up to 2 of each kind, then every pawn count against a few sides.
  std::vector<std::string> failures;
  const auto check = [&](const Material& m) {
    try {
      if (Material::parse(m.chinese_name()) != m || Material::parse(m.name()) != m)
        failures.push_back(m.name());
    } catch (const MaterialError& e) {
      failures.push_back(e.what());
    }
  };
  const std::vector<Side> sides = all_sides(2, 2);
  for (const Side& red : sides)
    for (const Side& black : sides) check(make(red, black));
  for (const Side& red : all_sides(1, 5))
    for (const char* black : {"K", "KAABB", "KPPPPP"}) {
      check(make(red, Material::parse(std::string("K") + black).count[Black]));
      check(make(Material::parse(std::string(black) + "K").count[Red], red));
    }
  if (!failures.empty()) FAIL(failures.size() << " failures, first: " << failures.front());
}

TEST_CASE("piece letters of a material give random positions of that material", "[material]") {
  CHECK(piece_letters(Material::parse("KRKCAABB")) == "KRkaabbc");
  std::mt19937_64 rng(5);
  for (const char* name : {"KRKCAABB", "KK", "KNPKAB", "KRRNKCCAA"}) {
    const Material m = Material::parse(name);
    for (int i = 0; i < 100; ++i)
      REQUIRE(Material::of(random_position(piece_letters(m), Color(i & 1), rng)) == m);
  }
}
