// The partition over MPI ranks (MPI_COMM_WORLD): exchanges as MPI_Alltoall of counts and
// MPI_Alltoallv of messages, reductions as MPI_Allreduce. Errors abort the job: MPI's default
// handler on MPI_COMM_WORLD is MPI_ERRORS_ARE_FATAL, and abort_ranks covers the generator's
// own errors.
#include <mpi.h>

#include <cstdlib>
#include <limits>
#include <stdexcept>

#include "generator/mpi/process_partition.hpp"

namespace xq::gen {

namespace {

// MPI counts are int: larger messages are refused rather than truncated.
int count_of(uint64_t n) {
  if (n > uint64_t(std::numeric_limits<int>::max()))
    throw std::runtime_error("an MPI message exceeds 2^31 elements");
  return int(n);
}

std::vector<int> displacements(const std::vector<int>& counts) {
  std::vector<int> at(counts.size());
  uint64_t sum = 0;
  for (size_t i = 0; i < counts.size(); ++i) at[i] = count_of(sum), sum += uint64_t(counts[i]);
  count_of(sum);
  return at;
}

class MpiPartition final : public Partition {
 public:
  MpiPartition() {
    int provided = 0;
    // The OpenMP threads of a rank never call MPI: the main thread does, between passes.
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks_);
    std::atexit([] {
      int finalized = 0;
      MPI_Finalized(&finalized);
      if (!finalized) MPI_Finalize();
    });
  }
  int rank() const override { return rank_; }
  int ranks() const override { return ranks_; }

  std::vector<uint64_t> exchange(const std::vector<std::vector<uint64_t>>& out) override {
    if (out.size() != size_t(ranks_)) throw std::logic_error("exchange: one queue per rank");
    std::vector<int> send_counts(ranks_), recv_counts(ranks_);
    std::vector<uint64_t> send;
    uint64_t bytes = 0;
    for (int r = 0; r < ranks_; ++r) {
      send_counts[r] = count_of(out[r].size());
      send.insert(send.end(), out[r].begin(), out[r].end());
      if (r != rank_) bytes += out[r].size() * sizeof(uint64_t);
    }
    MPI_Alltoall(send_counts.data(), 1, MPI_INT, recv_counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
    const std::vector<int> send_at = displacements(send_counts),
                           recv_at = displacements(recv_counts);
    std::vector<uint64_t> received(uint64_t(recv_at.back()) + uint64_t(recv_counts.back()));
    MPI_Alltoallv(send.data(), send_counts.data(), send_at.data(), MPI_UINT64_T, received.data(),
                  recv_counts.data(), recv_at.data(), MPI_UINT64_T, MPI_COMM_WORLD);
    count_exchange(bytes);
    return received;
  }

  bool any(bool mine) override {
    int v = mine, all = 0;
    MPI_Allreduce(&v, &all, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    return all != 0;
  }
  uint64_t max(uint64_t mine) override {
    uint64_t all = 0;
    MPI_Allreduce(&mine, &all, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
    return all;
  }

  uint64_t sum(uint64_t mine) override {
    uint64_t all = 0;
    MPI_Allreduce(&mine, &all, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    return all;
  }

  std::vector<uint8_t> gather(const std::vector<uint8_t>& mine) override {
    return gather_bytes(mine, false);
  }
  std::vector<uint8_t> all_gather(const std::vector<uint8_t>& mine) override {
    return gather_bytes(mine, true);
  }

  bool broadcast(bool from_rank0) override {
    int v = from_rank0;
    MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return v != 0;
  }
  void barrier() override { MPI_Barrier(MPI_COMM_WORLD); }

 private:
  std::vector<uint8_t> gather_bytes(const std::vector<uint8_t>& mine, bool everywhere) {
    const int size = count_of(mine.size());
    std::vector<int> counts(ranks_);
    MPI_Allgather(&size, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
    const std::vector<int> at = displacements(counts);
    const bool here = everywhere || rank_ == 0;
    std::vector<uint8_t> all(here ? uint64_t(at.back()) + uint64_t(counts.back()) : 0);
    if (rank_ != 0 || everywhere) bytes_sent_ += mine.size() * (everywhere ? ranks_ - 1 : 1);
    if (everywhere)
      MPI_Allgatherv(mine.data(), size, MPI_BYTE, all.data(), counts.data(), at.data(), MPI_BYTE,
                     MPI_COMM_WORLD);
    else
      MPI_Gatherv(mine.data(), size, MPI_BYTE, all.data(), counts.data(), at.data(), MPI_BYTE, 0,
                  MPI_COMM_WORLD);
    return all;
  }

  int rank_ = 0, ranks_ = 1;
};

}  // namespace

bool under_mpirun() {
  // Set by OpenMPI's launcher (and PMIx) in every rank's environment.
  return std::getenv("OMPI_COMM_WORLD_SIZE") || std::getenv("PMIX_RANK");
}

Partition& process_partition() {
  if (!under_mpirun()) {
    static SerialPartition serial;
    return serial;
  }
  static MpiPartition mpi;
  return mpi;
}

void abort_ranks(int code) {
  if (under_mpirun()) MPI_Abort(MPI_COMM_WORLD, code);
}

}  // namespace xq::gen
