// Counting the legal positions of a material by decoding every slot of its index: what `xqtb
// info --count` runs. Minutes for a 7-piece material, hours beyond: a table's statistics hold
// the same counts (generator/stats.hpp), so only materials without a table need it.
#pragma once

#include <cstdint>
#include <functional>

#include "core/material.hpp"
#include "core/types.hpp"

namespace xq::gen {

struct LegalCount {
  uint64_t slots = 0;      // canonical slots holding a legal position
  uint64_t positions = 0;  // positions on the full board (mirror images counted separately)
};

// Slots counted per second on the reference machine of docs/generation.md with 2 threads:
// KRKCAABB's 2 × 44,425,584 slots took 20.9 CPU-seconds (4.25 M per CPU-second), and its two
// vCPUs give about 1.6 times one.
constexpr double kCountSlotsPerSecond = 6.8e6;

// Counts in parallel (OpenMP) over blocks of slots. progress(slots_done), if given, is called
// from one thread about once a second; the result does not depend on the thread count.
LegalCount count_legal(const Material& m, Color side_to_move,
                       const std::function<void(uint64_t)>& progress = {});

}  // namespace xq::gen
