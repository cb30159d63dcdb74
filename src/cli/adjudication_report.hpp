// `xqtb adjudicate` output: the JSON object of docs/adjudicate.md and the text report.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "cli/describe.hpp"
#include "rules/adjudicate.hpp"

namespace xq::cli {

nlohmann::json adjudication_json(const Position& start, const Adjudication& a);
std::string adjudication_text(const Adjudication& a, Lang lang);

}  // namespace xq::cli
