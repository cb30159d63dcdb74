// The JSON of a probe (docs/probe-json.md): what `xqtb probe --json` prints and what
// `xqtb serve` answers at /api/v1/probe, built in one place for both.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/notation.hpp"
#include "probe/tablebase.hpp"

namespace xq::report {

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
// "checkmate" or "stalemate" (the JSON field `ending`).
const char* ending_name(Ending e);
// A line of moves numbered as games are written: "1. 炮二平五 马8进7 2. ..." (Chinese) or
// "1. h2e2 h9g7 2. ..." (ICCS), starting with "1. ..." when Black moves first.
std::string numbered_line(const Position& start, const std::vector<Move>& line, Lang lang);

// JSON object of docs/probe-json.md (`ending` only when given).
nlohmann::json result_json(const Position& pos, const ProbeResult& r,
                           std::optional<Ending> ending = std::nullopt);
// The stored class's name (the JSON field `class`): "win", "cursed_win", "draw",
// "blessed_loss", "loss", "rule_win", "rule_loss", "chase_win", "chase_loss".
const char* class_name(Wdl w);
// Adds the fields `class`, `dtc`, `limit_wdl` and `limit_reason` of docs/probe-json.md to j.
void add_limit_json(nlohmann::json& j, Wdl stored, std::optional<uint16_t> dtc,
                    const LimitedValue& v);

// The root probe's entry for a legal move (the root probe lists every legal move).
const RootMoveLimit& under_limit(const RootProbe& engine, Move m);

// A material the answer needs has no table: the position's own, one a capture leads to, or
// one a line reaches. `material` is its canonical name; what() says which.
class MissingTable : public std::runtime_error {
 public:
  MissingTable(std::string material, const std::string& why)
      : std::runtime_error(why), material_(std::move(material)) {}
  const std::string& material() const { return material_; }

 private:
  std::string material_;
};

struct ProbeJsonOptions {
  bool moves = false;                      // every legal move with its value, best first
  bool pv = false;                         // the line by DTM and the line under the limit
  std::optional<RuleSet> requested_rules;  // named in the MissingTable text as --rules
  // Each move's `ending` (checkmate or stalemate): a whole line by DTM per move, most of a
  // probe's cost on long wins; the web service leaves it out.
  bool move_endings = true;
};

// The whole probe object of docs/probe-json.md at the counter (0..120). Throws MissingTable
// rather than answer part of it.
nlohmann::json probe_json(const Tablebase& tb, const Position& pos, int counter,
                          const ProbeJsonOptions& o);

}  // namespace xq::report
