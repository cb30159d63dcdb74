#include "generator/rule_solver.hpp"

#include <atomic>
#include <bit>
#include <stdexcept>

#include "core/retro.hpp"

namespace xq::gen {

namespace {

template <class T>
T load(const T& x) {
  return std::atomic_ref<const T>(x).load(std::memory_order_relaxed);
}
template <class T>
void store(T& x, T v) {
  std::atomic_ref<T>(x).store(v, std::memory_order_relaxed);
}

// The plain draws of a table, numbered densely: rank over a bitmap of (side, slot) pairs.
class DrawSet {
 public:
  explicit DrawSet(const SolvedTable& t) : n_(t.index.size()), bits_((2 * n_ + 63) / 64) {
    for (int side = 0; side < 2; ++side)
#pragma omp parallel for schedule(static)
      for (uint64_t w = 0; w < (n_ + 63) / 64; ++w) {
        uint64_t word = 0;
        for (uint64_t b = 0; b < 64 && w * 64 + b < n_; ++b)
          if (t.wdl[side][w * 64 + b] == Wdl::Draw) word |= uint64_t(1) << b;
        bits_word_or(side * n_ + w * 64, word);
      }
    prefix_.resize(bits_.size() + 1);
    for (size_t i = 0; i < bits_.size(); ++i) prefix_[i + 1] = prefix_[i] + std::popcount(bits_[i]);
  }
  uint64_t size() const {
    return prefix_.back();
  }
  uint64_t global_size() const {
    return 2 * n_;
  }
  bool contains(uint64_t g) const {
    return bits_[g / 64] >> (g % 64) & 1;
  }
  uint64_t rank(uint64_t g) const {
    return prefix_[g / 64] + std::popcount(bits_[g / 64] & ((uint64_t(1) << (g % 64)) - 1));
  }

 private:
  // Sets the bits of `word` starting at global id g (g need not be 64-aligned).
  void bits_word_or(uint64_t g, uint64_t word) {
    if (!word) return;
    std::atomic_ref<uint64_t>(bits_[g / 64]).fetch_or(word << (g % 64));
    if (g % 64) std::atomic_ref<uint64_t>(bits_[g / 64 + 1]).fetch_or(word >> (64 - g % 64));
  }
  uint64_t n_;
  std::vector<uint64_t> bits_;
  std::vector<uint64_t> prefix_;
};

// One would-be winner's game over the draw set.
struct Game {
  const SolvedTable& t;
  const CaptureTargets& captures;
  const DrawSet& draws;
  const Color winner;
  uint64_t n;
  std::vector<uint8_t> in_check;  // per draw: side to move in check (priority 1)
  std::vector<uint8_t> round;     // per draw: outer round k it entered W (0 = not yet)
  std::vector<uint16_t> layer;    // per draw: attractor layer when it entered W
  std::vector<uint8_t> in_y;      // per draw: member of the current Y
  std::vector<uint16_t> xl;       // per draw: layer in the current X (0 = not in X)

  Game(const SolvedTable& table, const CaptureTargets& caps, const DrawSet& d, Color c)
      : t(table), captures(caps), draws(d), winner(c), n(table.index.size()) {
    const uint64_t size = draws.size();
    in_check.assign(size, 0);
    round.assign(size, 0);
    layer.assign(size, 0);
    in_y.assign(size, 1);
    xl.assign(size, 0);
#pragma omp parallel for schedule(dynamic, 4096)
    for (uint64_t g = 0; g < draws.global_size(); ++g) {
      Position pos;
      if (!decode(g, pos)) continue;
      in_check[draws.rank(g)] = pos.in_check(pos.side_to_move());
    }
  }

  // Decodes a draw (false for any other id).
  bool decode(uint64_t g, Position& pos) const {
    if (!draws.contains(g)) return false;
    t.index.decode(g % n, pos);
    pos.set_side_to_move(Color(g / n));
    return true;
  }

  bool wins_for_winner(Wdl w, Color to_move) const {
    return to_move == winner ? is_win(w) : is_loss(w);
  }

  // Whether the position `after` a move is a good target with X = layers 1..j.
  bool good(const Position& after, Piece captured, uint16_t j) const {
    const Color s = after.side_to_move();
    if (captured != kNoPiece) return wins_for_winner(captures.probe(after, captured).wdl, s);
    const uint64_t slot = t.index.encode(after);
    const Wdl w = t.wdl[s][slot];
    if (w != Wdl::Draw) return wins_for_winner(w, s);
    const uint64_t u = draws.rank(uint64_t(s) * n + slot);
    if (in_check[u]) {  // priority 1: a check
      const uint16_t x = load(xl[u]);
      return x != 0 && x <= j;
    }
    if (s != winner) return in_y[u];  // priority 2: a quiet move of the winner
    return round[u] != 0;             // priority 3: a quiet move of the loser, into Z
  }

  // CPre: the winner to move has a good move; the loser to move has only good moves.
  bool cpre(Position& pos, uint16_t j) const {
    MoveList moves;
    pos.legal_moves(moves);
    const bool winner_moves = pos.side_to_move() == winner;
    for (Move m : moves) {
      const Piece cap = pos.make(m);
      const bool g = good(pos, cap, j);
      pos.unmake(m, cap);
      if (g == winner_moves) return winner_moves;
    }
    return !winner_moves;
  }

  // Least fixpoint X for the current Y and Z, layer by layer; returns |X|. X stays inside Y
  // (monotonicity), so only members of Y are examined.
  uint64_t attractor() {
#pragma omp parallel for schedule(dynamic, 4096)
    for (uint64_t g = 0; g < draws.global_size(); ++g) {
      Position pos;
      if (!decode(g, pos)) continue;
      const uint64_t u = draws.rank(g);
      store(xl[u], uint16_t(in_y[u] && cpre(pos, 0) ? 1 : 0));
    }
    for (uint16_t j = 1;; ++j) {
      if (j == (1u << kRuleLayerBits) - 1)
        throw std::runtime_error("perpetual-check attractor deeper than the potential packing");
      bool added = false;
#pragma omp parallel for schedule(dynamic, 4096) reduction(|| : added)
      for (uint64_t g = 0; g < draws.global_size(); ++g) {
        Position pos;
        if (!decode(g, pos)) continue;
        const uint64_t u = draws.rank(g);
        if (in_check[u] && load(xl[u]) == j) added |= enter_predecessors(pos, j);
      }
      if (!added) break;
    }
    uint64_t count = 0;
#pragma omp parallel for schedule(static) reduction(+ : count)
    for (uint64_t u = 0; u < xl.size(); ++u) count += xl[u] != 0;
    return count;
  }

  // Predecessors of an X member at layer j (reached by a check) that now belong to X get
  // layer j + 1; reads treat layer j + 1 as outside X, so the result is order-independent.
  bool enter_predecessors(Position& pos, uint16_t j) {
    bool added = false;
    MoveList unmoves;
    retro_moves(pos, unmoves);
    for (Move m : unmoves) {
      unmake_retro(pos, m);
      const uint64_t g = uint64_t(pos.side_to_move()) * n + t.index.encode(pos);
      if (draws.contains(g)) {
        const uint64_t u = draws.rank(g);
        if (in_y[u] && load(xl[u]) == 0 && (pos.side_to_move() == winner || cpre(pos, j))) {
          store(xl[u], uint16_t(j + 1));
          added = true;
        }
      }
      pos.make(m);
    }
    return added;
  }

  // Outer rounds until Z is stable; rounds and layers are recorded per member.
  void solve(const Progress& progress) {
    for (unsigned k = 1;; ++k) {
      std::fill(in_y.begin(), in_y.end(), uint8_t(1));
      uint64_t y_size = draws.size();
      for (;;) {  // greatest fixpoint Y
        const uint64_t x_size = attractor();
        if (x_size == y_size) break;
        y_size = x_size;
#pragma omp parallel for schedule(static)
        for (uint64_t u = 0; u < in_y.size(); ++u) in_y[u] = xl[u] != 0;
      }
      uint64_t added = 0;
#pragma omp parallel for schedule(static) reduction(+ : added)
      for (uint64_t u = 0; u < round.size(); ++u)
        if (xl[u] != 0 && round[u] == 0) {
          round[u] = uint8_t(k);
          layer[u] = xl[u];
          ++added;
        }
      progress(winner == Red ? "check rule (Red)" : "check rule (Black)", int(k));
      if (!added) return;
      if (k + 1 >= 64)
        throw std::runtime_error("perpetual-check rounds exceed the potential packing");
    }
  }
};

}  // namespace

void solve_check_rule(SolvedTable& table, const TableSet& set, const Progress& progress) {
  const DrawSet draws(table);
  if (draws.size() == 0) return;
  const CaptureTargets captures(table.material, set);
  const uint64_t n = table.index.size();
  std::vector<std::pair<uint8_t, uint16_t>> result[2];  // per winner: (round, layer) per draw
  for (Color winner : {Red, Black}) {
    Game game(table, captures, draws, winner);
    game.solve(progress);
    auto& r = result[winner];
    r.resize(draws.size());
    for (uint64_t u = 0; u < draws.size(); ++u) r[u] = {game.round[u], game.layer[u]};
  }
  for (uint64_t u = 0; u < draws.size(); ++u)
    if (result[Red][u].first != 0 && result[Black][u].first != 0)
      throw std::logic_error("a position won under the rule by both sides");
#pragma omp parallel for schedule(static)
  for (uint64_t g = 0; g < 2 * n; ++g) {
    if (!draws.contains(g)) continue;
    const uint64_t u = draws.rank(g);
    const Color to_move = Color(g / n);
    for (Color winner : {Red, Black}) {
      const auto [k, j] = result[winner][u];
      if (k == 0) continue;
      table.wdl[to_move][g % n] = to_move == winner ? Wdl::RuleWin : Wdl::RuleLoss;
      table.distance[to_move][g % n] = pack_rule_potential(k, j);
    }
  }
}

}  // namespace xq::gen
