// The chase stage of the Asian rule set (docs/metrics.md "The Asian stage"): among the positions
// still drawn after the perpetual-check rule, those won because perpetual chase of one and the
// same piece is forbidden too (docs/rules.md R8). Per would-be winner P: the relaxed bound (the
// complement of the opponent's Büchi region for moves that neither check nor chase), then the
// exact register product of rules/asian_game.hpp on those positions alone. The skeleton is
// chase_stage.hpp's, shared with the Chinese stage.
#pragma once

#include "generator/chase_stage.hpp"

namespace xq::gen {

// What the stage saw (chase_stage.hpp: the cornered positions are those of the relaxed bound,
// the product's positions), and per would-be winner the product's states and vertices.
struct AsianStageSizes : ChaseStageSizes {
  uint64_t states[2] = {0, 0}, vertices[2] = {0, 0};
};

// Turns draws of `table` into ChaseWin/ChaseLoss where the Asian rules decide them. The
// distance entry of such a position holds kAsianChasePotential: no strategy measure (the
// winner's strategy needs the registers, which a table does not store). The table must come
// from solve_check_rule, every slot of it (no MPI share), and the sub-tables in `set` must be
// built under the Asian rules (their ChaseWin/ChaseLoss are wins and losses for the captures).
// Threads: OpenMP for the bound; the result does not depend on their number.
// With relaxed_bound false the product is built on every draw (tests: the bound must change
// nothing).
AsianStageSizes solve_asian_rule(SolvedTable& table, const TableSet& set, const Progress& progress,
                                 bool relaxed_bound = true);

// verify's check of an `asian` table's chase values, which store no measure to check move by
// move: per winner P, the register game on the positions the table decides by the chase rule
// for P, every other position at its stored value (a capture at its sub-table's). Returns the
// decided positions P does not win there (global ids side * n + slot, sorted): none in a sound
// table.
std::vector<uint64_t> asian_chase_unwon(const SolvedTable& table, const TableSet& set);

// What the register product and its game take per cornered position at their peak: about
// 1,015 bytes in KCPAKAB (3,492,062 cornered positions), rounded up (docs/generation.md "The
// Asian stage's cost"). The stage checks it against the memory left before building the
// product; the plan, made before the cornered positions are known, names it.
constexpr uint64_t kAsianProductBytesPerCornered = 1100;

// The distance entry of an Asian chase-decided position: pack_chase_potential(1, 0, 0).
constexpr uint16_t kAsianChasePotential = 1u << 11;

}  // namespace xq::gen
