#include "generator/partition.hpp"

#ifdef _OPENMP
#include <omp.h>
#endif

#include <algorithm>
#include <stdexcept>

#include "core/table_file.hpp"

namespace xq::gen {

namespace {

int thread_count() {
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}

int thread_id() {
#ifdef _OPENMP
  return omp_get_thread_num();
#else
  return 0;
#endif
}

}  // namespace

std::vector<uint64_t> SerialPartition::exchange(const std::vector<std::vector<uint64_t>>& out) {
  if (out.size() != 1) throw std::logic_error("exchange: one queue per rank");
  count_exchange(0);
  return out[0];
}

ShareMap::ShareMap(uint64_t n, int ranks, uint64_t align) : n_(n) {
  if (ranks < 1) throw std::invalid_argument("a partition needs a rank");
  const uint64_t per = (n + uint64_t(ranks) - 1) / uint64_t(ranks);
  length_ = std::max<uint64_t>(align, (per + align - 1) / align * align);
}

Share ShareMap::of(int rank) const {
  return {std::min(n_, uint64_t(rank) * length_), std::min(n_, uint64_t(rank + 1) * length_)};
}

uint64_t share_alignment() {
  // The WDL file's blocks (codes two to the byte) are the writer's largest; the plain solver's
  // block of 256 slots divides them.
  return 2 * kDefaultBlockBytes;
}

Mailbox::Mailbox(Partition& part)
    : part_(part),
      queues_(size_t(thread_count()), std::vector<std::vector<uint64_t>>(size_t(part.ranks()))) {}

void Mailbox::post(int to, uint64_t msg) {
  queues_[size_t(thread_id())][size_t(to)].push_back(msg);
}

std::vector<uint64_t> Mailbox::deliver() {
  std::vector<std::vector<uint64_t>> out(size_t(part_.ranks()));
  for (auto& by_rank : queues_)
    for (size_t r = 0; r < by_rank.size(); ++r) {
      out[r].insert(out[r].end(), by_rank[r].begin(), by_rank[r].end());
      by_rank[r].clear();
      by_rank[r].shrink_to_fit();
    }
  return part_.exchange(out);
}

}  // namespace xq::gen
