// The chase stage of the Chinese rule set (docs/metrics.md "The chase rules"): among the
// positions still drawn after the perpetual-check rule, those won because perpetual chase and
// kill are forbidden too. Per would-be winner P: the cornered positions (outside the
// opponent's Büchi region for idle moves: where it cannot make idle moves forever), then the
// 5-priority game of rules/chase_game.hpp solved explicitly on them (generator/parity_game.hpp).
// The skeleton is chase_stage.hpp's, shared with the Asian stage.
#pragma once

#include "generator/chase_stage.hpp"

namespace xq::gen {

// What the stage saw (chase_stage.hpp), and per would-be winner the game's moves between the
// cornered positions.
struct ChineseStageSizes : ChaseStageSizes {
  uint64_t moves[2] = {0, 0};
};

// What the chase game takes per cornered position at its peak, while its moves are gathered:
// about 175 bytes in KCPAKAB (3,492,062 cornered positions, 8.3 moves within the game each),
// rounded up for materials with more moves (docs/generation.md "The chase stage's cost").
// The stage checks it against the memory left before building the game; the plan, made before
// the cornered positions are known, names it.
constexpr uint64_t kChineseGameBytesPerCornered = 256;

// Turns draws of `table` into ChaseWin/ChaseLoss where the Chinese rules decide them, with the
// chase potential (pack_chase_potential) as the distance. The table must come from
// solve_check_rule (its RuleWin/RuleLoss are sinks here), every slot of it (no MPI share), and
// the sub-tables in `set` must be built under the Chinese rules (their ChaseWin/ChaseLoss are
// wins and losses for the captures). Throws std::runtime_error naming the table when a
// potential does not fit its packing. Threads: OpenMP; the result does not depend on their
// number.
ChineseStageSizes solve_chinese_rule(SolvedTable& table, const TableSet& set,
                                     const Progress& progress);

}  // namespace xq::gen
