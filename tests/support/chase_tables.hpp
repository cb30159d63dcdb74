// The generator's tables of a chase rule set against the brute-force reference
// (tests/reference/chase_ref.hpp) on every position of a material and its sub-materials: the
// value class (which rule decided included) everywhere, the DTM and DTC where the value is
// forced. Shared by the Chinese and the Asian table tests.
#pragma once

#include <array>
#include <catch2/catch.hpp>
#include <memory>
#include <string>

#include "generator/solve.hpp"
#include "reference/chase_ref.hpp"

namespace xq::test {

// Compares every node of the reference with the generator's tables under `rules`; returns the
// number of chase-decided positions among them (for the callers that expect some).
inline uint64_t compare_chase_tables(const ref::ChaseRef& want, const std::string& name,
                                     RuleSet rules) {
  const gen::TableSet got =
      gen::solve_closure(Material::parse(name), rules, [](const char*, int) {});
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
  INFO(name << " (" << rule_set_name(rules) << "): " << want.size() << " positions compared");
  CHECK(mismatches == 0);
  return chase_decided;
}

inline uint64_t compare_chase_tables(const std::string& name, RuleSet rules) {
  return compare_chase_tables(ref::ChaseRef(name, rules), name, rules);
}

// The same under the Chinese and the Asian rules on one reference solve (the plain and
// check-rule values, common to both): {Chinese, Asian} chase-decided counts.
inline std::array<uint64_t, 2> compare_chinese_and_asian_tables(const std::string& name) {
  const auto base = std::make_shared<const ref::RefSolver>(name, int(kNaturalLimitPlies), true);
  std::array<uint64_t, 2> out{};
  out[0] = compare_chase_tables(ref::ChaseRef(base, RuleSet::Chinese), name, RuleSet::Chinese);
  out[1] = compare_chase_tables(ref::ChaseRef(base, RuleSet::Asian), name, RuleSet::Asian);
  return out;
}

}  // namespace xq::test
