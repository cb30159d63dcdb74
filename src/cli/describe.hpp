// Human-readable and JSON descriptions of probe results, in English or Chinese.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/notation.hpp"
#include "probe/tablebase.hpp"

namespace xq::cli {

// "Red" / "Black", or "红" / "黑".
std::string side_name(Color c, Lang lang);

// "Red to move wins: mate in 23 plies (12 moves)" / "红先胜，23 步杀".
std::string describe_result(const Position& pos, const ProbeResult& r, Lang lang);
// Short value of a move for its mover: "win in 21 plies", "draw", "rule win (k 2, j 5)".
std::string describe_move_value(const ProbeResult& r, Lang lang);
// A line of moves numbered as games are written: "1. 炮二平五 马8进7 2. ..." (Chinese) or
// "1. h2e2 h9g7 2. ..." (ICCS), starting with "1. ..." when Black moves first.
std::string numbered_line(const Position& start, const std::vector<Move>& line, Lang lang);
// JSON object of docs/probe-json.md.
nlohmann::json result_json(const Position& pos, const ProbeResult& r);

}  // namespace xq::cli
