// The JSON of a probe (docs/probe-json.md): what `xqtb probe --json` prints and what
// `xqtb serve` answers at /api/v1/probe, built in one place for both.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/notation.hpp"
#include "probe/tablebase.hpp"
#include "report/ending.hpp"
#include "report/probe_gather.hpp"

namespace xq::report {

// A line of moves numbered as games are written: "1. 炮二平五 马8进7 2. ..." (Chinese) or
// "1. h2e2 h9g7 2. ..." (ICCS), starting with "1. ..." when Black moves first.
std::string numbered_line(const Position& start, const std::vector<Move>& line, Lang lang);

// JSON object of docs/probe-json.md (`ending` only when given).
nlohmann::json result_json(const Position& pos, const ProbeResult& r,
                           std::optional<Ending> ending = std::nullopt);
// The same without `fen` and `side_to_move` (a move's entry).
nlohmann::json value_json(const ProbeResult& r, std::optional<Ending> ending = std::nullopt);
// The stored class's name (the JSON field `class`): "win", "cursed_win", "draw",
// "blessed_loss", "loss", "rule_win", "rule_loss", "chase_win", "chase_loss".
const char* class_name(Wdl w);
// Adds the fields `class`, `dtc`, `limit_wdl` and `limit_reason` of docs/probe-json.md to j.
void add_limit_json(nlohmann::json& j, Wdl stored, std::optional<uint16_t> dtc,
                    const LimitedValue& v);

// The root probe's entry for a legal move (the root probe lists every legal move).
const RootMoveLimit& under_limit(const RootProbe& engine, Move m);

struct ProbeJsonOptions {
  bool moves = false;                      // every legal move with its value, best first
  bool pv = false;                         // the line by DTM and the line under the limit
  std::optional<RuleSet> requested_rules;  // named in the MissingTable text as --rules
  // Each move's `ending` (checkmate or stalemate): a whole line by DTM per move, most of a
  // probe's cost on long wins; the web service leaves it out.
  bool move_endings = true;
  EndingMemo* memo = nullptr;  // the position's own `ending`, remembered (the web service)
};

// The whole probe object of docs/probe-json.md for a gathered probe at the counter.
nlohmann::json probe_json(const Tablebase& tb, const Position& pos, int counter,
                          const ProbeFacts& f, const ProbeJsonOptions& o);
// Gathers and writes it. Throws MissingTable rather than answer part of it.
nlohmann::json probe_json(const Tablebase& tb, const Position& pos, int counter,
                          const ProbeJsonOptions& o);

}  // namespace xq::report
