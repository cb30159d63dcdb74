// The Asian rule set's game for one would-be winner P, exactly (docs/rules.md G3 "The Asian game,
// exactly"; docs/metrics.md "The Asian stage"): the positions the Asian stage keeps (its
// cornered set), each with a register per side for the piece (or "checks") that side is claimed
// to attack perpetually, solved as a max-parity game by Zielonka's algorithm. The stage builds
// one AsianGame per winner; the tests build small ones by hand and at random.
#pragma once

#include <cstdint>
#include <vector>

#include "core/geometry.hpp"

namespace xq::gen {

// Nodes 0..n-1, each with the side to move and its moves. A move goes to another node, with
// what the register game needs of it, or leaves the game into a sink: one P has won, or one P
// has not (a draw, a win of the opponent, a position outside the game).
struct AsianGame {
  static constexpr uint32_t kWonSink = 0xffffffff, kNotWonSink = 0xfffffffe;
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

}  // namespace xq::gen
