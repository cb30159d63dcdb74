// Text board diagrams and piece names for people: Chinese characters (zh) or FEN letters (en).
#pragma once

#include <string>

#include "cli/describe.hpp"
#include "core/position.hpp"

namespace xq::cli {

// ICCS name of a point: file letter a..i, rank digit 0..9 ("e9").
std::string square_name(Square s);

// Name of a piece. Chinese: 帅仕相马车炮兵 (Red), 将士象马车炮卒 (Black); in diagrams the
// traditional forms 傌俥 (Red) and 馬車砲 (Black) tell the colours apart. English: the FEN
// letter (upper case Red, lower case Black).
std::string piece_name(Piece p, Lang lang, bool diagram = false);

// The board as text, Black's side on top, one line per rank (9 down to 0) with the river
// between ranks 5 and 4, every line ending in '\n'. English: ranks 0-9 on the left, files a-i
// above and below, '.' for an empty point. Chinese: full-width characters, Black's file
// numbers 1-9 above and Red's 九..一 below, '．' for an empty point.
std::string board_diagram(const Position& pos, Lang lang);

}  // namespace xq::cli
