// The game-history adjudicator (docs/adjudicate.md): plays a game's moves from its start
// position, finds the first cycle that closes (a position recurring since the last capture),
// classifies the cycle's moves (move_facts, move_class) and rules it by the verdict table of
// the rule set: which side violates and must change, or loses once the position has occurred
// three times, or a draw by repetition. Used by `xqtb adjudicate` and xqtb_adjudicate.
// Pure functions: thread-safe, nothing shared.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/position.hpp"
#include "core/types.hpp"
#include "core/values.hpp"
#include "rules/cycle_verdict.hpp"
#include "rules/game_record.hpp"
#include "rules/move_facts.hpp"
#include "rules/repetition.hpp"

namespace xq {

enum class CycleVerdict : uint8_t { NoCycle, Draw, RedLoses, BlackLoses };

struct Adjudication {
  RuleSet rules = RuleSet::Check;
  int plies = 0;                         // moves in the game
  std::optional<Repetition> repetition;  // none: no position recurs
  Position cycle_start;                  // position repetition->first (the one that recurs)
  std::vector<CyclePly> cycle;           // plies first+1 .. last, in order
  CycleJudgement judgement;              // empty sides when there is no cycle
  CycleVerdict verdict = CycleVerdict::NoCycle;

  // The repetition count is reached: the position has occurred a third time by the same cycle,
  // so the verdict is final (the offender loses, or the game is drawn). Otherwise the offender
  // must change now (docs/rules.md R7a).
  bool is_final() const { return repetition && repetition->occurrences() >= 3; }
};

// Adjudicates the game. Throws GameError for an empty history or an illegal move (named by its
// ply), FenError never (start is a Position). rules: Check, Asian or Chinese (None: every
// cycle is a draw).
Adjudication adjudicate(const Position& start, std::span<const Move> moves, RuleSet rules,
                        const ChaseOptions& options = {});

// The same from FEN and a PGN-like move text (move_texts, read_moves). Throws FenError for the
// FEN, GameError for the moves.
Adjudication adjudicate(std::string_view fen, std::string_view move_text, RuleSet rules,
                        const ChaseOptions& options = {});

// The ruling in one line: "Black chases the red rook perpetually; Black must change" (English)
// or "黑方长捉红车，黑方须变着" (Chinese, UTF-8); "No position recurs: no cycle" for none.
std::string adjudication_reason(const Adjudication& a);
std::string adjudication_reason_chinese(const Adjudication& a);

// The verdict's name in the JSON and the rule-cycle cases: "no_cycle", "draw", "red_loses",
// "black_loses".
const char* cycle_verdict_name(CycleVerdict v);

// A violation's name in the JSON ("none", "check", "chase", "pinned_rook_chase", "kill",
// "mixed"), and the side's series in Chinese ("长将", "长捉", "长杀", "一将一捉", ...,
// "允许着法" for none).
const char* violation_name(Violation v);
std::string violation_chinese(const SideRecord& s);

}  // namespace xq
