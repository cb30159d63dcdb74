// The build without MPI: every process is one rank.
#include "generator/mpi/process_partition.hpp"

namespace xq::gen {

bool under_mpirun() {
  return false;
}

Partition& process_partition() {
  static SerialPartition serial;
  return serial;
}

void abort_ranks(int) {}

}  // namespace xq::gen
