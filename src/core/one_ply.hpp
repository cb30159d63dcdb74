// One side's distances (docs/format.md "One side's distances"): a DTM or DTC file may store the
// forced entries of one side to move as 0, to be rebuilt one ply away from the other side's
// entries of the same table, as Syzygy's DTZ files store one side. The writer keeps an entry
// where a capture decides it, so that the rebuild reads no other table: a forced DTM is one
// more than the least DTM of the quiet moves into a forced loss (a win) or the greatest of
// them all (a loss); a DTC of a Win or Loss likewise, through quiet moves into the opponent's
// Loss (a win) or Win (a loss). Shared by the probe and the generator's loaders.
#pragma once

#include <algorithm>
#include <optional>

#include "core/index.hpp"
#include "core/position.hpp"
#include "core/table_file.hpp"
#include "core/values.hpp"

namespace xq {

// A successor's class in the stored side's WDL file, and its slot there.
struct Successor {
  Wdl wdl;
  uint64_t slot;
};

// Whether a file of this kind leaves the class's entries of its omitted side to the rebuild:
// every forced class in a DTM file, Win and Loss in a DTC file (a cursed win's or blessed
// loss's DTC is not a function of its successors').
constexpr bool omissible(TableKind kind, Wdl w) {
  return kind == TableKind::Dtm ? is_forced(w) : w == Wdl::Win || w == Wdl::Loss;
}

// The distance of pos (side to move on the omitted side, class w with omissible(kind, w)) from
// its quiet moves; successor(m) gives the Successor of the legal quiet move m (pos as it was
// given), entry(slot) the stored side's distance entry. Entries are read only for the
// successors whose class counts: a probe of a won position then reads the few losing moves'
// distance blocks, not every move's. nullopt for a win without a quiet move that keeps it (the
// entry should have been stored). `moves` is scratch.
template <class SuccessorOf, class EntryOf>
std::optional<uint16_t> rebuild_distance(TableKind kind, const Position& pos, Wdl w,
                                         MoveList& moves, SuccessorOf&& successor,
                                         EntryOf&& entry) {
  const bool win = is_win(w);
  unsigned best = win ? ~0u : 0;
  const Position::KingSafety safety = pos.king_safety(pos.side_to_move());
  moves.size = 0;
  pos.pseudo_moves(moves);
  for (const Move m : moves) {
    if (pos.is_capture(m) || !pos.pseudo_move_legal(m, safety)) continue;
    const Successor s = successor(m);
    const bool keeps =
        win ? kind == TableKind::Dtm ? is_forced(s.wdl) && is_loss(s.wdl) : s.wdl == Wdl::Loss
        : kind == TableKind::Dtm ? is_forced(s.wdl) && is_win(s.wdl)
                                 : s.wdl == Wdl::Win;
    if (!keeps) continue;
    const unsigned d = entry(s.slot) + 1u;
    best = win ? std::min(best, d) : std::max(best, d);
    if (win && best == 1) break;  // a move into mate: nothing is shorter
  }
  if (best == ~0u) return std::nullopt;
  return uint16_t(best);
}

// Entry (side, slot) of a distance file, whose class in the same table's WDL file is w: the
// stored entry, or an omitted one rebuilt from the quiet moves' entries of both files. Throws
// TableError for an omitted entry that nothing rebuilds.
uint16_t read_distance(const Index& index, const TableFile& wdl, const TableFile& file, int side,
                       uint64_t slot, Wdl w);

}  // namespace xq
