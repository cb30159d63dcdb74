// Solving one material from its solved sub-tables, and whole capture closures in memory.
#pragma once

#include <memory>

#include "generator/dtc_solver.hpp"
#include "generator/rule_solver.hpp"

namespace xq::gen {

// The plain and rule values of a canonical material whose sub-materials are all in `set`, under
// the given rule set (RuleSet::Check: plain values, then the perpetual-check rule on the plain
// draws), with DTM, over the ranks of `part` (collective: each rank's table holds its share);
// the classes are not yet split by the natural limit (solve_dtc does that).
std::unique_ptr<SolvedTable> solve_values(const Material& canonical, const TableSet& set,
                                          RuleSet rules, const Progress& progress, Partition& part);

// solve_values in this process, then solve_dtc: the table's final classes, DTM and DTC
// (limit_plies: see solve_dtc).
std::unique_ptr<SolvedTable> solve_table(const Material& canonical, const TableSet& set,
                                         RuleSet rules, const Progress& progress,
                                         unsigned limit_plies = kNaturalLimitPlies);

// Solves m and every material its captures lead to, in dependency order, in memory.
TableSet solve_closure(const Material& m, RuleSet rules, const Progress& progress,
                       unsigned limit_plies = kNaturalLimitPlies);

}  // namespace xq::gen
