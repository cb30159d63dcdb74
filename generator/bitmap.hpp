// A bit per node, set and read atomically by the threads of a parallel pass: the chase
// stage's frontiers and regions (generator/buchi_region.hpp) and the rule stage's marks.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>

#include "generator/slot_array.hpp"

namespace xq::gen {

// The set bits of one word, lowest first: `for (const int b : SetBits(word))`. The serial walk
// every loop over a bitmap's words makes inside its own (parallel) loop over the words.
class SetBits {
 public:
  explicit SetBits(uint64_t word) : word_(word) {}
  struct Iterator {
    uint64_t rest;
    int operator*() const { return std::countr_zero(rest); }
    Iterator& operator++() {
      rest &= rest - 1;
      return *this;
    }
    bool operator!=(const Iterator& o) const { return rest != o.rest; }
  };
  Iterator begin() const { return {word_}; }
  Iterator end() const { return {0}; }

 private:
  uint64_t word_;
};

class Bitmap {
 public:
  explicit Bitmap(uint64_t size) { filled_slots(words_, (size + 63) / 64, uint64_t(0)); }
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
  SlotArray<uint64_t> words_;
};

// Inside a parallel region: calls f(g) for every set bit g of `b`, the words shared among the
// team (f must be safe for that); an implicit barrier ends it.
template <class F>
void for_each_set(const Bitmap& b, F&& f) {
#pragma omp for schedule(dynamic, 64)
  for (uint64_t w = 0; w < b.words(); ++w)
    for (const int bit : SetBits(b.word(w))) f(w * 64 + uint64_t(bit));
}

// The set bits of `b` in increasing order (serial).
inline std::vector<uint64_t> set_bits(const Bitmap& b) {
  std::vector<uint64_t> ids;
  for (uint64_t w = 0; w < b.words(); ++w)
    for (const int bit : SetBits(b.word(w))) ids.push_back(w * 64 + uint64_t(bit));
  return ids;
}

// Inside a parallel region: a breadth-first expansion by frontiers. Calls visit(w) for every
// node of `frontier` (the team sharing them), which sets the nodes it reaches first in `next`;
// then `next` becomes the frontier, until one is empty. Both end empty.
template <class F>
void expand_frontiers(Bitmap& frontier, Bitmap& next, F&& visit) {
  bool done = false;  // set in the single block, copied to the team
  while (!done) {
    for_each_set(frontier, visit);
#pragma omp single copyprivate(done)
    {
      std::swap(frontier, next);
      next.clear();
      done = frontier.empty();
    }
  }
}

}  // namespace xq::gen
