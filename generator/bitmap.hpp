// A bit per node, set and read atomically by the threads of a parallel pass: the chase
// stage's frontiers and regions (generator/buchi_region.hpp) and the rule stage's marks.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <vector>

namespace xq::gen {

class Bitmap {
 public:
  explicit Bitmap(uint64_t size) : words_((size + 63) / 64) {}
  bool test(uint64_t g) const {
    return std::atomic_ref<const uint64_t>(words_[g / 64]).load(std::memory_order_relaxed) >>
               (g % 64) &
           1;
  }
  // Sets the bit; true if it was clear.
  bool set(uint64_t g) {
    const uint64_t bit = uint64_t(1) << (g % 64);
    return !(std::atomic_ref<uint64_t>(words_[g / 64]).fetch_or(bit, std::memory_order_relaxed) &
             bit);
  }
  uint64_t words() const { return words_.size(); }
  uint64_t word(uint64_t w) const { return words_[w]; }
  uint64_t& word(uint64_t w) { return words_[w]; }
  void clear() { std::fill(words_.begin(), words_.end(), 0); }
  bool empty() const {
    return std::all_of(words_.begin(), words_.end(), [](uint64_t w) { return w == 0; });
  }
  uint64_t count() const {
    uint64_t c = 0;
    for (const uint64_t w : words_) c += uint64_t(std::popcount(w));
    return c;
  }

 private:
  std::vector<uint64_t> words_;
};

}  // namespace xq::gen
