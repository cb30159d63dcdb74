#include "cli/describe.hpp"

#include "core/notation.hpp"
#include "rules/chase_game.hpp"

namespace xq::cli {

std::string side_name(Color c, Lang lang) {
  if (lang == Lang::Zh) return c == Red ? "红" : "黑";
  return c == Red ? "Red" : "Black";
}

namespace {

std::string plies_of(unsigned plies) {
  return std::to_string(plies) + (plies == 1 ? " ply" : " plies");
}

std::string moves_of(unsigned plies) {
  const unsigned moves = (plies + 1) / 2;
  return std::to_string(moves) + (moves == 1 ? " move" : " moves");
}

// "5 步杀（3 回合）": plies (步 = 半回合, as everywhere in xqtb's Chinese) and the moves they
// span, so that a reader who counts 步 as the winner's moves (the puzzle books' 三步杀) is told.
std::string zh_distance(unsigned plies, const char* ending) {
  return std::to_string(plies) + " 步" + ending + "（" + std::to_string((plies + 1) / 2) +
         " 回合）";
}

bool stalemate(std::optional<Ending> e) {
  return e == Ending::Stalemate;
}

// How the line ends, for the winner ("mate in ") or the loser ("mated in "); both names when
// it is not known (the line needs a missing table): never a guess.
std::string en_ending(std::optional<Ending> e, bool loser) {
  if (!e) return loser ? "mated or stalemated in " : "mate or stalemate in ";
  if (*e == Ending::Stalemate) return loser ? "stalemated in " : "stalemate in ";
  return loser ? "mated in " : "mate in ";
}

const char* zh_ending(std::optional<Ending> e, bool loser) {
  if (!e) return loser ? "被杀或被困毙" : "杀或困毙";
  if (*e == Ending::Stalemate) return loser ? "被困毙" : "困毙";
  return loser ? "被杀" : "杀";
}

}  // namespace

std::string describe_result(const Position& pos, const ProbeResult& r, RuleSet rules, Lang lang,
                            std::optional<Ending> ending) {
  const Color us = pos.side_to_move();
  const bool stale = stalemate(ending);
  const bool now = r.wdl == Wdl::Loss && r.distance == 0 && ending;  // no legal move here
  const bool asian = rules == RuleSet::Asian;  // one and the same piece; no potential stored
  // Classes 6 and 7 are forced too; the limit line (describe_limit.hpp) says they are drawn.
  if (lang == Lang::Zh) {
    const std::string who = side_name(us, lang) + "先";
    switch (r.wdl) {
      case Wdl::Win:
        return who + "胜，" + zh_distance(r.distance, zh_ending(ending, false));
      case Wdl::CursedWin:
        return who + "胜（不计自然限着），" + zh_distance(r.distance, zh_ending(ending, false));
      case Wdl::BlessedLoss:
        return who + "负（不计自然限着），" + zh_distance(r.distance, zh_ending(ending, true));
      case Wdl::Loss:
        if (now) return who + (stale ? "负，已被困毙（无着可走，未被将军）" : "负，已被将死");
        return who + "负，" + zh_distance(r.distance, zh_ending(ending, true));
      case Wdl::RuleWin:
        return who + "胜（对方只能长将，长将判负）";
      case Wdl::RuleLoss:
        return who + "负（只能长将解杀，长将判负）";
      case Wdl::ChaseWin:
        return who + (asian ? "胜（对方只能长捉同一子，亚洲规则判负）"
                            : "胜（对方只能长捉或长杀，中国象棋规则判负）");
      case Wdl::ChaseLoss:
        return who + (asian ? "负（只能长捉同一子解围，亚洲规则判负）"
                            : "负（只能长捉或长杀解围，中国象棋规则判负）");
      default:
        return who + "和";
    }
  }
  const std::string who = side_name(us, lang) + " to move";
  switch (r.wdl) {
    case Wdl::Win:
      return who + " wins: " + en_ending(ending, false) + plies_of(r.distance) + " (" +
             moves_of(r.distance) + ")";
    case Wdl::CursedWin:
      return who + " wins without the natural limit: " + en_ending(ending, false) +
             plies_of(r.distance) + " (" + moves_of(r.distance) + ")";
    case Wdl::BlessedLoss:
      return who + " loses without the natural limit: " + en_ending(ending, true) +
             plies_of(r.distance) + " (" + moves_of(r.distance) + ")";
    case Wdl::Loss:
      if (now)
        return who +
               (stale ? " loses: stalemated (no legal move, not in check)" : " loses: checkmated");
      return who + " loses: " + en_ending(ending, true) + plies_of(r.distance) + " (" +
             moves_of(r.distance) + ")";
    case Wdl::RuleWin:
      return who + " wins by the perpetual-check rule: " + side_name(~us, lang) +
             " can avoid mate only by checking forever";
    case Wdl::RuleLoss:
      return who +
             " loses by the perpetual-check rule: it can avoid mate only by checking "
             "forever";
    case Wdl::ChaseWin:
      return who + " wins: " + side_name(~us, lang) +
             (asian ? " may not chase one and the same piece perpetually (Asian rules)"
                    : " may not chase/kill perpetually (Chinese rules)") +
             ", and can hold on no other way";
    case Wdl::ChaseLoss:
      return who +
             (asian ? " loses: it can hold on only by chasing one and the same piece forever, "
                      "which the Asian rules forbid"
                    : " loses: it can hold on only by chasing or threatening mate forever, which "
                      "the Chinese rules forbid");
    default:
      return who + ": draw";
  }
}

std::string describe_move_value(const ProbeResult& r, RuleSet rules, Lang lang,
                                std::optional<Ending> ending) {
  const std::string d = std::to_string(r.distance);
  const std::string potential = "k " + std::to_string(rule_round(r.distance)) + ", j " +
                                std::to_string(rule_layer(r.distance));
  const bool asian = rules == RuleSet::Asian;
  const std::string chase_potential = "r5 " + std::to_string(chase_r5(r.distance)) + ", r3 " +
                                      std::to_string(chase_r3(r.distance)) + ", r1 " +
                                      std::to_string(chase_r1(r.distance));
  if (lang == Lang::Zh) {
    // The same potentials in words: rounds and layers of the rule's strategy (docs/metrics.md),
    // the chase measure's priorities 5, 3 and 1.
    const std::string potential_zh = "第 " + std::to_string(rule_round(r.distance)) + " 轮第 " +
                                     std::to_string(rule_layer(r.distance)) + " 层";
    const std::string chase_potential_zh = "级五 " + std::to_string(chase_r5(r.distance)) +
                                           "、级三 " + std::to_string(chase_r3(r.distance)) +
                                           "、级一 " + std::to_string(chase_r1(r.distance));
    switch (r.wdl) {
      case Wdl::Win:
        return "胜 " + d + " 步" + zh_ending(ending, false);
      case Wdl::CursedWin:
        return "胜（不计限着）" + d + " 步" + zh_ending(ending, false);
      case Wdl::BlessedLoss:
        return "负（不计限着）" + d + " 步" + zh_ending(ending, true);
      case Wdl::Loss:
        return "负 " + d + " 步" + zh_ending(ending, true);
      case Wdl::RuleWin:
        return "胜（长将判负，" + potential_zh + "）";
      case Wdl::RuleLoss:
        return "负（长将判负，" + potential_zh + "）";
      case Wdl::ChaseWin:
        return asian ? "胜（亚洲规则长捉判负）" : "胜（长捉长杀判负，" + chase_potential_zh + "）";
      case Wdl::ChaseLoss:
        return asian ? "负（亚洲规则长捉判负）" : "负（长捉长杀判负，" + chase_potential_zh + "）";
      default:
        return "和";
    }
  }
  switch (r.wdl) {
    case Wdl::Win:
      return "win, " + en_ending(ending, false) + plies_of(r.distance);
    case Wdl::CursedWin:
      return "cursed win, " + en_ending(ending, false) + plies_of(r.distance);
    case Wdl::BlessedLoss:
      return "blessed loss, " + en_ending(ending, true) + plies_of(r.distance);
    case Wdl::Loss:
      return "loss, " + en_ending(ending, true) + plies_of(r.distance);
    case Wdl::RuleWin:
      return "win by the perpetual-check rule (" + potential + ")";
    case Wdl::RuleLoss:
      return "loss by the perpetual-check rule (" + potential + ")";
    case Wdl::ChaseWin:
      return asian ? "win by the Asian chase rule"
                   : "win by the chase and kill rules (" + chase_potential + ")";
    case Wdl::ChaseLoss:
      return asian ? "loss by the Asian chase rule"
                   : "loss by the chase and kill rules (" + chase_potential + ")";
    default:
      return "draw";
  }
}

std::string describe_rules(RuleSet rules, Lang lang) {
  if (lang == Lang::Zh) {
    switch (rules) {
      case RuleSet::None:
        return "规则：无重复规则（循环即和）";
      case RuleSet::Check:
        return "规则：长将判负";
      case RuleSet::Asian:
        return "规则：亚洲象棋规则（长将、长捉判负）";
      case RuleSet::Chinese:
        break;
    }
    return "规则：中国象棋规则（长将、长捉、长杀判负）";
  }
  switch (rules) {
    case RuleSet::None:
      return "Rules: none (every repetition is a draw)";
    case RuleSet::Check:
      return "Rules: check (perpetual check loses)";
    case RuleSet::Asian:
      return "Rules: asian (perpetual check and chase lose, AXF)";
    case RuleSet::Chinese:
      break;
  }
  return "Rules: chinese (perpetual check, chase and kill lose, CXA 2020)";
}

std::string rule_set_label(RuleSet rules, Lang lang) {
  if (lang == Lang::En) return rule_set_name(rules);
  switch (rules) {
    case RuleSet::None:
      return "无重复规则";
    case RuleSet::Check:
      return "长将规则";
    case RuleSet::Asian:
      return "亚洲规则";
    case RuleSet::Chinese:
      break;
  }
  return "中国规则";
}

std::string describe_repetition_end(RuleSet rules, Lang lang) {
  if (lang == Lang::Zh)
    return "（变例至此形成循环，按" + rule_set_label(rules, lang) + "判定，不再续走）";
  return "      (the line ends here: the next position repeats, and the " +
         rule_set_label(rules, lang) + " rules decide the repetition)";
}

}  // namespace xq::cli
