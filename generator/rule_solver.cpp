#include "generator/rule_solver.hpp"

#include <algorithm>
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

// The plain draws of a table as a bitmap of global ids side * n + slot. The stage walks pseudo
// un-moves (retro_pseudo_moves): an illegal predecessor is never a draw, so membership drops it.
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
    for (const uint64_t word : bits_) size_ += std::popcount(word);
  }
  uint64_t size() const {
    return size_;
  }
  bool contains(uint64_t g) const {
    return bits_[g / 64] >> (g % 64) & 1;
  }
  // For parallel loops over the draws: word w holds the ids w * 64 + b of its set bits b.
  uint64_t words() const {
    return bits_.size();
  }
  uint64_t word(uint64_t w) const {
    return bits_[w];
  }

 private:
  // Sets the bits of `word` starting at global id g (g need not be 64-aligned).
  void bits_word_or(uint64_t g, uint64_t word) {
    if (!word) return;
    std::atomic_ref<uint64_t>(bits_[g / 64]).fetch_or(word << (g % 64));
    // Only when bits spill over: for the last word of the bitmap the next one does not exist
    // (an OR of 0 there was a write past the end, found by scripts/tsan.sh).
    const uint64_t spill = g % 64 ? word >> (64 - g % 64) : 0;
    if (spill) std::atomic_ref<uint64_t>(bits_[g / 64 + 1]).fetch_or(spill);
  }
  uint64_t n_, size_ = 0;
  std::vector<uint64_t> bits_;
};

// Calls body(g, cursor, un-move list) for every draw g, in parallel; the cursor and the list
// are the thread's own.
template <class Body>
void for_each_draw(const DrawSet& draws, const Index& index, Body body) {
#pragma omp parallel
  {
    SlotCursor cur(index);
    MoveList unmoves;
#pragma omp for schedule(dynamic, 64)
    for (uint64_t w = 0; w < draws.words(); ++w)
      for (uint64_t bits = draws.word(w); bits; bits &= bits - 1)
        body(w * 64 + std::countr_zero(bits), cur, unmoves);
  }
}

// During the rule stage the value entries of a draw are free, and hold its state: the distance
// holds flags and its layer in the current X, the class byte a count (see Arena::left).
enum : uint16_t {
  kLayer = 0x3ff,        // layer in the current X (0 = not in X)
  kInCheck = 1u << 10,   // the side to move is in check: every move into it is a check
  kChecks = 1u << 11,    // it has a non-capturing move into a draw where the opponent is in check
  kSinkWon = 1u << 12,   // it has a move into a sink won by its side to move
  kSinkHeld = 1u << 13,  // it has a move into a sink not won by its opponent
  kInY = 1u << 14,       // member of the current Y
  kInZ = 1u << 15,       // member of Z (won under the rule)
};

// The game arena, shared by both would-be winners: the draws, with what is known of their
// moves. Sinks are final: a non-capturing move from a draw out of the draws goes to a plain
// win of the opponent, so only captures (the draw hints of solve_plain) lead to other sinks.
struct Arena {
  SolvedTable& t;
  const DrawSet draws;
  const uint64_t n;
  // The tables' arrays, by side (they keep their storage throughout).
  const std::array<uint16_t*, 2> distance;
  const std::array<Wdl*, 2> wdl;

  // Global ids are side * n + slot.
  Color side_of(uint64_t g) const { return Color(g >= n); }
  uint64_t slot_of(uint64_t g) const { return g >= n ? g - n : g; }
  uint16_t& state(uint64_t g) const { return distance[side_of(g)][slot_of(g)]; }
  // The class byte holds the loser's count of the draw: the weighted (move_weight) number of
  // its non-capturing moves into draws not in check (priority 3 moves when the side to move is
  // the loser) that are not into Z, plus one for a sink not won by the opponent. CPre holds
  // for the loser when it is 0 and the checks are good.
  Wdl& left(uint64_t g) const { return wdl[side_of(g)][slot_of(g)]; }
  void load_draw(SlotCursor& cur, uint64_t g) const { cur.load(slot_of(g), side_of(g)); }

  explicit Arena(SolvedTable& table)
      : t(table),
        draws(table),
        n(table.index.size()),
        distance{table.distance[0].data(), table.distance[1].data()},
        wdl{table.wdl[0].data(), table.wdl[1].data()} {}

  // Takes the draw hints of solve_plain out of the distances and sets up the states and counts.
  void prepare() {
    bool overflow = false;
#pragma omp parallel for schedule(dynamic, 64) reduction(|| : overflow)
    for (uint64_t w = 0; w < draws.words(); ++w)
      for (uint64_t bits = draws.word(w); bits; bits &= bits - 1) {
        const uint64_t g = w * 64 + std::countr_zero(bits);
        const uint16_t hint = state(g);
        const bool held = hint & draw_hint::kCaptureHolds;
        overflow |= (hint & draw_hint::kMoves) == draw_hint::kMoves;  // room for a sink
        left(g) = Wdl((hint & draw_hint::kMoves) + held);
        state(g) =
            uint16_t((hint & draw_hint::kInCheck ? kInCheck : 0) |
                     (hint & draw_hint::kCaptureWins ? kSinkWon : 0) | (held ? kSinkHeld : 0));
      }
    if (overflow) throw std::runtime_error("more quiet moves than the rule counts hold");
    // The moves into draws in check are checks (priority 1), not quiet.
    for_each_draw(draws, t.index, [&](uint64_t g, SlotCursor& cur, MoveList& unmoves) {
      if (!(load(state(g)) & kInCheck)) return;
      load_draw(cur, g);
      Position& pos = cur.pos();
      const bool symmetric = pos.mirror_symmetric();
      const uint64_t pred_side = uint64_t(~pos.side_to_move());
      retro_pseudo_moves(pos, unmoves);
      for (const Move m : unmoves) {
        const uint64_t p = pred_side * n + cur.slot_with_move(m.to, m.from);
        if (!draws.contains(p)) continue;
        add_count(left(p), -unmove_weight(pos, symmetric, m));
        std::atomic_ref<uint16_t>(state(p)).fetch_or(kChecks, std::memory_order_relaxed);
      }
    });
  }

  // Gives every draw its value back: Draw and distance 0.
  void restore() {
    for_each_draw(draws, t.index, [&](uint64_t g, SlotCursor&, MoveList&) {
      left(g) = Wdl::Draw;
      state(g) = 0;
    });
  }
};

// What a parallel pass over Y gathers, per thread and then in total.
struct Tally {
  uint64_t size = 0, open = 0, stay = 0, waiting = 0;
  std::vector<uint64_t> list;
  void add(Tally& o) {
    size += o.size;
    open += o.open;
    stay += o.stay;
    waiting += o.waiting;
    list.insert(list.end(), o.list.begin(), o.list.end());
  }
};

// One would-be winner's game over the draws. Its positions won under the rule are collected
// with their potentials (global id << 16 | potential), to be written when both games are done.
struct Game {
  Arena& a;
  const Color winner;
  // By slot, for the draws with the winner to move: their priority-2 moves into Y, weighted,
  // plus one for a sink they win (their good moves, checks aside).
  std::vector<uint8_t> count;
  std::vector<uint64_t> won;

  // The current Y, listed (its members are also flagged kInY): the cornered draws at the start
  // of a round, then shrinking.
  std::vector<uint64_t> y;
  uint64_t y_size = 0, y_open = 0;  // |Y|, and its members that are open_loser

  Game(Arena& arena, Color c) : a(arena), winner(c) { count.resize(a.n); }

  bool winner_to_move(uint64_t g) const { return a.side_of(g) == winner; }
  // The winner's count of draw g (the winner to move).
  uint8_t& wcount(uint64_t g) { return count[a.slot_of(g)]; }
  uint16_t state(uint64_t g) const { return load(a.state(g)); }
  void set_state(uint64_t g, uint16_t s) {
    std::atomic_ref<uint16_t>(a.state(g)).store(s, std::memory_order_relaxed);
  }
  // The moves into a loser position not in check are the winner's quiet moves (priority 2).
  bool open_loser(uint64_t g, uint16_t s) const { return !winner_to_move(g) && !(s & kInCheck); }

  // Calls visit(g, cursor, un-move list, tally) for each member of Y (the list y), in
  // parallel; the cursor, the list and the tally are the thread's own. Returns the tallies' sum.
  template <class Visit>
  Tally over_y(Visit visit) {
    Tally total;
#pragma omp parallel
    {
      SlotCursor cur(a.t.index);
      MoveList unmoves;
      Tally mine;
#pragma omp for schedule(dynamic, 256) nowait
      for (uint64_t i = 0; i < y.size(); ++i) visit(y[i], cur, unmoves, mine);
#pragma omp critical
      total.add(mine);
    }
    return total;
  }

  // Adds sign * move_weight to the count of each draw that reaches draw g by an un-move; g
  // must not be in check, so those moves are of priority 2 (g loser to move) or 3.
  void count_predecessors(SlotCursor& cur, MoveList& unmoves, uint64_t g, int sign) {
    a.load_draw(cur, g);
    Position& pos = cur.pos();
    const bool symmetric = pos.mirror_symmetric();
    const uint64_t pred_side = uint64_t(~pos.side_to_move());
    retro_pseudo_moves(pos, unmoves);
    for (const Move m : unmoves) {
      const uint64_t p = pred_side * a.n + cur.slot_with_move(m.to, m.from);
      if (!a.draws.contains(p)) continue;
      const int d = sign * unmove_weight(pos, symmetric, m);
      if (winner_to_move(p))
        add_count(wcount(p), d);
      else
        add_count(a.left(p), d);
    }
  }

  // Whether every check of the loser to move in draw g goes into X within layers 1..j (its
  // other moves are known good: its count is 0); `moves` is scratch.
  bool checks_into_x(SlotCursor& cur, MoveList& moves, uint64_t g, uint16_t j) const {
    a.load_draw(cur, g);
    Position& pos = cur.pos();
    const uint64_t target_side = uint64_t(~pos.side_to_move());
    pos.legal_moves(moves);
    for (const Move m : moves) {
      if (pos.is_capture(m)) continue;
      const uint64_t target = target_side * a.n + cur.slot_with_move(m.from, m.to);
      if (!a.draws.contains(target)) continue;
      const uint16_t s = state(target);
      if ((s & kInCheck) && (!(s & kInY) || (s & kLayer) == 0 || (s & kLayer) > j)) return false;
    }
    return true;
  }

  // Least fixpoint X for the current Y and Z, layer by layer; returns |X| and the number of
  // its members that are open_loser (stay). X stays inside Y (monotonicity), so only members
  // of Y enter. Layer 1 is read off the counts; layer j + 1 holds the members of Y that a
  // check into layer j puts into CPre. Within a layer, reads treat layer j + 1 as outside X
  // and the compare-exchange admits each draw once, so the result is order-independent.
  uint64_t attractor(uint64_t& stay) {
    Tally x = over_y([&](uint64_t g, SlotCursor&, MoveList&, Tally& t) {
      const uint16_t s = state(g);
      const bool loser_ready = !winner_to_move(g) && a.left(g) == Wdl(0);
      const bool in = winner_to_move(g) ? wcount(g) != 0 : loser_ready && !(s & kChecks);
      set_state(g, uint16_t((s & ~kLayer) | (in ? 1 : 0)));
      t.open += open_loser(g, s);
      t.waiting += !in && loser_ready;  // losers of Y outside layer 1 that may yet enter
      if (!in) return;
      ++t.size;
      t.stay += open_loser(g, s);
      if (s & kInCheck) t.list.push_back(g);  // the frontier: members of the newest layer in check
    });
    y_open = x.open;
    std::vector<uint64_t>& frontier = x.list;
    for (uint16_t j = 1; !frontier.empty(); ++j) {
      Tally next;
      bool too_deep = false;
#pragma omp parallel reduction(|| : too_deep)
      {
        SlotCursor cur(a.t.index), pred(a.t.index);
        MoveList unmoves, moves;
        Tally mine;
#pragma omp for schedule(dynamic, 16) nowait
        for (uint64_t i = 0; i < frontier.size(); ++i) {
          if (x.waiting == 0 && winner_to_move(frontier[i])) continue;  // preds are all losers
          a.load_draw(cur, frontier[i]);
          const uint64_t pred_side = uint64_t(~cur.pos().side_to_move());
          retro_pseudo_moves(cur.pos(), unmoves);
          for (const Move m : unmoves) {
            const uint64_t p = pred_side * a.n + cur.slot_with_move(m.to, m.from);
            if (!a.draws.contains(p)) continue;
            uint16_t s = state(p);
            if (!(s & kInY) || (s & kLayer) != 0) continue;
            if (!winner_to_move(p) &&
                (load(a.left(p)) != Wdl(0) || !checks_into_x(pred, moves, p, j)))
              continue;
            if (!std::atomic_ref<uint16_t>(a.state(p))
                     .compare_exchange_strong(s, uint16_t(s | (j + 1)), std::memory_order_relaxed))
              continue;
            ++mine.size;
            mine.stay += open_loser(p, s);
            too_deep |= j + 1 == kLayer;
            if (s & kInCheck) mine.list.push_back(p);
          }
        }
#pragma omp critical
        next.add(mine);
      }
      if (too_deep)
        throw std::runtime_error("perpetual-check attractor deeper than the potential packing");
      x.size += next.size;
      x.stay += next.stay;
      frontier.swap(next.list);
    }
    stay = x.stay;
    return x.size;
  }

  // Y := X (stay of its members open_loser). Draws leaving Y are no longer good
  // targets of the winner's quiet moves: the winner's counts lose their moves into them, or,
  // when fewer open losers stay than leave, are counted afresh from those that stay (the same
  // numbers).
  void shrink_y(uint64_t stay) {
    const bool recount = stay < y_open - stay;
    Tally kept = over_y([&](uint64_t g, SlotCursor& cur, MoveList& unmoves, Tally& t) {
      const uint16_t s = state(g);
      if (recount && winner_to_move(g)) wcount(g) = s & kSinkWon ? 1 : 0;
      if ((s & kLayer) != 0) {
        t.list.push_back(g);
        return;
      }
      set_state(g, uint16_t(s & ~kInY));
      if (!recount && open_loser(g, s)) count_predecessors(cur, unmoves, g, -1);
    });
    y.swap(kept.list);
    if (!recount) return;
    over_y([&](uint64_t g, SlotCursor& cur, MoveList& unmoves, Tally&) {
      if (open_loser(g, state(g))) count_predecessors(cur, unmoves, g, +1);
    });
  }

  // Z := Y (= X) after round k: new members get their potential (k, layer); they are good
  // targets of the loser's quiet moves from now on. Returns how many joined.
  uint64_t grow_z(unsigned k) {
    Tally z = over_y([&](uint64_t g, SlotCursor& cur, MoveList& unmoves, Tally& t) {
      const uint16_t s = state(g);
      if (s & kInZ) return;
      set_state(g, s | kInZ);
      ++t.size;
      t.list.push_back(g << 16 | pack_rule_potential(k, s & kLayer));
      if (winner_to_move(g) && !(s & kInCheck)) count_predecessors(cur, unmoves, g, -1);
    });
    won.insert(won.end(), z.list.begin(), z.list.end());
    return z.size;
  }

  // Gives the losers' counts back as they were (the other game needs them): the moves into Z
  // count again.
  void release() {
#pragma omp parallel
    {
      SlotCursor cur(a.t.index);
      MoveList unmoves;
#pragma omp for schedule(dynamic, 16)
      for (uint64_t i = 0; i < won.size(); ++i) {
        const uint64_t g = won[i] >> 16;
        if (winner_to_move(g) && !(state(g) & kInCheck)) count_predecessors(cur, unmoves, g, +1);
      }
    }
  }

  // The draws where the loser cannot make quiet moves forever without leaving the draws for a
  // sink won by the winner: the winner's attractor to "the loser checks or loses", of which
  // the rest of the draws (the loser's safe set) is the complement. The loser to move joins
  // when its count (Arena::left: quiet moves into draws not in check, plus a held sink) of
  // moves out of the attractor is 0, the winner to move when it has a move into it or a won
  // sink. Every position the winner wins under the rule is cornered (from the safe set the
  // loser makes a quiet move on each of its turns: priority 3 infinitely often), so each
  // round's greatest fixpoint Y may start from the cornered draws instead of all of them
  // (docs/metrics.md). Clears the game marks of every draw on the way; uses `count` for the
  // losers' counts. Returns the cornered draws in ascending order.
  std::vector<uint64_t> cornered() {
    std::vector<uint64_t> in(a.draws.words());  // bitmap over global ids, like the DrawSet
    auto join = [&](uint64_t g) {
      const uint64_t bit = uint64_t(1) << (g % 64);
      return !(std::atomic_ref<uint64_t>(in[g / 64]).fetch_or(bit, std::memory_order_relaxed) &
               bit);
    };
    Tally seeds;
#pragma omp parallel
    {
      Tally mine;
#pragma omp for schedule(dynamic, 64) nowait
      for (uint64_t w = 0; w < a.draws.words(); ++w)
        for (uint64_t bits = a.draws.word(w); bits; bits &= bits - 1) {
          const uint64_t g = w * 64 + std::countr_zero(bits);
          const uint16_t s = uint16_t(state(g) & ~(kLayer | kInY | kInZ));
          set_state(g, s);
          const bool seed = winner_to_move(g) ? (s & kSinkWon) != 0 : a.left(g) == Wdl(0);
          if (!winner_to_move(g)) wcount(g) = uint8_t(a.left(g));
          if (seed && join(g)) mine.list.push_back(g);
        }
#pragma omp critical
      seeds.add(mine);
    }
    std::vector<uint64_t> members = seeds.list, frontier = std::move(seeds.list);
    while (!frontier.empty()) {
      Tally next;
#pragma omp parallel
      {
        SlotCursor cur(a.t.index);
        MoveList unmoves;
        Tally mine;
#pragma omp for schedule(dynamic, 16) nowait
        for (uint64_t i = 0; i < frontier.size(); ++i) {
          const uint64_t g = frontier[i];
          a.load_draw(cur, g);
          Position& pos = cur.pos();
          const bool symmetric = pos.mirror_symmetric();
          const bool check = state(g) & kInCheck;  // then the moves into g are checks
          const uint64_t pred_side = uint64_t(~pos.side_to_move());
          retro_pseudo_moves(pos, unmoves);
          for (const Move m : unmoves) {
            const uint64_t p = pred_side * a.n + cur.slot_with_move(m.to, m.from);
            if (!a.draws.contains(p)) continue;
            const bool joins =
                winner_to_move(p) ||
                (!check && add_count(wcount(p), -unmove_weight(pos, symmetric, m)) == 0);
            if (joins && join(p)) mine.list.push_back(p);
          }
        }
#pragma omp critical
        next.add(mine);
      }
      members.insert(members.end(), next.list.begin(), next.list.end());
      frontier.swap(next.list);
    }
    std::sort(members.begin(), members.end());
    return members;
  }

  // Y := the cornered draws: flagged kInY, out of X, the winner's counts set to its priority-2
  // moves into them (weighted) plus one for a won sink.
  void start_round(const std::vector<uint64_t>& cornered) {
    y = cornered;
    over_y([&](uint64_t g, SlotCursor&, MoveList&, Tally&) {
      const uint16_t s = state(g);
      set_state(g, uint16_t((s & ~kLayer) | kInY));
      if (winner_to_move(g)) wcount(g) = s & kSinkWon ? 1 : 0;
    });
    over_y([&](uint64_t g, SlotCursor& cur, MoveList& unmoves, Tally&) {
      if (open_loser(g, state(g))) count_predecessors(cur, unmoves, g, +1);
    });
  }

  // Rounds until Z is stable.
  void solve(const Progress& progress) {
    const std::vector<uint64_t> start = cornered();
    for (unsigned k = 1;; ++k) {
      start_round(start);
      y_size = start.size();
      while (y_size != 0) {  // greatest fixpoint Y (an empty Y is one: X stays inside Y)
        uint64_t stay;
        const uint64_t x_size = attractor(stay);
        if (x_size == y_size) break;
        shrink_y(stay);
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
  const bool game[2] = {can_check(table.material, Black), can_check(table.material, Red)};
  std::vector<uint64_t> won[2];
  if (game[Red] || game[Black]) arena.prepare();
  for (Color winner : {Red, Black}) {
    if (!game[winner]) continue;
    Game g(arena, winner);
    g.solve(progress);
    if (winner == Red && game[Black]) g.release();
    won[winner].swap(g.won);
  }
  arena.restore();
  for (Color winner : {Red, Black})
    for (const uint64_t x : won[winner]) {
      const uint64_t g = x >> 16;
      const Color to_move = arena.side_of(g);
      Wdl& wdl = arena.left(g);
      if (wdl != Wdl::Draw) throw std::logic_error("a position won under the rule by both sides");
      wdl = to_move == winner ? Wdl::RuleWin : Wdl::RuleLoss;
      arena.state(g) = uint16_t(x);
    }
}

}  // namespace xq::gen
