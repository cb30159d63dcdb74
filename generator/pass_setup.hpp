// What the ply-by-ply retrograde passes share (plain_solver.cpp, dtc_solver.cpp): the rank's
// share of the slots with its mailbox, and per block of slots the plies decided in it; and the
// relaxed atomic access of the codes and counts that the threads of a pass write and read.
#pragma once

#include <atomic>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "generator/partition.hpp"

namespace xq::gen {

// A value other threads of the pass may write: its result never depends on their order (the
// codes a pass writes are not read in it, the counts commute).
template <class T>
T relaxed_load(const T& x) {
  return std::atomic_ref<const T>(x).load(std::memory_order_relaxed);
}
template <class T>
void relaxed_store(T& x, std::type_identity_t<T> v) {
  std::atomic_ref<T>(x).store(v, std::memory_order_relaxed);
}

// The rank's share of a table's slots: a solver's arrays hold them by slot - share.begin. The
// passes visit the share and post the updates of predecessors owned by other ranks, applied
// when the pass is over. The passes look for the few codes of one ply among all: per block of
// kBlock slots of one side (block side * blocks + slot / kBlock), bit p % 64 is set once the
// block holds a code decided at ply p; blocks without the bit are skipped.
struct PassSetup {
  Partition& part;
  const ShareMap shares;
  const Share share;
  Mailbox mail;
  uint64_t n;  // the share's slots
  static constexpr uint64_t kBlock = 256;
  uint64_t blocks;
  std::vector<uint64_t> plies_in_block;

  PassSetup(uint64_t slots, Partition& partition)
      : part(partition),
        shares(slots, partition.ranks(), share_alignment()),
        share(shares.of(partition.rank())),
        mail(partition),
        n(share.size()),
        blocks((n + kBlock - 1) / kBlock),
        plies_in_block(2 * blocks) {}

  static uint64_t ply_bit(unsigned ply) { return uint64_t(1) << (ply % 64); }
  // Marks the block of (side, slot) (slot local) as holding a code decided at `ply`.
  void mark(int side, uint64_t slot, unsigned ply) {
    std::atomic_ref<uint64_t>(plies_in_block[side * blocks + slot / kBlock])
        .fetch_or(ply_bit(ply), std::memory_order_relaxed);
  }
};

}  // namespace xq::gen
