// The generator under the Chinese rule set (issue 15) against the chase reference
// (tests/reference/chase_ref.hpp) on every position of small materials and their sub-materials:
// the value class (which rule decided included) everywhere, the DTM and DTC where the value is
// forced.
#include <catch2/catch.hpp>

#include "generator/solve.hpp"
#include "reference/chase_ref.hpp"
#include "support/chase_tables.hpp"

using namespace xq;

// Times (reference + generator + comparison, Release, loaded 2-core machine) in
// docs/rule-sets.md. None of these materials has a chase-decided position, so these cases check
// that the chase stage changes nothing where nothing changes (docs/rule-sets.md).
TEST_CASE("chinese tables equal brute force on 3-piece materials", "[chase_tables]") {
  for (const char* m : {"KRK", "KNK", "KCK", "KPK", "KAK", "KBK"})
    CHECK(test::compare_chase_tables(m, RuleSet::Chinese) == 0);
}

TEST_CASE("chinese tables equal brute force on defended 4-piece materials",
          "[chase_tables][slow]") {
  for (const char* m : {"KRKA", "KRKB", "KNKA", "KCKA", "KNKB", "KCKB"})
    CHECK(test::compare_chase_tables(m, RuleSet::Chinese) == 0);
}

TEST_CASE("chinese tables equal brute force on KRKN, KRKC, KRKP", "[chase_tables][slow]") {
  for (const char* m : {"KRKN", "KRKC", "KRKP"})
    CHECK(test::compare_chase_tables(m, RuleSet::Chinese) == 0);
}

TEST_CASE("chinese tables equal brute force on pawn endings, KRKAA, KRKBB",
          "[chase_tables][slow]") {
  for (const char* m : {"KNKP", "KCKP", "KPKP", "KRKAA", "KRKBB"})
    CHECK(test::compare_chase_tables(m, RuleSet::Chinese) == 0);
}

// About a minute each or more: by hand (`xqtb_tests "[chase_tables_large]"`), outside CI's
// budget.
TEST_CASE("chinese tables equal brute force on large materials", "[.][chase_tables_large]") {
  for (const char* m :
       {"KNKN", "KNKC", "KCKC", "KRKR", "KRKNA", "KRKCA", "KRKNB", "KRKCB", "KRKCAA"})
    CHECK(test::compare_chase_tables(m, RuleSet::Chinese) == 0);
}
