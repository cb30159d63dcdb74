#include "generator/memory_headroom.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <stdexcept>

namespace xq::gen {

namespace {

// The first number in a file (memory.max holds "max" when there is no limit).
bool read_number(const std::string& path, uint64_t& value) {
  std::ifstream in(path);
  return bool(in >> value);
}

// Limit minus usage of the process's cgroup v2 ("0::/path" in /proc/self/cgroup).
uint64_t cgroup_headroom() {
  std::ifstream groups("/proc/self/cgroup");
  std::string line;
  while (std::getline(groups, line)) {
    if (line.rfind("0::", 0) != 0) continue;
    const std::string dir = "/sys/fs/cgroup" + line.substr(3);
    uint64_t max = 0, current = 0;
    if (read_number(dir + "/memory.max", max) && read_number(dir + "/memory.current", current))
      return max > current ? max - current : 0;
  }
  return UINT64_MAX;
}

}  // namespace

uint64_t available_memory_bytes() {
  uint64_t available = UINT64_MAX;
  std::ifstream meminfo("/proc/meminfo");
  std::string line;
  unsigned long long kib = 0;
  while (std::getline(meminfo, line))
    if (std::sscanf(line.c_str(), "MemAvailable: %llu kB", &kib) == 1) {
      available = uint64_t(kib) * 1024;
      break;
    }
  return std::min(available, cgroup_headroom());
}

void require_memory(uint64_t bytes, const std::string& what) {
  const uint64_t available = available_memory_bytes();
  if (bytes <= available) return;
  char text[160];
  std::snprintf(text, sizeof text, " needs about %.1f GiB, only %.1f GiB are available",
                double(bytes) / double(1ull << 30), double(available) / double(1ull << 30));
  throw std::runtime_error(what + text);
}

}  // namespace xq::gen
