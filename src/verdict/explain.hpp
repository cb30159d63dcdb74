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

// The typical-position evidence behind a verdict as JSON (`typical` of stats --json):
// formations, fortresses, tallies by side to move and the defender's best formation.
nlohmann::json typical_json(const TypicalSet& t);

// One side to move's counts from a table's statistics JSON (`positions` or `slots`) with the
// total and the win, draw and loss percentages added.
nlohmann::json counts_with_shares(const nlohmann::json& counts);

// The verdict's part of `stats --json` (docs/verdicts.md): `typical` (the tallies and the
// defender's best formation), `verdict`, `verdict_under_limit`, `book_verdict`,
// `agrees_with_book` and `explanation`, each text also in Chinese (`_zh`).
nlohmann::json verdict_json(const Material& m, const TypicalSet& t, Verdict v,
                            const nlohmann::json& all_stats);

}  // namespace xq
