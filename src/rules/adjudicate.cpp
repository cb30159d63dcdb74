#include "rules/adjudicate.hpp"

namespace xq {

Adjudication adjudicate(const Position& start, std::span<const Move> moves, RuleSet rules,
                        const ChaseOptions& options) {
  if (moves.empty()) throw GameError("empty history: no moves to adjudicate");
  check_moves(start, moves);
  Adjudication a;
  a.rules = rules;
  a.plies = int(moves.size());
  a.repetition = find_repetition(start, moves);
  if (!a.repetition) return a;
  Position pos = start;
  for (int ply = 1; ply <= a.repetition->last; ++ply) {
    const Move m = moves[ply - 1];
    if (ply == a.repetition->first + 1) a.cycle_start = pos;
    if (ply > a.repetition->first) {
      CyclePly c{m, pos.side_to_move(), move_facts(pos, m, rules, options), MoveClass::Idle};
      c.cls = move_class(c.facts, rules);
      a.cycle.push_back(c);
    }
    pos.make(m);
  }
  a.judgement = judge_cycle(a.cycle, rules);
  a.verdict = !a.judgement.offender          ? CycleVerdict::Draw
              : *a.judgement.offender == Red ? CycleVerdict::RedLoses
                                             : CycleVerdict::BlackLoses;
  return a;
}

Adjudication adjudicate(std::string_view fen, std::string_view move_text, RuleSet rules,
                        const ChaseOptions& options) {
  const Position start = Position::from_fen(fen);
  const std::vector<Move> moves = read_moves(start, move_texts(move_text));
  return adjudicate(start, moves, rules, options);
}

}  // namespace xq
