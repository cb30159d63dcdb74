// The drawn positions of a table that a rule stage (chinese_rule_stage, asian_rule_stage:
// chase_stage.hpp) plays its game on, by global id g = side * n + slot, with what both stages ask
// of them.
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
  // Whether a legal capture of the position g leads into a sub-table value `wanted` says
  // yes to (from the side to move after the capture's view).
  template <class Wanted>
  bool some_capture(SlotCursor& cur, MoveList& moves, uint64_t g, Wanted&& wanted) const {
    load(cur, g);
    Position& pos = cur.pos();
    const Color us = pos.side_to_move();
    const Position::KingSafety safety = pos.king_safety(us);
    moves.size = 0;
    pos.pseudo_captures(moves);
    for (const Move m : moves) {
      const bool sure = pos.surely_legal(m, safety);
      const Piece captured = pos.make(m);
      const bool yes = (sure || !pos.in_check(us)) && wanted(targets.probe(pos, captured).wdl);
      pos.unmake(m, captured);
      if (yes) return true;
    }
    return false;
  }
};

}  // namespace xq::gen
