// The generator's chase-game solver (generator/parity_game.hpp, a nested fixpoint with ranks)
// against the reference's Zielonka solver (tests/reference/parity_game.hpp) on random small
// games: the same winning region (as in test_chase_solver.cpp) and, what that test leaves to
// hand-made graphs, ranks that keep chase_progress on every move the strategy relies on.
#include <catch2/catch.hpp>
#include <random>

#include "generator/parity_game.hpp"
#include "reference/parity_game.hpp"
#include "rules/chase_game.hpp"

using namespace xq;

namespace {

// The reference's reading of a ParityGame: each move gets a vertex of its priority; the sinks
// are self-loops of priority 4 (won by P) and 5; a node without moves is lost by its side to
// move. Returns per node whether P wins.
std::vector<uint8_t> reference_region(const gen::ParityGame& g) {
  const uint32_t n = g.size(), won = n, not_won = n + 1;
  std::vector<uint8_t> priority(n + 2, 0), owner(n + 2, 0);
  std::vector<std::pair<uint32_t, uint32_t>> edges{{won, won}, {not_won, not_won}};
  priority[won] = 4;
  priority[not_won] = 5;
  for (uint32_t v = 0; v < n; ++v) {
    owner[v] = g.winner_moves[v] ? 0 : 1;
    if (g.first[v] == g.first[v + 1]) edges.push_back({v, g.winner_moves[v] ? not_won : won});
    for (uint32_t e = g.first[v]; e < g.first[v + 1]; ++e) {
      const gen::ParityGame::Edge& m = g.edges[e];
      if (m.target == gen::ParityGame::kWonSink || m.target == gen::ParityGame::kNotWonSink) {
        edges.push_back({v, m.target == gen::ParityGame::kWonSink ? won : not_won});
        continue;
      }
      const uint32_t mid = uint32_t(priority.size());
      priority.push_back(m.priority);
      owner.push_back(0);
      edges.push_back({v, mid});
      edges.push_back({mid, m.target});
    }
  }
  std::vector<uint8_t> w = ref::solve_parity(edges, priority, owner);
  std::vector<uint8_t> region(n);
  for (uint32_t v = 0; v < n; ++v) region[v] = w[v] == 0;
  return region;
}

}  // namespace

TEST_CASE("chase solver equals Zielonka on random games", "[chase_ref][chase_solver]") {
  std::mt19937 rng(1515);
  for (int round = 0; round < 2000; ++round) {
    const uint32_t n = 1 + rng() % 9;
    gen::ParityGame g;
    for (uint32_t v = 0; v < n; ++v) {
      std::vector<gen::ParityGame::Edge> moves;
      const int degree = int(rng() % 4);
      for (int k = 0; k < degree; ++k) {
        const uint32_t r = rng() % (n + 2);
        const uint32_t target = r < n    ? r
                                : r == n ? gen::ParityGame::kWonSink
                                         : gen::ParityGame::kNotWonSink;
        moves.push_back({target, uint8_t(1 + rng() % 5)});
      }
      g.add_node(rng() % 2 == 0, moves);
    }
    const std::vector<uint16_t> potential = gen::solve_chase_game(g, "random");
    const std::vector<uint8_t> want = reference_region(g);
    INFO("round " << round);
    for (uint32_t v = 0; v < n; ++v) {
      CHECK((potential[v] != 0) == bool(want[v]));
      if (potential[v] == 0) continue;
      // In P's region: every opponent move, and some move of P, wins at once or keeps progress.
      const auto keeps = [&](const gen::ParityGame::Edge& m) {
        if (m.target == gen::ParityGame::kWonSink) return true;
        if (m.target == gen::ParityGame::kNotWonSink || potential[m.target] == 0) return false;
        return chase_progress(m.priority, potential[v], potential[m.target]);
      };
      bool any = false, all = true;
      for (uint32_t e = g.first[v]; e < g.first[v + 1]; ++e) {
        any = any || keeps(g.edges[e]);
        all = all && keeps(g.edges[e]);
      }
      if (g.first[v] == g.first[v + 1]) continue;  // the opponent has no move: lost
      CHECK((g.winner_moves[v] ? any : all));
    }
  }
}
