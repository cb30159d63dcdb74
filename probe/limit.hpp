// Values under the natural move limit (自然限着, docs/metrics.md): what a stored class and DTC
// mean when `counter` plies have passed since the last capture. Pure functions of the stored
// values: the probe (probe/tablebase.hpp) reads them, this decides.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "core/values.hpp"

namespace xq {

// The verdict a game under the limit gets from here with best play.
enum class LimitVerdict : uint8_t { Loss = 0, Draw = 1, Win = 2 };

// Why the verdict under the limit is what it is.
enum class LimitReason : uint8_t {
  Converts = 0,        // class 2 / 3 and DTC ≤ the plies remaining: won / lost under the limit
  Draw = 1,            // class 1: a draw with or without the limit
  Cursed = 2,          // class 6: won by force, but never within the limit from a fresh counter
  Blessed = 3,         // class 7: lost by force, but the limit saves it from a fresh counter
  TooFar = 4,          // class 2 / 3, but the conversion needs DTC plies and fewer remain
  RuleNotClaimed = 5,  // class 4 / 5: a rule-decided value is not claimed under the limit
};

struct LimitedValue {
  LimitVerdict verdict = LimitVerdict::Draw;
  LimitReason reason = LimitReason::Draw;
};

// Plies left before the limit draws the game: kNaturalLimitPlies - counter.
constexpr int remaining_plies(int counter) {
  return int(kNaturalLimitPlies) - counter;
}

// Whether counter is a plies-since-capture count the limit knows: 0..kNaturalLimitPlies.
constexpr bool valid_counter(int counter) {
  return counter >= 0 && counter <= int(kNaturalLimitPlies);
}

// The value under the limit of a stored class w with its DTC (ignored unless w is forced) when
// counter plies have passed since the last capture (valid_counter). A class-2 win holds iff
// DTC ≤ remaining_plies(counter); class 3 likewise; everything else is drawn under the limit.
constexpr LimitedValue limited_value(Wdl w, uint16_t dtc, int counter) {
  const bool in_time = int(dtc) <= remaining_plies(counter);
  switch (w) {
    case Wdl::Win:
      return in_time ? LimitedValue{LimitVerdict::Win, LimitReason::Converts}
                     : LimitedValue{LimitVerdict::Draw, LimitReason::TooFar};
    case Wdl::Loss:
      return in_time ? LimitedValue{LimitVerdict::Loss, LimitReason::Converts}
                     : LimitedValue{LimitVerdict::Draw, LimitReason::TooFar};
    case Wdl::CursedWin:
      return {LimitVerdict::Draw, LimitReason::Cursed};
    case Wdl::BlessedLoss:
      return {LimitVerdict::Draw, LimitReason::Blessed};
    case Wdl::RuleWin:
    case Wdl::RuleLoss:
    case Wdl::ChaseWin:  // the chase rules' values, like the check rule's (docs/rules.md D14)
    case Wdl::ChaseLoss:
      return {LimitVerdict::Draw, LimitReason::RuleNotClaimed};
    default:
      return {LimitVerdict::Draw, LimitReason::Draw};
  }
}

// "win", "draw", "loss" (the JSON field `limit_wdl`).
const char* limit_verdict_name(LimitVerdict v);
// "converts", "draw", "cursed", "blessed", "too_far", "rule_not_claimed" (`limit_reason`).
const char* limit_reason_name(LimitReason r);

// The halfmove field of a FEN ("... w - - 37 1" or "... w 37 1": 37), read as the plies since
// the last capture; nullopt when the FEN has no such field. Throws FenError when the field is
// above kNaturalLimitPlies (the syntax is Position::from_fen's, which rejects non-numbers).
std::optional<int> fen_counter(std::string_view fen);

}  // namespace xq
