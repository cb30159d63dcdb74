// Solving one material from its solved sub-tables, and whole capture closures in memory.
#pragma once

#include <functional>
#include <memory>

#include "generator/check_rule_stage.hpp"
#include "generator/dtc_solver.hpp"

namespace xq::gen {

// The plain and rule values of a canonical material whose sub-materials are all in `set`, under
// the given rule set (RuleSet::Check: plain values, then the perpetual-check rule on the plain
// draws), with DTM, over the ranks of `part` (collective: each rank's table holds its share);
// the classes are not yet split by the natural limit (solve_dtc does that). Under a rule set,
// release_sub_tables is called once the plain stage is done: the check rule's stage reads
// nothing of `set` (solve_plain's draw hints hold what it needs) and the chase stages only the
// sub-tables' classes (the argument, true under chinese and asian), so the caller may free the
// sub-tables, or their distances, for them and load them back for the DTC stage.
std::unique_ptr<SolvedTable> solve_values(
    const Material& canonical, const TableSet& set, RuleSet rules, const Progress& progress,
    Partition& part, const std::function<void(bool classes)>& release_sub_tables = {});

// solve_values in this process, then solve_dtc: the table's final classes, DTM and DTC
// (limit_plies: see solve_dtc).
std::unique_ptr<SolvedTable> solve_table(const Material& canonical, const TableSet& set,
                                         RuleSet rules, const Progress& progress,
                                         unsigned limit_plies = kNaturalLimitPlies);

// Solves m and every material its captures lead to, in dependency order, in memory.
TableSet solve_closure(const Material& m, RuleSet rules, const Progress& progress,
                       unsigned limit_plies = kNaturalLimitPlies);

}  // namespace xq::gen
