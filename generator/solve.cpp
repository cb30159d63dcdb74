#include "generator/solve.hpp"

#include <malloc.h>

#include <stdexcept>

namespace xq::gen {

std::unique_ptr<SolvedTable> solve_values(const Material& canonical, const TableSet& set,
                                          RuleSet rules, const Progress& progress,
                                          Partition& part) {
  // RuleSet gained Asian and Chinese for the move classifier (docs/rules.md); tables under them
  // are the chase-tables issue. Refused before any work, rather than solved without the rule.
  if (rules != RuleSet::None && rules != RuleSet::Check)
    throw std::invalid_argument("tables are built under the none and check rules only");
  auto table = std::make_unique<SolvedTable>(canonical);
  solve_plain(*table, set, progress, part);
  if (rules == RuleSet::Check) solve_check_rule(*table, set, progress, part);
  // The rule stage's lists are freed blocks inside the threads' heaps, which glibc keeps (40 MB
  // on KRKCAABB); the DTC stage and the write mask that follow would add to them at the peak.
  malloc_trim(0);
  return table;
}

std::unique_ptr<SolvedTable> solve_table(const Material& canonical, const TableSet& set,
                                         RuleSet rules, const Progress& progress,
                                         unsigned limit_plies) {
  SerialPartition whole;
  auto table = solve_values(canonical, set, rules, progress, whole);
  solve_dtc(*table, set, progress, limit_plies);
  return table;
}

TableSet solve_closure(const Material& m, RuleSet rules, const Progress& progress,
                       unsigned limit_plies) {
  TableSet set;
  for (const Material& sub : capture_closure(m))
    set.add(solve_table(sub, set, rules, progress, limit_plies));
  return set;
}

}  // namespace xq::gen
