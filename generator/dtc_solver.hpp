// The DTC and natural-limit stage (docs/metrics.md "DTC and the natural limit"): after the plain
// and rule stages, splits the forced values into those won or lost within the 120-ply limit
// from a fresh counter (Win, Loss) and those the limit draws (CursedWin, BlessedLoss), and
// computes the distance to conversion (the next capture or mate) of each.
#pragma once

#include "generator/plain_solver.hpp"

namespace xq::gen {

// `table` holds its final plain and rule values (solve_plain, then solve_check_rule if the rule
// set has it, and solve_chinese_rule): classes Illegal, Draw, Win, Loss, RuleWin, RuleLoss,
// ChaseWin, ChaseLoss. `set` holds the final values
// of the sub-tables (their DTC stage done). On return the plain wins are Win or CursedWin, the
// plain losses Loss or BlessedLoss, other classes unchanged, and table.dtc holds the DTC: within
// the limit for Win/Loss (0..limit_plies), without it for CursedWin/BlessedLoss, 0 elsewhere.
// table.dtc is reused when it already has the table's size (generate() moves the written DTM array
// there), so the stage needs no memory beyond it and one byte per slot and side (two when the
// table has cursed wins or blessed losses). table.distance is not read. Threads: OpenMP; the
// result does not depend on the thread count. Throws std::runtime_error when a distance
// overflows its working code.
// limit_plies: the natural limit, kNaturalLimitPlies in every table file; tests take shorter
// ones (the same recurrence) to meet cursed wins in materials small enough for brute force.
void solve_dtc(SolvedTable& table, const TableSet& set, const Progress& progress,
               unsigned limit_plies = kNaturalLimitPlies);
// The same over the ranks of `part` (collective): the table holds this rank's share of the
// slots (solve_plain over part), and so does table.dtc on return. The values do not depend on
// the rank count; table.dtc is reused when it has the share's size.
void solve_dtc(SolvedTable& table, const TableSet& set, const Progress& progress, Partition& part,
               unsigned limit_plies = kNaturalLimitPlies);

}  // namespace xq::gen
