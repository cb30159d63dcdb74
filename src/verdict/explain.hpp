// The evidence behind a book verdict (verdict/verdict.hpp) for people and programs: one
// paragraph in English or Chinese, formations as text, tallies as JSON, and the number formats
// they use.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/material.hpp"
#include "core/notation.hpp"
#include "verdict/verdict.hpp"

namespace xq {

// One paragraph on the evidence: shares of typical positions and of all positions, the best
// formation, and the book's verdict with any disagreement. all_stats is the table's
// statistics JSON (generator/stats.hpp); m is canonical.
std::string explain(const Material& m, const TypicalSet& t, Verdict v,
                    const nlohmann::json& all_stats, Lang lang);

// The defender's formation as text: "k e9, a d9, a e8" / "将5路1线 士4路1线 士5路2线"
// (core/notation.hpp chinese_point).
std::string formation_text(const std::vector<Placed>& f, Lang lang);

// "52.3%": one decimal.
std::string pct(double x);

// A count with thousands separators: 1234567 -> "1,234,567".
std::string with_commas(uint64_t n);

// JSON of a tally: positions, win, draw, loss, rule_decided and the three percentages.
nlohmann::json tally_json(const Tally& t);

}  // namespace xq
