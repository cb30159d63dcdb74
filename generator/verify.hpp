// Forward verification of finished tables (`xqtb verify`): every position's stored value must
// follow from the values of its successors (captures into sub-tables included) and from the
// rule semantics of docs/metrics.md, its limit class and DTC likewise. Independent of the
// retrograde passes that built it.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "generator/solved_table.hpp"

namespace xq::gen {

struct Inconsistency {
  std::string fen;
  std::string problem;
};

// Checks every legal position of `table` against its successors, looked up in `table` itself
// and in `set` (the sub-tables, classes only). `table` must hold its DTC. Returns at most
// max_reports inconsistencies (in slot order, Red to move first); empty when the table is
// consistent. Parallel (OpenMP). `progress` (slots checked, of all slots of both sides) is
// called now and then from the calling thread.
std::vector<Inconsistency> verify_table(
    const SolvedTable& table, const TableSet& set, RuleSet rules, size_t max_reports = 10,
    const std::function<void(uint64_t done, uint64_t total)>& progress = {});

}  // namespace xq::gen
