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
#include "rules/asian_game.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <unordered_map>

namespace xq {

MoveFacts asian_move_facts(const Position& before, Move m) {
  static const ChaseOptions no_kills = [] {
    ChaseOptions o;
    o.kill_depth_plies = 0;
    return o;
  }();
  return move_facts(before, m, RuleSet::Asian, no_kills);
}

void AsianGame::add_node(bool winner_to_move, const std::vector<Move>& node_moves) {
  winner_moves.push_back(winner_to_move);
  moves.insert(moves.end(), node_moves.begin(), node_moves.end());
  first.push_back(uint32_t(moves.size()));
}

namespace {

constexpr uint8_t kNothing = AsianGame::kNothing, kChecks = AsianGame::kChecks;
constexpr uint32_t kWonVertex = 0, kNotWonVertex = 1;

enum Label : uint8_t { Escape, CheckLabel, ChaseLabel, PinnedRookChase };

uint8_t label_priority(Label l, bool by_winner) {
  constexpr uint8_t by_p[] = {8, 7, 4, 2}, by_o[] = {9, 6, 5, 3};
  return by_winner ? by_p[l] : by_o[l];
}

// The label of a move relative to the mover's register `kept`, kept as it is.
Label kept_label(const AsianGame::Move& m, uint8_t kept) {
  if (m.check) return kept == kChecks ? CheckLabel : Escape;
  if (kept < 90 && m.chased.test(kept))
    return m.pinned_rook.test(kept) ? PinnedRookChase : ChaseLabel;
  return Escape;
}

// The registers the mover's opponent may set instead of keeping `kept` (each an escape).
void register_sets(const AsianGame::Move& m, uint8_t kept, std::vector<uint8_t>& sets) {
  sets.clear();
  if (m.check && kept != kChecks) sets.push_back(kChecks);
  if (!m.check)
    for (const Square c : m.chased)
      if (c != kept) sets.push_back(uint8_t(c));
}

// The state after move m into a node: the mover's register `reg` (`kept`, or one of
// register_sets), the other side's register following the moved piece (it names a piece of
// the mover), both mirrored with the target. A register kept through an escape is cleared to
// "nothing yet": the values are those of the uncleared product (docs/rules.md G3, tested
// against it on random games), and the product has about one state per position where moves
// are mostly idle instead of one per position and remembered guess.
AsianState next_state(const AsianGame::Move& m, bool winner_moved, uint8_t kept, uint8_t reg,
                      uint8_t other) {
  if (reg == kept && kept_label(m, kept) == Escape) reg = kNothing;
  const uint8_t followed = other == m.from ? m.to : other;
  const auto frame = [&](uint8_t r) { return m.mirror && r < 90 ? uint8_t(mirror_lr(r)) : r; };
  return winner_moved ? AsianState{m.target, frame(reg), frame(followed)}
                      : AsianState{m.target, frame(followed), frame(reg)};
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
    for (uint32_t v = 0; v < g.size(); ++v) initial[v] = state(AsianState{v, kNothing, kNothing});
    for (size_t q = 0; q < queue.size(); ++q) expand(queue[q]);
    arena.link(edges);
    // Only the arena and the states' vertices are needed from here on.
    decltype(edges)().swap(edges);
    decltype(arrivals)().swap(arrivals);
    decltype(queue)().swap(queue);
  }

  uint32_t vertex(uint8_t owner, uint8_t priority) {
    if (arena.size() == UINT32_MAX) throw std::length_error("asian game: product too large");
    arena.owner.push_back(owner);
    arena.priority.push_back(priority);
    return arena.size() - 1;
  }
  static uint64_t key(const AsianState& st) {
    return uint64_t(st.node) << 16 | uint64_t(st.tau_p) << 8 | st.tau_o;
  }
  uint32_t state(const AsianState& st) {
    const auto [it, fresh] = states.try_emplace(key(st), 0);
    if (fresh) {
      it->second = vertex(g.winner_moves[st.node] ? 0 : 1, 0);
      queue.push_back(it->first);
    }
    return it->second;
  }
  // The vertex of a state, or UINT32_MAX when the product never reached it.
  uint32_t find(const AsianState& st) const {
    const auto it = states.find(key(st));
    return it == states.end() ? UINT32_MAX : it->second;
  }
  uint32_t arrival(uint32_t s, uint8_t priority) {
    const auto [it, fresh] = arrivals.try_emplace(uint64_t(s) << 4 | priority, 0);
    if (fresh) {
      it->second = vertex(0, priority);
      edges.push_back({it->second, s});
    }
    return it->second;
  }

  // One edge per move out of a state, in the node's move order (AsianStrategy counts on it).
  void expand(uint64_t k) {
    const AsianState st{uint32_t(k >> 16), uint8_t(k >> 8), uint8_t(k)};
    const uint32_t s = states.at(k);
    const bool ours = g.winner_moves[st.node];
    if (g.first[st.node] == g.first[st.node + 1]) {  // mated or stalemated: lost by the mover
      edges.push_back({s, ours ? kNotWonVertex : kWonVertex});
      return;
    }
    const uint8_t kept = ours ? st.tau_p : st.tau_o, other = ours ? st.tau_o : st.tau_p;
    std::vector<uint8_t> sets;
    for (uint32_t i = g.first[st.node]; i < g.first[st.node + 1]; ++i) {
      const AsianGame::Move& m = g.moves[i];
      if (AsianGame::is_sink(m.target)) {
        edges.push_back({s, m.target == AsianGame::kWonSink ? kWonVertex : kNotWonVertex});
        continue;
      }
      register_sets(m, kept, sets);
      uint32_t from = s;
      if (!sets.empty()) {  // the mover's opponent chooses the register
        from = vertex(ours ? 1 : 0, 0);
        edges.push_back({s, from});
      }
      edges.push_back({from, arrival(state(next_state(m, ours, kept, kept, other)),
                                     label_priority(kept_label(m, kept), ours))});
      for (const uint8_t reg : sets)
        edges.push_back({from, arrival(state(next_state(m, ours, kept, reg, other)),
                                       label_priority(Escape, ours))});
    }
  }
};

// Zielonka's algorithm. A vertex is in the game of depth L iff level[v] >= L (level 0: out);
// only one depth is worked on at a time, so a game's vertices have level exactly L then. The
// second recursive call of the textbook version is the loop, so the depth is at most the number
// of priorities. With `strategy`, each vertex won by its owner gets the edge (an index into
// succ) of a winning strategy: the attractor's edge, the sub-game's strategy, or for a vertex
// of the top priority any edge staying in the game; the last call that decides a vertex writes
// its edge last.
class Zielonka {
 public:
  explicit Zielonka(const Arena& a, std::vector<uint32_t>* strategy = nullptr)
      : a_(a),
        level_(a.size(), 1),
        mark_(a.size(), 0),
        count_epoch_(a.size(), 0),
        count_(a.size(), 0),
        strategy_(strategy) {
    if (strategy_) strategy_->assign(a.size(), UINT32_MAX);
  }

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
      const size_t top_count = highest.size();  // attract appends the attracted vertices
      attract(depth, i, highest);
      std::vector<uint32_t> rest;
      for (const uint32_t v : game)
        if (mark_[v] != epoch_) rest.push_back(v);
      for (const uint32_t v : rest) level_[v] = uint8_t(depth + 1);
      // The sub-game's vertices are those of `game` above this depth: no copy of them is kept.
      std::array<std::vector<uint32_t>, 2> sub = solve(uint8_t(depth + 1), std::move(rest));
      for (const uint32_t v : game) level_[v] = std::min(level_[v], depth);
      if (sub[1 - i].empty()) {
        if (strategy_)
          for (size_t k = 0; k < top_count; ++k)
            if (a_.owner[highest[k]] == i)
              (*strategy_)[highest[k]] = edge_within(highest[k], depth);
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
        } else if (strategy_) {
          (*strategy_)[p] = edge_to(p, w);
        }
        mark_[p] = epoch_;
        set.push_back(p);
      }
    }
  }

  uint32_t edge_to(uint32_t v, uint32_t w) const {
    uint32_t f = a_.first[v];
    while (a_.succ[f] != w) ++f;
    return f;
  }
  uint32_t edge_within(uint32_t v, uint8_t depth) const {
    uint32_t f = a_.first[v];
    while (level_[a_.succ[f]] < depth) ++f;
    return f;
  }

  const Arena& a_;
  std::vector<uint8_t> level_;
  std::vector<uint32_t> mark_, count_epoch_, count_;
  uint32_t epoch_ = 0;
  std::vector<uint32_t>* strategy_;
};

}  // namespace

AsianSolution solve_asian_game(const AsianGame& g) {
  AsianSolution out;
  if (!g.size()) return out;
  Product product(g);
  out.states = product.states.size();
  decltype(product.states)().swap(product.states);  // the strategy's lookup, not needed here
  const std::array<std::vector<uint32_t>, 2> won = Zielonka(product.arena).solve();
  std::vector<uint8_t> p_wins(product.arena.size(), 0);
  for (const uint32_t v : won[0]) p_wins[v] = 1;
  out.won.resize(g.size());
  for (uint32_t v = 0; v < g.size(); ++v) out.won[v] = p_wins[product.initial[v]];
  out.vertices = product.arena.size();
  return out;
}

struct AsianStrategy::Impl {
  AsianGame game;
  Product product;
  std::vector<uint8_t> p_wins;  // per vertex
  std::vector<uint32_t> edge;   // per vertex won by its owner: the strategy's edge

  explicit Impl(AsianGame&& g) : game(std::move(g)), product(game) {
    const std::array<std::vector<uint32_t>, 2> won = Zielonka(product.arena, &edge).solve();
    p_wins.assign(product.arena.size(), 0);
    for (const uint32_t v : won[0]) p_wins[v] = 1;
  }
  uint32_t won_state(const AsianState& s) const {
    const uint32_t v = product.find(s);
    if (v == UINT32_MAX || !p_wins[v])
      throw std::logic_error("asian strategy: a state P does not win");
    return v;
  }
  const AsianGame::Move& move(const AsianState& s, uint32_t i) const {
    return game.moves[game.first[s.node] + i];
  }
};

AsianStrategy::AsianStrategy(AsianGame g) : impl_(std::make_unique<Impl>(std::move(g))) {}
AsianStrategy::~AsianStrategy() = default;
AsianStrategy::AsianStrategy(AsianStrategy&&) noexcept = default;

const AsianGame& AsianStrategy::game() const {
  return impl_->game;
}

bool AsianStrategy::wins(const AsianState& s) const {
  const uint32_t v = impl_->product.find(s);
  return v != UINT32_MAX && impl_->p_wins[v];
}

uint32_t AsianStrategy::move(const AsianState& s) const {
  const uint32_t v = impl_->won_state(s);
  if (!impl_->game.winner_moves[s.node]) throw std::logic_error("asian strategy: O is to move");
  return impl_->edge[v] - impl_->product.arena.first[v];
}

std::vector<uint8_t> AsianStrategy::register_choices(const AsianState& s, uint32_t move) const {
  const uint8_t kept = impl_->game.winner_moves[s.node] ? s.tau_p : s.tau_o;
  std::vector<uint8_t> out;
  register_sets(impl_->move(s, move), kept, out);
  out.insert(out.begin(), kept);
  return out;
}

AsianState AsianStrategy::after(const AsianState& s, uint32_t move, uint8_t mover_register) const {
  const bool ours = impl_->game.winner_moves[s.node];
  const AsianGame::Move& m = impl_->move(s, move);
  if (AsianGame::is_sink(m.target))
    throw std::logic_error("asian strategy: a move out of the game");
  return next_state(m, ours, ours ? s.tau_p : s.tau_o, mover_register, ours ? s.tau_o : s.tau_p);
}

uint8_t AsianStrategy::winner_register(const AsianState& s, uint32_t move) const {
  const uint32_t v = impl_->won_state(s);
  const Arena& a = impl_->product.arena;
  const uint32_t next = a.succ[a.first[v] + move];
  // A choice vertex is P's (O moved); an arrival means the register is kept.
  const uint32_t arrival =
      a.owner[next] == 0 && a.priority[next] == 0 ? a.succ[impl_->edge[next]] : next;
  const uint32_t target = a.succ[a.first[arrival]];
  for (const uint8_t reg : register_choices(s, move))
    if (impl_->product.find(after(s, move, reg)) == target) return reg;
  throw std::logic_error("asian strategy: no register leads to the strategy's state");
}

}  // namespace xq
