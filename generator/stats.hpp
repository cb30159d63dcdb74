// Statistics of a solved table, stored as JSON in its WDL file (docs/format.md "stats").
#pragma once

#include <nlohmann/json.hpp>

#include "generator/partition.hpp"
#include "generator/solved_table.hpp"

namespace xq::gen {

// Counts over legal positions per side to move ("red"/"black" = side to move), each both as
// index slots and as positions with mirror images counted separately ("positions"):
// win/draw/loss (rule-decided and limit-drawn ones included), rule_win/rule_loss and
// cursed_win/blessed_loss; the longest forced win by DTM (plies, FEN); a DTM histogram (plies ->
// positions) of forced wins and of forced losses; the index size. Reads classes and DTM: the
// generator calls it before the DTC stage (the forced classes are then Win and Loss, with the
// same DTM), then add_limit_stats.
nlohmann::json table_stats(const SolvedTable& t, RuleSet rules);
// The same for a table built over the ranks of `part`, each holding its share (collective):
// the statistics on rank 0, null on the others.
nlohmann::json table_stats(const SolvedTable& t, RuleSet rules, Partition& part);

// Sets the natural limit's part of table_stats' JSON from the final classes and the DTC (DTM
// not read): cursed_win/blessed_loss per side, and the longest win within the limit by DTC
// ("longest_dtc": plies, FEN).
void add_limit_stats(const SolvedTable& t, nlohmann::json& stats);
// The same for a table built over the ranks of `part`, each holding its share (collective):
// sets the statistics on rank 0 (those of table_stats over part), leaves the others' alone.
void add_limit_stats(const SolvedTable& t, nlohmann::json& stats, Partition& part);

}  // namespace xq::gen
