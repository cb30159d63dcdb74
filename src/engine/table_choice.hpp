// The move the tables choose for the side to move of a game (docs/engine.md "How the rules and
// the limit shape the choice"): the root probe's ranking under the natural limit (or the
// unlimited order without it), minus banned moves and moves that would complete a repetition
// the rule set forbids to the mover (the adjudicator on the history and the candidate), with a
// forced win kept without repeating a position when a move allows it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/types.hpp"
#include "core/values.hpp"
#include "engine/game.hpp"
#include "probe/tablebase.hpp"

namespace xq::engine {

enum class ChoiceStatus {
  Chosen,   // a move, its value and line
  Outside,  // the position or a capture's material has no table: not the tables' to decide
  NoMove,   // mate or stalemate, or every legal move banned
};

struct TableChoice {
  ChoiceStatus status = ChoiceStatus::Outside;
  std::optional<Material> missing;  // Outside: the material without a table
  Move move;
  ProbeResult value;                    // the mover's value of the move, unlimited (as MoveValue)
  std::optional<uint16_t> dtc;          // forced classes: the mover's plies to the conversion
  std::optional<LimitedValue> limited;  // with the limit: the verdict under it
  std::vector<Move> pv;                 // the move, then the line (under the limit when it applies)
  LineEnd pv_end = LineEnd::MaxPlies;
  bool avoided_forbidden = false;   // a better-ranked move would have completed a forbidden cycle
  bool avoided_repetition = false;  // a better-ranked winning move would have repeated a position
  // Plies to mate or stalemate along pv when the value is decided there (forced and, with the
  // limit, won or lost under it): positive when the mover mates, negative when it is mated.
  std::optional<int> mate_plies;
};

// The tables' move in game g's current position. rules: the repetition law the adjudicator
// applies (that of the tables). natural_limit: rank by root_probe at g's counter (clamped to
// the limit) instead of root_moves. banned: moves the GUI excluded (UCCI banmoves).
// Throws TableError for a damaged table.
TableChoice choose_table_move(const Tablebase& tb, const Game& g, RuleSet rules, bool natural_limit,
                              const std::vector<Move>& banned);

// The value of a choice in words for `info string`, e.g. "win under the natural limit: mate in
// 7 plies, conversion in 5 (counter 4, 116 plies left)".
std::string describe_choice(const TableChoice& c, int counter, bool natural_limit);

}  // namespace xq::engine
