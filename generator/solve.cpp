#include "generator/solve.hpp"

#include <malloc.h>

#include <stdexcept>
#include <string>

#include "generator/asian_rule_stage.hpp"
#include "generator/chinese_rule_stage.hpp"

namespace xq::gen {

std::unique_ptr<SolvedTable> solve_values(
    const Material& canonical, const TableSet& set, RuleSet rules, const Progress& progress,
    Partition& part, const std::function<void(bool classes)>& release_sub_tables) {
  // The chase stages work on whole tables: refused before any work, rather than solved
  // without the rule.
  if ((rules == RuleSet::Chinese || rules == RuleSet::Asian) && part.ranks() > 1)
    throw std::invalid_argument(std::string("the ") + rule_set_name(rules) +
                                " rule set is not built over MPI ranks yet");
  auto table = std::make_unique<SolvedTable>(canonical);
  solve_plain(*table, set, progress, part);
  if (rules != RuleSet::None && release_sub_tables) release_sub_tables(rules != RuleSet::Check);
  // The chase stages read the capture targets' classes, which stay beside the check rule's.
  const bool targets_held = rules == RuleSet::Chinese || rules == RuleSet::Asian;
  if (rules != RuleSet::None) solve_check_rule(*table, progress, part, targets_held);
  if (rules == RuleSet::Chinese) solve_chinese_rule(*table, set, progress);
  if (rules == RuleSet::Asian) solve_asian_rule(*table, set, progress);
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
