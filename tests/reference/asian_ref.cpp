// The chase reference under the Asian rule set: the arena of asian_game.hpp from the positions
// the check rule leaves drawn, each move labelled by the classifier.
#include "chase_ref.hpp"
#include "reference/asian_game.hpp"

namespace xq::ref {

void ChaseRef::solve_asian() {
  const size_t n = base_->size();
  AsianArena arena;
  arena.side.resize(n);
  arena.decided.resize(n);
  arena.first.assign(n + 1, 0);
  for (uint32_t i = 0; i < n; ++i) {
    const Position pos = base_->position(i);
    const xq::Wdl check = check_value(i);
    arena.side[i] = uint8_t(pos.side_to_move());
    arena.decided[i] = int8_t(is_win(check) ? 1 : is_loss(check) ? -1 : 0);
    std::array<uint64_t, 5>& counted = move_counts_[base_->material(i)];
    if (check == xq::Wdl::Draw) {
      const std::span<const uint32_t> targets = base_->successors(i);
      const MoveList moves = pos.legal_moves();
      for (size_t k = 0; k < targets.size(); ++k) {
        const MoveFacts f = move_facts(pos, moves[k], RuleSet::Asian);
        ++counted[size_t(move_class(f, RuleSet::Asian))];
        arena.moves.push_back({targets[k], moves[k].from, moves[k].to, f.capture, f.check, f.chased,
                               f.chased_pinned_rook});
      }
    }
    arena.first[i + 1] = uint32_t(arena.moves.size());
  }
  AsianResult r = solve_asian_game(arena);
  chase_ = std::move(r.value);
  game_size_ = r.game_size;
}

}  // namespace xq::ref
