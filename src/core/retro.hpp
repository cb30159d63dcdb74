// Retro (un-)move generation for retrograde analysis (docs/generation.md, docs/index.md).
#pragma once

#include "core/position.hpp"

namespace xq {

// Non-capturing pseudo un-moves of a legal position: every move m, written forwards (m.from is
// the point in the predecessor, m.to the point now), of the side that just moved (not the side
// to move) that its piece's movement rules allow from the empty point m.from. Since the
// position is legal, m is a legal move of the predecessor whenever the predecessor is a legal
// position; it is not when the side to move here would be in check there (the kings facing
// included). The generator's passes use these and drop such predecessors by their slots,
// which hold no value. Captures are not un-made: they lead from other materials.
void retro_pseudo_moves(const Position& pos, MoveList& out);

}  // namespace xq
