#include "generator/solve.hpp"

#include <stdexcept>

namespace xq::gen {

std::unique_ptr<SolvedTable> solve_table(const Material& canonical, const TableSet& set,
                                         RuleSet rules, const Progress& progress) {
  SerialPartition whole;
  return solve_table(canonical, set, rules, progress, whole);
}

std::unique_ptr<SolvedTable> solve_table(const Material& canonical, const TableSet& set,
                                         RuleSet rules, const Progress& progress, Partition& part) {
  // RuleSet gained Asian and Chinese for the move classifier (docs/rules.md); tables under them
  // are the chase-tables issue. Refused before any work, rather than solved without the rule.
  if (rules != RuleSet::None && rules != RuleSet::Check)
    throw std::invalid_argument("tables are built under the none and check rules only");
  auto table = std::make_unique<SolvedTable>(canonical);
  solve_plain(*table, set, progress, part);
  if (rules == RuleSet::Check) solve_check_rule(*table, set, progress, part);
  return table;
}

TableSet solve_closure(const Material& m, RuleSet rules, const Progress& progress) {
  TableSet set;
  for (const Material& sub : capture_closure(m)) set.add(solve_table(sub, set, rules, progress));
  return set;
}

}  // namespace xq::gen
