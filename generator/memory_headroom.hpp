// The memory a stage may still take: a stage whose size is known only when it starts (the
// Asian register product, docs/generation.md "The Asian stage's cost") checks it first, so
// that a run beyond the machine's memory ends with a clear error, not the kernel's
// out-of-memory killer (which ends the process without a word).
#pragma once

#include <cstdint>
#include <string>

namespace xq::gen {

// What the process may still allocate: the kernel's MemAvailable (/proc/meminfo), or less when
// its cgroup (a Slurm job's, a container's) has a limit closer; UINT64_MAX where neither can
// be read.
uint64_t available_memory_bytes();

// Throws std::runtime_error ("WHAT needs about X GiB, only Y GiB are available") when `bytes`
// exceed available_memory_bytes().
void require_memory(uint64_t bytes, const std::string& what);

}  // namespace xq::gen
