// The facts of a move (docs/rules.md): a stub until the classifier lands.
#include "rules/move_facts.hpp"

namespace xq {

MoveFacts move_facts(const Position& before, Move m, RuleSet, const ChaseOptions&) {
  MoveFacts f;
  f.capture = before.is_capture(m);
  f.check = before.gives_check(m);
  return f;
}

}  // namespace xq
