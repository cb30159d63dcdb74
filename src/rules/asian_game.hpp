// The Asian rule set's game for one would-be winner P, exactly (docs/rules.md G3 "The Asian game,
// exactly"; docs/metrics.md "The Asian stage"): the positions the Asian stage keeps (its
// cornered set), each with a register per side for the piece (or "checks") that side is claimed
// to attack perpetually, solved as a max-parity game by Zielonka's algorithm. The generator's
// Asian stage builds one AsianGame per winner and keeps the values; the probe builds one on a
// position's chase-decided component and plays the winner's strategy (AsianStrategy); the tests
// build small ones by hand and at random.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/geometry.hpp"
#include "rules/move_facts.hpp"

namespace xq {

// The facts the game needs of a move: check and chases under RuleSet::Asian. Kills are idle
// under the Asian rules (docs/rules.md R3a) and enter no label, so there is no mate search.
MoveFacts asian_move_facts(const Position& before, Move m);

// Nodes 0..n-1, each with the side to move and its moves. A move goes to another node, with
// what the register game needs of it, or leaves the game into a sink: one P has won, or one P
// has not (a draw, a win of the opponent, a position outside the game).
struct AsianGame {
  static constexpr uint32_t kWonSink = 0xffffffff, kNotWonSink = 0xfffffffe;
  // A register's values besides a point (0..89): nothing claimed yet, or checks.
  static constexpr uint8_t kNothing = 0xff, kChecks = 0xfe;
  struct Move {
    uint32_t target = 0;       // a node, or a sink (the rest is unused then)
    uint8_t from = 0, to = 0;  // the moved piece's points: a register on that piece follows it
    bool check = false;
    geo::SquareSet chased{};       // the opponent pieces the move newly chases (R4.9), by point
    geo::SquareSet pinned_rook{};  // those of them that are rooks on the leg of the mover's horse
    // The target node stands for the left-right mirror image of the position after the move
    // (a table slot stands for both): a register's point is mirrored on the way. The other
    // fields are in the frame of the move's own node.
    bool mirror = false;

    static Move sink(uint32_t which) {
      Move m;
      m.target = which;
      return m;
    }
  };
  std::vector<uint8_t> winner_moves;  // per node: P is to move there
  std::vector<uint32_t> first{0};     // node v's moves are moves[first[v] .. first[v + 1])
  std::vector<Move> moves;

  static constexpr bool is_sink(uint32_t target) { return target >= kNotWonSink; }
  uint32_t size() const { return uint32_t(winner_moves.size()); }
  // Appends a node with the given moves (building helper).
  void add_node(bool winner_to_move, const std::vector<Move>& node_moves);
};

struct AsianSolution {
  std::vector<uint8_t> won;  // per node: P wins it with both registers "nothing yet"
  uint64_t states = 0;       // (node, register, register) triples reached
  uint64_t vertices = 0;     // of the parity game (states, register choices, labelled arrivals)
};

// P's winning region. A node without moves is lost by its side to move (mate or stalemate).
// Throws std::length_error when the product does not fit 32-bit vertex numbers.
AsianSolution solve_asian_game(const AsianGame& g);

// A state of the product: a node and both registers, in the node's frame. tau_p is P's
// register (what P is claimed to do perpetually, O's guess), tau_o O's (P's guess).
struct AsianState {
  uint32_t node = 0;
  uint8_t tau_p = AsianGame::kNothing, tau_o = AsianGame::kNothing;
  bool operator==(const AsianState&) const = default;
};

// P's winning strategy on the product (Zielonka's, positional in the states), for playing a
// line: P's move in a state it wins, and the register it keeps or sets for O after O's moves.
// O's own choices (its moves, and its register for P after P's moves) are the caller's; P wins
// every play that follows the strategy, whatever they are.
class AsianStrategy {
 public:
  // Solves g (as solve_asian_game, same errors) and keeps the product and P's strategy.
  explicit AsianStrategy(AsianGame g);
  ~AsianStrategy();
  AsianStrategy(AsianStrategy&&) noexcept;

  const AsianGame& game() const;
  // Whether P wins the state (false for one the product never reached).
  bool wins(const AsianState& s) const;
  // P to move at a state it wins: its move, an index among the node's moves (0-based).
  uint32_t move(const AsianState& s) const;
  // The registers a move of the node's mover may leave its own register at: the kept one
  // first, then "checks" after a check, then each newly chased piece (the mover's opponent
  // chooses among them). In the frame of s.
  std::vector<uint8_t> register_choices(const AsianState& s, uint32_t move) const;
  // The state after a move into a node, the mover's register being `mover_register` (one of
  // register_choices; the kept one cleared to "nothing yet" when the move does not continue
  // it) and the other register following its piece (and the mirror).
  AsianState after(const AsianState& s, uint32_t move, uint8_t mover_register) const;
  // O to move at a state P wins, O's move going into a node: the register P sets for O.
  uint8_t winner_register(const AsianState& s, uint32_t move) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace xq
