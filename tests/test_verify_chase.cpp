// `verify` on the chase classes (generator/verify.cpp, rules/chase_game.hpp): codes 8 and 9 only
// in tables of the Asian and Chinese rule sets, and a chase win or loss that its successors do
// not bear out is found.
#include <catch2/catch.hpp>

#include "generator/solve.hpp"
#include "generator/verify.hpp"
#include "rules/chase_game.hpp"

using namespace xq;

namespace {

// KRKN and its closure under the check rule: in it the Chinese rules change nothing (issue 15),
// so it is a consistent Chinese table too. (Solved again in every test process: about 5 s.)
const gen::TableSet& krkn() {
  static const gen::TableSet set =
      gen::solve_closure(Material::parse("KRKN"), RuleSet::Check, [](const char*, int) {});
  return set;
}

// The first slot of side's positions stored as w (a legal one: the tables store Illegal
// elsewhere), and its position.
uint64_t first_of(const gen::SolvedTable& t, int side, Wdl w, Position& pos) {
  for (uint64_t slot = 0; slot < t.index.size(); ++slot)
    if (t.wdl[side][slot] == w) {
      t.index.decode(slot, pos);
      pos.set_side_to_move(Color(side));
      return slot;
    }
  FAIL("no position of that class");
  return 0;
}

}  // namespace

TEST_CASE(
    "verify takes a table without chase values under the Chinese rules and finds a draw "
    "turned into a chase win or loss",
    "[slow][verify][chase]") {
  gen::SolvedTable t = *krkn().find(Material::parse("KRKN"));
  CHECK(gen::verify_table(t, krkn(), RuleSet::Chinese).empty());
  Position pos;
  // Red to move, drawn: no move wins, so no move keeps any chase measure.
  const uint64_t slot = first_of(t, Red, Wdl::Draw, pos);
  t.wdl[Red][slot] = Wdl::ChaseWin;
  t.distance[Red][slot] = pack_chase_potential(kChaseMaxR5, kChaseMaxR3, kChaseMaxR1);
  auto problems = gen::verify_table(t, krkn(), RuleSet::Chinese);
  REQUIRE_FALSE(problems.empty());
  CHECK(problems[0].fen == pos.fen());
  CHECK_THAT(problems[0].problem,
             Catch::Contains("chase win without a move that keeps the chase measure"));
  // The same value in a check table is refused for what it is.
  problems = gen::verify_table(t, krkn(), RuleSet::Check);
  REQUIRE_FALSE(problems.empty());
  CHECK(problems[0].fen == pos.fen());
  CHECK_THAT(problems[0].problem,
             Catch::Contains("chase-decided value in a table built under the rule set check"));
  t.wdl[Red][slot] = Wdl::Draw;
  t.distance[Red][slot] = 0;
  // Black to move, drawn: some move keeps the draw, so it is no chase loss.
  const uint64_t black = first_of(t, Black, Wdl::Draw, pos);
  t.wdl[Black][black] = Wdl::ChaseLoss;
  t.distance[Black][black] = pack_chase_potential(1, 0, 0);
  // Red's draws that move into it are reported first (slot order): look past them.
  problems = gen::verify_table(t, krkn(), RuleSet::Chinese, 1000);
  REQUIRE_FALSE(problems.empty());
  bool found = false;
  for (const auto& p : problems)
    found |= p.fen == pos.fen() &&
             p.problem.find("chase loss with a move that does not lose") != std::string::npos;
  CHECK(found);
  problems = gen::verify_table(t, krkn(), RuleSet::None);
  REQUIRE_FALSE(problems.empty());
}
