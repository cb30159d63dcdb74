// Solving one material from its solved sub-tables, and whole capture closures in memory.
#pragma once

#include <memory>

#include "generator/rule_solver.hpp"

namespace xq::gen {

// Solves a canonical material whose sub-materials are all in `set`, under the given rule set
// (RuleSet::Check: plain values, then the perpetual-check rule on the plain draws).
std::unique_ptr<SolvedTable> solve_table(const Material& canonical, const TableSet& set,
                                         RuleSet rules, const Progress& progress);
// The same over the ranks of `part` (collective): each rank's table holds its share.
std::unique_ptr<SolvedTable> solve_table(const Material& canonical, const TableSet& set,
                                         RuleSet rules, const Progress& progress, Partition& part);

// Solves m and every material its captures lead to, in dependency order, in memory.
TableSet solve_closure(const Material& m, RuleSet rules, const Progress& progress);

}  // namespace xq::gen
