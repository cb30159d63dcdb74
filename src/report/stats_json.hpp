// The JSON of an ending's statistics: what `xqtb stats --json` prints and what `xqtb serve`
// answers at /api/v1/stats/MATERIAL.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "probe/tablebase.hpp"
#include "verdict/verdict.hpp"

namespace xq::report {

// The verdicts of the ending under the directory's other rule sets (those whose table is
// there), by rule set name.
std::map<std::string, Verdict> other_verdicts(const std::string& dir, const Material& m,
                                              RuleSet mine, uint64_t sample, size_t cache_bytes);
// The longest win of a side to move (an entry of the table's statistics) with its principal
// variation, or null.
nlohmann::json longest_win(const Tablebase& tb, const nlohmann::json& side);
// The whole object: `ending` as the user wrote it, `stats` the table header's statistics
// (Tablebase::stats_json), t and v the typical positions and their verdict, `others` the
// verdicts under the directory's other rule sets.
nlohmann::json stats_json(const Tablebase& tb, const Material& m, const std::string& ending,
                          const nlohmann::json& stats, const TypicalSet& t, Verdict v,
                          const std::map<std::string, Verdict>& others);

}  // namespace xq::report
