// The JSON of a table directory's entries: what `xqtb list --json` prints per table and what
// `xqtb serve` answers at /api/v1/tables.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/table_names.hpp"
#include "verdict/verdict.hpp"

namespace xq::report {

// A readable table: material, rule set, bytes on disk (its three files), and the book verdict
// v its typical positions t give.
nlohmann::json table_json(const TableName& table, uint64_t bytes, const TypicalSet& t, Verdict v);
// A table that fails its cheap checks, with the reason.
nlohmann::json damaged_table_json(const TableName& table, uint64_t bytes, const std::string& why);

}  // namespace xq::report
