// Texts of values under the natural limit (probe/limit.hpp), in English or
// Chinese: what `xqtb probe` prints beside the unlimited value.
#pragma once

#include <string>

#include "core/notation.hpp"
#include "probe/tablebase.hpp"

namespace xq::cli {

// "Under the natural limit (counter 37: 83 plies left): win, conversion in 23 plies" /
// "自然限着下（已 37 步未吃子，余 83 步）：胜，23 步转换"; a draw says why.
std::string describe_limit(const LimitProbe& v, Lang lang);
// Short value of a root move under the limit: "under the limit: win, conversion in 21 plies
// (rank 979)", "under the limit: draw: a cursed win (won, but not within the limit) (rank 1)".
std::string describe_limit_move(const RootMoveLimit& m, int counter, Lang lang);

}  // namespace xq::cli
