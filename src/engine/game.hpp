// The game an engine is asked about: the start position, its counter of plies since the last
// capture (the FEN's halfmove field), and every move since, checked legal. The whole history
// is what the repetition rules judge; the position after it is the one to move in.
#pragma once

#include <string>
#include <vector>

#include "core/position.hpp"
#include "core/types.hpp"
#include "engine/protocol.hpp"

namespace xq::engine {

class Game {
 public:
  // The initial position, no moves.
  Game();
  // The game a `position` command names. Throws FenError for the FEN, GameError for the first
  // move that is malformed or illegal (naming its ply).
  static Game from(const PositionCommand& c);

  const Position& start() const { return start_; }
  const std::vector<Move>& moves() const { return moves_; }
  const Position& current() const { return current_; }
  // positions()[k]: the position after k plies (0: the start).
  const std::vector<Position>& positions() const { return positions_; }
  // The start FEN as given (with its counter), for the child engine.
  const std::string& start_fen() const { return start_fen_; }
  // Plies since the last capture at the current position: the start's counter plus the quiet
  // moves since, or the quiet moves since the game's last capture.
  int counter() const;
  // Index (plies before it) of the first position of the current capture-free stretch.
  int stretch_start() const { return last_capture_; }
  // Whether position `after` (the current one after a move) occurred since the last capture
  // (the move itself is not a capture).
  bool repeats(const Position& after) const;
  // The game with one more (legal) move.
  void play(Move m);

 private:
  Game(const Position& start, const std::string& fen);
  Position start_, current_;
  std::string start_fen_;
  int start_counter_ = 0;
  std::vector<Move> moves_;
  std::vector<Position> positions_;  // positions_[k]: after k plies
  int last_capture_ = 0;             // plies before the stretch's first position
};

}  // namespace xq::engine
