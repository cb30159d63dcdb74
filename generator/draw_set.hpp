// The drawn positions of a table that a rule stage (chase_solver, asian_solver) plays its game
// on, by global id g = side * n + slot, with what both stages ask of them.
#pragma once

#include <cstdint>

#include "core/retro.hpp"
#include "generator/bitmap.hpp"
#include "generator/solved_table.hpp"

namespace xq::gen {

struct DrawSet {
  SolvedTable& t;
  const CaptureTargets targets;
  const uint64_t n;
  Bitmap draws;  // bit g: the position is a draw of `t` when the stage starts

  DrawSet(SolvedTable& table, const TableSet& sub_tables)
      : t(table), targets(table.material, sub_tables), n(table.index.size()), draws(2 * n) {
    for (int side = 0; side < 2; ++side)
#pragma omp parallel for schedule(static)
      for (uint64_t slot = 0; slot < n; ++slot)
        if (t.wdl[side][slot] == Wdl::Draw) draws.set(side * n + slot);
  }
  Color side_of(uint64_t g) const {
    return Color(g >= n);
  }
  uint64_t slot_of(uint64_t g) const {
    return g >= n ? g - n : g;
  }
  void load(SlotCursor& cur, uint64_t g) const {
    cur.load(slot_of(g), side_of(g));
  }
  // The global id of the position after the quiet move m of the loaded position.
  uint64_t after_quiet(SlotCursor& cur, Move m) const {
    return uint64_t(~cur.pos().side_to_move()) * n + cur.slot_with_move(m.from, m.to);
  }
};

}  // namespace xq::gen
