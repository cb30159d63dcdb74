// `xqtb adjudicate` output: the text report (the JSON object is report/adjudication_json.hpp).
#pragma once

#include <string>

#include "cli/describe.hpp"
#include "rules/adjudicate.hpp"

namespace xq::cli {

std::string adjudication_text(const Adjudication& a, Lang lang);

}  // namespace xq::cli
