// Max-parity games on explicit graphs for the reference solvers, solved by Zielonka's recursive
// algorithm (a textbook algorithm, deliberately unrelated to the generator's nested fixpoints).
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace xq::ref {

// Max-parity game (player 0 wins when the largest priority seen infinitely often is even),
// solved by Zielonka's recursive algorithm. Every vertex has a successor.
class ParityGame {
 public:
  ParityGame(const std::vector<uint32_t>& offset, const std::vector<uint32_t>& succ,
             const std::vector<uint32_t>& pred_offset, const std::vector<uint32_t>& pred,
             std::vector<uint8_t> priority, std::vector<uint8_t> owner)
      : offset_(offset),
        succ_(succ),
        pred_offset_(pred_offset),
        pred_(pred),
        priority_(std::move(priority)),
        owner_(std::move(owner)),
        winner_(priority_.size()),
        mark_(priority_.size()),
        level_(priority_.size()),
        count_(priority_.size()) {}

  // Winner (0 or 1) of every vertex.
  std::vector<uint8_t> solve() {
    std::vector<uint32_t> all(priority_.size());
    for (uint32_t v = 0; v < all.size(); ++v) all[v] = v;
    solve(std::move(all), 0);
    return std::move(winner_);
  }

 private:
  // Vertices of the subgame at recursion depth `level` are those with level_[v] == level.
  // Attractor of `target` for `player` inside subgame g; marks it in mark_ (caller clears).
  std::vector<uint32_t> attract(const std::vector<uint32_t>& g, int level, int player,
                                std::vector<uint32_t> target) {
    for (uint32_t v : g) {
      if (owner_[v] == player) continue;
      count_[v] = 0;
      for (uint32_t e = offset_[v]; e < offset_[v + 1]; ++e) count_[v] += level_[succ_[e]] == level;
    }
    for (uint32_t v : target) mark_[v] = 1;
    for (size_t q = 0; q < target.size(); ++q) {
      const uint32_t w = target[q];
      for (uint32_t e = pred_offset_[w]; e < pred_offset_[w + 1]; ++e) {
        const uint32_t u = pred_[e];
        if (level_[u] != level || mark_[u]) continue;
        if (owner_[u] == player || --count_[u] == 0) {
          mark_[u] = 1;
          target.push_back(u);
        }
      }
    }
    return target;
  }

  // Solves the subgame g (level_[v] == level exactly for v in g); on return winner_ is set on g
  // and g is handed back to the enclosing subgame (level_ = level - 1).
  void solve(std::vector<uint32_t> g, int level) {
    while (!g.empty()) {
      uint8_t p = 0;
      for (uint32_t v : g) p = std::max(p, priority_[v]);
      const int i = p & 1;
      std::vector<uint32_t> top;
      for (uint32_t v : g)
        if (priority_[v] == p) top.push_back(v);
      const std::vector<uint32_t> a = attract(g, level, i, std::move(top));
      std::vector<uint32_t> rest;
      for (uint32_t v : g) {
        if (mark_[v]) continue;
        rest.push_back(v);
        level_[v] = int8_t(level + 1);
      }
      for (uint32_t v : a) mark_[v] = 0;
      solve(rest, level + 1);
      std::vector<uint32_t> lost;
      for (uint32_t v : rest)
        if (winner_[v] != i) lost.push_back(v);
      if (lost.empty()) {
        for (uint32_t v : g) {
          winner_[v] = uint8_t(i);
          level_[v] = int8_t(level - 1);
        }
        return;
      }
      for (uint32_t v : attract(g, level, 1 - i, std::move(lost))) {
        winner_[v] = uint8_t(1 - i);
        level_[v] = int8_t(level - 1);
        mark_[v] = 0;
      }
      std::erase_if(g, [&](uint32_t v) { return level_[v] != level; });
    }
  }

  const std::vector<uint32_t>& offset_;
  const std::vector<uint32_t>& succ_;
  const std::vector<uint32_t>& pred_offset_;
  const std::vector<uint32_t>& pred_;
  std::vector<uint8_t> priority_, owner_, winner_, mark_;
  std::vector<int8_t> level_;
  std::vector<uint32_t> count_;
};

// Predecessor lists (CSR) of the forward graph offset/succ over `vertices` vertices.
void build_predecessors(size_t vertices, const std::vector<uint32_t>& offset,
                        const std::vector<uint32_t>& succ, std::vector<uint32_t>& pred_offset,
                        std::vector<uint32_t>& pred);

// The same game from an edge list: CSR and predecessor lists built here. Returns the winner (0 or
// 1) of every vertex. Every vertex must have a successor.
std::vector<uint8_t> solve_parity(const std::vector<std::pair<uint32_t, uint32_t>>& edges,
                                  std::vector<uint8_t> priority, std::vector<uint8_t> owner);

}  // namespace xq::ref
