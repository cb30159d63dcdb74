#include "probe/asian_line.hpp"

#include <stdexcept>

namespace xq {

namespace {

constexpr uint32_t kWonSink = AsianGame::kWonSink, kNotWonSink = AsianGame::kNotWonSink;

}  // namespace

uint32_t AsianLineGame::node_of(const Position& pos, std::vector<Position>& queue) {
  const auto [it, fresh] = ids_.try_emplace(pos.fen(), uint32_t(fens_.size()));
  if (fresh) {
    fens_.push_back(it->first);
    queue.push_back(pos);
  }
  return it->second;
}

// The game's nodes: the start and every chase-decided position the winner wins that a move
// between such positions reaches (a capture leaves the game: it starts a new count). A move
// out of them is a sink by its value; one that wins for its mover decides the node (the
// generator's stage does the same, generator/asian_rule_stage.cpp).
AsianLineGame::AsianLineGame(const Position& start, const AsianValueOf& value_of) {
  const std::optional<Wdl> here = value_of(start);
  if (!here || !is_chase_decided(*here))
    throw std::logic_error("asian play: " + start.fen() + " is not chase-decided");
  const Color winner = *here == Wdl::ChaseWin ? start.side_to_move() : ~start.side_to_move();
  AsianGame g;
  std::vector<Position> queue;
  node_of(start, queue);
  for (size_t q = 0; q < queue.size(); ++q) {
    const Position pos = queue[q];
    const bool ours = pos.side_to_move() == winner;
    std::vector<AsianGame::Move> edges;
    std::vector<Move> played;
    for (const Move m : pos.legal_moves()) {
      const Position after = pos.after(m);
      const std::optional<Wdl> v = value_of(after);
      if (!v) {
        missing_ = Material::of(after).canonical();
        return;
      }
      const Wdl in_game = after.side_to_move() == winner ? Wdl::ChaseWin : Wdl::ChaseLoss;
      AsianGame::Move e;
      if (!pos.is_capture(m) && *v == in_game) {
        const MoveFacts f = asian_move_facts(pos, m);
        e.target = node_of(after, queue);
        e.from = m.from;
        e.to = m.to;
        e.check = f.check;
        e.chased = f.chased;
        e.pinned_rook = f.chased_pinned_rook;
      } else {
        e = AsianGame::Move::sink((ours ? is_loss(*v) : is_win(*v)) ? kWonSink : kNotWonSink);
        if ((e.target == kWonSink) == ours) {
          edges = {e};
          played = {m};
          break;
        }
      }
      edges.push_back(e);
      played.push_back(m);
    }
    g.add_node(ours, edges);
    moves_.push_back(std::move(played));
  }
  strategy_.emplace(std::move(g));
  if (!strategy_->wins(AsianState{}))
    throw std::logic_error("asian play: the tables' chase value of " + start.fen() +
                           " is not a won register game");
}

AsianPlay::AsianPlay(std::shared_ptr<const AsianLineGame> game)
    : game_(std::move(game)), inside_(!game_->missing()) {}

bool AsianPlay::at(const Position& pos) const {
  return inside_ && game_->fens_[state_.node] == pos.fen();
}

Move AsianPlay::next() {
  if (!inside_) throw std::logic_error("asian play: the play has left the game");
  const AsianStrategy& strategy = *game_->strategy_;
  const AsianGame& g = strategy.game();
  const uint32_t first = g.first[state_.node], count = g.first[state_.node + 1] - first;
  const bool ours = g.winner_moves[state_.node];
  uint32_t i = 0;
  if (ours) {
    i = strategy.move(state_);
  } else {
    while (i < count && AsianGame::is_sink(g.moves[first + i].target)) ++i;  // stays in the game
    if (i == count) i = 0;
  }
  const AsianGame::Move& e = g.moves[first + i];
  const Move played = game_->moves_[state_.node][i];
  if (AsianGame::is_sink(e.target)) {
    inside_ = false;
    return played;
  }
  uint8_t reg;
  if (ours) {
    // The loser's guess: the register whose streak the move extends the longest. A streak counts
    // the winner's consecutive moves chasing one piece (or checking); so guessed, the registers
    // state the winner's perpetual attack exactly (docs/rules.md G3).
    std::map<uint8_t, int> streak;
    const auto extended = [&](uint8_t target) {
      const auto it = streak_.find(target);
      return (it == streak_.end() ? 0 : it->second) + 1;
    };
    if (e.check)
      streak[AsianGame::kChecks] = extended(AsianGame::kChecks);
    else
      for (const Square c : e.chased) streak[uint8_t(c)] = extended(uint8_t(c));
    streak_ = std::move(streak);
    const std::vector<uint8_t> choices = strategy.register_choices(state_, i);
    reg = choices.front();
    for (const uint8_t c : choices)
      if (streak_.count(c) && (!streak_.count(reg) || streak_[c] > streak_[reg])) reg = c;
  } else {
    reg = strategy.winner_register(state_, i);
    if (const auto it = streak_.find(e.from); it != streak_.end()) {  // the chased piece moved
      const int n = it->second;
      streak_.erase(it);
      streak_[e.to] = n;
    }
  }
  state_ = strategy.after(state_, i, reg);
  return played;
}

std::shared_ptr<const AsianLineGame> AsianGameCache::get(const Position& start,
                                                         const AsianValueOf& value_of) {
  const std::string fen = start.fen();
  {
    const std::lock_guard lock(mutex_);
    if (game_ && start_ == fen) return game_;
  }
  auto game = std::make_shared<const AsianLineGame>(start, value_of);
  const std::lock_guard lock(mutex_);
  start_ = fen;
  game_ = game;
  return game;
}

}  // namespace xq
