// The optimized generator (index, mirror symmetry, parallel passes, rule fixpoint) against the
// brute-force reference solver on every position of small materials and their sub-materials.
#include <catch2/catch.hpp>

#include "generator/solve.hpp"
#include "reference/ref_solver.hpp"

using namespace xq;

namespace {

const gen::Progress kQuiet = [](const char*, int) {};

// Compares every reference node with the generator's value; returns the mismatch count.
void compare_with_reference(const std::string& name) {
  const ref::RefSolver ref(name);
  const gen::TableSet plain = gen::solve_closure(Material::parse(name), RuleSet::None, kQuiet);
  const gen::TableSet rule = gen::solve_closure(Material::parse(name), RuleSet::Check, kQuiet);
  uint64_t checked = 0, mismatches = 0;
  for (size_t i = 0; i < ref.size(); ++i) {
    const Position pos = ref.position(i);
    const ref::RefValue want = ref.value(i);
    const gen::Outcome p = plain.probe(pos), r = rule.probe(pos);
    const auto plain_ok = [&] {
      switch (want.plain) {
        case ref::Wdl::Win:
          return p.wdl == Wdl::Win && p.distance == want.dtm;
        case ref::Wdl::Loss:
          return p.wdl == Wdl::Loss && p.distance == want.dtm;
        default:
          return p.wdl == Wdl::Draw;
      }
    }();
    const auto rule_ok = [&] {
      if (!want.rule_decided)  // same as plain, with the plain DTM
        return r.wdl == p.wdl && (p.wdl == Wdl::Draw || r.distance == p.distance);
      return want.rule == ref::Wdl::Win ? r.wdl == Wdl::RuleWin : r.wdl == Wdl::RuleLoss;
    }();
    ++checked;
    if (plain_ok && rule_ok) continue;
    if (++mismatches <= 5)
      UNSCOPED_INFO(pos.fen() << " reference plain " << int(want.plain) << " dtm " << want.dtm
                              << " rule " << int(want.rule) << "; generator plain " << int(p.wdl)
                              << "/" << p.distance << " rule " << int(r.wdl));
  }
  INFO(name << ": " << checked << " positions compared");
  CHECK(checked == ref.size());
  CHECK(mismatches == 0);
}

}  // namespace

TEST_CASE("the generator refuses the asian and chinese rule sets", "[generator]") {
  for (const RuleSet r : {RuleSet::Asian, RuleSet::Chinese})
    CHECK_THROWS_AS(gen::solve_closure(Material::parse("KRK"), r, kQuiet), std::invalid_argument);
}

TEST_CASE("generator equals brute force on 3-piece materials", "[generator]") {
  for (const char* m : {"KRK", "KNK", "KCK", "KPK", "KAK", "KBK"}) compare_with_reference(m);
}

TEST_CASE("generator equals brute force on 4-piece materials", "[generator][slow]") {
  for (const char* m : {"KRKA", "KRKB", "KNKA", "KCKA", "KPKA", "KPKB", "KRKN", "KRKC", "KRKP",
                        "KNKP", "KCKP", "KNKB"})
    compare_with_reference(m);
}

TEST_CASE("generator equals brute force on 5-piece materials", "[generator][slow]") {
  for (const char* m : {"KRKAA", "KRKBB"}) compare_with_reference(m);
}
