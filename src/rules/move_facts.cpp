// The facts of a move (docs/rules.md "Repetition rules (棋例), formalized"): the chases are the
// per-victim difference "chased after the move and not before it" (survey D1), so discovered
// attacks, subverted roots, king and pawn moves that uncover an attack, and the "chase to chase"
// case (an existing threat moved along: idle) all follow from one rule.
#include "rules/move_facts.hpp"

#include "rules/chase_threats.hpp"
#include "rules/mate_threat.hpp"

namespace xq {

MoveFacts move_facts(const Position& before, Move m, RuleSet rules, const ChaseOptions& options) {
  MoveFacts f;
  const Color us = before.side_to_move();
  f.capture = before.is_capture(m);
  Position after = before;
  after.make(m);
  f.check = after.in_check(~us);
  if (f.capture || (rules != RuleSet::Asian && rules != RuleSet::Chinese)) return f;

  const geo::SquareSet threats = chase_threats(after, us, options);
  if (!threats.empty()) {
    f.chased = threats & ~chase_threats(before, us, options);
    f.chased_pinned_rook = f.chased & rooks_pinned_by_horse(after, us);
  }
  if (!f.check) {
    // The opponent passes: the mover is to move again in the position after the move.
    after.set_side_to_move(us);
    f.kill = mates_by_checks(after, options.kill_depth_plies);
  }
  return f;
}

bool IdleTest::idle_but_for_kill(Move m, Position& after) {
  if (before_.is_capture(m)) return false;
  const Color us = before_.side_to_move();
  after.make(m);
  if (after.in_check(~us)) return false;
  if (rules_ != RuleSet::Asian && rules_ != RuleSet::Chinese) return true;
  const geo::SquareSet threats = chase_threats(after, us, options_);
  if (!threats.empty()) {
    if (!threats_known_) threats_before_ = chase_threats(before_, us, options_);
    threats_known_ = true;
    if (!(threats & ~threats_before_).empty()) return false;
  }
  return true;
}

bool IdleTest::kills(Position& after) const {
  return mates_by_checks(after, options_.kill_depth_plies);
}

}  // namespace xq
