// The chase stage's cornered set (generator/buchi_region.hpp) on explicit games: the
// opponent's Büchi region for idle moves against a naive fixpoint, on hand-made graphs (a node
// cornered by the idle-safety bound and not by the Büchi region) and on random ones, where the
// winner's region lies in the cornered set and the game solved on the cornered set alone
// gives the same potentials as on the whole graph.
#include <catch2/catch.hpp>
#include <random>

#include "generator/buchi_region.hpp"
#include "generator/parity_game.hpp"

using xq::gen::Bitmap;
using xq::gen::ParityGame;

namespace {

constexpr uint32_t kWon = ParityGame::kWonSink, kNotWon = ParityGame::kNotWonSink;
constexpr uint8_t kLoserIdle = 5;

// A ParityGame as refine_to_buchi's graph: its nodes are the draws, an opponent's priority-5
// move is idle, a sink not won is the opponent's exit and a won sink the winner's.
struct GameGraph {
  const ParityGame& g;
  std::vector<std::vector<uint32_t>> preds;
  std::vector<uint16_t> counts;
  // idle() calls per edge: the refinement classifies each move at most once.
  std::vector<uint32_t> classified;
  struct Cursor {};

  explicit GameGraph(const ParityGame& game)
      : g(game), preds(game.size()), counts(game.size()), classified(game.edges.size()) {
    for (uint32_t v = 0; v < g.size(); ++v)
      for (uint32_t e = g.first[v]; e < g.first[v + 1]; ++e)
        if (g.edges[e].target < g.size()) preds[g.edges[e].target].push_back(v);
  }
  Cursor cursor() const { return {}; }
  bool loser(uint64_t v) const { return !g.winner_moves[v]; }
  bool has_sink(uint64_t v, uint32_t sink) const {
    for (uint32_t e = g.first[v]; e < g.first[v + 1]; ++e)
      if (g.edges[e].target == sink) return true;
    return false;
  }
  bool loser_exit(Cursor&, uint64_t v) const { return has_sink(v, kNotWon); }
  bool winner_exit(Cursor&, uint64_t v) const { return has_sink(v, kWon); }
  template <class F>
  void moves(Cursor&, uint64_t v, F&& f) {
    for (uint32_t e = g.first[v]; e < g.first[v + 1]; ++e) {
      const ParityGame::Edge m = g.edges[e];
      auto idle = [&] {
        ++classified[e];  // one thread visits v at a time
        return m.priority == kLoserIdle;
      };
      if (m.target < g.size() && f(m.target, idle)) return;
    }
  }
  template <class F>
  void predecessors(Cursor&, uint64_t w, F&& f) const {
    for (const uint32_t p : preds[w]) f(p);
  }
  uint16_t& count(uint64_t v) { return counts[v]; }
};

std::vector<uint8_t> all_nodes(const ParityGame& g) {
  return std::vector<uint8_t>(g.size(), 1);
}

// The complement of the opponent's idle-safe set (phase 1's bound), by rounds.
std::vector<uint8_t> naive_idle_unsafe(const ParityGame& g) {
  std::vector<uint8_t> safe = all_nodes(g);
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t v = 0; v < g.size(); ++v) {
      if (!safe[v]) continue;
      bool ok = g.winner_moves[v];
      for (uint32_t e = g.first[v]; e < g.first[v + 1]; ++e) {
        const ParityGame::Edge m = g.edges[e];
        if (g.winner_moves[v])
          ok = ok && m.target != kWon && (m.target >= g.size() || safe[m.target]);
        else
          ok = ok || m.target == kNotWon ||
               (m.target < g.size() && m.priority == kLoserIdle && safe[m.target]);
      }
      if (!ok) safe[v] = 0, changed = true;
    }
  }
  for (uint8_t& s : safe) s = !s;
  return safe;
}

// The complement of the opponent's Büchi region, by rounds of attractors (the textbook
// iteration Y := Attr_O(T(Y)) within Y); `rounds` gets their number.
std::vector<uint8_t> naive_buchi_complement(const ParityGame& g, int* rounds = nullptr) {
  std::vector<uint8_t> y = all_nodes(g);
  if (rounds) *rounds = 0;
  for (bool shrunk = true; shrunk;) {
    if (rounds) ++*rounds;
    std::vector<uint8_t> attr(g.size(), 0);
    for (uint32_t v = 0; v < g.size(); ++v)
      if (y[v] && !g.winner_moves[v])
        for (uint32_t e = g.first[v]; e < g.first[v + 1]; ++e) {
          const ParityGame::Edge m = g.edges[e];
          attr[v] |= m.target == kNotWon ||
                     (m.target < g.size() && m.priority == kLoserIdle && y[m.target]);
        }
    for (bool grew = true; grew;) {
      grew = false;
      for (uint32_t v = 0; v < g.size(); ++v) {
        if (!y[v] || attr[v]) continue;
        bool in = g.winner_moves[v];
        for (uint32_t e = g.first[v]; e < g.first[v + 1]; ++e) {
          const uint32_t t = g.edges[e].target;
          if (g.winner_moves[v])
            in = in && t != kWon && (t >= g.size() || attr[t]);
          else
            in = in || (t < g.size() && attr[t]);
        }
        if (in) attr[v] = 1, grew = true;
      }
    }
    shrunk = attr != y;
    y = attr;
  }
  for (uint8_t& s : y) s = !s;
  return y;
}

// The refinement from all the nodes: the cornered ones (each move classified once at most).
std::vector<uint8_t> refine(const ParityGame& g, int* rounds = nullptr) {
  GameGraph graph(g);
  Bitmap cornered(g.size());
  for (uint32_t v = 0; v < g.size(); ++v) cornered.set(v);
  const int r = xq::gen::refine_to_buchi(graph, cornered, g.size());
  if (rounds) *rounds = r;
  for (uint32_t v = 0; v < g.size(); ++v) REQUIRE(graph.counts[v] == 0);
  for (const uint32_t c : graph.classified) REQUIRE(c <= 1);
  std::vector<uint8_t> out;
  for (uint32_t v = 0; v < g.size(); ++v) out.push_back(cornered.test(v));
  return out;
}

// The game on the cornered nodes alone, moves to the others being sinks not won; `node_of`
// gets the new ids.
ParityGame restrict_to(const ParityGame& g, const std::vector<uint8_t>& keep,
                       std::vector<uint32_t>& node_of) {
  node_of.assign(g.size(), kNotWon);
  uint32_t k = 0;
  for (uint32_t v = 0; v < g.size(); ++v)
    if (keep[v]) node_of[v] = k++;
  ParityGame r;
  for (uint32_t v = 0; v < g.size(); ++v) {
    if (!keep[v]) continue;
    std::vector<ParityGame::Edge> moves;
    for (uint32_t e = g.first[v]; e < g.first[v + 1]; ++e) {
      ParityGame::Edge m = g.edges[e];
      if (m.target < g.size()) {
        m = keep[m.target] ? ParityGame::Edge{node_of[m.target], m.priority}
                           : ParityGame::Edge{kNotWon, 0};
      }
      moves.push_back(m);
    }
    r.add_node(g.winner_moves[v], moves);
  }
  return r;
}

}  // namespace

TEST_CASE("Büchi region: an opponent that alternates attacks and idle moves is not cornered",
          "[chase][buchi]") {
  // O at 0 can only attack (3), P at 1 attacks (2), O at 2 idles (5), P at 3 idles (4): the
  // idle-safety bound corners all four (O at 0 cannot idle), the Büchi region none (O idles
  // at 2 on every lap), and P indeed wins nowhere.
  ParityGame g;
  g.add_node(false, {{1, 3}});
  g.add_node(true, {{2, 2}});
  g.add_node(false, {{3, kLoserIdle}});
  g.add_node(true, {{0, 4}});
  const std::vector<uint8_t> bound = naive_idle_unsafe(g);
  CHECK(bound == std::vector<uint8_t>{1, 1, 1, 1});
  int rounds = 0;
  CHECK(refine(g, &rounds) == std::vector<uint8_t>{0, 0, 0, 0});
  CHECK(rounds == 1);
  for (const uint16_t p : solve_chase_game(g, "test")) CHECK(p == 0);
}

TEST_CASE("Büchi region: a winner that can steer into a loop without idle moves corners it",
          "[chase][buchi]") {
  // As above, but P at 1 may also go to 4, where O only checks (1) and P attacks (2) back:
  // O's idle move at 2 leads into a play P can steer into that loop, so after two rounds
  // every node is cornered, and P wins them all (largest recurring priority 2). A third O
  // node 6 with an exit that holds (a sink not won) and P at 7 moving into it stay outside.
  ParityGame g;
  g.add_node(false, {{1, 3}});
  g.add_node(true, {{2, 2}, {4, 2}});
  g.add_node(false, {{3, kLoserIdle}});
  g.add_node(true, {{0, 4}});
  g.add_node(false, {{5, 1}});
  g.add_node(true, {{4, 2}});
  g.add_node(false, {{7, 3}, {kNotWon, 0}});
  g.add_node(true, {{6, 2}});
  int rounds = 0;
  const std::vector<uint8_t> cornered = refine(g, &rounds);
  CHECK(cornered == std::vector<uint8_t>{1, 1, 1, 1, 1, 1, 0, 0});
  // Round 1 leaves {0, 1, 3, 4, 5} out of the attractor; round 2 removes them with 2 (all its
  // moves lead into them, P's attractor), and no O node left has a move into what went.
  CHECK(rounds == 2);
  CHECK(cornered == naive_buchi_complement(g));
  const std::vector<uint16_t> p = solve_chase_game(g, "test");
  for (uint32_t v = 0; v < 8; ++v) CHECK((p[v] != 0) == (v < 6));
}

TEST_CASE("Büchi region: random games against naive fixpoints and the full game",
          "[chase][buchi]") {
  std::mt19937 rng(15);
  int strict = 0;
  for (int round = 0; round < 400; ++round) {
    // The sides alternate, as in a table (phase 1's bound relies on it: a play in the
    // idle-safe set meets the opponent's idle moves on every other ply): even nodes are the
    // opponent's, odd ones the winner's.
    ParityGame g;
    const uint32_t n = 2 * (1 + rng() % 30);
    for (uint32_t v = 0; v < n; ++v) {
      std::vector<ParityGame::Edge> moves;
      const int k = int(rng() % 4);  // a node without moves is lost by its side to move
      for (int i = 0; i < k; ++i) {
        const uint32_t r = rng() % 12;
        if (r == 0)
          moves.push_back({kWon, 0});
        else if (r == 1)
          moves.push_back({kNotWon, 0});
        else
          moves.push_back({uint32_t(rng() % (n / 2) * 2 + (v % 2 == 0)), uint8_t(1 + rng() % 5)});
      }
      g.add_node(v % 2, moves);
    }
    const std::vector<uint8_t> bound = naive_idle_unsafe(g);
    const std::vector<uint8_t> cornered = refine(g);
    REQUIRE(cornered == naive_buchi_complement(g));
    for (uint32_t v = 0; v < n; ++v) REQUIRE((!cornered[v] || bound[v]));  // inside the bound
    strict += cornered != bound;
    // The winner's region lies in the cornered set, and the game on it alone has the same
    // potentials.
    const std::vector<uint16_t> full = solve_chase_game(g, "full");
    std::vector<uint32_t> node_of;
    const ParityGame small = restrict_to(g, cornered, node_of);
    const std::vector<uint16_t> part = solve_chase_game(small, "cornered");
    for (uint32_t v = 0; v < n; ++v) {
      REQUIRE((cornered[v] || !full[v]));
      if (cornered[v]) REQUIRE(part[node_of[v]] == full[v]);
    }
  }
  CHECK(strict > 20);  // the refinement is often strictly tighter than the bound
}

TEST_CASE("Büchi region: larger random games against the textbook rounds", "[chase][buchi]") {
  // Larger than above, with a varying share of idle moves, so that later rounds (which look
  // only near the nodes removed) find nodes outside the attractor. Never more rounds than the
  // textbook's: each removes P's attractor of what it finds, not only what it finds.
  std::mt19937 rng(1515);
  int several = 0;
  for (int game = 0; game < 300; ++game) {
    ParityGame g;
    const uint32_t n = 2 * (20 + rng() % 180);
    const int idle_share = int(1 + rng() % 8);  // in 10ths of the opponent's moves
    for (uint32_t v = 0; v < n; ++v) {
      std::vector<ParityGame::Edge> moves;
      const int k = int(rng() % 5);
      for (int i = 0; i < k; ++i) {
        const uint32_t r = rng() % 40;
        if (r == 0)
          moves.push_back({kWon, 0});
        else if (r == 1)
          moves.push_back({kNotWon, 0});
        else
          moves.push_back(
              {uint32_t(rng() % (n / 2) * 2 + (v % 2 == 0)),
               uint8_t(v % 2 == 0 && int(rng() % 10) < idle_share ? kLoserIdle : 1 + rng() % 4)});
      }
      g.add_node(v % 2, moves);
    }
    int textbook_rounds = 0, rounds = 0;
    const std::vector<uint8_t> expected = naive_buchi_complement(g, &textbook_rounds);
    REQUIRE(refine(g, &rounds) == expected);
    REQUIRE(rounds <= textbook_rounds);
    several += rounds > 2;
  }
  CHECK(several > 10);  // later rounds are exercised
}
