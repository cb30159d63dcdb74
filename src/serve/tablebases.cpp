#include "serve/tablebases.hpp"

#include <filesystem>

#include "core/table_names.hpp"
#include "report/stats_json.hpp"
#include "report/tables_json.hpp"
#include "verdict/verdict.hpp"

namespace xq::serve {

namespace {

// Positions whose ending is remembered, per rule set (about 100 bytes each).
constexpr size_t kEndingMemoPositions = size_t(1) << 20;

uint64_t table_bytes(const std::string& dir, const TableName& t) {
  uint64_t total = 0;
  for (TableKind kind : {TableKind::Wdl, TableKind::Dtm, TableKind::Dtc}) {
    std::error_code ec;
    const auto n = std::filesystem::file_size(table_path(dir, t.material, kind, t.rules), ec);
    total += ec ? 0 : n;
  }
  return total;
}

}  // namespace

Tablebases::Tablebases(std::string dir, size_t cache_bytes, std::optional<RuleSet> only)
    : dir_(std::move(dir)), cache_bytes_(cache_bytes) {
  for (const TableName& t : Tablebase({dir_}, cache_bytes_, only).tables())
    if (!by_rules_.count(t.rules))
      by_rules_[t.rules] =
          std::make_unique<Tablebase>(std::vector<std::string>{dir_}, cache_bytes_, t.rules);
  for (const auto& [r, tb] : by_rules_) {
    rule_sets_.push_back(r);
    endings_[tb.get()] = std::make_unique<report::EndingMemo>(kEndingMemoPositions);
  }
}

report::EndingMemo& Tablebases::endings(const Tablebase& tb) const {
  return *endings_.at(&tb);
}

const Tablebase* Tablebases::for_rules(RuleSet r) const {
  const auto it = by_rules_.find(r);
  return it == by_rules_.end() ? nullptr : it->second.get();
}

const Tablebase* Tablebases::for_material(const Material& m, std::optional<RuleSet> r) const {
  if (r) return for_rules(*r);
  const Tablebase* found = nullptr;
  for (const auto& [rules, tb] : by_rules_) {
    if (!tb->has(m)) continue;
    if (rules == RuleSet::Check) return tb.get();  // the project's default rule set
    if (!found) found = tb.get();
  }
  return found;
}

nlohmann::json Tablebases::stats(const Material& m, RuleSet r) {
  const std::lock_guard lock(mutex_);
  const auto key = std::make_pair(m.name(), r);
  if (const auto it = stats_.find(key); it != stats_.end()) return it->second;
  const Tablebase& tb = *for_rules(r);
  const nlohmann::json stats = nlohmann::json::parse(tb.stats_json(m));
  const TypicalSet t = typical_positions(tb, m, kDefaultTypicalBudget);
  const Verdict v = decide(t);
  const auto others = report::other_verdicts(dir_, m, r, kDefaultTypicalBudget, cache_bytes_);
  return stats_[key] = report::stats_json(tb, m, m.name(), stats, t, v, others);
}

nlohmann::json Tablebases::tables() {
  const std::lock_guard lock(mutex_);
  if (tables_) return *tables_;
  nlohmann::json out = nlohmann::json::array();
  for (const auto& [r, tb] : by_rules_)
    for (const TableName& table : tb->tables()) {
      const uint64_t bytes = table_bytes(dir_, table);
      try {  // as `xqtb list`: a damaged table is listed with its reason
        tb->rules(table.material);
        const TypicalSet t = typical_positions(*tb, table.material, kDefaultTypicalBudget / 10);
        out.push_back(report::table_json(table, bytes, t, decide(t)));
      } catch (const TableError& e) {
        out.push_back(report::damaged_table_json(table, bytes, e.what()));
      }
    }
  tables_ = out;
  return out;
}

}  // namespace xq::serve
