// Human-readable and JSON descriptions of probe results, in English or Chinese.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/notation.hpp"
#include "probe/tablebase.hpp"

namespace xq::cli {

// "Red" / "Black", or "红" / "黑".
std::string side_name(Color c, Lang lang);

// How a plain win or loss ends: the side to move has no legal move, in check or not (困毙 is
// not 将死; both lose in xiangqi).
enum class Ending { Checkmate, Stalemate };
// The ending a line reaches, or nullopt when its last position still has a legal move.
std::optional<Ending> line_ending(const Position& start, const std::vector<Move>& line);
// The ending best play from pos reaches when r is a plain win or loss (nullopt otherwise, or
// when a table the line needs is missing).
std::optional<Ending> ending_of(const Tablebase& tb, const Position& pos, const ProbeResult& r);
// The same for the line that starts with move m (its value r is the mover's).
std::optional<Ending> ending_after(const Tablebase& tb, const Position& pos, Move m,
                                   const ProbeResult& r);

// "Red to move wins: mate in 23 plies (12 moves)" / "红先胜，23 步杀"; with a stalemate
// ending "stalemate in 1 ply" / "1 步困毙" (no ending known: mate is said). `rules`: the
// table's rule set, which names the rule behind a chase value.
std::string describe_result(const Position& pos, const ProbeResult& r, RuleSet rules, Lang lang,
                            std::optional<Ending> ending = std::nullopt);
// Short value of a move for its mover: "win, mate in 21 plies", "loss, stalemated in 4
// plies", "draw", "win by the perpetual-check rule (k 2, j 5)".
std::string describe_move_value(const ProbeResult& r, RuleSet rules, Lang lang,
                                std::optional<Ending> ending = std::nullopt);
// "checkmate" or "stalemate" (the JSON field `ending`).
const char* ending_name(Ending e);
// A line of moves numbered as games are written: "1. 炮二平五 马8进7 2. ..." (Chinese) or
// "1. h2e2 h9g7 2. ..." (ICCS), starting with "1. ..." when Black moves first.
std::string numbered_line(const Position& start, const std::vector<Move>& line, Lang lang);
// The rule set the values hold under, one line: "Rules: chinese (perpetual check, chase and kill
// lose, CXA 2020)" / "规则：中国象棋规则（长将、长捉、长杀判负）".
std::string describe_rules(RuleSet rules, Lang lang);
// The rule set's name inside a sentence: "check" (the --rules value) / "长将规则".
std::string rule_set_label(RuleSet rules, Lang lang);
// The note under a principal variation that stops because its next position repeats one of
// the line: the rule set decides the repetition, as the JSON's `pv_end: "repetition"` says.
std::string describe_repetition_end(RuleSet rules, Lang lang);
// JSON object of docs/probe-json.md (`ending` only when given).
nlohmann::json result_json(const Position& pos, const ProbeResult& r,
                           std::optional<Ending> ending = std::nullopt);

}  // namespace xq::cli
