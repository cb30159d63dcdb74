// A game's moves as text or as moves, played from a start position with every move checked
// legal: the input of the history adjudicator (docs/adjudicate.md "Input").
#pragma once

#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.hpp"
#include "core/types.hpp"

namespace xq {

// Raised for a move list that cannot be played; what() is one line naming the ply (1 = the
// first move) and quoting the move.
class GameError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// The move texts of a PGN-like game text: blanks (spaces, tabs, line ends), commas and
// semicolons, ASCII or Chinese (、，；, the ideographic space), separate moves and a byte order
// mark is skipped; '#' starts a comment running to the end of its line, and move numbers are
// dropped ("12.", "12...", and "12." glued to a move as in "12.h2e2"; a figure followed by a
// dot and another figure, as the WXF "55.4", is a move). Nothing is checked here.
std::vector<std::string> move_texts(std::string_view text);

// The moves the texts denote, each read (ICCS, WXF or Chinese, see parse_move) in the position
// the earlier ones reach from start. Throws GameError "ply N (Red to move): reason" for the
// first text that is malformed or not a legal move there.
std::vector<Move> read_moves(const Position& start, const std::vector<std::string>& texts);

// Throws GameError for the first move that is not legal in the position the earlier ones reach.
void check_moves(const Position& start, std::span<const Move> moves);

}  // namespace xq
