// Open-addressing hash from 64-bit keys to 32-bit numbers (linear probing, multiplicative hashing
// into a power of two) for the reference solvers' maps of millions of keys, where
// std::unordered_map spends its time in the modulo and in following node pointers.
#pragma once

#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

namespace xq::ref {

class FlatIndex {
 public:
  static constexpr uint32_t kMissing = UINT32_MAX;

  // Room for `expected` keys before the first growth.
  explicit FlatIndex(size_t expected = 16) { rehash(std::bit_width(2 * expected | 16)); }

  // The number stored with key, or kMissing.
  uint32_t find(uint64_t key) const {
    for (size_t h = slot(key);; h = (h + 1) & mask_) {
      if (slots_[h].key == key) return slots_[h].number;
      if (slots_[h].key == kEmpty) return kMissing;
    }
  }

  // Starts loading key's first slot: lookups of keys prefetched together overlap their cache
  // misses instead of waiting for each in turn.
  void prefetch(uint64_t key) const { __builtin_prefetch(&slots_[slot(key)]); }

  // Stores `number` with key unless the key is there; returns the key's number and whether it
  // was inserted. Keys must differ from ~0.
  std::pair<uint32_t, bool> insert(uint64_t key, uint32_t number) {
    if (2 * (size_ + 1) > slots_.size()) rehash(bits_ + 1);
    size_t h = slot(key);
    for (; slots_[h].key != kEmpty; h = (h + 1) & mask_)
      if (slots_[h].key == key) return {slots_[h].number, false};
    slots_[h] = {key, number};
    ++size_;
    return {number, true};
  }

 private:
  static constexpr uint64_t kEmpty = ~uint64_t(0);
  struct Slot {
    uint64_t key = kEmpty;
    uint32_t number = 0;
  };

  size_t slot(uint64_t key) const { return (key * 0x9E3779B97F4A7C15ull) >> (64 - bits_); }

  void rehash(int bits) {
    std::vector<Slot> old = std::exchange(slots_, std::vector<Slot>(size_t(1) << bits));
    bits_ = bits;
    mask_ = slots_.size() - 1;
    for (const Slot& s : old) {
      if (s.key == kEmpty) continue;
      size_t h = slot(s.key);
      while (slots_[h].key != kEmpty) h = (h + 1) & mask_;
      slots_[h] = s;
    }
  }

  std::vector<Slot> slots_;
  int bits_ = 0;
  size_t mask_ = 0, size_ = 0;
};

}  // namespace xq::ref
