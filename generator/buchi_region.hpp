// The opponent's Büchi region for idle moves, the set the chase stage leaves out of its
// explicit game (docs/metrics.md "The cornered positions"): where the opponent O of the
// would-be winner P can make an idle move (priority 5) infinitely often while the play stays
// in the draws, P wins nothing. The chase and Asian stages run it on a table's draws; the tests
// on hand-made and random graphs.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "generator/bitmap.hpp"

namespace xq::gen {

// In count(v) of an opponent's node: no idle move into Y left, never in T again.
constexpr uint16_t kBuchiNever = 0xffff;
// In count(v) of an opponent's node: an exit, in T at every round.
constexpr uint16_t kBuchiAlways = 0xfffe;

// The graph a refinement runs on. Nodes 0..size-1 are the draws (and ids the graph never
// reports); the sides alternate (O's moves lead to P's nodes and P's to O's, as in a table);
// a Graph provides, with a per-thread Graph::Cursor from cursor():
//   bool loser(v)                    O is to move at v
//   bool loser_exit(cur, v)          O has a move out of the draws that P has not won
//   bool winner_exit(cur, v)         P has a move out of the draws into a win
//   void moves(cur, v, f)            f(to, idle) for v's moves into draws until f returns true,
//                                    in the same order on every call; idle() classifies the
//                                    move (called only when needed)
//   void predecessors(cur, w, f)     f(p) for the draws with a move into w (repeats allowed)
//   uint16_t& count(v)               free storage for the nodes of `cornered` (0 on entry and
//                                    on return)
// Moves and predecessors must agree: p is reported from w iff w is reported from p.
//
// `cornered` holds the draws on entry; on return it holds the draws outside the region, the
// greatest Y with Y = Attr_O(T(Y)) within Y, T(Y) being O's nodes with an idle move into Y or
// an exit (O joins the attractor with one move into it, P when it has no exit and all its
// moves into the draws go into it).
// By rounds, each finding L, the nodes of Y outside Attr_O(T(Y)) (P keeps the play there
// away from T for ever), then removing P's attractor D of L from Y (docs/metrics.md "The
// cornered positions" proves the rounds exact). No round computes an attractor over Y: L lies
// in C, built from seeds, and is the greatest subset of C that P can keep the play in (P's
// node by one move into it, O's by all its moves into Y), found by P's counts of the distinct
// nodes its moves reach in C (predecessors are deduplicated too):
// - in round 1 the seeds are O's nodes not in T and P's nodes with a winning exit, and C adds
//   P's nodes with a move into a seed (the sides alternate);
// - in a later round the seeds are O's nodes with a move into D that have left T, and C is
//   the nodes of the new Y that reach a seed through nodes not in T.
// C is small when T is dense, as it is in the tables: a round costs one witness per O node
// (round 1) or the nodes near D (later), not a pass over Y. O's node keeps its witness, the
// rank of its idle move into Y in moves()' order, rechecked only when the node has a move into
// D: the moves before it were not idle or not into Y when passed, and Y only shrinks, so each
// move is classified at most once over all rounds (a node has far fewer than kBuchiAlways
// moves). Its exits are looked for only when it has no witness. OpenMP threads; the result does
// not depend on their number. Returns the rounds.
template <class Graph>
class BuchiRefinement {
 public:
  BuchiRefinement(Graph& graph, const Bitmap& draws, uint64_t size)
      : graph_(graph),
        y_(draws),
        l_(size),
        c_(size),
        touched_(size),
        frontier_(size),
        next_(size) {}

  int run() {
    find_first_holdouts();
    int rounds = 1;
    while (!l_.empty()) {
      remove_winner_attractor();
      find_holdouts();
      ++rounds;
    }
    if (mismatch_) throw std::logic_error("Büchi region: moves and predecessors disagree");
    if (not_alternating_) throw std::logic_error("Büchi region: the sides do not alternate");
    return rounds;
  }
  const Bitmap& region() const { return y_; }

 private:
  using Cursor = typename Graph::Cursor;

  // O's witness at v resumed at rank `from`: the rank of its first idle move into Y from there
  // on (the move of rank `from` was idle already); without one, kBuchiAlways if v has an exit
  // (in T at every round), else kBuchiNever.
  uint16_t witness(Cursor& cur, uint64_t v, uint16_t from) {
    uint16_t rank = 0, found = kBuchiNever;
    graph_.moves(cur, v, [&](uint64_t to, auto&& idle) {
      if (++rank < from || !y_.test(to)) return false;
      if (rank != from && !idle()) return false;
      found = rank;
      return true;
    });
    if (found != kBuchiNever) return found;
    return graph_.loser_exit(cur, v) ? kBuchiAlways : kBuchiNever;
  }
  // The distinct predecessors of w in `within`, into found.
  void predecessors(Cursor& cur, uint64_t w, const Bitmap& within, std::vector<uint64_t>& found) {
    found.clear();
    graph_.predecessors(cur, w, [&](uint64_t p) {
      if (within.test(p)) found.push_back(p);
    });
    std::sort(found.begin(), found.end());
    found.erase(std::unique(found.begin(), found.end()), found.end());
  }
  // The count of the distinct nodes v's moves reach in `within`.
  uint16_t moves_into(Cursor& cur, uint64_t v, const Bitmap& within, std::vector<uint64_t>& found) {
    found.clear();
    graph_.moves(cur, v, [&](uint64_t to, auto&&) {
      if (within.test(to)) found.push_back(to);
      return false;
    });
    std::sort(found.begin(), found.end());
    return uint16_t(std::unique(found.begin(), found.end()) - found.begin());
  }
  // P's count one lower for a move into a node that joined (not below kBuchiNever: a winning
  // exit); true when it falls to 0.
  bool decrement(uint64_t p) {
    std::atomic_ref<uint16_t> count(graph_.count(p));
    if (count.load(std::memory_order_relaxed) == kBuchiNever) return false;
    const uint16_t before = count.fetch_sub(1, std::memory_order_relaxed);
    if (before == 0) mismatch_ = true;
    return before == 1;
  }

  // Inside a parallel region: grows l_ from frontier_ by un-moves within `within` (O's nodes
  // join at once, P's when their count of moves falls to 0), then clears P's counts there.
  void attract(Cursor& cur, std::vector<uint64_t>& found, const Bitmap& within) {
    expand_frontiers(frontier_, next_, [&](uint64_t w) {
      predecessors(cur, w, within, found);
      for (const uint64_t p : found)
        if ((graph_.loser(p) || decrement(p)) && l_.set(p)) next_.set(p);
    });
    for_each_set(within, [&](uint64_t v) {
      if (!graph_.loser(v)) graph_.count(v) = 0;
    });
  }
  // l_ := within \ l_ (what the attractor did not reach).
  void keep_outside(const Bitmap& within) {
    for (uint64_t w = 0; w < within.words(); ++w) l_.word(w) = within.word(w) & ~l_.word(w);
  }

  // Round 1: L := Y \ Attr_O(T(Y)), found in C (see above).
  void find_first_holdouts() {
#pragma omp parallel
    {
      Cursor cur = graph_.cursor();
      std::vector<uint64_t> found;
      for_each_set(y_, [&](uint64_t v) {
        uint16_t& count = graph_.count(v);
        if (graph_.loser(v)) {
          count = witness(cur, v, 0);
          if (count == kBuchiNever) c_.set(v), frontier_.set(v);
        } else if (graph_.winner_exit(cur, v)) {
          count = kBuchiNever;  // never falls out of C
          c_.set(v);
        }
      });
      for_each_set(frontier_, [&](uint64_t w) {
        graph_.predecessors(cur, w, [&](uint64_t p) {
          if (!y_.test(p)) return;
          if (graph_.loser(p)) not_alternating_ = true;
          c_.set(p);
        });
      });
#pragma omp single
      frontier_.clear();
      keep_in_c(cur, found);
    }
    keep_outside(c_);
  }

  // D := P's attractor of L within Y (P's node by one move into it, O's when all its moves into
  // Y go into it and it has no exit), removed from Y; touched_ := O's nodes
  // left in Y with a move into D.
  void remove_winner_attractor() {
    touched_.clear();
    for (uint64_t w = 0; w < l_.words(); ++w) frontier_.word(w) = l_.word(w);
#pragma omp parallel
    {
      Cursor cur = graph_.cursor();
      std::vector<uint64_t> found;
      // An O node is tested again at each move into D; the test after its last one sees them
      // all, set before the frontier that holds that one.
      expand_frontiers(frontier_, next_, [&](uint64_t w) {
        predecessors(cur, w, y_, found);
        for (const uint64_t p : found) {
          if (l_.test(p)) continue;
          if (graph_.loser(p)) {
            if (graph_.count(p) == kBuchiAlways) continue;
            touched_.set(p);
            bool stays = false;
            graph_.moves(cur, p,
                         [&](uint64_t to, auto&&) { return stays = y_.test(to) && !l_.test(to); });
            // A node with a witness has not been asked for exits yet.
            if (stays || (graph_.count(p) != kBuchiNever && graph_.loser_exit(cur, p))) continue;
          }
          if (l_.set(p)) next_.set(p);
        }
      });
    }
    for (uint64_t w = 0; w < y_.words(); ++w) {
      y_.word(w) &= ~l_.word(w);
      touched_.word(w) &= y_.word(w);
    }
  }

  // L := the nodes of the new Y outside Attr_O(T), found in C (see above).
  void find_holdouts() {
    l_.clear();
    c_.clear();
#pragma omp parallel
    {
      Cursor cur = graph_.cursor();
      std::vector<uint64_t> found;
      // The seeds: O's nodes with a move into D that have left T.
      for_each_set(touched_, [&](uint64_t v) {
        uint16_t& state = graph_.count(v);
        if (state != kBuchiNever) state = witness(cur, v, state);
        if (state == kBuchiNever) c_.set(v), frontier_.set(v);
      });
      expand_frontiers(frontier_, next_, [&](uint64_t w) {
        graph_.predecessors(cur, w, [&](uint64_t p) {
          if (y_.test(p) && (!graph_.loser(p) || graph_.count(p) == kBuchiNever) && c_.set(p))
            next_.set(p);
        });
      });
      keep_in_c(cur, found);
    }
    keep_outside(c_);
  }

  // Inside a parallel region: l_ := what falls out of the greatest subset of C that P keeps the
  // play in (P's counts of moves into C in count(), cleared after; a winning exit, kBuchiNever
  // there, never falls).
  void keep_in_c(Cursor& cur, std::vector<uint64_t>& found) {
    for_each_set(c_, [&](uint64_t v) {
      bool falls = false;
      uint16_t& count = graph_.count(v);
      if (graph_.loser(v))
        graph_.moves(cur, v,
                     [&](uint64_t to, auto&&) { return falls = y_.test(to) && !c_.test(to); });
      else if (count != kBuchiNever)
        falls = (count = moves_into(cur, v, c_, found)) == 0;
      if (falls) l_.set(v), frontier_.set(v);
    });
    attract(cur, found, c_);
  }

  Graph& graph_;
  Bitmap y_;  // Y
  Bitmap l_;  // the attractor or what falls out, then L, then D
  Bitmap c_, touched_, frontier_, next_;
  std::atomic<bool> mismatch_ = false, not_alternating_ = false;
};

template <class Graph>
int refine_to_buchi(Graph& graph, Bitmap& cornered, uint64_t size) {
  BuchiRefinement<Graph> refinement(graph, cornered, size);
  const int rounds = refinement.run();
  const Bitmap& y = refinement.region();
#pragma omp parallel for schedule(static)
  for (uint64_t w = 0; w < cornered.words(); ++w)
    for (const int bit : SetBits(cornered.word(w))) graph.count(w * 64 + uint64_t(bit)) = 0;
  for (uint64_t w = 0; w < cornered.words(); ++w) cornered.word(w) &= ~y.word(w);
  return rounds;
}

}  // namespace xq::gen
