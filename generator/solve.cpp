#include "generator/solve.hpp"

namespace xq::gen {

std::unique_ptr<SolvedTable> solve_table(const Material& canonical, const TableSet& set,
                                         RuleSet rules, const Progress& progress) {
  auto table = std::make_unique<SolvedTable>(canonical);
  solve_plain(*table, set, progress);
  if (rules == RuleSet::Check) solve_check_rule(*table, set, progress);
  return table;
}

TableSet solve_closure(const Material& m, RuleSet rules, const Progress& progress) {
  TableSet set;
  for (const Material& sub : capture_closure(m)) set.add(solve_table(sub, set, rules, progress));
  return set;
}

}  // namespace xq::gen
