// Tables under the Chinese rule set (generator/chase_solver.hpp): the files do not depend on the
// thread count, and the chase stage only adds to the check-rule values: with ChaseWin and
// ChaseLoss read as draws, a Chinese closure holds the check closure's values, RuleWin meaning
// "won by the perpetual-check rule alone" in both.
#include <catch2/catch.hpp>

#include "generator/chase_solver.hpp"
#include "generator/generate.hpp"
#include "generator/solve.hpp"
#include "rules/chase_game.hpp"
#include "support/table_dir.hpp"

using namespace xq;
using xq::test::TempDir;
namespace {

const gen::Progress kQuiet = [](const char*, int) {};

void generate_chinese(const std::string& dir, const std::string& material, int threads) {
  gen::GenOptions o;
  o.dir = dir;
  o.threads = threads;
  o.rules = RuleSet::Chinese;
  gen::generate({Material::parse(material)}, o);
}

}  // namespace

TEST_CASE("chinese tables: 1 and 2 threads write byte-identical files",
          "[generator][chase][slow]") {
  TempDir one("chinese1"), two("chinese2");
  generate_chinese(one.str(), "KRKNA", 1);
  generate_chinese(two.str(), "KRKNA", 2);
  int files = 0;
  CHECK(xq::test::differing_tables(one.path, two.path, files).empty());
  CHECK(files >= 3 * 8);  // KRKNA and its closure: WDL, DTM and DTC each
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

// The chase stage's cornered sets (an attractor with lazy witnesses) against the definition
// computed the slow way: the opponent's idle-safe set as a greatest fixpoint by rounds over
// the draws, its complement counted. KRKCA has cornered positions in both games.
TEST_CASE("chase stage: the cornered sets equal a naive greatest fixpoint",
          "[generator][chase][slow]") {
  const Material m = Material::parse("KRKCA");
  const gen::TableSet set = gen::solve_closure(m, RuleSet::Check, kQuiet);
  gen::SolvedTable t = *set.find(m);  // the check values: the chase stage's input
  const uint64_t n = t.index.size();
  uint64_t naive[2] = {0, 0};
  for (const Color winner : {Red, Black}) {
    std::vector<uint8_t> safe(2 * n);
    for (int side = 0; side < 2; ++side)
      for (uint64_t slot = 0; slot < n; ++slot)
        safe[side * n + slot] = t.wdl[side][slot] == Wdl::Draw;
    const std::vector<uint8_t> draws = safe;
    gen::SlotCursor cur(t.index);
    for (bool changed = true; changed;) {
      changed = false;
      for (uint64_t g = 0; g < 2 * n; ++g) {
        if (!safe[g]) continue;
        const Color side = Color(g >= n);
        cur.load(g % n, side);
        Position& pos = cur.pos();
        bool ok = side == winner;  // the opponent needs a way out, the winner must have none
        for (const Move mv : pos.legal_moves()) {
          if (pos.is_capture(mv)) {
            const Wdl w = set.probe(pos.after(mv)).wdl;
            if (side != winner && !is_win(w)) ok = true;
            if (side == winner && is_loss(w)) ok = false;
            continue;
          }
          const uint64_t to = uint64_t(~side) * n + cur.slot_with_move(mv.from, mv.to);
          if (side != winner && safe[to] &&
              move_class(move_facts(pos, mv, RuleSet::Chinese), RuleSet::Chinese) ==
                  MoveClass::Idle)
            ok = true;
          if (side == winner && draws[to] && !safe[to]) ok = false;
        }
        if (!ok) safe[g] = 0, changed = true;
      }
    }
    for (uint64_t g = 0; g < 2 * n; ++g) naive[winner] += draws[g] && !safe[g];
  }
  const gen::ChaseStageSizes sizes = gen::solve_chase_rule(t, set, kQuiet);
  CHECK(naive[Red] > 0);
  CHECK(naive[Black] > 0);
  CHECK(sizes.cornered[Red] == naive[Red]);
  CHECK(sizes.cornered[Black] == naive[Black]);
}
