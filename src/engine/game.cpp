#include "engine/game.hpp"

#include <algorithm>

#include "probe/limit.hpp"
#include "rules/game_record.hpp"

namespace xq::engine {

Game::Game() : Game(Position::from_fen(kStartFen), kStartFen) {}

Game::Game(const Position& start, const std::string& fen)
    : start_(start),
      current_(start),
      start_fen_(fen),
      start_counter_(fen_counter(fen).value_or(0)),
      positions_{start} {}

Game Game::from(const PositionCommand& c) {
  Game g(Position::from_fen(c.fen), c.fen);
  const std::vector<Move> moves = read_moves(g.start_, c.moves);
  for (const Move m : moves) g.play(m);
  return g;
}

void Game::play(Move m) {
  const bool capture = current_.is_capture(m);
  current_ = current_.after(m);
  moves_.push_back(m);
  positions_.push_back(current_);
  if (capture) last_capture_ = int(moves_.size());
}

int Game::counter() const {
  const int quiet = int(moves_.size()) - last_capture_;
  return last_capture_ == 0 ? start_counter_ + quiet : quiet;
}

bool Game::repeats(const Position& after) const {
  return std::find(positions_.begin() + last_capture_, positions_.end(), after) != positions_.end();
}

}  // namespace xq::engine
