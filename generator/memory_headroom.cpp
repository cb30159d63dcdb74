#include "generator/memory_headroom.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace xq::gen {

namespace {

// The first number in a file (v2's memory.max holds "max" when there is no limit: no number).
bool read_number(const std::string& path, uint64_t& value) {
  std::ifstream in(path);
  return bool(in >> value);
}

// The value of `key` in a memory.stat file ("key value" lines), 0 when absent.
uint64_t stat_value(const std::string& path, const std::string& key) {
  std::ifstream in(path);
  std::string name;
  uint64_t value = 0;
  while (in >> name >> value)
    if (name == key) return value;
  return 0;
}

// The files of one cgroup version: limit, usage, and the memory.stat key of the usage's page
// cache that the kernel reclaims before it kills (the files read but not used lately: tables
// written or read back).
struct GroupFiles {
  const char *limit, *usage, *reclaimable;
};
constexpr GroupFiles kV2{"memory.max", "memory.current", "inactive_file"};
constexpr GroupFiles kV1{"memory.limit_in_bytes", "memory.usage_in_bytes", "total_inactive_file"};

// The least limit minus usage of the group `path` (under the hierarchy mounted at `mount`) and
// of its ancestors: a job's limit may be set on a parent of the group the process is in.
uint64_t least_headroom(const std::string& mount, std::string path, const GroupFiles& files) {
  uint64_t least = UINT64_MAX;
  while (true) {
    const std::string dir = mount + (path == "/" ? "" : path) + "/";
    uint64_t limit = 0, usage = 0;
    if (read_number(dir + files.limit, limit) && read_number(dir + files.usage, usage)) {
      usage -= std::min(usage, stat_value(dir + "memory.stat", files.reclaimable));
      least = std::min(least, limit > usage ? limit - usage : 0);
    }
    if (path.size() <= 1) return least;
    path.erase(std::max<size_t>(path.rfind('/'), 1));
  }
}

}  // namespace

uint64_t cgroup_headroom_bytes(std::istream& proc_self_cgroup, const std::string& root) {
  uint64_t least = UINT64_MAX;
  std::string line;
  while (std::getline(proc_self_cgroup, line)) {
    // "ID:CONTROLLERS:PATH": v2 is "0::PATH", v1 names its controllers ("4:memory:PATH").
    const size_t a = line.find(':'), b = line.find(':', a + 1);
    if (a == std::string::npos || b == std::string::npos) continue;
    const std::string controllers = line.substr(a + 1, b - a - 1), path = line.substr(b + 1);
    if (controllers.empty()) {
      // v2 alone is mounted at the root; beside v1 (hybrid), at root/unified.
      for (const std::string& mount : {root, root + "/unified"})
        least = std::min(least, least_headroom(mount, path, kV2));
    } else {
      std::istringstream names(controllers);
      std::string name;
      while (std::getline(names, name, ','))
        if (name == "memory") least = std::min(least, least_headroom(root + "/memory", path, kV1));
    }
  }
  return least;
}

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
  std::ifstream groups("/proc/self/cgroup");
  return std::min(available, cgroup_headroom_bytes(groups, "/sys/fs/cgroup"));
}

std::string memory_figure(uint64_t bytes, bool need) {
  // Whole MiB below 10 GiB, where tenths of a GiB would hide a difference ("needs about 0.3
  // GiB, only 0.3 GiB"); tenths of the unit above.
  const double b = double(bytes);
  const auto round = [&](double x) { return need ? std::ceil(x) : std::floor(x); };
  char text[48];
  if (b < 0x1p30 * 10)
    std::snprintf(text, sizeof text, "%.0f MiB", round(b / 0x1p20));
  else if (b < 0x1p40 * 10)
    std::snprintf(text, sizeof text, "%.1f GiB", round(b / 0x1p30 * 10) / 10);
  else
    std::snprintf(text, sizeof text, "%.1f TiB", round(b / 0x1p40 * 10) / 10);
  return text;
}

void require_memory(uint64_t bytes, const std::string& what) {
  require_memory(bytes, what, available_memory_bytes());
}

void require_memory(uint64_t bytes, const std::string& what, uint64_t available) {
  if (bytes <= available) return;
  throw std::runtime_error(what + " needs about " + memory_figure(bytes, true) + ", only " +
                           memory_figure(available, false) + " are available");
}

}  // namespace xq::gen
