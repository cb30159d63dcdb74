// The chase predicate on one position (docs/rules.md "Chase (捉)" R4.1-R4.8, survey C3-C9): which
// of the opponent's pieces a side, were it to move, threatens in the sense of a chase. A move's
// chases are the threats after it that were not threats before it (rules/move_facts.cpp).
#pragma once

#include "core/geometry.hpp"
#include "core/position.hpp"
#include "rules/move_facts.hpp"

namespace xq {

// The points of the pieces of ~by that `by`, given the move in pos, could take next with a
// capture that counts as a chase: a legal capture by a piece other than the king or a pawn, of
// a piece other than the king or a pawn on its own side of the river, that is worth more than
// the attacker or has no real root, and is no exchange offer (the target cannot take back).
// Read-only: works on local copies.
geo::SquareSet chase_threats(const Position& pos, Color by, const ChaseOptions& options);

// The rooks of ~by standing on the leg of a horse of `by` that would check ~by's king if the
// rook moved away (survey C14).
geo::SquareSet rooks_pinned_by_horse(const Position& pos, Color by);

}  // namespace xq
