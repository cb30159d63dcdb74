// The tables `xqtb serve` answers from: one Tablebase per rule set present in the directory
// (each with its own bounded block cache), and the answers that cost seconds to compute (an
// ending's statistics and verdict, the directory's list) kept once computed.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "probe/tablebase.hpp"
#include "report/ending.hpp"

namespace xq::serve {

class Tablebases {
 public:
  // Scans dir; `only`, when given, serves that rule set's tables alone. cache_bytes bounds each
  // rule set's block cache. Throws TableError when dir cannot be read.
  Tablebases(std::string dir, size_t cache_bytes, std::optional<RuleSet> only);

  // The rule sets with at least one table, in RuleSet order.
  const std::vector<RuleSet>& rule_sets() const { return rule_sets_; }
  // The tablebase of a rule set (nullptr: no table of it); without one, the tablebase of the
  // rule set m's table has, preferring check when it has several (nullptr: no table).
  const Tablebase* for_rules(RuleSet r) const;
  const Tablebase* for_material(const Material& m, std::optional<RuleSet> r) const;
  // The remembered endings of a tablebase this serves (each position's line by DTM).
  report::EndingMemo& endings(const Tablebase& tb) const;

  // /api/v1/stats: computed on first request, then kept (TableError for a damaged table).
  nlohmann::json stats(const Material& m, RuleSet r);
  // /api/v1/tables: every table with its rule set, bytes and verdict, computed once.
  nlohmann::json tables();

 private:
  std::string dir_;
  size_t cache_bytes_;
  std::vector<RuleSet> rule_sets_;
  std::map<RuleSet, std::unique_ptr<Tablebase>> by_rules_;
  std::map<const Tablebase*, std::unique_ptr<report::EndingMemo>> endings_;
  std::mutex mutex_;  // guards the two caches below; computing holds it (one at a time)
  std::map<std::pair<std::string, RuleSet>, nlohmann::json> stats_;
  std::optional<nlohmann::json> tables_;
};

}  // namespace xq::serve
