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
  bool contains(uint64_t g) const {
    return bits_[g / 64] >> (g % 64) & 1;
  }
  uint64_t rank(uint64_t g) const {
    return prefix_[g / 64] + std::popcount(bits_[g / 64] & ((uint64_t(1) << (g % 64)) - 1));
  }
  // Draws by 64-bit words of global ids, for parallel loops: word w holds the ids w * 64 + b
  // of its set bits b, ranked from first_rank(w) up.
  uint64_t words() const {
    return bits_.size();
  }
  uint64_t word(uint64_t w) const {
    return bits_[w];
  }
  uint64_t first_rank(uint64_t w) const {
    return prefix_[w];
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

// Per-draw flags. The first four are facts about the position, found once; the others are the
// state of one would-be winner's game.
enum : uint8_t {
  kInCheck = 1,      // the side to move is in check: every move into it is a check (priority 1)
  kChecks = 2,       // it has a non-capturing move into a draw where the opponent is in check
  kSinkWon = 4,      // it has a move into a sink won by its side to move
  kSinkNotLost = 8,  // it has a move into a sink not won by its opponent
  kInY = 16,         // member of the current Y
  kInZ = 32,         // member of Z (won under the rule)
};

// The game arena, shared by both would-be winners: the draws, with what is known of their
// moves. Sinks are final: a non-capturing move from a draw out of the draws goes to a plain
// win of the opponent, so only captures (the draw hints of solve_plain) lead to other sinks.
struct Arena {
  const SolvedTable& t;
  const DrawSet draws;
  const uint64_t n;
  std::vector<uint8_t> flags;
  // Weighted (move_weight) number of non-capturing moves into draws where the opponent is not
  // in check: priority 2 moves when the side to move is the winner, 3 when it is the loser.
  std::vector<uint8_t> quiet;

  // Takes the draw hints out of the table's distances (leaving 0).
  explicit Arena(SolvedTable& table) : t(table), draws(table), n(table.index.size()) {
    flags.resize(draws.size());
    quiet.resize(draws.size());
#pragma omp parallel
    {
      SlotCursor cur(t.index);
#pragma omp for schedule(dynamic, 64)
      for (uint64_t w = 0; w < draws.words(); ++w) {
        uint64_t u = draws.first_rank(w);
        for (uint64_t bits = draws.word(w); bits; bits &= bits - 1, ++u) {
          const uint64_t g = w * 64 + std::countr_zero(bits);
          uint16_t& hint = table.distance[side_of(g)][slot_of(g)];
          quiet[u] = uint8_t(hint & draw_hint::kMoves);
          load_draw(cur, g);
          flags[u] = uint8_t((cur.pos().in_check(side_of(g)) ? kInCheck : 0) |
                             (hint & draw_hint::kCaptureWins ? kSinkWon : 0) |
                             (hint & draw_hint::kCaptureHolds ? kSinkNotLost : 0));
          hint = 0;
        }
      }
    }
    // The moves into draws in check are checks (priority 1), not quiet.
#pragma omp parallel
    {
      SlotCursor cur(t.index);
      MoveList unmoves;
#pragma omp for schedule(dynamic, 64)
      for (uint64_t w = 0; w < draws.words(); ++w) {
        uint64_t u = draws.first_rank(w);
        for (uint64_t bits = draws.word(w); bits; bits &= bits - 1, ++u) {
          if (!(flags[u] & kInCheck)) continue;
          load_draw(cur, w * 64 + std::countr_zero(bits));
          Position& pos = cur.pos();
          const bool symmetric = pos.mirror_symmetric();
          const uint64_t pred_side = uint64_t(~pos.side_to_move());
          retro_moves(pos, unmoves);
          for (const Move m : unmoves) {
            const uint64_t p = pred_side * n + cur.slot_with_move(m.to, m.from);
            if (!draws.contains(p)) continue;
            const uint64_t v = draws.rank(p);
            std::atomic_ref<uint8_t>(quiet[v]).fetch_sub(unmove_weight(pos, symmetric, m));
            std::atomic_ref<uint8_t>(flags[v]).fetch_or(kChecks);
          }
        }
      }
    }
    for (const uint8_t q : quiet)  // a sink flag is added to the counts
      if (q == UINT8_MAX) throw std::runtime_error("more quiet moves than the rule counts hold");
  }

  // Global ids are side * n + slot (no division in the hot loops).
  Color side_of(uint64_t g) const {
    return Color(g >= n);
  }
  uint64_t slot_of(uint64_t g) const {
    return g >= n ? g - n : g;
  }
  void load_draw(SlotCursor& cur, uint64_t g) const {
    cur.load(slot_of(g), side_of(g));
  }
};

// One would-be winner's game over the draws.
struct Game {
  Arena& a;
  SolvedTable& t;
  const Color winner;
  // Loser to move: its priority-3 moves not into Z plus one if a sink move is not won (moves
  // the loser must not have for CPre, checks aside). Winner to move: its priority-2 moves into
  // Y plus one if a sink move is won (good moves, checks aside).
  std::vector<uint8_t> count;
  std::vector<uint16_t> layer;  // layer in the current X (0 = not in X)

  Game(Arena& arena, SolvedTable& table, Color c) : a(arena), t(table), winner(c) {
    count.resize(a.draws.size());
    layer.resize(a.draws.size());
#pragma omp parallel for schedule(static)
    for (uint64_t w = 0; w < a.draws.words(); ++w) {
      uint64_t u = a.draws.first_rank(w);
      for (uint64_t bits = a.draws.word(w); bits; bits &= bits - 1, ++u) {
        a.flags[u] &= kInCheck | kChecks | kSinkWon | kSinkNotLost;
        if (a.side_of(w * 64 + std::countr_zero(bits)) != winner)
          count[u] = uint8_t(a.quiet[u] + (a.flags[u] & kSinkNotLost ? 1 : 0));
      }
    }
  }

  uint8_t flags(uint64_t u) const {
    return load(a.flags[u]);
  }
  void set_flags(uint64_t u, uint8_t f) {
    store(a.flags[u], f);
  }

  // Adds sign * move_weight to the count of each draw that reaches draw g by an un-move; g
  // must not be in check, so those moves are of priority 2 or 3.
  void count_predecessors(SlotCursor& cur, MoveList& unmoves, uint64_t g, int sign) {
    a.load_draw(cur, g);
    Position& pos = cur.pos();
    const bool symmetric = pos.mirror_symmetric();
    const uint64_t pred_side = uint64_t(~pos.side_to_move());
    retro_moves(pos, unmoves);
    for (const Move m : unmoves) {
      const uint64_t p = pred_side * a.n + cur.slot_with_move(m.to, m.from);
      if (!a.draws.contains(p)) continue;
      const uint8_t w = unmove_weight(pos, symmetric, m);
      std::atomic_ref<uint8_t>(count[a.draws.rank(p)]).fetch_add(uint8_t(sign * w));
    }
  }

  // Whether every check of the loser to move in draw g goes into X within layers 1..j (its
  // other moves are known good: its count is 0).
  bool checks_into_x(SlotCursor& cur, uint64_t g, uint16_t j) const {
    a.load_draw(cur, g);
    Position& pos = cur.pos();
    const uint64_t target_side = uint64_t(~pos.side_to_move());
    MoveList moves;
    pos.legal_moves(moves);
    for (const Move m : moves) {
      if (pos.is_capture(m)) continue;
      const uint64_t target = target_side * a.n + cur.slot_with_move(m.from, m.to);
      if (!a.draws.contains(target)) continue;
      const uint64_t v = a.draws.rank(target);
      if (!(flags(v) & kInCheck)) continue;
      const uint16_t x = load(layer[v]);
      if (x == 0 || x > j) return false;
    }
    return true;
  }

  // Least fixpoint X for the current Y and Z, layer by layer; returns |X|. X stays inside Y
  // (monotonicity), so only members of Y enter. Layer 1 is read off the counts; layer j + 1
  // holds the members of Y that a check into layer j puts into CPre. Within a layer, reads
  // treat layer j + 1 as outside X and the compare-exchange admits each draw once, so the
  // result is order-independent.
  uint64_t attractor() {
    uint64_t size = 0, waiting = 0;  // waiting: losers of Y outside layer 1 that may yet enter
    std::vector<uint64_t> frontier;  // members of the newest layer in check (global ids)
#pragma omp parallel reduction(+ : size, waiting)
    {
      std::vector<uint64_t> mine;
#pragma omp for schedule(dynamic, 64)
      for (uint64_t w = 0; w < a.draws.words(); ++w) {
        uint64_t u = a.draws.first_rank(w);
        for (uint64_t bits = a.draws.word(w); bits; bits &= bits - 1, ++u) {
          const uint64_t g = w * 64 + std::countr_zero(bits);
          const uint8_t f = a.flags[u];
          const bool in = (f & kInY) && (a.side_of(g) == winner ? count[u] != 0
                                                                : count[u] == 0 && !(f & kChecks));
          layer[u] = in ? 1 : 0;
          waiting += !in && (f & kInY) && a.side_of(g) != winner && count[u] == 0;
          if (!in) continue;
          ++size;
          if (f & kInCheck) mine.push_back(g);
        }
      }
#pragma omp critical
      frontier.insert(frontier.end(), mine.begin(), mine.end());
    }
    for (uint16_t j = 1; !frontier.empty(); ++j) {
      std::vector<uint64_t> next;
      bool too_deep = false;
#pragma omp parallel reduction(+ : size) reduction(|| : too_deep)
      {
        SlotCursor cur(a.t.index), pred(a.t.index);
        MoveList unmoves;
        std::vector<uint64_t> mine;
#pragma omp for schedule(dynamic, 16)
        for (uint64_t i = 0; i < frontier.size(); ++i) {
          if (waiting == 0 && a.side_of(frontier[i]) == winner)
            continue;  // whose predecessors are all losers
          a.load_draw(cur, frontier[i]);
          const uint64_t pred_side = uint64_t(~cur.pos().side_to_move());
          retro_moves(cur.pos(), unmoves);
          for (const Move m : unmoves) {
            const uint64_t p = pred_side * a.n + cur.slot_with_move(m.to, m.from);
            if (!a.draws.contains(p)) continue;
            const uint64_t v = a.draws.rank(p);
            const uint8_t f = flags(v);
            if (!(f & kInY) || load(layer[v]) != 0) continue;
            if (Color(pred_side) != winner && (load(count[v]) != 0 || !checks_into_x(pred, p, j)))
              continue;
            uint16_t expected = 0;
            if (!std::atomic_ref<uint16_t>(layer[v]).compare_exchange_strong(
                    expected, uint16_t(j + 1), std::memory_order_relaxed))
              continue;
            ++size;
            too_deep |= j + 1 == (1u << kRuleLayerBits) - 1;
            if (f & kInCheck) mine.push_back(p);
          }
        }
#pragma omp critical
        next.insert(next.end(), mine.begin(), mine.end());
      }
      if (too_deep)
        throw std::runtime_error("perpetual-check attractor deeper than the potential packing");
      frontier.swap(next);
    }
    return size;
  }

  // Y := X. Draws leaving Y are no longer good targets of the winner's quiet moves: the
  // winner's counts lose their moves into them, or, when fewer loser positions stay than
  // leave, are counted afresh from those that stay (the same numbers).
  void shrink_y() {
    uint64_t leave = 0, stay = 0;  // loser positions not in check
#pragma omp parallel for schedule(static) reduction(+ : leave, stay)
    for (uint64_t w = 0; w < a.draws.words(); ++w) {
      uint64_t u = a.draws.first_rank(w);
      for (uint64_t bits = a.draws.word(w); bits; bits &= bits - 1, ++u) {
        const uint8_t f = a.flags[u];
        if (!(f & kInY) || (f & kInCheck) || a.side_of(w * 64 + std::countr_zero(bits)) == winner)
          continue;
        (layer[u] == 0 ? leave : stay) += 1;
      }
    }
    const bool recount = stay < leave;
#pragma omp parallel
    {
      SlotCursor cur(a.t.index);
      MoveList unmoves;
#pragma omp for schedule(dynamic, 64)
      for (uint64_t w = 0; w < a.draws.words(); ++w) {
        uint64_t u = a.draws.first_rank(w);
        for (uint64_t bits = a.draws.word(w); bits; bits &= bits - 1, ++u) {
          const uint64_t g = w * 64 + std::countr_zero(bits);
          const uint8_t f = flags(u);
          if (recount && a.side_of(g) == winner) count[u] = f & kSinkWon ? 1 : 0;
          if (!(f & kInY) || layer[u] != 0) continue;
          set_flags(u, f & ~kInY);
          if (!recount && a.side_of(g) != winner && !(f & kInCheck))
            count_predecessors(cur, unmoves, g, -1);
        }
      }
    }
    if (!recount) return;
#pragma omp parallel
    {
      SlotCursor cur(a.t.index);
      MoveList unmoves;
#pragma omp for schedule(dynamic, 64)
      for (uint64_t w = 0; w < a.draws.words(); ++w) {
        uint64_t u = a.draws.first_rank(w);
        for (uint64_t bits = a.draws.word(w); bits; bits &= bits - 1, ++u) {
          const uint64_t g = w * 64 + std::countr_zero(bits);
          const uint8_t f = a.flags[u];
          if ((f & kInY) && !(f & kInCheck) && a.side_of(g) != winner)
            count_predecessors(cur, unmoves, g, +1);
        }
      }
    }
  }

  // Y := all draws; the winner's counts start over.
  void reset_y() {
#pragma omp parallel for schedule(static)
    for (uint64_t w = 0; w < a.draws.words(); ++w) {
      uint64_t u = a.draws.first_rank(w);
      for (uint64_t bits = a.draws.word(w); bits; bits &= bits - 1, ++u) {
        a.flags[u] |= kInY;
        if (a.side_of(w * 64 + std::countr_zero(bits)) == winner)
          count[u] = uint8_t(a.quiet[u] + (a.flags[u] & kSinkWon ? 1 : 0));
      }
    }
  }

  // Z := Y (= X) after round k: new members get their potential (k, layer); they are good
  // targets of the loser's quiet moves from now on. Returns how many joined.
  uint64_t grow_z(unsigned k) {
    uint64_t added = 0;
    bool both = false;
#pragma omp parallel reduction(+ : added) reduction(|| : both)
    {
      SlotCursor cur(a.t.index);
      MoveList unmoves;
#pragma omp for schedule(dynamic, 64)
      for (uint64_t w = 0; w < a.draws.words(); ++w) {
        uint64_t u = a.draws.first_rank(w);
        for (uint64_t bits = a.draws.word(w); bits; bits &= bits - 1, ++u) {
          const uint64_t g = w * 64 + std::countr_zero(bits);
          const uint8_t f = flags(u);
          if (!(f & kInY) || (f & kInZ)) continue;
          set_flags(u, f | kInZ);
          ++added;
          const Color to_move = a.side_of(g);
          Wdl& wdl = t.wdl[to_move][a.slot_of(g)];
          both |= wdl != Wdl::Draw;  // won under the rule by the other side already
          wdl = to_move == winner ? Wdl::RuleWin : Wdl::RuleLoss;
          t.distance[to_move][a.slot_of(g)] = pack_rule_potential(k, layer[u]);
          if (to_move == winner && !(f & kInCheck)) count_predecessors(cur, unmoves, g, -1);
        }
      }
    }
    if (both) throw std::logic_error("a position won under the rule by both sides");
    return added;
  }

  // Rounds until Z is stable; rounds and layers are recorded in the table as they are found.
  void solve(const Progress& progress) {
    for (unsigned k = 1;; ++k) {
      reset_y();
      uint64_t y_size = a.draws.size();
      while (y_size != 0) {  // greatest fixpoint Y (an empty Y is one: X stays inside Y)
        const uint64_t x_size = attractor();
        if (x_size == y_size) break;
        shrink_y();
        y_size = x_size;
      }
      const uint64_t added = grow_z(k);
      progress(winner == Red ? "check rule (Red)" : "check rule (Black)", int(k));
      if (!added) return;
      if (k + 1 >= 64)
        throw std::runtime_error("perpetual-check rounds exceed the potential packing");
    }
  }
};

// A side none of whose pieces can ever give check (only king, advisors, elephants) never
// checks perpetually, here or in any sub-table: the other side wins nothing by the rule.
bool can_check(const Material& m, Color c) {
  return m.count[c][Rook] + m.count[c][Horse] + m.count[c][Cannon] + m.count[c][Pawn] != 0;
}

}  // namespace

void solve_check_rule(SolvedTable& table, const TableSet&, const Progress& progress) {
  if (!table.draw_hints) throw std::logic_error("the rule stage needs solve_plain's draw hints");
  table.draw_hints = false;
  Arena arena(table);
  if (arena.draws.size() == 0) return;
  for (Color winner : {Red, Black})
    if (can_check(table.material, ~winner)) Game(arena, table, winner).solve(progress);
}

}  // namespace xq::gen
