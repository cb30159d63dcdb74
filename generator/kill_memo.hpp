// The chase stage's memo of the kill search (rules/mate_threat.hpp) by table position. Whether a
// move of the would-be loser O is idle ends, under the Chinese rules, in a mate search from the
// position after it with O to move again; that depends on the position alone, and the stage
// asks it of each position from many predecessors (measured on KRKCAABB: 64 M idle tests
// reach 17 M positions), so the answer is kept, 2 bits per slot of the side O moves into.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

namespace xq::gen {

class KillMemo {
 public:
  explicit KillMemo(uint64_t slots) : words_((slots + 31) / 32) {}

  // The answer for `slot`, from search() the first time. Thread-safe: two threads asking at
  // once both search and store the same answer.
  template <class Search>
  bool operator()(uint64_t slot, Search&& search) {
    std::atomic_ref<uint64_t> word(words_[slot / 32]);
    const int shift = int(slot % 32) * 2;
    const uint64_t known = word.load(std::memory_order_relaxed) >> shift & 3;
    if (known) return known == kKill;
    const bool kill = search();
    word.fetch_or(uint64_t(kill ? kKill : kNoKill) << shift, std::memory_order_relaxed);
    return kill;
  }

 private:
  static constexpr uint64_t kNoKill = 1, kKill = 3;  // 0: not searched yet
  std::vector<uint64_t> words_;
};

}  // namespace xq::gen
