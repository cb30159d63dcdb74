// The Chinese rule set's game on an explicit graph (docs/metrics.md "The chase rules"): the
// 5-priority max-parity game of rules/chase_game.hpp for one would-be winner P, solved by the
// nested fixpoint muZ5.nuZ4.muZ3.nuZ2.muZ1.CPre(priority-p moves into Z_p), with the ranks
// (r5, r3, r1) that make the winner's strategy checkable move by move (chase_progress).
// The chase stage builds one such graph per winner on the positions where P may win; the
// tests build small ones by hand.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace xq::gen {

// Nodes 0..n-1, each with the side to move and its moves. A move goes to another node with
// a priority 1..5 (chase_priority), or leaves the game into a sink: one P has won, or one
// P has not (a draw or a win of the opponent; for the opponent an escape).
struct ParityGame {
  static constexpr uint32_t kWonSink = 0xffffffff, kNotWonSink = 0xfffffffe;
  struct Edge {
    uint32_t target;   // a node, or a sink
    uint8_t priority;  // 1..5 for a node (unused for a sink)
  };
  std::vector<uint8_t> winner_moves;  // per node: P is to move there
  std::vector<uint32_t> first{0};     // node v's moves are edges[first[v] .. first[v + 1])
  std::vector<Edge> edges;

  uint32_t size() const { return uint32_t(winner_moves.size()); }
  // Appends a node with the given moves (building helper).
  void add_node(bool winner_to_move, const std::vector<Edge>& moves);
};

// P's winning region: per node its packed potential (pack_chase_potential(r5, r3, r1), r5 >= 1,
// ranks renumbered order-preservingly per prefix so that they are as small as they can be),
// or 0 when P does not win there. A node without moves is lost by its side to move (mate or
// stalemate). In P's region every move of the opponent, and some move of P, goes to a won sink
// or keeps chase_progress. Throws std::runtime_error naming `what` when the ranks do not fit
// the packing.
std::vector<uint16_t> solve_chase_game(const ParityGame& g, const std::string& what);

}  // namespace xq::gen
