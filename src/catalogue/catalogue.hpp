// The 例胜 / 例和 catalogue of a table directory (docs/endings.md): per material and rule set,
// the counts, verdict and evidence that `stats --json` gives, the longest DTM and DTC with
// their FENs, the natural limit's cursed wins and blessed losses, what the `asian` and
// `chinese` rule sets change against `check`, and published verdicts beside the tables'.
// Grouped as grouping.hpp orders endings. The data is JSON (docs/endings.md "JSON");
// render.hpp writes it as Markdown or HTML.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/values.hpp"
#include "verdict/verdict.hpp"

namespace xq {

struct CatalogueOptions {
  std::string dir = "tables";
  std::optional<RuleSet> rules;  // that rule set's tables alone; unset: every rule set present
  uint64_t sample = kDefaultTypicalBudget;  // as stats' --sample, so the verdicts are its own
  std::string books;                        // published verdicts (book_sources.hpp); empty: none
};

// Called before each material is read: its name, its number (from 1) and how many there are.
using CatalogueProgress = std::function<void(const std::string&, size_t, size_t)>;

// Reads every table in o.dir (of o.rules). TableError for an unreadable directory or a
// damaged table, std::invalid_argument when there is no table or the book file is bad.
nlohmann::json build_catalogue(const CatalogueOptions& o, const CatalogueProgress& progress = {});

}  // namespace xq
