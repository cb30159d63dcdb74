// The verdict on one repetition cycle from the facts of its moves, by the verdict table of the
// rule set (docs/rules.md R8-R10; docs/adjudicate.md "Verdict").
#pragma once

#include <array>
#include <optional>
#include <span>

#include "core/geometry.hpp"
#include "core/types.hpp"
#include "core/values.hpp"
#include "rules/move_facts.hpp"

namespace xq {

// One ply of a cycle: the move, who made it, what it does and its class under the rule set.
struct CyclePly {
  Move move;
  Color mover = Red;
  MoveFacts facts;
  MoveClass cls = MoveClass::Idle;
};

// What a side's moves over a cycle amount to. Under `check` only Check occurs; under `asian`
// Check, Chase and PinnedRookChase; under `chinese` Check, Kill, Chase and Mixed.
enum class Violation : uint8_t {
  None,             // allowed: some move is idle (Asian: also kills, check mixed with chase,
                    // chases of different pieces in turn)
  Check,            // 长将: every move checks
  Chase,            // 长捉: every move chases; Asian: one and the same piece throughout
  PinnedRookChase,  // Asian 长捉 of a rook on an enemy horse's leg, the same rook throughout
  Kill,             // Chinese 长杀: every move threatens mate
  Mixed,            // Chinese: every move checks, kills or chases, with at least two of these
};

// A side's moves over the cycle.
struct SideRecord {
  int moves = 0;
  std::array<int, 5> class_count{};  // moves by MoveClass (index = the enum's value)
  // Opponent pieces chased on every move of the side, and on at least one. A piece is named by
  // its point in the cycle's first position and followed through its own moves (the chased
  // set of a move is by point after the move).
  geo::SquareSet chased_always, chased_sometimes;
  geo::SquareSet
      pinned_rook_chased_always;  // the rooks of chased_always on a horse's leg on every move
  Violation violation = Violation::None;
};

struct CycleJudgement {
  std::array<SideRecord, 2> sides;  // by Color
  // The side that violates and must change (or loses, once the count is reached); none for a
  // draw by repetition (neither violates, or both equally).
  std::optional<Color> offender;
};

// How serious a violation is; the more serious side is the offender, equal
// ones draw (docs/rules.md R8-R10). 0 for an allowed series.
int violation_rank(Violation v);

// Judges the cycle whose plies are given in order (no capture among them; the last one brings
// back the position before the first).
CycleJudgement judge_cycle(std::span<const CyclePly> plies, RuleSet rules);

}  // namespace xq
