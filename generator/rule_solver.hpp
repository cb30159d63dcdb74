// The perpetual-check rule (RULES.md "What the tables compute"): among the positions that are
// plain draws, find those won under the rule, by solving the 3-priority parity game with the
// nested fixpoint W = muZ. nuY. muX. CPre((P3 & Z) | (P2 & Y) | (P1 & X)) once per would-be
// winner (docs/metrics.md explains the priorities and the stored potential).
#pragma once

#include "generator/plain_solver.hpp"

namespace xq::gen {

// Turns plain draws of `table` (already solved by solve_plain) into RuleWin/RuleLoss where the
// perpetual-check rule decides them, with the strategy potential of docs/metrics.md as the
// distance. Sub-table values in `set` must be final (rule values). Throws std::runtime_error
// when a potential does not fit its 16-bit packing. Independent of the thread count.
void solve_check_rule(SolvedTable& table, const TableSet& set, const Progress& progress);

}  // namespace xq::gen
