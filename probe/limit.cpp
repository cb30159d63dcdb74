#include "probe/limit.hpp"

#include <algorithm>
#include <string>

#include "core/position.hpp"

namespace xq {

const char* limit_verdict_name(LimitVerdict v) {
  switch (v) {
    case LimitVerdict::Win:
      return "win";
    case LimitVerdict::Loss:
      return "loss";
    case LimitVerdict::Draw:
      break;
  }
  return "draw";
}

const char* limit_reason_name(LimitReason r) {
  switch (r) {
    case LimitReason::Converts:
      return "converts";
    case LimitReason::Cursed:
      return "cursed";
    case LimitReason::Blessed:
      return "blessed";
    case LimitReason::TooFar:
      return "too_far";
    case LimitReason::RuleNotClaimed:
      return "rule_not_claimed";
    case LimitReason::Draw:
      break;
  }
  return "draw";
}

std::optional<int> fen_counter(std::string_view fen) {
  // Fields: board, side to move, then "- -" (optional), halfmoves, fullmoves.
  int field = 0;
  size_t i = 0;
  while (i < fen.size()) {
    while (i < fen.size() && fen[i] == ' ') ++i;
    if (i >= fen.size()) break;
    const size_t end = std::min(fen.find(' ', i), fen.size());
    const std::string_view text = fen.substr(i, end - i);
    i = end;
    if (++field <= 2 || text == "-") continue;
    if (text.empty() || text.find_first_not_of("0123456789") != std::string_view::npos)
      throw FenError("the halfmove counter must be a number of plies, not '" + std::string(text) +
                     "'");
    // Leading zeros dropped and the length checked first: a long digit string must not
    // overflow stoi.
    const size_t lead = std::min(text.find_first_not_of('0'), text.size() - 1);
    const std::string digits(text.substr(lead));
    if (digits.size() > 3 || std::stoi(digits) > int(kNaturalLimitPlies))
      throw FenError("the halfmove counter " + digits + " is above " +
                     std::to_string(kNaturalLimitPlies) +
                     " plies: the natural limit has drawn the game already");
    return std::stoi(digits);
  }
  return std::nullopt;
}

}  // namespace xq
