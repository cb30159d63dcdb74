// The probe's line from a chase win, through the adjudicator (issue 15 "Probe, PV and verify"):
// from sampled ChaseWin positions of KRKCC under the Chinese rules (车对双炮, where Fang found
// the Chinese rules to change values), the winner plays its best move and the loser its
// longest resistance until a position repeats; the adjudicator must rule that the loser
// violated and never judge the winner's moves a violation.
#include <catch2/catch.hpp>

#include "core/index.hpp"
#include "core/table_file.hpp"
#include "core/table_names.hpp"
#include "generator/table_writer.hpp"
#include "probe/tablebase.hpp"
#include "rules/adjudicate.hpp"
#include "support/table_dir.hpp"

using namespace xq;

namespace {

// KRKCC and its closure under the Chinese rules (about 2 minutes on 2 cores).
std::string krkcc_chinese() {
  static const test::TempDir dir("chase-lines");
  static const bool built = [] {
    gen::GenOptions o;
    o.dir = dir.str();
    o.rules = RuleSet::Chinese;
    gen::generate({Material::parse("KRKCC")}, o);
    return true;
  }();
  (void)built;
  return dir.str();
}

// Every ChaseWin position of the material's slots (either side to move), in slot order.
std::vector<Position> chase_wins(const Tablebase& tb, const Material& m) {
  const Index index(m);
  std::vector<Position> out;
  for (uint64_t slot = 0; slot < index.size(); ++slot) {
    Position pos;
    if (!index.decode(slot, pos)) continue;
    for (const Color side : {Red, Black}) {
      pos.set_side_to_move(side);
      if (!pos.legality_error().empty() || tb.probe_wdl(pos) != Wdl::ChaseWin) continue;
      out.push_back(pos);
    }
  }
  return out;
}

}  // namespace

TEST_CASE("lines from chase wins repeat by the loser's violation, never the winner's",
          "[big][probe][chase]") {
  const Tablebase tb({krkcc_chinese()}, BlockCache::kDefaultBytes, RuleSet::Chinese);
  const std::vector<Position> starts = chase_wins(tb, Material::parse("KRKCC"));
  // Every one: 126 slots are chase wins (chase-gen 42002ac).
  REQUIRE(starts.size() == 126);
  int repeated = 0;
  for (const Position& start : starts) {
    INFO(start.fen());
    const Line line = tb.principal_variation(start);
    REQUIRE(line.complete());
    const Color winner = start.side_to_move();
    if (line.end == LineEnd::NoLegalMove) {
      // The loser was driven out of the game into a plain loss: it is mated in the end.
      Position end = start;
      for (const Move m : line.moves) end.make(m);
      CHECK(end.side_to_move() == ~winner);
      continue;
    }
    REQUIRE(line.end == LineEnd::Repetition);
    ++repeated;
    const Adjudication a = adjudicate(start, line.moves, RuleSet::Chinese);
    INFO(adjudication_reason(a));
    REQUIRE(a.repetition);
    CHECK(a.verdict == (winner == Red ? CycleVerdict::BlackLoses : CycleVerdict::RedLoses));
    CHECK(a.judgement.offender == ~winner);
    CHECK(a.judgement.sides[winner].violation == Violation::None);
    CHECK(a.judgement.sides[~winner].violation != Violation::None);
  }
  // The loser resists inside the chase game (its longest resistance): most lines repeat.
  CHECK(repeated * 2 > int(starts.size()));
}

// An Asian chase value has no line: the winner's moves depend on which piece has been chased,
// which no table stores (docs/probe-api.md). The 车对马士象全 family has such positions only in
// tables too large for the suite (KRKNABB, KRKNAABB: docs/rule-sets.md), so the first drawn
// position (Red to move) of a KAK table under `asian` is rewritten as a chase win; its line
// must stop at once with NoStrategy, where a Chinese chase win's line runs to a repetition.
TEST_CASE("the line of an Asian chase value is not claimed", "[probe][chase]") {
  const test::TempDir dir("asian-line");
  gen::GenOptions o;
  o.dir = dir.str();
  o.rules = RuleSet::Asian;
  const Material m = Material::parse("KAK");
  gen::generate({m}, o);
  const std::string path = table_path(dir.str(), m, TableKind::Wdl, RuleSet::Asian);
  const Index index(m);
  Position pos, drawn;
  {
    const auto file = TableFile::open(path);
    std::vector<uint8_t> codes[2];
    for (int side = 0; side < 2; ++side) {
      codes[side].resize(file->header().slots_per_side);
      file->read(side, 0, codes[side].size(), codes[side].data());
    }
    std::vector<uint64_t> draws;  // the first two, Red to move
    for (uint64_t slot = 0; slot < codes[0].size() && draws.size() < 2; ++slot) {
      Position p;
      if (Wdl(codes[0][slot]) != Wdl::Draw || !index.decode(slot, p)) continue;
      p.set_side_to_move(Red);
      if (!p.legality_error().empty()) continue;
      (draws.empty() ? pos : drawn) = p;
      draws.push_back(slot);
    }
    REQUIRE(draws.size() == 2);
    codes[0][draws[0]] = uint8_t(Wdl::ChaseWin);
    gen::write_table(path, file->header(), {codes[0].data(), codes[1].data()}, {nullptr, nullptr});
  }
  const Tablebase tb({dir.str()});
  REQUIRE(tb.probe_wdl(pos) == Wdl::ChaseWin);
  const Line line = tb.principal_variation(pos);
  CHECK(line.moves.empty());
  CHECK(line.end == LineEnd::NoStrategy);
  // The other positions' lines are as before: a draw's runs on to a repetition.
  REQUIRE(tb.probe_wdl(drawn) == Wdl::Draw);
  const Line draw_line = tb.principal_variation(drawn);
  CHECK(draw_line.end == LineEnd::Repetition);
  CHECK(draw_line.moves.size() >= 4);
}
