// What a legal move does for the repetition law (docs/rules.md "Repetition rules (棋例),
// formalized"): whether it captures, checks, threatens mate (kill 杀) or newly chases (捉)
// opponent pieces, and the move class that follows under a rule set. The history adjudicator
// and the chase tables judge cycles from these facts.
#pragma once

#include <cstdint>

#include "core/geometry.hpp"
#include "core/position.hpp"
#include "core/types.hpp"
#include "core/values.hpp"

namespace xq {

// The disputed choices of docs/rules.md, as explicit options (defaults: the rule book's choice).
struct ChaseOptions {
  // An advisor or elephant attacking a protected rook, horse or cannon chases it, being worth
  // less (docs/rules.md R4.4; survey D3: the AXF text is silent, the CXA values say yes).
  bool minor_attacks_protected_major = true;
  // The mate-threat horizon of "kill" (R3): after the move, were the opponent to pass, the mover
  // mates by checks alone within this many plies, its own and the replies (1: a mate in one;
  // 3: check, reply, mate; 0: no kills).
  int kill_depth_plies = 3;
  // A capture that the opponent answers with an immediate mate wins nothing, so the attack is no
  // chase (R4.7: CXA 24.3; the AXF text is silent, survey D10).
  bool mate_reply_voids_chase = true;
};

// What a legal move does, independent of the rule set.
struct MoveFacts {
  bool capture = false;  // captures are never part of a cycle
  bool check = false;
  bool kill = false;  // a mate threat (docs/rules.md R3)
  // Opponent pieces newly chased (R4.9), by their point after the move (also their point before
  // it: the opponent's pieces do not move).
  geo::SquareSet chased;
  // The subset of `chased` that are rooks standing on the leg of a horse of the mover that would
  // check their king if they moved (R4.10, survey C14).
  geo::SquareSet chased_pinned_rook;
};

// Read-only and thread-safe: `before` is not modified (the work is done on a local copy). `m`
// must be legal in `before`. Under RuleSet::None and Check only `capture` and `check` are
// computed (the rest stays empty); under Asian and Chinese everything, the same facts for both.
// `chased` is computed for checking moves too (a check that also attacks); `kill` only for moves
// that neither capture nor check (the class would not change).
MoveFacts move_facts(const Position& before, Move m, RuleSet rules, const ChaseOptions& = {});

enum class MoveClass : uint8_t { Capture, Check, Kill, Chase, Idle };

// Whether moves of one position are idle under a rule set: the same answer as
// move_class(move_facts(before, m, rules, options), rules) == MoveClass::Idle, for the chase
// tables, which ask it of many moves. Cheaper: it stops at the first fact that makes the move
// not idle (check, then a new chase, then a kill: the mate search last, as it costs most, and
// under the Asian rules not at all), and the mover's threats before the move are computed once
// per position. `before` must outlive the test; moves as for move_facts. Not thread-safe (one
// per thread).
class IdleTest {
 public:
  IdleTest(const Position& before, RuleSet rules, const ChaseOptions& options = {})
      : before_(before), rules_(rules), options_(options) {}
  bool operator()(Move m) {
    return (*this)(m, [this](Position& after) { return kills(after); });
  }
  // The same, the mate search asked of kill(after), `after` being the position after m with
  // the mover to move again (a scratch copy): for a caller that memoizes it by position.
  template <class Kill>
  bool operator()(Move m, Kill&& kill) {
    Position after = before_;
    if (!idle_but_for_kill(m, after)) return false;
    if (rules_ != RuleSet::Chinese) return true;  // a kill is idle under the Asian rules (R3a)
    after.set_side_to_move(before_.side_to_move());
    return !kill(after);
  }
  // The mate search of a kill from `after` (its side to move the mover), as operator() runs it,
  // and its horizon in plies: a kill is a forced mate within it.
  bool kills(Position& after) const;
  int kill_horizon() const { return options_.kill_depth_plies; }

 private:
  // Makes m on `after` (a copy of before_): whether it neither captures nor checks nor (under
  // Asian and Chinese) newly chases.
  bool idle_but_for_kill(Move m, Position& after);

  const Position& before_;
  const RuleSet rules_;
  const ChaseOptions options_;
  bool threats_known_ = false;
  geo::SquareSet threats_before_;
};

// The move's class under the rule set, by the precedence of docs/rules.md R1.
MoveClass move_class(const MoveFacts& f, RuleSet rules);
const char* move_class_name(MoveClass c);     // "capture", "check", "kill", "chase", "idle"
const char* move_class_chinese(MoveClass c);  // "吃", "将", "杀", "捉", "闲"

}  // namespace xq
