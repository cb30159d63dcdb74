// The JSON of a game's adjudication (docs/adjudicate.md): what `xqtb adjudicate --json` prints
// and what `xqtb serve` answers at POST /api/v1/adjudicate.
#pragma once

#include <nlohmann/json.hpp>

#include "rules/adjudicate.hpp"

namespace xq::report {

nlohmann::json adjudication_json(const Position& start, const Adjudication& a);

}  // namespace xq::report
