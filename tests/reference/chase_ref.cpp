#include "chase_ref.hpp"

#include <stdexcept>
#include <string>
#include <utility>

#include "reference/parity_game.hpp"
#include "rules/chase_game.hpp"

namespace xq::ref {

ChaseRef::ChaseRef(std::string_view material, RuleSet rules, int limit_plies)
    : ChaseRef(std::make_shared<const RefSolver>(material, limit_plies, true), rules) {}

ChaseRef::ChaseRef(std::shared_ptr<const RefSolver> base, RuleSet rules) : base_(std::move(base)) {
  if (rules == RuleSet::Chinese)
    solve_chinese();
  else if (rules == RuleSet::Asian)
    solve_asian();
  else
    throw std::invalid_argument(std::string("chase reference: rule set ") + rule_set_name(rules) +
                                " has no chase game");
}

// The game graph, on the positions the check-rule game leaves drawn: every other position is a
// sink for its winner (the contract's stages; also what keeps the classifier's work small).
// Zielonka's algorithm takes priorities on vertices and the Chinese priorities
// sit on moves (chase_priority: the move's class and whether the would-be winner P makes it),
// so a move gets an intermediate vertex carrying its priority. All moves into one position t
// have the same mover (the opponent of t's side to move), so the intermediate vertex depends on
// t and the class alone and is shared: vertex "attack into t" (a kill or a chase, priority 2 or
// 3) and "idle into t" (4 or 5), each with the single successor t. Checks need none: a move
// into t is a check exactly when t's side to move is in check (RefSolver verifies it), so t
// itself carries priority 1 as in the check-rule game; other positions carry 0. Captures go
// straight to their target: a play captures at most a few times, so their priorities are seen
// finitely often and decide nothing, and every infinite play passes priority >= 1 infinitely
// often, so 0 decides nothing either. Vertices: positions 0..n-1, sinks n + c (won by colour c,
// a self-loop, where a position without legal moves leads: its side to move has lost), then
// n + 2 + 2t ("attack into t") and n + 3 + 2t ("idle into t").
void ChaseRef::solve_chinese() {
  const size_t n = base_->size(), vertices = 3 * n + 2;
  if (vertices > UINT32_MAX) throw std::invalid_argument("chase reference: too many positions");
  const auto attack_into = [&](uint32_t t) { return uint32_t(n + 2 + 2 * t); };
  std::vector<uint32_t> offset(vertices + 1, 0), succ;
  for (uint32_t i = 0; i < n; ++i) {
    const Position pos = base_->position(i);
    const std::span<const uint32_t> targets = base_->successors(i);
    std::array<uint64_t, 5>& counted = move_counts_[base_->material(i)];
    const xq::Wdl decided = check_value(i);
    if (targets.empty() || decided != xq::Wdl::Draw) {
      const Color stm = pos.side_to_move();
      succ.push_back(uint32_t(n + (is_win(decided) ? stm : ~stm)));
      offset[i + 1] = uint32_t(succ.size());
      continue;
    }
    const MoveList moves = pos.legal_moves();
    if (size_t(moves.size) != targets.size())
      throw std::logic_error("chase reference: move list changed for " + pos.fen());
    for (size_t k = 0; k < targets.size(); ++k) {
      const MoveClass c = move_class(move_facts(pos, moves[k], RuleSet::Chinese), RuleSet::Chinese);
      ++counted[size_t(c)];
      const uint32_t t = targets[k];
      switch (c) {
        case MoveClass::Capture:
        case MoveClass::Check:
          succ.push_back(t);
          break;
        case MoveClass::Kill:
        case MoveClass::Chase:
          succ.push_back(attack_into(t));
          break;
        case MoveClass::Idle:
          succ.push_back(attack_into(t) + 1);
          break;
      }
    }
    offset[i + 1] = uint32_t(succ.size());
  }
  for (uint32_t v = uint32_t(n); v < vertices; ++v) {
    succ.push_back(v < n + 2 ? v : uint32_t((v - n - 2) / 2));
    offset[v + 1] = uint32_t(succ.size());
  }
  std::vector<uint32_t> pred_offset, pred;
  build_predecessors(vertices, offset, succ, pred_offset, pred);

  game_size_ = vertices;
  std::array<std::vector<uint8_t>, 2> wins;  // wins[c][v]: colour c wins the game where it is P
  for (const Color p : {Red, Black}) {
    std::vector<uint8_t> priority(vertices, 0), owner(vertices, 0);
    for (uint32_t t = 0; t < n; ++t) {
      const Color stm = base_->position(t).side_to_move();
      owner[t] = stm != p;
      priority[t] = base_->checked(t) ? 1 : 0;
      const bool p_moves = ~stm == p;
      priority[attack_into(t)] = uint8_t(chase_priority(MoveClass::Chase, p_moves));
      priority[attack_into(t) + 1] = uint8_t(chase_priority(MoveClass::Idle, p_moves));
    }
    priority[n + p] = 4;  // even: P wins the play
    priority[n + ~p] = 5;
    std::vector<uint8_t> winner =
        ParityGame(offset, succ, pred_offset, pred, std::move(priority), std::move(owner)).solve();
    for (uint8_t& x : winner) x = x == 0;
    wins[p] = std::move(winner);
  }

  chase_.assign(n, 0);
  for (uint32_t v = 0; v < n; ++v) {
    const Color stm = base_->position(v).side_to_move();
    if (wins[stm][v] && wins[~stm][v])
      throw std::logic_error("both sides win under the Chinese rules: " + position(v).fen());
    chase_[v] = wins[stm][v] ? 1 : wins[~stm][v] ? -1 : 0;
  }
}

xq::Wdl ChaseRef::none_value(size_t i) const {
  const RefValue v = base_->value(i);
  switch (v.plain) {
    case ref::Wdl::Win:
      return v.within_limit ? xq::Wdl::Win : xq::Wdl::CursedWin;
    case ref::Wdl::Loss:
      return v.within_limit ? xq::Wdl::Loss : xq::Wdl::BlessedLoss;
    default:
      return xq::Wdl::Draw;
  }
}

xq::Wdl ChaseRef::check_value(size_t i) const {
  const RefValue v = base_->value(i);
  if (!v.rule_decided) return none_value(i);
  return v.rule == ref::Wdl::Win ? xq::Wdl::RuleWin : xq::Wdl::RuleLoss;
}

xq::Wdl ChaseRef::value(size_t i) const {
  const xq::Wdl check = check_value(i);
  if (check != xq::Wdl::Draw || chase_[i] == 0) return check;
  return chase_[i] > 0 ? xq::Wdl::ChaseWin : xq::Wdl::ChaseLoss;
}

ChaseRefCounts ChaseRef::counts(std::string_view name) const {
  const RefMaterial m = RefMaterial::parse(name);
  const auto moves = move_counts_.find(m);
  if (moves == move_counts_.end())
    throw std::invalid_argument("material not solved here: " + m.name());
  ChaseRefCounts out;
  out.moves = moves->second;
  for (size_t i = 0; i < size(); ++i) {
    if (!(material(i) == m)) continue;
    const int stm = position(i).side_to_move();
    ++out.legal[stm];
    out.chase_decided[stm] += is_chase_decided(value(i));
    out.differ_from_none[stm] += is_rule_decided(value(i));
  }
  return out;
}

}  // namespace xq::ref
