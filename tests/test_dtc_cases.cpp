// Hand-made natural-limit cases: positions found in the generated tables, asserted in the
// generator and the brute-force reference solver at limits just below, at and above their DTC
// (the same recurrence as the 120-ply limit, docs/metrics.md): a mate on the last ply of the
// limit counts, a conversion one ply beyond it is cursed (or blessed), and the 120-ply value.
#include <catch2/catch.hpp>

#include "generator/solve.hpp"
#include "reference/ref_solver.hpp"

using namespace xq;

namespace {

struct LimitValue {
  Wdl wdl;
  unsigned dtc;
};

// The generator's class and DTC of fen under the given limit, after checking that the
// reference solver agrees.
LimitValue value_under(const char* material, unsigned limit, const char* fen) {
  const Position pos = Position::from_fen(fen);
  const gen::TableSet set = gen::solve_closure(
      Material::parse(material), RuleSet::None, [](const char*, int) {}, limit);
  const gen::Outcome o = set.probe(pos, true);
  const auto want = ref::RefSolver(material, int(limit)).probe(pos);
  REQUIRE(want);
  INFO(fen << " limit " << limit);
  CHECK(is_forced(o.wdl));
  CHECK(is_limit_drawn(o.wdl) == !want->within_limit);
  CHECK(int(o.distance) == want->dtc);
  return {o.wdl, o.distance};
}

void check(const char* material, unsigned limit, const char* fen, Wdl wdl, unsigned dtc) {
  const LimitValue v = value_under(material, limit, fen);
  INFO(fen << " limit " << limit);
  CHECK(v.wdl == wdl);
  CHECK(v.dtc == dtc);
}

}  // namespace

// Ra0-a7 (DTM 3): the rook mates on the third ply. Within a 3-ply limit the mate on its last
// ply counts; with 2 plies it is cursed, its unlimited DTC still 3.
TEST_CASE("a mate on the last ply of the limit counts", "[dtc]") {
  const char* mate_in_3 = "9/9/4k4/9/9/9/9/9/9/R2K5 w - - 0 1";
  check("KRK", kNaturalLimitPlies, mate_in_3, Wdl::Win, 3);
  check("KRK", 4, mate_in_3, Wdl::Win, 3);
  check("KRK", 3, mate_in_3, Wdl::Win, 3);
  check("KRK", 2, mate_in_3, Wdl::CursedWin, 3);
  // The loser's side: Black to move is mated on the second ply.
  const char* mated_in_2 = "3k5/3R5/9/9/9/9/9/9/9/3K5 b - - 0 1";
  check("KRK", 2, mated_in_2, Wdl::Loss, 2);
  check("KRK", 1, mated_in_2, Wdl::BlessedLoss, 2);
}

// KRKN: Red wins the horse (or mates) in 11 plies at best, DTM 13. The win needs exactly the
// limit at 11, one ply less than it at 12, one more at 10 (cursed).
TEST_CASE("a conversion one ply inside, at and beyond the limit", "[dtc][slow]") {
  const char* win_11 = "9/9/4k4/9/9/9/9/9/9/R2Kn4 w - - 0 1";
  check("KRKN", kNaturalLimitPlies, win_11, Wdl::Win, 11);
  check("KRKN", 12, win_11, Wdl::Win, 11);
  check("KRKN", 11, win_11, Wdl::Win, 11);
  check("KRKN", 10, win_11, Wdl::CursedWin, 11);
}

// A blessed loss: Black to move loses the horse or is mated only after 14 plies of defence
// (DTM 16), so a 13-ply limit saves it; with 14 plies it is lost. Its DTC without the limit
// stays 14.
TEST_CASE("a blessed loss", "[dtc][slow]") {
  const char* loss_14 = "9/9/3k5/9/9/3n5/9/9/9/R2K5 b - - 0 1";
  check("KRKN", kNaturalLimitPlies, loss_14, Wdl::Loss, 14);
  check("KRKN", 14, loss_14, Wdl::Loss, 14);
  check("KRKN", 13, loss_14, Wdl::BlessedLoss, 14);
}
