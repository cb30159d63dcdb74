#include "generator/parity_game.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "rules/chase_game.hpp"

namespace xq::gen {

void ParityGame::add_node(bool winner_to_move, const std::vector<Edge>& moves) {
  winner_moves.push_back(winner_to_move);
  edges.insert(edges.end(), moves.begin(), moves.end());
  first.push_back(uint32_t(edges.size()));
}

namespace {

using Set = std::vector<uint8_t>;  // membership per node

struct ParityGameSolver {
  const ParityGame& g;
  const uint32_t n;
  Set won_exit;  // P to move with a move into a won sink
  Set escape;    // the opponent to move with a move into a sink P has not won
  // The predecessors by priority-1 moves (checks), for the innermost least fixpoint.
  std::vector<uint32_t> pred_first, preds;

  explicit ParityGameSolver(const ParityGame& game)
      : g(game), n(game.size()), won_exit(n), escape(n) {
    pred_first.assign(n + 1, 0);
    for (uint32_t v = 0; v < n; ++v)
      for (uint32_t e = g.first[v]; e < g.first[v + 1]; ++e) {
        const ParityGame::Edge& m = g.edges[e];
        if (m.target == ParityGame::kWonSink)
          won_exit[v] |= g.winner_moves[v];
        else if (m.target == ParityGame::kNotWonSink)
          escape[v] |= !g.winner_moves[v];
        else if (m.priority == 1)
          ++pred_first[m.target + 1];
      }
    for (uint32_t v = 0; v < n; ++v) pred_first[v + 1] += pred_first[v];
    preds.resize(pred_first[n]);
    std::vector<uint32_t> fill(pred_first.begin(), pred_first.end() - 1);
    for (uint32_t v = 0; v < n; ++v)
      for (uint32_t e = g.first[v]; e < g.first[v + 1]; ++e) {
        const ParityGame::Edge& m = g.edges[e];
        if (m.target < n && m.priority == 1) preds[fill[m.target]++] = v;
      }
  }

  // muZ1.CPre(priority-p moves into z[p] for p = 2..5, checks into Z1): the attractor to the
  // nodes that CPre puts in at once, through checks. layer[v] is v's iteration index (0: not
  // in the fixpoint). Returns its size.
  uint32_t attractor(const std::array<const Set*, 6>& z, std::vector<uint32_t>& layer) const {
    layer.assign(n, 0);
    std::vector<uint32_t> need(n, 0), frontier, next;
    Set eligible(n, 0);  // the opponent's nodes whose other moves are all good
    // The first layer in parallel (each node reads the fixed sets only); the layers through
    // checks that follow are a breadth-first search, whose layers do not depend on the order.
    // Small games stay on one thread: the nested fixpoint runs this many times, and starting
    // a team costs more than such a pass (the random-graph tests took a minute with it).
#pragma omp parallel for schedule(dynamic, 1024) if (n >= 4096)
    for (uint32_t v = 0; v < n; ++v) {
      bool in = false;
      if (g.winner_moves[v]) {
        in = won_exit[v];
        for (uint32_t e = g.first[v]; !in && e < g.first[v + 1]; ++e) {
          const ParityGame::Edge& m = g.edges[e];
          in = m.target < n && m.priority != 1 && (*z[m.priority])[m.target];
        }
      } else {
        if (escape[v]) continue;
        bool bad = false;
        for (uint32_t e = g.first[v]; !bad && e < g.first[v + 1]; ++e) {
          const ParityGame::Edge& m = g.edges[e];
          if (m.target >= n) continue;  // a won sink (escapes excluded above)
          if (m.priority == 1)
            ++need[v];
          else
            bad = !(*z[m.priority])[m.target];
        }
        if (bad) continue;
        eligible[v] = 1;
        in = need[v] == 0;
      }
      if (in) layer[v] = 1;
    }
    for (uint32_t v = 0; v < n; ++v)
      if (layer[v]) frontier.push_back(v);
    uint32_t size = 0;
    for (uint32_t l = 1; !frontier.empty(); ++l) {
      size += uint32_t(frontier.size());
      next.clear();
      for (const uint32_t w : frontier)
        for (uint32_t i = pred_first[w]; i < pred_first[w + 1]; ++i) {
          const uint32_t u = preds[i];
          if (layer[u]) continue;
          if (g.winner_moves[u] || (eligible[u] && --need[u] == 0)) {
            layer[u] = l + 1;
            next.push_back(u);
          }
        }
      frontier.swap(next);
    }
    return size;
  }

  static Set members(const std::vector<uint32_t>& layer) {
    Set s(layer.size());
    for (size_t v = 0; v < layer.size(); ++v) s[v] = layer[v] != 0;
    return s;
  }

  struct Ranks {
    uint32_t r5 = 0, r3 = 0, r1 = 0;  // r5 = 0: not won
  };

  // The nested fixpoint, plain (each greatest fixpoint restarts from all nodes): the graphs are
  // the cornered positions only. The ranks of a node are taken when it joins Z5, from the
  // iteration of nuZ4 that is the fixpoint.
  std::vector<Ranks> solve() const {
    std::vector<Ranks> ranks(n);
    const Set all(n, 1);
    Set z5(n, 0);
    uint32_t z5_size = 0;
    std::vector<uint32_t> r3(n), r1(n), layer;
    for (uint32_t a = 1;; ++a) {
      Set z4 = all;
      uint32_t z4_size = n;
      while (true) {  // nuZ4
        Set z3(n, 0);
        uint32_t z3_size = 0;
        for (uint32_t b = 1;; ++b) {  // muZ3
          Set z2 = all;
          uint32_t z2_size = n;
          while (true) {  // nuZ2
            const uint32_t z1_size = attractor({nullptr, nullptr, &z2, &z3, &z4, &z5}, layer);
            if (z1_size == z2_size) break;
            z2 = members(layer);
            z2_size = z1_size;
          }
          for (uint32_t v = 0; v < n; ++v)
            if (layer[v] && !z3[v]) r3[v] = b, r1[v] = layer[v];
          if (z2_size == z3_size) break;
          z3 = members(layer);
          z3_size = z2_size;
        }
        if (z3_size == z4_size) break;
        z4 = std::move(z3);
        z4_size = z3_size;
      }
      if (z4_size == z5_size) return ranks;
      for (uint32_t v = 0; v < n; ++v)
        if (z4[v] && !z5[v]) ranks[v] = {a, r3[v], r1[v]};
      z5 = std::move(z4);
      z5_size = z4_size;
    }
  }
};

}  // namespace

std::vector<uint16_t> solve_chase_game(const ParityGame& g, const std::string& what) {
  if (g.first.size() != g.winner_moves.size() + 1 || g.first.back() != g.edges.size())
    throw std::logic_error("solve_chase_game: a malformed graph");
  for (const ParityGame::Edge& m : g.edges)
    if (m.target < g.size() ? m.priority < 1 || m.priority > 5 : m.target < g.kNotWonSink)
      throw std::logic_error("solve_chase_game: a move to no node or of no priority");
  const ParityGameSolver solver(g);
  const std::vector<ParityGameSolver::Ranks> ranks = solver.solve();
  // Renumbering per prefix: r5 from 1, r3 within an r5 from 0, r1 within (r5, r3) from 0.
  // chase_progress compares prefixes lexicographically, which this keeps.
  std::vector<uint32_t> won;
  for (uint32_t v = 0; v < g.size(); ++v)
    if (ranks[v].r5) won.push_back(v);
  auto key = [&](uint32_t v) { return std::array{ranks[v].r5, ranks[v].r3, ranks[v].r1}; };
  std::stable_sort(won.begin(), won.end(), [&](uint32_t x, uint32_t y) { return key(x) < key(y); });
  std::vector<uint16_t> potential(g.size(), 0);
  unsigned r5 = 0, r3 = 0, r1 = 0;
  for (size_t i = 0; i < won.size(); ++i) {
    const auto k = key(won[i]);
    if (i == 0 || k[0] != key(won[i - 1])[0]) {
      ++r5, r3 = 0, r1 = 0;
    } else if (k[1] != key(won[i - 1])[1]) {
      ++r3, r1 = 0;
    } else if (k[2] != key(won[i - 1])[2]) {
      ++r1;
    }
    if (r5 > kChaseMaxR5 || r3 > kChaseMaxR3 || r1 > kChaseMaxR1)
      throw std::runtime_error(what + ": the chase potential does not fit its packing (r5 " +
                               std::to_string(r5) + ", r3 " + std::to_string(r3) + ", r1 " +
                               std::to_string(r1) + ")");
    potential[won[i]] = pack_chase_potential(r5, r3, r1);
  }
  return potential;
}

}  // namespace xq::gen
