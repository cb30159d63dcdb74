// Retro (un-)move generation for retrograde analysis (DESIGN.md "Core representation").
#pragma once

#include "core/position.hpp"

namespace xq {

// Non-capturing un-moves of a legal position: every move m, written forwards (m.from is the
// point in the predecessor, m.to the point now), of the side that just moved (not the side to
// move), such that the predecessor — m undone, that side to move — is a legal position in which
// m is a legal move. Captures are not un-made: they lead from other materials.
void retro_moves(const Position& pos, MoveList& out);

// The predecessor reached by undoing the un-move m (the inverse of Position::make for a
// non-capture).
inline void unmake_retro(Position& pos, Move m) {
  pos.unmake(m, kNoPiece);
}

}  // namespace xq
