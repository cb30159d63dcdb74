// The verdict tables of judge_cycle on hand-made cycle facts (no classifier involved): which
// side offends under check, asian and chinese, and the Asian same-piece test with the chased
// piece followed through its own moves.
#include <catch2/catch.hpp>
#include <vector>

#include "core/notation.hpp"
#include "rules/cycle_verdict.hpp"

using namespace xq;

namespace {

Square sq(const char* name) {
  return make_square(name[0] - 'a', name[1] - '0');
}

// One ply: mover, ICCS move, class, points chased after the move (and the pinned rooks).
CyclePly ply(Color mover, const char* iccs, MoveClass cls, std::vector<const char*> chased = {},
             std::vector<const char*> pinned_rooks = {}) {
  CyclePly p;
  p.move = parse_iccs(iccs);
  p.mover = mover;
  p.cls = cls;
  p.facts.check = cls == MoveClass::Check;
  p.facts.kill = cls == MoveClass::Kill;
  for (const char* s : chased) p.facts.chased.set(sq(s));
  for (const char* s : pinned_rooks) {
    p.facts.chased.set(sq(s));
    p.facts.chased_pinned_rook.set(sq(s));
  }
  return p;
}

constexpr MoveClass kCheck = MoveClass::Check, kKill = MoveClass::Kill, kChase = MoveClass::Chase,
                    kIdle = MoveClass::Idle;

// A four-ply cycle: Red a, Black b, Red c, Black d.
template <class... Plies>
std::vector<CyclePly> cycle(Plies... plies) {
  return {plies...};
}

// A Red rook shuttling b5-b6 chases a black piece that shuttles c6-c5 (the same piece on both
// Red moves, followed through its own move); Black's moves are idle.
std::vector<CyclePly> same_piece_chase() {
  return cycle(ply(Red, "b5b6", kChase, {"c6"}), ply(Black, "c6c5", kIdle),
               ply(Red, "b6b5", kChase, {"c5"}), ply(Black, "c5c6", kIdle));
}

}  // namespace

TEST_CASE("asian: a chase of one and the same piece, followed through its moves, violates",
          "[adjudicate][verdict]") {
  const CycleJudgement j = judge_cycle(same_piece_chase(), RuleSet::Asian);
  CHECK(j.sides[Red].violation == Violation::Chase);
  CHECK(j.sides[Black].violation == Violation::None);
  REQUIRE(j.offender);
  CHECK(*j.offender == Red);
  // The piece is named by its point in the cycle's first position (c6, before it moved).
  const geo::SquareSet& chased = j.sides[Red].chased_always;
  CHECK(chased.test(sq("c6")));
  CHECK(chased.at_most_one());
  CHECK(j.sides[Red].class_count[size_t(kChase)] == 2);
  CHECK(j.sides[Red].moves == 2);
}

TEST_CASE("asian: chasing a different piece on each move is allowed, under chinese forbidden",
          "[adjudicate][verdict]") {
  // Red chases the piece on c6 first; the piece on c5 (not the one that stood on c6: Black
  // moved another piece, d9-d8) on the second move.
  const auto plies = cycle(ply(Red, "b5b6", kChase, {"c6"}), ply(Black, "d9d8", kIdle),
                           ply(Red, "b6b5", kChase, {"c5"}), ply(Black, "d8d9", kIdle));
  const CycleJudgement asian = judge_cycle(plies, RuleSet::Asian);
  CHECK(asian.sides[Red].violation == Violation::None);
  CHECK(asian.sides[Red].chased_always.empty());
  CHECK(!asian.offender);
  const CycleJudgement chinese = judge_cycle(plies, RuleSet::Chinese);
  CHECK(chinese.sides[Red].violation == Violation::Chase);
  REQUIRE(chinese.offender);
  CHECK(*chinese.offender == Red);
}

TEST_CASE("a point chased twice is not the same piece when another piece came there",
          "[adjudicate][verdict]") {
  // Red chases on every move: X on c6, then Y on d6, then Y again after it came to c6, then X
  // on c5 (X went c6-c5 and comes back; Y went d6-c6 and goes back). c6 is chased twice, but by
  // pieces X and Y are each chased on two of Red's four moves: no Asian perpetual chase; under
  // the Chinese rules chasing several pieces is forbidden all the same.
  const auto plies = cycle(ply(Red, "b5b6", kChase, {"c6"}), ply(Black, "c6c5", kIdle),
                           ply(Red, "b6b5", kChase, {"d6"}), ply(Black, "d6c6", kIdle),
                           ply(Red, "b5b6", kChase, {"c6"}), ply(Black, "c6d6", kIdle),
                           ply(Red, "b6b5", kChase, {"c5"}), ply(Black, "c5c6", kIdle));
  const CycleJudgement j = judge_cycle(plies, RuleSet::Asian);
  CHECK(j.sides[Red].chased_always.empty());
  CHECK(j.sides[Red].chased_sometimes.test(make_square(2, 6)));  // X, by its first point
  CHECK(j.sides[Red].chased_sometimes.test(make_square(3, 6)));  // Y
  CHECK(j.sides[Red].violation == Violation::None);
  CHECK(!j.offender);
  const CycleJudgement chinese = judge_cycle(plies, RuleSet::Chinese);
  REQUIRE(chinese.offender);
  CHECK(*chinese.offender == Red);
}

TEST_CASE("check mixed with chase: allowed under asian, forbidden under chinese",
          "[adjudicate][verdict]") {
  const auto plies = cycle(ply(Red, "b5b6", kCheck), ply(Black, "c6c5", kIdle),
                           ply(Red, "b6b5", kChase, {"c5"}), ply(Black, "c5c6", kIdle));
  CHECK(!judge_cycle(plies, RuleSet::Asian).offender);
  CHECK(!judge_cycle(plies, RuleSet::Check).offender);
  const CycleJudgement chinese = judge_cycle(plies, RuleSet::Chinese);
  CHECK(chinese.sides[Red].violation == Violation::Mixed);
  REQUIRE(chinese.offender);
  CHECK(*chinese.offender == Red);
}

TEST_CASE("perpetual kill: idle under asian, forbidden under chinese", "[adjudicate][verdict]") {
  // Under asian move_class never gives Kill; the series of kills there is made of idle moves.
  const auto kills = cycle(ply(Red, "b5b6", kKill), ply(Black, "c6c5", kIdle),
                           ply(Red, "b6b5", kKill), ply(Black, "c5c6", kIdle));
  const CycleJudgement chinese = judge_cycle(kills, RuleSet::Chinese);
  CHECK(chinese.sides[Red].violation == Violation::Kill);
  REQUIRE(chinese.offender);
  CHECK(*chinese.offender == Red);
  CHECK(!judge_cycle(kills, RuleSet::Check).offender);
  // Kill and chase in turn (一杀一捉).
  const auto mix = cycle(ply(Red, "b5b6", kKill), ply(Black, "c6c5", kIdle),
                         ply(Red, "b6b5", kChase, {"c5"}), ply(Black, "c5c6", kIdle));
  CHECK(judge_cycle(mix, RuleSet::Chinese).sides[Red].violation == Violation::Mixed);
}

TEST_CASE("perpetual check loses against any other series, both checking draw",
          "[adjudicate][verdict]") {
  const auto check_vs_chase = cycle(ply(Red, "b5b6", kCheck), ply(Black, "c6c5", kChase, {"b6"}),
                                    ply(Red, "b6b5", kCheck), ply(Black, "c5c6", kChase, {"b5"}));
  for (const RuleSet rules : {RuleSet::Check, RuleSet::Asian, RuleSet::Chinese}) {
    const CycleJudgement j = judge_cycle(check_vs_chase, rules);
    REQUIRE(j.offender);
    CHECK(*j.offender == Red);
    CHECK(j.sides[Red].violation == Violation::Check);
  }
  // Black's chase series is a violation under asian and chinese, none under check.
  CHECK(judge_cycle(check_vs_chase, RuleSet::Asian).sides[Black].violation == Violation::Chase);
  CHECK(judge_cycle(check_vs_chase, RuleSet::Check).sides[Black].violation == Violation::None);
  const auto both = cycle(ply(Red, "b5b6", kCheck), ply(Black, "c6c5", kCheck),
                          ply(Red, "b6b5", kCheck), ply(Black, "c5c6", kCheck));
  for (const RuleSet rules : {RuleSet::Check, RuleSet::Asian, RuleSet::Chinese})
    CHECK(!judge_cycle(both, rules).offender);
  // Under None nothing is forbidden.
  CHECK(!judge_cycle(check_vs_chase, RuleSet::None).offender);
}

TEST_CASE("both sides chasing: a draw, unless one chases a rook held on a horse's leg",
          "[adjudicate][verdict]") {
  // Mutual chase (diagram 48): Red chases the piece shuttling c6-c5, Black's moves chase the
  // red rook.
  const auto mutual = cycle(ply(Red, "b5b6", kChase, {"c6"}), ply(Black, "c6c5", kChase, {"b6"}),
                            ply(Red, "b6b5", kChase, {"c5"}), ply(Black, "c5c6", kChase, {"b5"}));
  CHECK(!judge_cycle(mutual, RuleSet::Asian).offender);
  CHECK(!judge_cycle(mutual, RuleSet::Chinese).offender);
  // Red chases the black rook f8 standing on a horse's leg (survey C14, diagram 40): above a
  // plain chase, so Red is the offender.
  const auto pinned =
      cycle(ply(Red, "b6b8", kChase, {}, {"f8"}), ply(Black, "f9e8", kChase, {"g8"}),
            ply(Red, "b8b6", kChase, {}, {"f8"}), ply(Black, "e8f9", kChase, {"g8"}));
  const CycleJudgement j = judge_cycle(pinned, RuleSet::Asian);
  CHECK(j.sides[Red].violation == Violation::PinnedRookChase);
  CHECK(j.sides[Black].violation == Violation::Chase);
  REQUIRE(j.offender);
  CHECK(*j.offender == Red);
  // Chinese has no such tier: both forbidden, a draw.
  CHECK(!judge_cycle(pinned, RuleSet::Chinese).offender);
}

TEST_CASE("violation ranks by rule set", "[adjudicate][verdict]") {
  CHECK(violation_rank(Violation::None) == 0);
  CHECK(violation_rank(Violation::Chase) < violation_rank(Violation::PinnedRookChase));
  CHECK(violation_rank(Violation::PinnedRookChase) < violation_rank(Violation::Check));
  CHECK(violation_rank(Violation::Kill) == violation_rank(Violation::Chase));
  CHECK(violation_rank(Violation::Mixed) == violation_rank(Violation::Chase));
  CHECK(violation_rank(Violation::Mixed) < violation_rank(Violation::Check));
}
