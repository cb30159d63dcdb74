// The probe's failure contract (probe/tablebase.hpp): root queries and lines tell a missing
// table, a missing sub-table and the absence of legal moves apart, naming the missing material;
// the coverage queries answer from the directory listing.
#include <catch2/catch.hpp>
#include <filesystem>

#include "core/table_names.hpp"
#include "generator/table_writer.hpp"
#include "probe/tablebase.hpp"
#include "support/table_dir.hpp"

using namespace xq;

namespace {

// Red rook a4 can take the black horse on e4: the capture leads to KRK.
const char* const kCaptureFen = "3k5/9/9/9/9/R3n4/9/9/9/4K4 w";
// Red rook a0, black horse e4: no capture for Red; Red mates in 7 plies.
const char* const kWinFen = "3k5/9/9/9/9/4n4/9/9/9/R3K4 w";
// KRKC: no table anywhere here.
const char* const kNoTableFen = "3k5/9/9/9/9/4c4/9/9/9/R3K4 w";

// A directory holding KRKN's two files and nothing else (none of its sub-tables).
std::string krkn_alone() {
  static const test::TempDir dir("krkn-alone");
  for (const TableKind kind : {TableKind::Wdl, TableKind::Dtm})
    std::filesystem::copy_file(
        table_path(test::small_tables(), Material::parse("KRKN"), kind, RuleSet::Check),
        table_path(dir.str(), Material::parse("KRKN"), kind, RuleSet::Check),
        std::filesystem::copy_options::overwrite_existing);
  return dir.str();
}

}  // namespace

TEST_CASE("a missing sub-table is told apart and named", "[probe]") {
  const Tablebase tb({krkn_alone()});
  const Position pos = Position::from_fen(kCaptureFen);
  REQUIRE(tb.probe(pos));  // the position's own table is there

  const RootMoves root = tb.root_moves(pos);
  CHECK(root.status == RootStatus::NoSubTable);
  CHECK_FALSE(root.found());
  CHECK(root.moves.empty());
  REQUIRE(root.missing);
  CHECK(root.missing->name() == "KRK");

  const BestMove best = tb.best_move(pos);
  CHECK(best.status == RootStatus::NoSubTable);
  REQUIRE(best.missing);
  CHECK(best.missing->name() == "KRK");

  const Line line = tb.principal_variation(pos);
  CHECK(line.end == LineEnd::NoSubTable);
  CHECK_FALSE(line.complete());
  CHECK(line.moves.empty());
  REQUIRE(line.missing);
  CHECK(line.missing->name() == "KRK");
}

TEST_CASE("a missing table, a missing sub-table and no legal move are three answers", "[probe]") {
  const Tablebase tb({test::small_tables()});

  const Position none = Position::from_fen(kNoTableFen);
  const RootMoves no_table = tb.root_moves(none);
  CHECK(no_table.status == RootStatus::NoTable);
  REQUIRE(no_table.missing);
  CHECK(no_table.missing->name() == "KRKC");
  CHECK(tb.best_move(none).status == RootStatus::NoTable);
  const Line no_line = tb.principal_variation(none);
  CHECK(no_line.end == LineEnd::NoTable);
  CHECK(no_line.moves.empty());
  REQUIRE(no_line.missing);
  CHECK(no_line.missing->name() == "KRKC");

  // The won position's line runs to mate; at its end the loser has no move, which is not a
  // missing table.
  const Position start = Position::from_fen(kWinFen);
  const BestMove first = tb.best_move(start);
  REQUIRE(first.found());
  CHECK(first.best.value.wdl == Wdl::Win);
  CHECK(first.best.value.distance == 7);
  const Line line = tb.principal_variation(start);
  CHECK(line.end == LineEnd::NoLegalMove);
  CHECK(line.complete());
  REQUIRE(line.moves.size() == 7);
  CHECK(line.moves.front() == first.best.move);
  Position mated = start;
  for (const Move m : line.moves) mated.make(m);
  const RootMoves end = tb.root_moves(mated);
  CHECK(end.status == RootStatus::NoLegalMove);
  CHECK(end.moves.empty());
  CHECK_FALSE(end.missing);
  CHECK(tb.best_move(mated).status == RootStatus::NoLegalMove);
  const Line after = tb.principal_variation(mated);
  CHECK(after.end == LineEnd::NoLegalMove);
  CHECK(after.moves.empty());

  // A line cut by max_plies is complete as far as asked.
  const Line cut = tb.principal_variation(start, 3);
  CHECK(cut.end == LineEnd::MaxPlies);
  CHECK(cut.moves.size() == 3);
  CHECK(cut.complete());
}

TEST_CASE("coverage: table count, largest material and presence from the listing", "[probe]") {
  const Tablebase alone({krkn_alone()});
  CHECK(alone.table_count() == 1);
  CHECK(alone.largest() == 4);  // K R K N
  CHECK(alone.has(Material::parse("KRKN")));
  CHECK(alone.has(Material::parse("KNKR")));  // either orientation
  CHECK_FALSE(alone.has(Material::parse("KRK")));

  const Tablebase small({test::small_tables()});
  CHECK(small.table_count() == small.materials().size());
  CHECK(small.largest() == 5);  // KRKAA

  const Tablebase empty(std::vector<std::string>{});
  CHECK(empty.table_count() == 0);
  CHECK(empty.largest() == 0);
}

// A header whose checksums hold but whose slot count is not the index's (a forged or
// mis-written file) would map slots past the data or to the wrong positions: refused.
TEST_CASE("a table whose header's slot count is not its index's is refused", "[probe]") {
  const test::TempDir dir("forged-slots");
  const Material krk = Material::parse("KRK");
  const uint64_t n = Index(krk).size() + 64;
  const std::vector<Wdl> values(n, Wdl::Draw);
  TableHeader h;
  h.material = krk.name();
  h.rules = RuleSet::Check;
  h.index_version = kIndexVersion;
  h.slots_per_side = n;
  h.kind = TableKind::Wdl;
  gen::write_table(table_path(dir.str(), krk, TableKind::Wdl, RuleSet::Check), h,
                   {values.data(), values.data()}, {nullptr, nullptr});
  const Tablebase tb({dir.str()});
  CHECK_THROWS_WITH(tb.probe(Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w")),
                    Catch::Contains("slot count does not match the index"));
}
