// The Asian rule set's game on an explicit arena (asian_game.cpp explains the construction): the
// chase reference builds the arena from positions, tests build small ones by hand.
#pragma once

#include <cstdint>
#include <vector>

#include "core/geometry.hpp"

namespace xq::ref {

// One move of a node in the game. `from`/`to` name the moved piece's point before and after (a
// register following that piece moves with it); `chased` are the opponent pieces it newly
// chases, by point, `pinned_rook` those of them that are rooks on the leg of the mover's horse.
struct AsianMove {
  uint32_t target = 0;
  uint8_t from = 0, to = 0;
  bool capture = false, check = false;
  geo::SquareSet chased, pinned_rook;
};

struct AsianArena {
  std::vector<uint8_t> side;       // per node: the colour to move (0 Red, 1 Black)
  std::vector<int8_t> decided;     // per node: 1 won / -1 lost for its side to move, 0 in the game
  std::vector<uint32_t> first{0};  // node i's moves are moves[first[i], first[i + 1])
  std::vector<AsianMove> moves;
};

struct AsianResult {
  std::vector<int8_t> value;  // per node, side to move's view: 1 won, -1 lost, 0 drawn
  size_t game_size = 0;       // vertices of the product
};

// Every node of the game needs a move. Throws std::logic_error when both sides would win.
// clear_after_escape: a register kept through a move that does not continue it (an escape)
// is cleared to "nothing yet" (asian_game.cpp: the same values, a much smaller product); false
// solves the product as docs/rules.md G3 states it, for the tests that compare the two.
AsianResult solve_asian_game(const AsianArena& arena, bool clear_after_escape = true);

}  // namespace xq::ref
