// The opponent's Büchi region for idle moves, the set the chase stage leaves out of its
// explicit game (docs/metrics.md "The cornered positions"): where the opponent O of the
// would-be winner P can make an idle move (priority 5) infinitely often while the play stays
// in the draws, P wins nothing. The chase stage runs it on a table's draws; the tests on
// hand-made and random graphs.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "generator/bitmap.hpp"

namespace xq::gen {

// In count(v): a winner's node that can leave Y never joins the opponent's attractor; an
// opponent's node with no idle move into Y left is never in T again.
constexpr uint16_t kBuchiNever = 0xffff;
// In count(v): an opponent's node with an exit or a move into S, in T at every round.
constexpr uint16_t kBuchiAlways = 0xfffe;

// The graph a refinement runs on. Nodes 0..size-1 are the draws (and ids the graph never
// reports); a Graph provides, with a per-thread Graph::Cursor from cursor():
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
// `cornered` holds the draws outside a set S that lies in O's Büchi region Y (S = ∅ will do);
// on return it holds the draws outside Y. Y := draws; repeat { T := O's nodes of Y with an
// idle move into Y or an exit; Y := Attr_O(T) within Y (O joins with one move into it, P when
// it has no exit and all its moves are into it) } until stable. S stays in Y at every round,
// so only Y's part inside `cornered` (y) is iterated. The attractor runs by frontiers; P's
// node joins when the count of distinct nodes its moves reach in y falls to 0 (predecessors
// are deduplicated too, so a move and its mirror image into one slot count once on both
// sides). O's node keeps its witness between rounds, the rank of its idle move into Y in
// moves()' order: the moves before it were not idle or not into Y when passed, and Y only
// shrinks, so each move is classified at most once over all rounds (a node has far fewer
// than kBuchiAlways moves). OpenMP threads; the result does not depend on their number.
// Returns the rounds.
template <class Graph>
int refine_to_buchi(Graph& graph, Bitmap& cornered, uint64_t size) {
  Bitmap y = cornered, attracted(size), frontier(size), next(size);
  std::atomic<bool> mismatch = false;
  int rounds = 0;
  for (bool first = true;; first = false) {
    attracted.clear();
#pragma omp parallel
    {
      typename Graph::Cursor cur = graph.cursor();
      std::vector<uint64_t> found;
      for_each_set(y, [&](uint64_t v) {
        bool joins = false;
        if (graph.loser(v)) {
          uint16_t& witness = graph.count(v);
          // Cheap tests first, once: an exit or a move into S needs no classification.
          if (first) {
            joins = graph.loser_exit(cur, v);
            if (!joins)
              graph.moves(cur, v, [&](uint64_t to, auto&&) { return joins = !cornered.test(to); });
            if (joins) witness = kBuchiAlways;
          }
          if (witness == kBuchiAlways) {
            joins = true;
          } else if (witness != kBuchiNever) {
            uint16_t rank = 0, next_witness = kBuchiNever;
            graph.moves(cur, v, [&](uint64_t to, auto&& idle) {
              if (++rank < witness || !y.test(to)) return false;
              if (rank != witness && !idle()) return false;
              next_witness = rank;  // the witness still into Y, or the next idle move into Y
              return true;
            });
            witness = next_witness;
            joins = next_witness != kBuchiNever;
          }
        } else {
          uint16_t count = 0;
          // A winning exit stays; only the first round needs to look for it.
          if (first && graph.winner_exit(cur, v)) {
            count = kBuchiNever;
          } else {
            found.clear();
            bool leaves = false;  // a move into a draw already outside Y
            graph.moves(cur, v, [&](uint64_t to, auto&&) {
              if (!cornered.test(to)) return false;  // into S: inside the attractor already
              leaves = !y.test(to);
              if (!leaves) found.push_back(to);
              return leaves;
            });
            std::sort(found.begin(), found.end());
            count = leaves ? kBuchiNever
                           : uint16_t(std::unique(found.begin(), found.end()) - found.begin());
          }
          graph.count(v) = count;
          joins = count == 0;
        }
        if (joins) attracted.set(v), frontier.set(v);
      });
      expand_frontiers(frontier, next, [&](uint64_t w) {
        found.clear();
        graph.predecessors(cur, w, [&](uint64_t p) {
          if (y.test(p)) found.push_back(p);
        });
        std::sort(found.begin(), found.end());
        found.erase(std::unique(found.begin(), found.end()), found.end());
        for (const uint64_t p : found) {
          if (!graph.loser(p)) {
            std::atomic_ref<uint16_t> count(graph.count(p));
            if (count.load(std::memory_order_relaxed) == kBuchiNever) continue;
            const uint16_t before = count.fetch_sub(1, std::memory_order_relaxed);
            if (before == 0) mismatch = true;
            if (before != 1) continue;
          }
          if (attracted.set(p)) next.set(p);
        }
      });
    }
    if (mismatch) throw std::logic_error("Büchi region: moves and predecessors disagree");
    ++rounds;
    uint64_t left = 0;  // y \ Attr_O(T): outside Y for good
    for (uint64_t w = 0; w < y.words(); ++w) {
      left += uint64_t(std::popcount(y.word(w) & ~attracted.word(w)));
      y.word(w) &= attracted.word(w);
    }
    if (!left) break;
  }
#pragma omp parallel for schedule(static)
  for (uint64_t w = 0; w < y.words(); ++w)
    for (uint64_t bits = cornered.word(w); bits; bits &= bits - 1)
      graph.count(w * 64 + uint64_t(std::countr_zero(bits))) = 0;
  for (uint64_t w = 0; w < y.words(); ++w) cornered.word(w) &= ~y.word(w);
  return rounds;
}

}  // namespace xq::gen
