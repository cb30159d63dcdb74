// Mate by checks alone within a ply horizon: the search behind "kill" (杀, docs/rules.md
// "Kill (杀)") and behind the rule that a capture met by an immediate mate is no chase.
#pragma once

#include "core/position.hpp"

namespace xq {

// Whether the side to move in pos mates by checks alone within `plies` plies (its own moves and
// the replies between them; 1: a mate in one, 3: check, any reply, mate): every move of the
// side is a check, every reply of the other side is tried, and the last check leaves no legal
// reply. pos is the caller's scratch copy: moves are made and unmade on it, and it comes back
// unchanged.
bool mates_by_checks(Position& pos, int plies);

}  // namespace xq
