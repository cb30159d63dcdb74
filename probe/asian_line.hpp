// Play from an Asian chase-decided position (docs/probe-api.md "Asian chase values"). A table
// stores the value alone: who wins an infinite play under the Asian rules depends on which
// piece each side has been chasing, so the winner's strategy needs the chased-piece registers
// of docs/rules.md G3. At probe time the register game is built on the chase-decided positions
// the winner wins that the play can reach from the start, solved (rules/asian_game.hpp), and
// played: the winner by its strategy, the loser by its resistance.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/material.hpp"
#include "core/position.hpp"
#include "core/values.hpp"
#include "rules/asian_game.hpp"

namespace xq {

// A position's value for its side to move under the start's (Asian) tables; nullopt when its
// material has no table.
using AsianValueOf = std::function<std::optional<Wdl>(const Position&)>;

// The register game from one start, built and solved: immutable, shared by the plays from it.
class AsianLineGame {
 public:
  // Builds and solves the game from `start`, an Asian ChaseWin or ChaseLoss position. When a
  // capture of the game leads to a material without a table, there is no game: missing() names
  // it. Throws std::logic_error when the tables' values are not those of a won game (a damaged
  // or inconsistent set of tables).
  AsianLineGame(const Position& start, const AsianValueOf& value_of);

  const std::optional<Material>& missing() const { return missing_; }

 private:
  friend class AsianPlay;
  uint32_t node_of(const Position& pos, std::vector<Position>& queue);

  std::optional<Material> missing_;
  std::map<std::string, uint32_t> ids_;
  std::vector<std::string> fens_;         // per node
  std::vector<std::vector<Move>> moves_;  // per node, in AsianGame's order
  std::optional<AsianStrategy> strategy_;
};

// One play of a game, from its start.
class AsianPlay {
 public:
  explicit AsianPlay(std::shared_ptr<const AsianLineGame> game);

  const std::optional<Material>& missing() const { return game_->missing(); }
  // Whether the play stands at `pos`: still inside the game, and pos its current position.
  bool at(const Position& pos) const;
  // The move at the current position (the winner's strategy, or the loser's resistance: a move
  // that stays in the game, the first in move order), and the play advanced past it. After a
  // move out of the game (a capture, or into a position decided otherwise) at() is false.
  Move next();

 private:
  std::shared_ptr<const AsianLineGame> game_;
  // The play: its state, and the loser's guess of the winner's register (the target of the
  // winner's longest current streak of chases, or checks), by point.
  bool inside_ = false;
  AsianState state_;
  std::map<uint8_t, int> streak_;
};

// The last game built, by its start: a root's best move and its line (a web page's or a
// GUI's query asks for both) build one game, not two. One game at most, so that the memory
// the register games take stays bounded (docs/probe-api.md). Thread-safe; a game is built
// outside the lock.
class AsianGameCache {
 public:
  std::shared_ptr<const AsianLineGame> get(const Position& start, const AsianValueOf& value_of);

 private:
  std::mutex mutex_;
  std::string start_;  // the kept game's start, by FEN
  std::shared_ptr<const AsianLineGame> game_;
};

}  // namespace xq
