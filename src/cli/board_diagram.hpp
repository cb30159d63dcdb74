// Text board diagrams for people: Chinese characters (zh) or FEN letters (en).
#pragma once

#include <string>

#include "core/notation.hpp"
#include "core/position.hpp"

namespace xq::cli {

// The board as text, Black's side on top, one line per rank (9 down to 0) with the river
// between ranks 5 and 4, every line ending in '\n'. English: ranks 0-9 on the left, files a-i
// above and below, '.' for an empty point. Chinese: full-width characters, Black's file
// numbers 1-9 above and Red's 九..一 below, '．' for an empty point; the traditional forms 傌俥
// (Red) and 馬車砲 (Black) tell the colours apart where the simplified ones are the same.
std::string board_diagram(const Position& pos, Lang lang);

}  // namespace xq::cli
