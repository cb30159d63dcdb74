// The perpetual-check rule (docs/rules.md "What the tables compute"): among the positions that are
// plain draws, find those won under the rule, by solving the 3-priority parity game with the
// nested fixpoint W = muZ. nuY. muX. CPre((P3 & Z) | (P2 & Y) | (P1 & X)) once per would-be
// winner (docs/metrics.md explains the priorities and the stored potential).
#pragma once

#include "generator/plain_solver.hpp"

namespace xq::gen {

// What the stage allocates beside the table's arrays, at its peak (one would-be winner's game):
// per draw its potential (2 bytes) and the game's counts (3 bytes on average over the sides:
// check_rule_stage.cpp's CheckRuleGame), per slot and side seven bitmaps and the draw set's
// ranks (a quarter byte). gen's memory_estimate takes every slot for a draw; the stage checks
// its real need once its draws are counted.
constexpr uint64_t kRuleBytesPerDraw = 5;
constexpr uint64_t kRuleBitmaps = 7;
constexpr uint64_t kRuleBitsPerDrawnSlot = 8 * kRuleBytesPerDraw + kRuleBitmaps + 2;  // 2: ranks

// Turns plain draws of `table` into RuleWin/RuleLoss where the perpetual-check rule decides
// them, with the strategy potential of docs/metrics.md as the distance; the distance of the
// remaining draws is 0. The table must come straight from solve_plain, given the final (rule)
// values of its sub-tables: the draw hints it left hold all the stage needs of them, so it
// reads no sub-table (std::logic_error without the hints). Throws std::runtime_error when a
// potential does not fit its 16-bit packing. Independent of the thread count. targets_held: the
// capture targets' classes stay in memory beside the stage (the chase stages read them after it).
// The stage then keeps no counts of a round's first shrink for the next (a byte per draw of the
// winner's side and a bit per slot and side), which would raise the run's peak, and shrinks every
// round's cornered draws afresh: the same values, slower where the rule decides much
// (docs/generation.md).
void solve_check_rule(SolvedTable& table, const Progress& progress, bool targets_held = false);
// The same over the ranks of `part` (collective): the table holds the rank's share, as
// solve_plain over the same partition leaves it.
void solve_check_rule(SolvedTable& table, const Progress& progress, Partition& part,
                      bool targets_held = false);

}  // namespace xq::gen
