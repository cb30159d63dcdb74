// Tables of several rule sets in one directory (core/table_names.hpp, probe/tablebase.hpp): the
// generator builds each beside the others, the probe answers every query under one rule set,
// chosen or the only one there, and refuses to mix them or to trust a file whose header and
// name disagree.
#include <catch2/catch.hpp>
#include <filesystem>

#include "core/table_names.hpp"
#include "probe/tablebase.hpp"
#include "support/table_dir.hpp"

using namespace xq;

namespace {

namespace fs = std::filesystem;

void generate_under(const std::string& dir, const char* material, RuleSet rules) {
  gen::GenOptions o;
  o.dir = dir;
  o.rules = rules;
  gen::generate({Material::parse(material)}, o);
}

// A directory holding KRK and KK under both none and check: built once for the file's tests.
std::string both_rule_sets() {
  static const test::TempDir dir("probe-rules");
  static const bool built = (generate_under(dir.str(), "KRK", RuleSet::Check),
                             generate_under(dir.str(), "KRK", RuleSet::None), true);
  (void)built;
  return dir.str();
}

// Red rook a0, king d0, black king e9: Red wins in 3 plies.
const Position kKrk = Position::from_fen("5k3/9/9/9/9/9/9/9/9/R2K5 w");

}  // namespace

TEST_CASE("one rule set's tables are built beside another's", "[probe][rules]") {
  const std::string dir = both_rule_sets();
  for (const char* name : {"KK", "KRK"})
    for (const RuleSet r : {RuleSet::None, RuleSet::Check})
      for (const TableKind kind : {TableKind::Wdl, TableKind::Dtm, TableKind::Dtc}) {
        INFO(name << " " << rule_set_name(r));
        CHECK(fs::exists(table_path(dir, Material::parse(name), kind, r)));
      }
  CHECK(fs::exists(fs::path(dir) / "KRK.none.xqw"));
  CHECK(fs::exists(fs::path(dir) / "KRK.xqw"));
}

TEST_CASE("a tablebase lists every rule set and refuses to choose between them", "[probe][rules]") {
  const Tablebase tb({both_rule_sets()});
  CHECK(tb.materials() == std::vector<Material>{Material::parse("KK"), Material::parse("KRK")});
  CHECK(tb.table_count() == 2);  // materials, each counted once
  CHECK(tb.tables().size() == 4);
  CHECK(tb.rule_sets(Material::parse("KRK")) ==
        std::vector<RuleSet>{RuleSet::None, RuleSet::Check});
  CHECK(tb.has(Material::parse("KRK")));
  CHECK_FALSE(tb.chosen_rules());
  CHECK_THROWS_WITH(tb.probe(kKrk),
                    Catch::Contains("KRK") && Catch::Contains("several rule sets (none, check)"));
  CHECK_THROWS_AS(tb.probe_wdl(kKrk), TableError);
  CHECK_THROWS_AS(tb.rules(Material::parse("KRK")), TableError);
  CHECK_THROWS_AS(tb.root_moves(kKrk), TableError);
}

TEST_CASE("a chosen rule set is the only one listed and probed", "[probe][rules]") {
  for (const RuleSet r : {RuleSet::None, RuleSet::Check}) {
    INFO(rule_set_name(r));
    const Tablebase tb({both_rule_sets()}, BlockCache::kDefaultBytes, r);
    CHECK(tb.chosen_rules() == r);
    CHECK(tb.tables().size() == 2);
    CHECK(tb.rule_sets(Material::parse("KRK")) == std::vector<RuleSet>{r});
    CHECK(tb.rules(Material::parse("KRK")) == r);
    const auto v = tb.probe(kKrk);
    REQUIRE(v);
    CHECK(v->wdl == Wdl::Win);
    CHECK(v->distance == 3);
    CHECK(tb.best_move(kKrk).found());
  }
  // A rule set without tables lists nothing.
  const Tablebase chinese({both_rule_sets()}, BlockCache::kDefaultBytes, RuleSet::Chinese);
  CHECK(chinese.table_count() == 0);
  CHECK_FALSE(chinese.has(Material::parse("KRK")));
  CHECK_FALSE(chinese.probe(kKrk));
}

// Each thread keeps the last material's table (Tablebase::pick): tablebases of other tables
// probed in turn, one destroyed and another made (perhaps at its address), and both colours of
// one material must each still answer from their own.
TEST_CASE("tablebases probed in turn on one thread answer from their own tables",
          "[probe][rules]") {
  const Tablebase check({both_rule_sets()}, BlockCache::kDefaultBytes, RuleSet::Check);
  const Position flipped = kKrk.colour_flipped();
  for (int round = 0; round < 2; ++round) {
    const auto won = check.probe(kKrk);
    REQUIRE(won);
    CHECK(won->wdl == Wdl::Win);
    CHECK(won->distance == 3);
    {
      const Tablebase chinese({both_rule_sets()}, BlockCache::kDefaultBytes, RuleSet::Chinese);
      CHECK_FALSE(chinese.probe(kKrk));
    }
    const auto again = check.probe_wdl(kKrk);
    REQUIRE(again);
    CHECK(*again == Wdl::Win);
    const test::TempDir nothing("probe-rules-empty");
    const Tablebase empty({nothing.str()});
    CHECK_FALSE(empty.probe_wdl(kKrk));
    const auto black = check.probe(flipped);
    REQUIRE(black);
    CHECK(black->wdl == Wdl::Win);
    CHECK(black->distance == 3);
  }
}

TEST_CASE("a capture's sub-table is read under the root's rule set only", "[probe][rules]") {
  // KRKN under check, KRK under none only.
  const test::TempDir dir("probe-rules-mixed");
  generate_under(dir.str(), "KRKN", RuleSet::Check);
  for (const TableKind kind : {TableKind::Wdl, TableKind::Dtm, TableKind::Dtc})
    fs::remove(table_path(dir.str(), Material::parse("KRK"), kind, RuleSet::Check));
  generate_under(dir.str(), "KRK", RuleSet::None);
  const Tablebase tb({dir.str()});
  // Red rook d0 may take the horse d2 that checks the king e0.
  const Position pos = Position::from_fen("3k5/9/9/9/9/9/9/3n5/9/3RK4 w");
  REQUIRE(tb.probe(pos));  // KRKN's only table
  CHECK(tb.rules(Material::parse("KRKN")) == RuleSet::Check);
  const RootMoves root = tb.root_moves(pos);
  CHECK(root.status == RootStatus::NoSubTable);
  CHECK(root.missing == Material::parse("KRK"));
  CHECK(tb.root_probe(pos, 0).status == RootStatus::NoSubTable);
  CHECK(tb.principal_variation(pos).end == LineEnd::NoSubTable);
  // The sub-table itself probes under its own (only) rule set.
  CHECK(tb.rules(Material::parse("KRK")) == RuleSet::None);
  CHECK(tb.probe(kKrk));
}

TEST_CASE("a file whose header's rule set is not its name's is refused", "[probe][rules]") {
  // An old tree's none table under the untagged (check) name.
  const test::TempDir dir("probe-rules-renamed");
  for (const TableKind kind : {TableKind::Wdl, TableKind::Dtm, TableKind::Dtc})
    fs::copy_file(table_path(both_rule_sets(), Material::parse("KK"), kind, RuleSet::None),
                  table_path(dir.str(), Material::parse("KK"), kind, RuleSet::Check));
  const Tablebase tb({dir.str()});
  CHECK(tb.rule_sets(Material::parse("KK")) == std::vector<RuleSet>{RuleSet::Check});
  const Position kk = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w");
  CHECK_THROWS_WITH(tb.probe_wdl(kk), Catch::Contains("built under the rule set none") &&
                                          Catch::Contains("rename it to KK.none.xqw"));
  CHECK_THROWS_AS(tb.rules(Material::parse("KK")), TableError);
}

TEST_CASE("a line crosses a capture under its start's rule set", "[probe][rules]") {
  // KRKA under check; its sub-tables KRK and KK under check and none.
  const test::TempDir dir("probe-rules-line");
  generate_under(dir.str(), "KRKA", RuleSet::Check);
  generate_under(dir.str(), "KRK", RuleSet::None);
  const Tablebase tb({dir.str()});
  // Red rook a9 takes the advisor d9 (rook and king on the d-file: the advisor cannot stay).
  const Position pos = Position::from_fen("R2ak4/9/9/9/9/9/9/9/9/3K5 w");
  const auto v = tb.probe(pos);
  REQUIRE(v);
  REQUIRE(v->wdl == Wdl::Win);
  const Line line = tb.principal_variation(pos);
  CHECK(line.complete());
  CHECK(line.end == LineEnd::NoLegalMove);
  CHECK(int(line.moves.size()) == v->distance);
  CHECK(tb.limit_line(pos, 0).complete());
  // Its first capture lands in KRK, which alone is ambiguous.
  Position after = pos;
  for (const Move m : line.moves) {
    const bool capture = after.is_capture(m);
    after.make(m);
    if (capture) break;
  }
  REQUIRE(Material::of(after) == Material::parse("KRK"));
  CHECK_THROWS_AS(tb.probe(after), TableError);
}
