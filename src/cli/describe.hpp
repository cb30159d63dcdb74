// Human-readable descriptions of probe results, in English or Chinese.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/notation.hpp"
#include "probe/tablebase.hpp"
#include "report/probe_json.hpp"

namespace xq::cli {

// The probe's JSON and the facts its texts share with it live in report/ (one serializer for
// the CLI and the server).
using report::Ending;
using report::ending_after;
using report::ending_name;
using report::ending_of;
using report::line_ending;
using report::numbered_line;

// "Red" / "Black", or "红" / "黑".
std::string side_name(Color c, Lang lang);

// "Red to move wins: mate in 23 plies (12 moves)" / "红先胜，23 步杀"; with a stalemate
// ending "stalemate in 1 ply" / "1 步困毙" (no ending known: mate is said). `rules`: the
// table's rule set, which names the rule behind a chase value.
std::string describe_result(const Position& pos, const ProbeResult& r, RuleSet rules, Lang lang,
                            std::optional<Ending> ending = std::nullopt);
// Short value of a move for its mover: "win, mate in 21 plies", "loss, stalemated in 4
// plies", "draw", "win by the perpetual-check rule (k 2, j 5)".
std::string describe_move_value(const ProbeResult& r, RuleSet rules, Lang lang,
                                std::optional<Ending> ending = std::nullopt);
// The rule set the values hold under, one line: "Rules: chinese (perpetual check, chase and kill
// lose, CXA 2020)" / "规则：中国象棋规则（长将、长捉、长杀判负）".
std::string describe_rules(RuleSet rules, Lang lang);
// The rule set's name inside a sentence: "check" (the --rules value) / "长将规则".
std::string rule_set_label(RuleSet rules, Lang lang);
// The note under a principal variation that stops because its next position repeats one of
// the line: the rule set decides the repetition, as the JSON's `pv_end: "repetition"` says.
std::string describe_repetition_end(RuleSet rules, Lang lang);

}  // namespace xq::cli
