#include "cli/describe_limit.hpp"

namespace xq::cli {

namespace {

std::string plies(int n, Lang lang) {
  if (lang == Lang::Zh) return std::to_string(n) + " 步";
  return std::to_string(n) + (n == 1 ? " ply" : " plies");
}

// The verdict and its reason, after the prefix: "win, conversion in 23 plies".
std::string verdict_text(const LimitedValue& v, std::optional<uint16_t> dtc, int counter,
                         Lang lang) {
  const bool zh = lang == Lang::Zh;
  const int d = dtc.value_or(0);
  switch (v.reason) {
    case LimitReason::Converts:
      if (zh)
        return std::string(v.verdict == LimitVerdict::Win ? "胜" : "负") + "，" + plies(d, lang) +
               "转换";
      return std::string(v.verdict == LimitVerdict::Win ? "win" : "loss") + ", conversion in " +
             plies(d, lang);
    case LimitReason::TooFar:
      if (zh)
        return "和：转换需 " + plies(d, lang) + "，仅余 " + plies(remaining_plies(counter), lang);
      return "draw: the conversion needs " + plies(d, lang) + ", only " +
             std::to_string(remaining_plies(counter)) + " left";
    case LimitReason::Cursed:
      return zh ? "和：能胜，但自然限着内赢不下来"
                : "draw: a cursed win (won, but not within the limit)";
    case LimitReason::Blessed:
      return zh ? "和：本负，自然限着救和" : "draw: a blessed loss (lost, but the limit saves it)";
    case LimitReason::RuleNotClaimed:
      return zh ? "和：规则判定的胜负在限着下不予认定"
                : "draw: a rule-decided value is not claimed under the limit";
    case LimitReason::Draw:
      break;
  }
  return zh ? "和" : "draw";
}

}  // namespace

std::string describe_limit(const LimitProbe& v, Lang lang) {
  const std::string text = verdict_text(v.limited, v.dtc, v.counter, lang);
  if (lang == Lang::Zh)
    return "自然限着下（已 " + std::to_string(v.counter) + " 步未吃子，余 " +
           plies(remaining_plies(v.counter), lang) + "）：" + text;
  return "Under the natural limit (counter " + std::to_string(v.counter) + ": " +
         plies(remaining_plies(v.counter), lang) + " left): " + text;
}

std::string describe_limit_move(const RootMoveLimit& m, int counter, Lang lang) {
  const std::string rank = std::to_string(m.rank);
  const std::string text = verdict_text(m.limited, m.dtc, counter, lang);
  if (lang == Lang::Zh) return "限着下" + text + "（序 " + rank + "）";
  return "under the limit: " + text + " (rank " + rank + ")";
}

}  // namespace xq::cli
