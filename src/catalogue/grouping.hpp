// How the catalogue orders endings: the way players look them up, by the stronger side's
// (Red's) attacking pieces first (车, 马, 炮, 兵 and their pairs), then by the defence
// (its attacking pieces, then its advisors and elephants), then by Red's own guards.
#pragma once

#include <string>
#include <vector>

#include "core/material.hpp"

namespace xq {

// Red's attacking pieces of a canonical material: "R", "NP", ... ("" when it has none).
std::string attack_group(const Material& m);
// The group's heading: "R 车", "NP 马兵"; "no attacking piece 无攻子" for "".
std::string attack_group_title(const std::string& group);
// Whether a comes before b in the catalogue (both canonical).
bool catalogue_before(const Material& a, const Material& b);

}  // namespace xq
