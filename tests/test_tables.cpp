// Table files end to end: generation writes byte-identical files whatever the thread count,
// the probe library reads back exactly what was solved, and verification catches corruption.
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>

#include "generator/generate.hpp"
#include "generator/solve.hpp"
#include "generator/table_writer.hpp"
#include "generator/verify.hpp"
#include "probe/tablebase.hpp"
#include "support/table_dir.hpp"

using namespace xq;
using xq::test::TempDir;
namespace fs = std::filesystem;
using xq::test::read_bytes;

using xq::test::generate_into;

TEST_CASE("1 and 2 threads write byte-identical tables", "[tables]") {
  TempDir one("t1"), two("t2");
  generate_into(one.str(), {"KRKN"}, 1);
  generate_into(two.str(), {"KRKN"}, 2);
  int files = 0;
  CHECK(xq::test::differing_tables(one.path, two.path, files).empty());
  CHECK(files == 3 * 4);  // KK, KRK, KNK, KRKN: WDL, DTM and DTC each
}

TEST_CASE("probing the files gives the solved values for every position", "[tables]") {
  TempDir dir("probe");
  generate_into(dir.str(), {"KRKN"}, 0);
  const gen::TableSet solved =
      gen::solve_closure(Material::parse("KRKN"), RuleSet::Check, [](const char*, int) {});
  const Tablebase tb({dir.str()});
  const gen::SolvedTable& t = *solved.find(Material::parse("KRKN"));
  const auto dtm = TableFile::open((dir.path / "KRKN.xqd").string());
  REQUIRE(dtm->header().omitted_side == 1);
  uint64_t compared = 0, rule_decided = 0, omitted = 0, kept = 0;
  for (int side = 0; side < 2; ++side)
    for (uint64_t slot = 0; slot < t.index.size(); ++slot) {
      if (t.wdl[side][slot] == Wdl::Illegal) continue;
      Position pos;
      t.index.decode(slot, pos);
      pos.set_side_to_move(Color(side));
      const auto r = tb.probe(pos);
      REQUIRE(r);
      CHECK(r->wdl == t.wdl[side][slot]);
      if (r->wdl != Wdl::Draw) CHECK(r->distance == t.distance[side][slot]);
      if (is_forced(r->wdl)) {
        const auto limited = tb.probe(pos, 0);
        REQUIRE(limited);
        CHECK(limited->dtc == t.dtc[side][slot]);
      }
      // Black to move's forced DTMs are rebuilt from Red's (docs/format.md "One side's
      // distances") but where a capture decides them: Black's horse takes the rook into a won
      // KNK.
      if (side == 1 && is_forced(r->wdl) && t.distance[side][slot] != 0) {
        omitted += dtm->get(side, slot) == 0;
        kept += dtm->get(side, slot) == t.distance[side][slot];
      }
      // The colour-flipped position is the same table read from the other side.
      const auto flipped = tb.probe(pos.colour_flipped());
      REQUIRE(flipped);
      CHECK(flipped->wdl == r->wdl);
      // The file holds the potentials re-packed (format 3), the probe the solver's packing.
      if (is_rule_decided(r->wdl))
        CHECK(dtm->get(side, slot) == rule_potential_to_file(t.distance[side][slot]));
      ++compared;
      rule_decided += is_rule_decided(r->wdl);
    }
  CHECK(compared > 300000);
  CHECK(rule_decided > 0);
  CHECK(omitted > 100000);
  CHECK(kept > 1000);
  CHECK_FALSE(tb.probe(Position::from_fen("3k5/9/9/9/9/9/9/9/4C4/4K4 w")).has_value());
}

// The DTC file holds the DTC stage's values at every forced position; load_table reads it and
// the DTM, rebuilding Black to move's omitted entries.
TEST_CASE("the DTC file reads back the solved DTC", "[tables][dtc]") {
  TempDir dir("dtc");
  generate_into(dir.str(), {"KRKN"}, 0);
  const gen::TableSet solved =
      gen::solve_closure(Material::parse("KRKN"), RuleSet::Check, [](const char*, int) {});
  const gen::SolvedTable& t = *solved.find(Material::parse("KRKN"));
  const auto loaded = gen::load_table(dir.str(), Material::parse("KRKN"), RuleSet::Check, true);
  uint64_t forced = 0, mismatches = 0;
  unsigned longest = 0;
  for (int side = 0; side < 2; ++side)
    for (uint64_t slot = 0; slot < t.index.size(); ++slot) {
      if (!is_forced(t.wdl[side][slot])) continue;
      ++forced;
      mismatches += loaded->wdl[side][slot] != t.wdl[side][slot] ||
                    loaded->distance[side][slot] != t.distance[side][slot] ||
                    loaded->dtc[side][slot] != t.dtc[side][slot];
      if (t.wdl[side][slot] == Wdl::Win) longest = std::max<unsigned>(longest, t.dtc[side][slot]);
    }
  CHECK(mismatches == 0);
  CHECK(forced > 300000);
  CHECK(longest == 23);  // KRKN's longest win to conversion (stats: longest_dtc, Red to move)
}

// A slot array is created unwritten, so filled_slots must write every element, the kept ones
// of a smaller array included.
TEST_CASE("filled slots hold the value in every element, whatever the array held", "[tables]") {
  gen::SlotArray<uint16_t> a;
  gen::filled_slots(a, 100000, uint16_t(7));
  CHECK(std::count(a.begin(), a.end(), uint16_t(7)) == 100000);
  gen::filled_slots(a, 250000, uint16_t(3));
  CHECK(std::count(a.begin(), a.end(), uint16_t(3)) == 250000);
  gen::filled_slots(a, 10, uint16_t(9));
  CHECK(a.size() == 10);
  CHECK(std::count(a.begin(), a.end(), uint16_t(9)) == 10);
}

// What the chase stages keep of their capture targets (generate's release under chinese and
// asian): the classes, with the distances' memory returned, not only their size.
TEST_CASE("dropping the distances frees them and keeps the classes", "[tables]") {
  const Material m = Material::parse("KRKN");
  gen::TableSet set = gen::solve_closure(m, RuleSet::Check, [](const char*, int) {});
  const gen::SolvedTable& t = *set.find(m);
  const std::array<gen::SlotArray<Wdl>, 2> classes = t.wdl;
  REQUIRE(t.distance[0].capacity() == t.index.size());
  const Position pos = Position::from_fen("3k5/9/9/9/9/9/9/3n5/9/R3K4 w");
  const gen::Outcome before = set.probe(pos);
  REQUIRE(is_win(before.wdl));
  REQUIRE(before.distance > 0);
  set.drop_distances();
  for (int side = 0; side < 2; ++side) CHECK(t.distance[side].capacity() == 0);
  CHECK(t.wdl == classes);
  const gen::Outcome after = set.probe(pos);
  CHECK(after.wdl == before.wdl);
  CHECK(after.distance == 0);
}

TEST_CASE("verification accepts solved tables and finds a changed value", "[tables]") {
  const gen::TableSet set =
      gen::solve_closure(Material::parse("KRKN"), RuleSet::Check, [](const char*, int) {});
  gen::SolvedTable t = *set.find(Material::parse("KRKN"));
  CHECK(gen::verify_table(t, set, RuleSet::Check).empty());
  // A plain win with its distance off by two: reported at that position (its predecessors
  // may be reported too).
  Position changed;
  for (uint64_t slot = 0; slot < t.index.size(); ++slot)
    if (t.wdl[0][slot] == Wdl::Win) {
      t.distance[0][slot] += 2;
      t.index.decode(slot, changed);
      break;
    }
  const auto problems = gen::verify_table(t, set, RuleSet::Check);
  REQUIRE_FALSE(problems.empty());
  CHECK(problems[0].fen == changed.fen());
  CHECK_THAT(problems[0].problem, Catch::Contains("a move wins in"));
  // A rule-decided loss turned into a draw.
  for (uint64_t slot = 0; slot < t.index.size(); ++slot)
    if (t.wdl[1][slot] == Wdl::RuleLoss) {
      t.wdl[1][slot] = Wdl::Draw;
      break;
    }
  CHECK(gen::verify_table(t, set, RuleSet::Check).size() >= 2);
}

TEST_CASE("verification finds a changed DTC and a class against the limit", "[tables][dtc]") {
  const gen::TableSet set =
      gen::solve_closure(Material::parse("KRKN"), RuleSet::Check, [](const char*, int) {});
  gen::SolvedTable t = *set.find(Material::parse("KRKN"));
  Position changed;
  uint64_t at = 0;
  for (uint64_t slot = 0; slot < t.index.size(); ++slot)
    if (t.wdl[0][slot] == Wdl::Win && t.dtc[0][slot] > 1) {
      t.dtc[0][slot] += 1;
      t.index.decode(slot, changed);
      at = slot;
      break;
    }
  auto problems = gen::verify_table(t, set, RuleSet::Check);
  REQUIRE_FALSE(problems.empty());
  CHECK(problems[0].fen == changed.fen());
  CHECK_THAT(problems[0].problem, Catch::Contains("converts within the limit in"));
  // The same win stored as cursed: it converts within the limit.
  t.dtc[0][at] -= 1;
  t.wdl[0][at] = Wdl::CursedWin;
  problems = gen::verify_table(t, set, RuleSet::Check);
  REQUIRE_FALSE(problems.empty());
  CHECK(problems[0].fen == changed.fen());
  CHECK_THAT(problems[0].problem, Catch::Contains("converts within the limit in"));
}

// The writer keeps an omitted-side entry that a capture decides: stored as 0 instead, its
// rebuild from the quiet moves is wrong or impossible, and loading or verification says so.
TEST_CASE("an omitted distance that a capture decides is kept", "[tables]") {
  TempDir dir("omitted");
  generate_into(dir.str(), {"KRKN"}, 0);
  const gen::TableSet set =
      gen::solve_closure(Material::parse("KRKN"), RuleSet::Check, [](const char*, int) {});
  const std::string path = (dir.path / "KRKN.xqd").string();
  const auto file = TableFile::open(path);
  const uint64_t n = file->header().slots_per_side;
  std::array<std::vector<uint16_t>, 2> entries{std::vector<uint16_t>(n), std::vector<uint16_t>(n)};
  for (int side = 0; side < 2; ++side) file->read(side, 0, n, entries[side].data());
  // A Black win whose horse takes the rook into a won KNK.
  const gen::SolvedTable& t = *set.find(Material::parse("KRKN"));
  uint64_t slot = 0;
  while (slot < n && !(t.wdl[1][slot] == Wdl::Win && entries[1][slot] != 0)) ++slot;
  REQUIRE(slot < n);
  entries[1][slot] = 0;
  gen::write_table(path, file->header(), {entries[0].data(), entries[1].data()},
                   {nullptr, nullptr});
  bool caught = false;
  try {
    const auto loaded = gen::load_table(dir.str(), Material::parse("KRKN"), RuleSet::Check, true);
    caught = loaded->distance[1][slot] != t.distance[1][slot] &&
             !gen::verify_table(*loaded, set, RuleSet::Check).empty();
  } catch (const TableError& e) {
    caught = std::string(e.what()).find("no move that rebuilds it") != std::string::npos;
  }
  CHECK(caught);
}

TEST_CASE("a corrupted table file is refused", "[tables]") {
  TempDir dir("corrupt");
  generate_into(dir.str(), {"KRKA"}, 0);
  const fs::path wdl = dir.path / "KRKA.xqw";
  std::string bytes = read_bytes(wdl);
  bytes[bytes.size() / 2] ^= 0x40;
  xq::test::write_bytes(wdl, bytes);
  CHECK_THROWS_AS(gen::load_table(dir.str(), Material::parse("KRKA"), RuleSet::Check), TableError);
  // Regeneration without --force refuses the corrupt file rather than trusting it.
  CHECK_THROWS_AS(generate_into(dir.str(), {"KRKA"}, 0), TableError);
}
