// Tables under the chase rule sets (generator/chinese_rule_stage.hpp, asian_rule_stage.hpp): the
// files do not depend on the thread count, and the chase stage only adds to the check-rule values:
// with ChaseWin and ChaseLoss read as draws, a Chinese closure holds the check closure's values,
// RuleWin meaning "won by the perpetual-check rule alone" in both.
#include <catch2/catch.hpp>

#include "generator/chinese_rule_stage.hpp"
#include "generator/generate.hpp"
#include "generator/solve.hpp"
#include "rules/chase_game.hpp"
#include "support/table_dir.hpp"

using namespace xq;
using xq::test::TempDir;
namespace {

const gen::Progress kQuiet = [](const char*, int) {};

void generate_tables(const std::string& dir, const std::string& material, int threads,
                     RuleSet rules = RuleSet::Chinese) {
  gen::GenOptions o;
  o.dir = dir;
  o.threads = threads;
  o.rules = rules;
  gen::generate({Material::parse(material)}, o);
}

}  // namespace

TEST_CASE("chinese tables: 1 and 2 threads write byte-identical files",
          "[generator][chase][slow]") {
  TempDir one("chinese1"), two("chinese2");
  generate_tables(one.str(), "KRKNA", 1);
  generate_tables(two.str(), "KRKNA", 2);
  int files = 0;
  CHECK(xq::test::differing_tables(one.path, two.path, files).empty());
  CHECK(files >= 3 * 8);  // KRKNA and its closure: WDL, DTM and DTC each
}

// KNKPP: its Asian stage decides 400,000 positions (docs/rule-sets.md).
TEST_CASE("asian tables: 1 and 2 threads write byte-identical files", "[generator][chase][slow]") {
  TempDir one("asian1"), two("asian2");
  generate_tables(one.str(), "KNKPP", 1, RuleSet::Asian);
  generate_tables(two.str(), "KNKPP", 2, RuleSet::Asian);
  int files = 0;
  CHECK(xq::test::differing_tables(one.path, two.path, files).empty());
  CHECK(files >= 3 * 6);  // KNKPP and its closure: WDL, DTM and DTC each
}

TEST_CASE("chinese tables keep the check-rule values and add chase values",
          "[generator][chase][slow]") {
  const Material m = Material::parse("KRKNA");
  const gen::TableSet check = gen::solve_closure(m, RuleSet::Check, kQuiet);
  const gen::TableSet chinese = gen::solve_closure(m, RuleSet::Chinese, kQuiet);
  uint64_t compared = 0, mismatches = 0, rule = 0;
  for (const Material& sub : capture_closure(m)) {
    const gen::SolvedTable& a = *check.find(sub);
    const gen::SolvedTable& b = *chinese.find(sub);
    for (int side = 0; side < 2; ++side)
      for (uint64_t slot = 0; slot < a.index.size(); ++slot) {
        const Wdl x = a.wdl[side][slot], y = b.wdl[side][slot];
        const bool same =
            is_chase_decided(y)
                ? x == Wdl::Draw
                : x == y && (x == Wdl::Draw || a.distance[side][slot] == b.distance[side][slot]);
        mismatches += !same;
        rule += is_rule_decided(x);
        compared += x != Wdl::Illegal;
      }
  }
  CHECK(compared > 1000000);
  CHECK(rule > 0);  // the check rule decides positions in KRKNA's closure
  CHECK(mismatches == 0);
}

// The chase stage's cornered set against its definition computed the slow way on the explicit
// move graph of the draws: the complement of the opponent's Büchi region for idle moves, by
// rounds of attractors. In KRKCA it is empty in both games, though hundreds of positions there
// are outside the opponent's idle-safe set (the opponent holds them by idling every other
// move); tests/test_buchi_region.cpp has graphs where it is not empty.
TEST_CASE("chase stage: the cornered sets equal naive fixpoints", "[generator][chase][slow]") {
  const Material m = Material::parse("KRKCA");
  const gen::TableSet set = gen::solve_closure(m, RuleSet::Check, kQuiet);
  gen::SolvedTable t = *set.find(m);  // the check values: the chase stage's input
  const uint64_t n = t.index.size();
  std::vector<uint8_t> draws(2 * n);
  for (int side = 0; side < 2; ++side)
    for (uint64_t slot = 0; slot < n; ++slot)
      draws[side * n + slot] = t.wdl[side][slot] == Wdl::Draw;
  // Per draw: its quiet moves into draws (target, idle) and its captures' values.
  struct Moves {
    std::vector<std::pair<uint64_t, bool>> quiet;
    bool capture_holds = false, capture_wins = false;  // for the opponent / the winner
  };
  uint64_t unsafe[2] = {0, 0}, cornered[2] = {0, 0};
  for (const Color winner : {Red, Black}) {
    std::vector<Moves> moves(2 * n);
    gen::SlotCursor cur(t.index);
    for (uint64_t g = 0; g < 2 * n; ++g) {
      if (!draws[g]) continue;
      const Color side = Color(g >= n);
      cur.load(g % n, side);
      Position& pos = cur.pos();
      for (const Move mv : pos.legal_moves()) {
        if (pos.is_capture(mv)) {
          const Wdl w = set.probe(pos.after(mv)).wdl;
          if (side != winner && !is_win(w)) moves[g].capture_holds = true;
          if (side == winner && is_loss(w)) moves[g].capture_wins = true;
          continue;
        }
        const uint64_t to = uint64_t(~side) * n + cur.slot_with_move(mv.from, mv.to);
        if (draws[to])
          moves[g].quiet.emplace_back(to, move_class(move_facts(pos, mv, RuleSet::Chinese),
                                                     RuleSet::Chinese) == MoveClass::Idle);
      }
    }
    // The idle-safe set: the opponent idles on each of its turns, the winner cannot leave.
    std::vector<uint8_t> safe = draws;
    for (bool changed = true; changed;) {
      changed = false;
      for (uint64_t g = 0; g < 2 * n; ++g) {
        if (!safe[g]) continue;
        bool ok = Color(g >= n) == winner ? !moves[g].capture_wins : moves[g].capture_holds;
        for (const auto& [to, idle] : moves[g].quiet)
          if (Color(g >= n) == winner)
            ok = ok && safe[to];
          else
            ok = ok || (idle && safe[to]);
        if (!ok) safe[g] = 0, changed = true;
      }
    }
    // The Büchi region: rounds of the opponent's attractor to its idle moves within Y.
    std::vector<uint8_t> y = draws;
    for (bool shrunk = true; shrunk;) {
      std::vector<uint8_t> attr(2 * n, 0);
      for (uint64_t g = 0; g < 2 * n; ++g)
        if (y[g] && Color(g >= n) != winner) {
          attr[g] = moves[g].capture_holds;
          for (const auto& [to, idle] : moves[g].quiet) attr[g] |= idle && y[to];
        }
      for (bool grew = true; grew;) {
        grew = false;
        for (uint64_t g = 0; g < 2 * n; ++g) {
          if (!y[g] || attr[g]) continue;
          bool in = Color(g >= n) == winner ? !moves[g].capture_wins : false;
          for (const auto& [to, idle] : moves[g].quiet)
            if (Color(g >= n) == winner)
              in = in && attr[to];
            else
              in = in || attr[to];
          if (in) attr[g] = 1, grew = true;
        }
      }
      shrunk = attr != y;
      y = attr;
    }
    for (uint64_t g = 0; g < 2 * n; ++g) {
      unsafe[winner] += draws[g] && !safe[g];
      cornered[winner] += draws[g] && !y[g];
    }
  }
  const gen::ChineseStageSizes sizes = gen::solve_chinese_rule(t, set, kQuiet);
  for (const Color winner : {Red, Black}) {
    CHECK(unsafe[winner] > 0);     // what the Büchi region adds to the idle-safe set
    CHECK(cornered[winner] == 0);  // Y is all the draws: no explicit game at all
    CHECK(sizes.cornered[winner] == cornered[winner]);
  }
}
