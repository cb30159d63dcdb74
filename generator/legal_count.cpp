#include "generator/legal_count.hpp"

#ifdef _OPENMP
#include <omp.h>
#endif

#include <atomic>
#include <chrono>

#include "core/index.hpp"
#include "core/position.hpp"

namespace xq::gen {

namespace {

LegalCount count_range(const Index& index, Color side_to_move, uint64_t begin, uint64_t end) {
  LegalCount count;
  Position pos;
  pos.set_side_to_move(side_to_move);
  for (uint64_t slot = begin; slot < end; ++slot) {
    if (!index.decode(slot, pos) || !pos.legality_error().empty()) continue;
    ++count.slots;
    count.positions += pos.mirrored() == pos ? 1 : 2;
  }
  return count;
}

bool reporting_thread() {
#ifdef _OPENMP
  return omp_get_thread_num() == 0;
#else
  return true;
#endif
}

}  // namespace

LegalCount count_legal(const Material& m, Color side_to_move,
                       const std::function<void(uint64_t)>& progress) {
  using Clock = std::chrono::steady_clock;
  const Index index(m);
  const uint64_t n = index.size();
  constexpr uint64_t kBlock = 1 << 16;
  const int64_t blocks = int64_t((n + kBlock - 1) / kBlock);
  std::atomic<uint64_t> slots{0}, positions{0}, done{0};
  auto last_report = Clock::now();
#pragma omp parallel for schedule(dynamic, 1)
  for (int64_t b = 0; b < blocks; ++b) {
    const uint64_t begin = uint64_t(b) * kBlock, end = std::min(n, begin + kBlock);
    const LegalCount c = count_range(index, side_to_move, begin, end);
    slots += c.slots;
    positions += c.positions;
    done += end - begin;
    // Only one thread reports, so last_report is not shared.
    if (progress && reporting_thread() && Clock::now() - last_report > std::chrono::seconds(1)) {
      last_report = Clock::now();
      progress(done.load());
    }
  }
  return {slots.load(), positions.load()};
}

}  // namespace xq::gen
