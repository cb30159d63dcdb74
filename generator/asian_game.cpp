// The product of docs/rules.md G3 "The Asian game, exactly", for one would-be winner P and its
// opponent O, and Zielonka's algorithm on it.
//
// A vertex is a state (node, tau_P, tau_O), a register choice, or a labelled arrival. After a
// move of X the register tau_X (what X is claimed to do perpetually) is X's opponent's to keep
// or set: to "checks" after a check, to a piece the move newly chases after a chase. Relative
// to the kept tau_X the move is a check, a chase, a pinned-rook chase or an escape; setting the
// register makes it an escape. The arrival carries the priority (max parity, even = P wins):
//   escape by O 9, by P 8; check by P 7, by O 6; chase by O 5, by P 4; pinned-rook chase by O
//   3, by P 2
// so that P wins an infinite play iff rank(O) > rank(P) in R8's order PC > PXR > PX > A. The
// won sink loops at 8, the sink not won at 9; states and choices carry 0.
#include "generator/asian_game.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <unordered_map>

namespace xq::gen {

void AsianGame::add_node(bool winner_to_move, const std::vector<Move>& node_moves) {
  winner_moves.push_back(winner_to_move);
  moves.insert(moves.end(), node_moves.begin(), node_moves.end());
  first.push_back(uint32_t(moves.size()));
}

namespace {

constexpr uint8_t kNothing = 0xff, kChecks = 0xfe;  // register values besides a point
constexpr uint32_t kWonVertex = 0, kNotWonVertex = 1;

enum Label : uint8_t { Escape, CheckLabel, ChaseLabel, PinnedRookChase };

uint8_t label_priority(Label l, bool by_winner) {
  constexpr uint8_t by_p[] = {8, 7, 4, 2}, by_o[] = {9, 6, 5, 3};
  return by_winner ? by_p[l] : by_o[l];
}

// The parity game, with successor and predecessor lists.
struct Arena {
  std::vector<uint8_t> priority, owner;  // owner 0: P
  std::vector<uint32_t> first, succ, rfirst, pred;

  uint32_t size() const { return uint32_t(priority.size()); }
  void link(const std::vector<std::pair<uint32_t, uint32_t>>& edges) {
    const uint32_t n = size();
    first.assign(n + 1, 0);
    rfirst.assign(n + 1, 0);
    for (const auto& [a, b] : edges) ++first[a + 1], ++rfirst[b + 1];
    for (uint32_t v = 0; v < n; ++v) first[v + 1] += first[v], rfirst[v + 1] += rfirst[v];
    succ.resize(edges.size());
    pred.resize(edges.size());
    std::vector<uint32_t> at(first.begin(), first.end() - 1), rat(rfirst.begin(), rfirst.end() - 1);
    for (const auto& [a, b] : edges) succ[at[a]++] = b, pred[rat[b]++] = a;
  }
};

// The registers' product of `g`'s nodes: `initial[v]` is node v's state with both registers
// "nothing yet".
struct Product {
  const AsianGame& g;
  Arena arena;
  std::vector<std::pair<uint32_t, uint32_t>> edges;
  std::unordered_map<uint64_t, uint32_t> states, arrivals;
  std::vector<uint64_t> queue;
  std::vector<uint32_t> initial;

  explicit Product(const AsianGame& game) : g(game) {
    vertex(0, 8);  // the won sink
    vertex(1, 9);  // the sink not won
    edges = {{kWonVertex, kWonVertex}, {kNotWonVertex, kNotWonVertex}};
    initial.resize(g.size());
    for (uint32_t v = 0; v < g.size(); ++v) initial[v] = state(v, kNothing, kNothing);
    for (size_t q = 0; q < queue.size(); ++q) expand(queue[q]);
    arena.link(edges);
  }

  uint32_t vertex(uint8_t owner, uint8_t priority) {
    if (arena.size() == UINT32_MAX) throw std::length_error("asian game: product too large");
    arena.owner.push_back(owner);
    arena.priority.push_back(priority);
    return arena.size() - 1;
  }
  static uint64_t key(uint32_t node, uint8_t tau_p, uint8_t tau_o) {
    return uint64_t(node) << 16 | uint64_t(tau_p) << 8 | tau_o;
  }
  uint32_t state(uint32_t node, uint8_t tau_p, uint8_t tau_o) {
    const auto [it, fresh] = states.try_emplace(key(node, tau_p, tau_o), 0);
    if (fresh) {
      it->second = vertex(g.winner_moves[node] ? 0 : 1, 0);
      queue.push_back(it->first);
    }
    return it->second;
  }
  uint32_t arrival(uint32_t s, uint8_t priority) {
    const auto [it, fresh] = arrivals.try_emplace(uint64_t(s) << 4 | priority, 0);
    if (fresh) {
      it->second = vertex(0, priority);
      edges.push_back({it->second, s});
    }
    return it->second;
  }

  void expand(uint64_t k) {
    const uint32_t node = uint32_t(k >> 16), s = states.at(k);
    const bool ours = g.winner_moves[node];
    // [0]: the mover's register, [1]: the other side's.
    const std::array<uint8_t, 2> tau = ours ? std::array<uint8_t, 2>{uint8_t(k >> 8), uint8_t(k)}
                                            : std::array<uint8_t, 2>{uint8_t(k), uint8_t(k >> 8)};
    if (g.first[node] == g.first[node + 1]) {  // mated or stalemated: lost by the mover
      edges.push_back({s, ours ? kNotWonVertex : kWonVertex});
      return;
    }
    std::vector<uint8_t> sets;
    for (uint32_t i = g.first[node]; i < g.first[node + 1]; ++i) {
      const AsianGame::Move& m = g.moves[i];
      if (m.target == AsianGame::kWonSink || m.target == AsianGame::kNotWonSink) {
        edges.push_back({s, m.target == AsianGame::kWonSink ? kWonVertex : kNotWonVertex});
        continue;
      }
      // A register on the moved piece follows it.
      const uint8_t other = tau[1] == m.from ? m.to : tau[1];
      const uint8_t kept = tau[0];
      const bool chases_kept = kept < 90 && m.chased.test(kept);
      const Label label = m.check       ? (kept == kChecks ? CheckLabel : Escape)
                          : chases_kept ? (m.pinned_rook.test(kept) ? PinnedRookChase : ChaseLabel)
                                        : Escape;
      sets.clear();
      if (m.check && kept != kChecks) sets.push_back(kChecks);
      if (!m.check)
        for (const Square c : m.chased)
          if (c != kept) sets.push_back(uint8_t(c));
      const auto frame = [&](uint8_t reg) {
        return m.mirror && reg < 90 ? uint8_t(mirror_lr(reg)) : reg;
      };
      const auto to_state = [&](uint8_t reg) {
        return ours ? state(m.target, frame(reg), frame(other))
                    : state(m.target, frame(other), frame(reg));
      };
      uint32_t from = s;
      if (!sets.empty()) {  // the mover's opponent chooses the register
        from = vertex(ours ? 1 : 0, 0);
        edges.push_back({s, from});
      }
      edges.push_back({from, arrival(to_state(kept), label_priority(label, ours))});
      for (const uint8_t reg : sets)
        edges.push_back({from, arrival(to_state(reg), label_priority(Escape, ours))});
    }
  }
};

// Zielonka's algorithm. A vertex is in the game of depth L iff level[v] >= L (level 0: out);
// only one depth is worked on at a time, so a game's vertices have level exactly L then. The
// second recursive call of the textbook version is the loop, so the depth is at most the number
// of priorities.
class Zielonka {
 public:
  explicit Zielonka(const Arena& a)
      : a_(a),
        level_(a.size(), 1),
        mark_(a.size(), 0),
        count_epoch_(a.size(), 0),
        count_(a.size(), 0) {}

  // The vertices P (0) and O (1) win.
  std::array<std::vector<uint32_t>, 2> solve() {
    std::vector<uint32_t> all(a_.size());
    for (uint32_t v = 0; v < a_.size(); ++v) all[v] = v;
    return solve(1, std::move(all));
  }

 private:
  std::array<std::vector<uint32_t>, 2> solve(uint8_t depth, std::vector<uint32_t> game) {
    std::array<std::vector<uint32_t>, 2> won;
    while (!game.empty()) {
      uint8_t top = 0;
      for (const uint32_t v : game) top = std::max(top, a_.priority[v]);
      const int i = top & 1;
      std::vector<uint32_t> highest;
      for (const uint32_t v : game)
        if (a_.priority[v] == top) highest.push_back(v);
      attract(depth, i, highest);
      std::vector<uint32_t> rest;
      for (const uint32_t v : game)
        if (mark_[v] != epoch_) rest.push_back(v);
      for (const uint32_t v : rest) level_[v] = uint8_t(depth + 1);
      std::array<std::vector<uint32_t>, 2> sub = solve(uint8_t(depth + 1), rest);
      for (const uint32_t v : rest) level_[v] = depth;
      if (sub[1 - i].empty()) {
        won[i].insert(won[i].end(), game.begin(), game.end());
        break;
      }
      std::vector<uint32_t> lost = std::move(sub[1 - i]);
      attract(depth, 1 - i, lost);
      std::vector<uint32_t> left;
      for (const uint32_t v : game)
        if (mark_[v] != epoch_) left.push_back(v);
      for (const uint32_t v : lost) level_[v] = uint8_t(depth - 1);  // still in the caller's game
      won[1 - i].insert(won[1 - i].end(), lost.begin(), lost.end());
      game = std::move(left);
    }
    return won;
  }

  // Extends `set` (vertices of the game of `depth`) to player's attractor within that game,
  // marking its members with a fresh epoch.
  void attract(uint8_t depth, int player, std::vector<uint32_t>& set) {
    ++epoch_;
    for (const uint32_t v : set) mark_[v] = epoch_;
    for (size_t k = 0; k < set.size(); ++k) {
      const uint32_t w = set[k];
      for (uint32_t e = a_.rfirst[w]; e < a_.rfirst[w + 1]; ++e) {
        const uint32_t p = a_.pred[e];
        if (level_[p] < depth || mark_[p] == epoch_) continue;
        if (a_.owner[p] != player) {
          if (count_epoch_[p] != epoch_) {  // its moves within the game, counted once per epoch
            count_epoch_[p] = epoch_;
            count_[p] = 0;
            for (uint32_t f = a_.first[p]; f < a_.first[p + 1]; ++f)
              count_[p] += level_[a_.succ[f]] >= depth;
          }
          if (--count_[p] != 0) continue;
        }
        mark_[p] = epoch_;
        set.push_back(p);
      }
    }
  }

  const Arena& a_;
  std::vector<uint8_t> level_;
  std::vector<uint32_t> mark_, count_epoch_, count_;
  uint32_t epoch_ = 0;
};

}  // namespace

AsianSolution solve_asian_game(const AsianGame& g) {
  AsianSolution out;
  if (!g.size()) return out;
  const Product product(g);
  const std::array<std::vector<uint32_t>, 2> won = Zielonka(product.arena).solve();
  std::vector<uint8_t> p_wins(product.arena.size(), 0);
  for (const uint32_t v : won[0]) p_wins[v] = 1;
  out.won.resize(g.size());
  for (uint32_t v = 0; v < g.size(); ++v) out.won[v] = p_wins[product.initial[v]];
  out.states = product.states.size();
  out.vertices = product.arena.size();
  return out;
}

}  // namespace xq::gen
