// The generator under the Chinese rule set (issue 15) against the chase reference
// (tests/reference/chase_ref.hpp) on every position of small materials and their sub-materials:
// the value class (which rule decided included) everywhere, the DTM and DTC where the value is
// forced.
#include <catch2/catch.hpp>

#include "generator/solve.hpp"
#include "reference/chase_ref.hpp"

using namespace xq;

namespace {

const gen::Progress kQuiet = [](const char*, int) {};

// Compares every node of the reference with the generator's Chinese tables; returns the number
// of chase-decided positions among them (for the callers that expect some).
uint64_t compare_chinese(const std::string& name) {
  const ref::ChaseRef want(name);
  const gen::TableSet got = gen::solve_closure(Material::parse(name), RuleSet::Chinese, kQuiet);
  uint64_t mismatches = 0, chase_decided = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    const Position pos = want.position(i);
    const Wdl w = want.value(i);
    const ref::RefValue plain = want.base().value(i);
    const gen::Outcome g = got.probe(pos), dtc = got.probe(pos, true);
    chase_decided += is_chase_decided(w);
    if (g.wdl == w &&
        (!is_forced(w) || (int(g.distance) == plain.dtm && dtc.distance == plain.dtc)))
      continue;
    if (++mismatches <= 5)
      UNSCOPED_INFO(pos.fen() << ": reference " << int(w) << " dtm " << plain.dtm << " dtc "
                              << plain.dtc << ", generator " << int(g.wdl) << " distance "
                              << g.distance << " dtc " << dtc.distance);
  }
  INFO(name << ": " << want.size() << " positions compared");
  CHECK(mismatches == 0);
  return chase_decided;
}

}  // namespace

// Times (reference + generator + comparison, Release, loaded 2-core machine) in
// docs/rule-sets.md. None of these materials has a chase-decided position, so these cases check
// that the chase stage changes nothing where nothing changes (docs/rule-sets.md).
TEST_CASE("chinese tables equal brute force on 3-piece materials", "[chase_tables]") {
  for (const char* m : {"KRK", "KNK", "KCK", "KPK", "KAK", "KBK"}) CHECK(compare_chinese(m) == 0);
}

TEST_CASE("chinese tables equal brute force on defended 4-piece materials",
          "[chase_tables][slow]") {
  for (const char* m : {"KRKA", "KRKB", "KNKA", "KCKA", "KNKB", "KCKB"})
    CHECK(compare_chinese(m) == 0);
}

TEST_CASE("chinese tables equal brute force on KRKN, KRKC, KRKP", "[chase_tables][slow]") {
  for (const char* m : {"KRKN", "KRKC", "KRKP"}) CHECK(compare_chinese(m) == 0);
}

TEST_CASE("chinese tables equal brute force on pawn endings, KRKAA, KRKBB",
          "[chase_tables][slow]") {
  for (const char* m : {"KNKP", "KCKP", "KPKP", "KRKAA", "KRKBB"}) CHECK(compare_chinese(m) == 0);
}

// About a minute each or more: by hand (`xqtb_tests "[chase_tables_large]"`), outside CI's
// budget.
TEST_CASE("chinese tables equal brute force on large materials", "[.][chase_tables_large]") {
  for (const char* m :
       {"KNKN", "KNKC", "KCKC", "KRKR", "KRKNA", "KRKCA", "KRKNB", "KRKCB", "KRKCAA"})
    CHECK(compare_chinese(m) == 0);
}
