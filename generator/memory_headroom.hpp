// The memory a stage may still take: a stage whose size is known only when it starts (the
// Asian register product, the Chinese chase game: docs/generation.md) checks it first, so
// that a run beyond the machine's memory ends with a clear error, not the kernel's
// out-of-memory killer (which ends the process without a word).
#pragma once

#include <cstdint>
#include <istream>
#include <string>

namespace xq::gen {

// What the process may still allocate: the kernel's MemAvailable (/proc/meminfo), or less when
// its cgroup (a Slurm job's, a container's) or one of the group's ancestors has a limit closer;
// UINT64_MAX where neither can be read.
uint64_t available_memory_bytes();

// The cgroups' part of it: the least limit minus usage of the memory groups that
// `proc_self_cgroup` (the text of /proc/self/cgroup) names and of their ancestors, read from
// the hierarchies under `root` (/sys/fs/cgroup): cgroup v2 at root (or root/unified beside v1)
// from memory.max and memory.current, v1 at root/memory from memory.limit_in_bytes and
// memory.usage_in_bytes, the usage less its inactive page cache (memory.stat's inactive_file,
// v1's total_inactive_file), which the kernel reclaims first. UINT64_MAX when no group has a
// limit that can be read.
uint64_t cgroup_headroom_bytes(std::istream& proc_self_cgroup, const std::string& root);

// Bytes as a refusal states them: "774 MiB" below 10 GiB, "61.9 GiB" below 10 TiB, "72.9 TiB"
// above; a need is rounded up (`need`), what is available down, so that the two never read
// equal.
std::string memory_figure(uint64_t bytes, bool need);

// Throws std::runtime_error ("WHAT needs about X, only Y are available", memory_figure) when
// `bytes` exceed available_memory_bytes(), or `available`.
void require_memory(uint64_t bytes, const std::string& what);
void require_memory(uint64_t bytes, const std::string& what, uint64_t available);

}  // namespace xq::gen
