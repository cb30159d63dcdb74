// The partition of this process (generator/partition.hpp): over MPI when the process was
// started by mpirun in a build with XQTB_MPI, a SerialPartition otherwise. Only the xqtb
// binary links this unit, so the generator library and the probe library never link MPI.
#pragma once

#include "generator/partition.hpp"

namespace xq::gen {

// Whether this process is one rank of an mpirun job (and the build has MPI).
bool under_mpirun();
// This process's partition; the first call under mpirun initialises MPI (finalised at exit).
Partition& process_partition();
// After the reason has been printed: under mpirun, ends every rank of the job with exit code
// `code` (a rank that fails while the others wait in a collective would hang them); otherwise
// returns, and the caller exits with the code.
void abort_ranks(int code);

}  // namespace xq::gen
