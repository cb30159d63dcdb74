#include "parity_game.hpp"

#include <stdexcept>

namespace xq::ref {

void build_predecessors(size_t vertices, const std::vector<uint32_t>& offset,
                        const std::vector<uint32_t>& succ, std::vector<uint32_t>& pred_offset,
                        std::vector<uint32_t>& pred) {
  pred_offset.assign(vertices + 1, 0);
  pred.resize(succ.size());
  for (uint32_t s : succ) ++pred_offset[s + 1];
  for (size_t v = 0; v < vertices; ++v) pred_offset[v + 1] += pred_offset[v];
  std::vector<uint32_t> fill(pred_offset.begin(), pred_offset.end() - 1);
  for (uint32_t v = 0; v < vertices; ++v)
    for (uint32_t e = offset[v]; e < offset[v + 1]; ++e) pred[fill[succ[e]]++] = v;
}

std::vector<uint8_t> solve_parity(const std::vector<std::pair<uint32_t, uint32_t>>& edges,
                                  std::vector<uint8_t> priority, std::vector<uint8_t> owner) {
  const size_t n = priority.size();
  if (owner.size() != n) throw std::invalid_argument("parity game: owner and priority sizes");
  std::vector<uint32_t> offset(n + 1, 0), succ(edges.size());
  for (const auto& [from, to] : edges) {
    if (from >= n || to >= n) throw std::invalid_argument("parity game: edge out of range");
    ++offset[from + 1];
  }
  for (size_t v = 0; v < n; ++v) {
    if (offset[v + 1] == 0) throw std::invalid_argument("parity game: vertex without successor");
    offset[v + 1] += offset[v];
  }
  std::vector<uint32_t> fill(offset.begin(), offset.end() - 1);
  for (const auto& [from, to] : edges) succ[fill[from]++] = to;
  std::vector<uint32_t> pred_offset, pred;
  build_predecessors(n, offset, succ, pred_offset, pred);
  return ParityGame(offset, succ, pred_offset, pred, std::move(priority), std::move(owner)).solve();
}

}  // namespace xq::ref
