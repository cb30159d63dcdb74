// Statistics of a solved table, stored as JSON in its WDL file (docs/format.md "stats").
#pragma once

#include <nlohmann/json.hpp>

#include "generator/partition.hpp"
#include "generator/solved_table.hpp"

namespace xq::gen {

// Counts over legal positions per side to move ("red"/"black" = side to move), each both as
// index slots and as positions with mirror images counted separately ("positions"):
// win/draw/loss (rule-decided ones included) and rule_win/rule_loss; the longest plain win
// (plies, FEN); a DTM histogram (plies -> positions) of wins and of losses; the index size.
nlohmann::json table_stats(const SolvedTable& t, RuleSet rules);
// The same for a table built over the ranks of `part`, each holding its share (collective):
// the statistics on rank 0, null on the others.
nlohmann::json table_stats(const SolvedTable& t, RuleSet rules, Partition& part);

}  // namespace xq::gen
