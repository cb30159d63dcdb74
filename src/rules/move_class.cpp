// The class of a move under a rule set (docs/rules.md R1 "Move classes and precedence").
#include "rules/move_facts.hpp"

namespace xq {

MoveClass move_class(const MoveFacts& f, RuleSet rules) {
  if (f.capture) return MoveClass::Capture;
  if (f.check) return MoveClass::Check;
  // Under the Asian rules a mate threat is idle (R3a: perpetual kill is a draw there); under the
  // Chinese rules it is an attacking move of its own (CXA 24.2, 24.10).
  if (f.kill && rules == RuleSet::Chinese) return MoveClass::Kill;
  if (!f.chased.empty() && (rules == RuleSet::Asian || rules == RuleSet::Chinese))
    return MoveClass::Chase;
  return MoveClass::Idle;
}

const char* move_class_name(MoveClass c) {
  switch (c) {
    case MoveClass::Capture:
      return "capture";
    case MoveClass::Check:
      return "check";
    case MoveClass::Kill:
      return "kill";
    case MoveClass::Chase:
      return "chase";
    case MoveClass::Idle:
      break;
  }
  return "idle";
}

const char* move_class_chinese(MoveClass c) {
  switch (c) {
    case MoveClass::Capture:
      return "吃";
    case MoveClass::Check:
      return "将";
    case MoveClass::Kill:
      return "杀";
    case MoveClass::Chase:
      return "捉";
    case MoveClass::Idle:
      break;
  }
  return "闲";
}

}  // namespace xq
