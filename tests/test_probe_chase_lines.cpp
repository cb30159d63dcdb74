// The probe's line from a chase win, through the adjudicator (issue 15 "Probe, PV and verify"):
// from sampled ChaseWin positions of KRKCC under the Chinese rules (车对双炮, where Fang found
// the Chinese rules to change values), the winner plays its best move and the loser its
// longest resistance until a position repeats; the adjudicator must rule that the loser
// violated and never judge the winner's moves a violation.
#include <catch2/catch.hpp>
#include <cstdlib>

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

// Under the Asian rules the winner's strategy needs the chased-piece registers, which the probe
// rebuilds by solving the register game of the start's chase component (probe/asian_line.hpp).
namespace {

struct LineCounts {
  int lines = 0, repeated = 0, winner_chases = 0;
};

// Lines from every `stride`-th Asian chase-decided position of m in slot order, at most `count`
// with the winner to move and `count` with the loser to move, and from their colour-flipped
// images (the same table, the other colour winning): each must end in a repetition the
// adjudicator rules against the loser, never the winner, or leave the chase game into the
// loser's mate; best_move from the start is the line's first move.
LineCounts check_asian_lines(const Tablebase& tb, const Material& m, uint64_t stride,
                             size_t count) {
  const Index index(m);
  std::vector<Position> starts[2];  // [winner to move], flipped images included
  uint64_t seen[2] = {};
  const auto full = [&](bool winner_moves) { return starts[winner_moves].size() == 2 * count; };
  for (uint64_t slot = 0; slot < index.size() && !(full(false) && full(true)); ++slot) {
    Position pos;
    if (!index.decode(slot, pos)) continue;
    for (const Color side : {Red, Black}) {
      pos.set_side_to_move(side);
      if (!pos.legality_error().empty()) continue;
      const Wdl w = *tb.probe_wdl(pos);
      if (!is_chase_decided(w)) continue;
      const bool winner_moves = w == Wdl::ChaseWin;
      if (seen[winner_moves]++ % stride != 0 || full(winner_moves)) continue;
      starts[winner_moves].push_back(pos);
      starts[winner_moves].push_back(pos.colour_flipped());
    }
  }
  LineCounts n;
  for (const bool winner_moves : {true, false}) {
    INFO((winner_moves ? "winner" : "loser") << " to move");
    REQUIRE(starts[winner_moves].size() == 2 * count);
    for (const Position& start : starts[winner_moves]) {
      INFO(start.fen());
      const Color winner = winner_moves ? start.side_to_move() : ~start.side_to_move();
      const Line line = tb.principal_variation(start);
      REQUIRE(line.complete());
      ++n.lines;
      CHECK(tb.best_move(start).best.move == line.moves.front());
      // The report's unlimited order puts the register game's move first, as root_moves does
      // (on a few lines: each solves the register game again).
      if (n.lines % 8 == 1) {
        const RootReport report = tb.root_report(start, 0);
        CHECK(report.unlimited.moves.front().move == line.moves.front());
        CHECK(int(report.unlimited.moves.size()) == start.legal_moves().size);
      }
      if (line.end == LineEnd::NoLegalMove) {
        Position end = start;
        for (const Move mv : line.moves) end.make(mv);
        CHECK(end.side_to_move() == ~winner);  // the loser mated or stalemated
        continue;
      }
      REQUIRE(line.end == LineEnd::Repetition);
      ++n.repeated;
      const Adjudication a = adjudicate(start, line.moves, RuleSet::Asian);
      INFO(adjudication_reason(a));
      REQUIRE(a.repetition);
      CHECK(a.verdict == (winner == Red ? CycleVerdict::BlackLoses : CycleVerdict::RedLoses));
      CHECK(a.judgement.offender == ~winner);
      CHECK(a.judgement.sides[~winner].violation != Violation::None);
      // The winner may chase perpetually against the loser's perpetual check (docs/rules.md R8:
      // check ranks above chase); the ruling is then against the loser alone.
      if (a.judgement.sides[winner].violation != Violation::None) {
        CHECK(a.judgement.sides[~winner].violation == Violation::Check);
        ++n.winner_chases;
      }
    }
  }
  return n;
}

}  // namespace

// KNKPP (马对双兵) is the smallest ending found where the Asian rules decide positions
// (docs/rule-sets.md); all of them are won by the pawns (the horse may not chase for ever), and
// their flipped images by Red.
TEST_CASE("Asian chase lines repeat by the loser's violation, never the winner's",
          "[big][probe][chase]") {
  const test::TempDir dir("asian-lines");
  gen::GenOptions o;
  o.dir = dir.str();
  o.rules = RuleSet::Asian;
  const Material m = Material::parse("KNKPP");
  gen::generate({m}, o);
  const LineCounts n = check_asian_lines(Tablebase({dir.str()}), m, 1000, 12);
  CHECK(n.lines == 48);
  CHECK(n.repeated * 2 > n.lines);
}

// The same on tables built elsewhere (the 车对马士象全 family's KRKNABB and KRKNAABB under
// `asian`, docs/rule-sets.md): XQTB_LINES_DIR, XQTB_LINES_MATERIAL, XQTB_LINES_STRIDE.
TEST_CASE("Asian chase lines of a table directory", "[.][asian_lines_dir]") {
  const char* dir = std::getenv("XQTB_LINES_DIR");
  const char* material = std::getenv("XQTB_LINES_MATERIAL");
  REQUIRE(dir);
  REQUIRE(material);
  const char* stride = std::getenv("XQTB_LINES_STRIDE");
  const LineCounts n =
      check_asian_lines(Tablebase({dir}, BlockCache::kDefaultBytes, RuleSet::Asian),
                        Material::parse(material), stride ? std::stoull(stride) : 100, 25);
  WARN(material << ": " << n.lines << " lines, " << n.repeated << " end in a repetition, "
                << n.winner_chases << " with the winner chasing against perpetual check");
}
