#include "report/tables_json.hpp"

#include "verdict/explain.hpp"

namespace xq::report {

nlohmann::json table_json(const TableName& table, uint64_t bytes, const TypicalSet& t, Verdict v) {
  const Material& m = table.material;
  return {{"material", m.name()},
          {"material_zh", m.chinese_name()},
          {"bytes", bytes},
          {"rules", rule_set_name(table.rules)},
          {"verdict", verdict_name(v)},
          {"verdict_zh", verdict_zh(v)},
          {"best_formation_held_pct", t.best_hold_pct()},
          {"typical_stronger_to_move", tally_json(t.stronger_to_move)}};
}

nlohmann::json damaged_table_json(const TableName& table, uint64_t bytes, const std::string& why) {
  return {{"material", table.material.name()},
          {"rules", rule_set_name(table.rules)},
          {"bytes", bytes},
          {"error", why}};
}

}  // namespace xq::report
