// The Chinese rule set's explicit game solver (generator/parity_game.hpp) on hand-made graphs
// where a perpetual chase, a kill, a check/chase mix, a mutual attack and "the opponent checks,
// the winner chases" decide, and on random graphs: the winners, and the ranks checked move by
// move with chase_progress as `xqtb verify` checks them.
#include <catch2/catch.hpp>
#include <random>
#if __has_include("reference/parity_game.hpp")
#include "reference/parity_game.hpp"  // chase-ref's Zielonka solver (branch chase-ref)
#endif

#include "generator/parity_game.hpp"
#include "rules/chase_game.hpp"

using xq::chase_progress;
using xq::gen::ParityGame;
using xq::gen::solve_chase_game;

namespace {

constexpr uint32_t kWon = ParityGame::kWonSink, kNotWon = ParityGame::kNotWonSink;
// Priorities by name (rules/chase_game.hpp).
constexpr uint8_t kCheck = 1, kWinnerAttack = 2, kLoserAttack = 3, kWinnerIdle = 4, kLoserIdle = 5;

// The strategy the potentials define is a winning one: from each won node the winner has a
// move, and the opponent only moves, into a won sink or a won node with chase_progress.
bool ranks_hold(const ParityGame& g, const std::vector<uint16_t>& p) {
  for (uint32_t v = 0; v < g.size(); ++v) {
    if (!p[v]) continue;
    if (xq::chase_r5(p[v]) < 1) return false;
    bool some = false, all = true;
    for (uint32_t e = g.first[v]; e < g.first[v + 1]; ++e) {
      const ParityGame::Edge& m = g.edges[e];
      const bool good = m.target == kWon || (m.target < g.size() && p[m.target] &&
                                             chase_progress(m.priority, p[v], p[m.target]));
      some |= good;
      all &= good;
    }
    if (g.winner_moves[v] ? !some : !all) return false;
  }
  return true;
}

// A random game of 2..max_nodes nodes with min_moves..max_moves moves each: a move is a won
// sink or a sink not won (probability 1/sink_odds each), else a move of a random priority to a
// random node.
ParityGame random_game(std::mt19937& rng, uint32_t max_nodes, int min_moves, int max_moves,
                       uint32_t sink_odds) {
  const uint32_t n = 2 + rng() % (max_nodes - 1);
  ParityGame g;
  for (uint32_t v = 0; v < n; ++v) {
    std::vector<ParityGame::Edge> moves;
    const int k = min_moves + int(rng() % uint32_t(max_moves - min_moves + 1));
    for (int i = 0; i < k; ++i) {
      const uint32_t r = rng() % sink_odds;
      if (r == 0)
        moves.push_back({kWon, 0});
      else if (r == 1)
        moves.push_back({kNotWon, 0});
      else
        moves.push_back({uint32_t(rng() % n), uint8_t(1 + rng() % 5)});
    }
    g.add_node(rng() % 2, moves);
  }
  return g;
}

std::vector<bool> winners(const ParityGame& g) {
  const std::vector<uint16_t> p = solve_chase_game(g, "test");
  REQUIRE(ranks_hold(g, p));
  std::vector<bool> w;
  for (const uint16_t x : p) w.push_back(x != 0);
  return w;
}

// Node ids in insertion order; O is the opponent (loser-to-be) to move, P the winner.
ParityGame two_cycle(uint8_t loser_priority, uint8_t winner_priority) {
  ParityGame g;
  g.add_node(false, {{1, loser_priority}});
  g.add_node(true, {{0, winner_priority}, {kNotWon, 0}});
  return g;
}

}  // namespace

TEST_CASE("chase game: a perpetual chase by the opponent loses", "[chase]") {
  // O can only chase; P answers with idle moves: the largest priority seen forever is 4.
  CHECK(winners(two_cycle(kLoserAttack, kWinnerIdle)) == std::vector<bool>{true, true});
}

TEST_CASE("chase game: a perpetual kill, checks besides, loses", "[chase]") {
  // O threatens mate (a kill, priority 3) or checks (1); P idles after either.
  ParityGame g;
  g.add_node(false, {{1, kLoserAttack}, {2, kCheck}});  // 0: O
  g.add_node(true, {{0, kWinnerIdle}});                 // 1: P after the kill
  g.add_node(true, {{0, kWinnerIdle}});                 // 2: P after the check
  CHECK(winners(g) == std::vector<bool>{true, true, true});
  // An idle move instead of the check saves O: priority 5 forever.
  ParityGame h;
  h.add_node(false, {{1, kLoserAttack}, {2, kLoserIdle}});
  h.add_node(true, {{0, kWinnerIdle}});
  h.add_node(true, {{0, kWinnerIdle}});
  CHECK(winners(h) == std::vector<bool>{false, false, false});
}

TEST_CASE("chase game: a check/chase mix by the opponent loses", "[chase]") {
  // O alternates a check and a chase, P idles: the opponent's moves are all attacks.
  ParityGame g;
  g.add_node(false, {{1, kCheck}});        // 0
  g.add_node(true, {{2, kWinnerIdle}});    // 1
  g.add_node(false, {{3, kLoserAttack}});  // 2
  g.add_node(true, {{0, kWinnerIdle}});    // 3
  CHECK(winners(g) == std::vector<bool>{true, true, true, true});
}

TEST_CASE("chase game: a mutual attack is a draw", "[chase]") {
  // Both sides chase forever: the opponent's 3 beats the winner's 2.
  CHECK(winners(two_cycle(kLoserAttack, kWinnerAttack)) == std::vector<bool>{false, false});
  // Both idle: a draw as well.
  CHECK(winners(two_cycle(kLoserIdle, kWinnerIdle)) == std::vector<bool>{false, false});
}

TEST_CASE("chase game: the opponent checks, the winner chases", "[chase]") {
  // Perpetual check loses against a perpetual chase (priority 2 beats 1).
  CHECK(winners(two_cycle(kCheck, kWinnerAttack)) == std::vector<bool>{true, true});
  // The other way round the winner-to-be checks and the opponent chases: the checker loses.
  CHECK(winners(two_cycle(kLoserAttack, kCheck)) == std::vector<bool>{false, false});
}

TEST_CASE("chase game: sinks, choices and nested ranks", "[chase]") {
  ParityGame g;
  g.add_node(true, {{kNotWon, 0}, {kWon, 0}});             // 0: P captures into a win
  g.add_node(false, {{0, kLoserIdle}, {kWon, 0}});         // 1: O's moves all lose
  g.add_node(false, {{0, kLoserIdle}, {kNotWon, 0}});      // 2: O escapes
  g.add_node(true, {{2, kWinnerIdle}, {1, kWinnerIdle}});  // 3: P picks the good move
  g.add_node(false, {});                                   // 4: O has no move (mated)
  g.add_node(true, {});                                    // 5: P has no move
  // 6, 7: O chases forever, but may idle into 1, which loses at once: the chase cycle and the
  // idle move each keep the measure, the idle one by a lower r5.
  g.add_node(false, {{7, kLoserAttack}, {1, kLoserIdle}});
  g.add_node(true, {{6, kWinnerIdle}});
  const std::vector<uint16_t> p = solve_chase_game(g, "test");
  CHECK(ranks_hold(g, p));
  CHECK(std::vector<bool>{p[0] != 0, p[1] != 0, p[2] != 0, p[3] != 0, p[4] != 0, p[5] != 0,
                          p[6] != 0, p[7] != 0} ==
        std::vector<bool>{true, true, false, true, true, false, true, true});
  // Immediate wins have the smallest potential; an idle move of O must lower r5.
  CHECK(p[0] == xq::pack_chase_potential(1, 0, 0));
  CHECK(p[4] == xq::pack_chase_potential(1, 0, 0));
  CHECK(xq::chase_r5(p[1]) == 2);
  CHECK(xq::chase_r5(p[6]) > xq::chase_r5(p[1]));
}

TEST_CASE("chase game: the ranks overflow with a name", "[chase]") {
  // A chain of 40 idle moves of O, each into the next: r5 must grow by one per move.
  ParityGame g;
  g.add_node(true, {{kWon, 0}});
  for (uint32_t v = 1; v <= 80; ++v)
    g.add_node(v % 2 == 0, {{v - 1, uint8_t(v % 2 ? kLoserIdle : kWinnerIdle)}});
  CHECK_THROWS_WITH(solve_chase_game(g, "KXKY"), Catch::Contains("KXKY"));
}

TEST_CASE("chase game: random graphs give checkable ranks", "[chase]") {
  std::mt19937 rng(15);
  for (int round = 0; round < 300; ++round) {
    const ParityGame g = random_game(rng, 13, 1, 3, 12);
    const std::vector<uint16_t> p = solve_chase_game(g, "random");
    INFO("round " << round);
    REQUIRE(ranks_hold(g, p));
  }
}

// Against an independent solver, Zielonka's algorithm on vertex priorities (tests/reference,
// written by another hand), when the tree has it: each move of priority p becomes a vertex of
// priority p between its ends, the node vertices have priority 0, the sinks are self-loops of
// priority 0 (won) and 1 (not won), and a node without moves goes to the sink its side to move
// loses into.
#if __has_include("reference/parity_game.hpp")
namespace {
std::vector<bool> zielonka_winners(const ParityGame& g) {
  const uint32_t n = g.size(), won = n, not_won = n + 1;
  std::vector<std::vector<uint32_t>> succ(n + 2);
  std::vector<uint8_t> priority(n + 2, 0), owner(n + 2, 0);
  priority[not_won] = 1;
  succ[won] = {won};
  succ[not_won] = {not_won};
  for (uint32_t v = 0; v < n; ++v) {
    owner[v] = g.winner_moves[v] ? 0 : 1;
    for (uint32_t e = g.first[v]; e < g.first[v + 1]; ++e) {
      const ParityGame::Edge& m = g.edges[e];
      if (m.target >= n) {
        succ[v].push_back(m.target == kWon ? won : not_won);
        continue;
      }
      succ[v].push_back(uint32_t(succ.size()));
      succ.push_back({m.target});
      priority.push_back(m.priority);
      owner.push_back(0);
    }
    if (succ[v].empty()) succ[v].push_back(g.winner_moves[v] ? not_won : won);
  }
  std::vector<uint32_t> offset{0}, flat, pred_offset(succ.size() + 1, 0), pred;
  for (const auto& s : succ) {
    flat.insert(flat.end(), s.begin(), s.end());
    offset.push_back(uint32_t(flat.size()));
    for (const uint32_t t : s) ++pred_offset[t + 1];
  }
  for (size_t v = 0; v < succ.size(); ++v) pred_offset[v + 1] += pred_offset[v];
  pred.resize(flat.size());
  std::vector<uint32_t> fill(pred_offset.begin(), pred_offset.end() - 1);
  for (uint32_t v = 0; v < succ.size(); ++v)
    for (const uint32_t t : succ[v]) pred[fill[t]++] = v;
  xq::ref::ParityGame z(offset, flat, pred_offset, pred, priority, owner);
  const std::vector<uint8_t> w = z.solve();
  std::vector<bool> r;
  for (uint32_t v = 0; v < n; ++v) r.push_back(w[v] == 0);
  return r;
}
}  // namespace

TEST_CASE("chase game: the winners are Zielonka's on random graphs", "[chase]") {
  std::mt19937 rng(1515);
  for (int round = 0; round < 2000; ++round) {
    const ParityGame g = random_game(rng, 17, 0, 3, 16);
    INFO("round " << round);
    REQUIRE(winners(g) == zielonka_winners(g));
  }
}
#endif
