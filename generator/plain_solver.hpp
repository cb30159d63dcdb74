// Plain retrograde analysis (docs/rules.md "What the tables compute" without repetition rules:
// infinite play is a draw). Wins and losses are found ply by ply; a position with no legal
// move is lost in 0 plies (checkmate or stalemate).
#pragma once

#include <array>

#include "generator/partition.hpp"
#include "generator/solved_table.hpp"

namespace xq::gen {

// Progress callback: phase name and the ply just finished.
using Progress = std::function<void(const char* phase, int ply)>;

// For the passes of the plain and DTC solvers: the slots of the predecessors that the un-moves
// of the position loaded in `cur` lead to, into preds, with the entries of those in `share`
// prefetched in `codes` and, unless null, `counts` (the predecessors' side's arrays, by slot -
// share.begin): the scattered look-ups that follow then overlap the encoding.
inline void predecessor_slots(SlotCursor& cur, const MoveList& unmoves, const Share& share,
                              const uint16_t* codes, const Wdl* counts,
                              std::array<uint64_t, MoveList::kCapacity>& preds) {
  for (int i = 0; i < unmoves.size; ++i) {
    preds[i] = cur.slot_with_move(unmoves[i].to, unmoves[i].from);
    if (!share.holds(preds[i])) continue;
    __builtin_prefetch(codes + (preds[i] - share.begin));
    if (counts) __builtin_prefetch(counts + (preds[i] - share.begin));
  }
}

// Solves `table` (its arrays are (re)allocated) with the plain values of every position,
// using the plain values of the sub-tables in `set` for captures: on return each legal slot
// holds Win/Loss with DTM in plies or Draw, illegal slots hold Illegal; the distance of a draw
// holds its draw_hint (table.draw_hints is set). Threads: OpenMP. The result does not depend
// on the thread count.
void solve_plain(SolvedTable& table, const TableSet& set, const Progress& progress);
// The same over the ranks of `part`: this rank's table arrays hold its share of the slots
// (ShareMap(n, ranks, share_alignment())); collective. The values do not depend on the rank
// count. The sub-tables in `set` are whole on every rank.
void solve_plain(SolvedTable& table, const TableSet& set, const Progress& progress,
                 Partition& part);

}  // namespace xq::gen
