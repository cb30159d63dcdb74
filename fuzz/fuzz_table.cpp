// The table reader (core/table_file.hpp) on damaged files: header, offset table, statistics,
// compressed blocks of WDL, DTM and DTC files. The seeds are real small tables
// (fuzz/make-table-seeds.sh); the intact ones, read at start-up from the directory in
// XQTB_FUZZ_TABLES, are the reference. Each input is read twice:
// - as it is: opening and reading either fail with TableError, or every entry equals the
//   intact table's (a differential check: the checksums must catch every damage);
// - resealed (every checksum recomputed, so the damage reaches the layout checks and the zstd
//   decoder): opening and reading fail with TableError or return entries of the kind's range.
#include <sys/mman.h>
#include <unistd.h>
#include <xxhash.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "core/table_file.hpp"
#include "core/table_format.hpp"
#include "fuzz/fuzz_check.hpp"

using namespace xq;
namespace fmt = xq::format;

namespace {

// An intact table's entries, both sides, keyed by what its header says it holds.
using Key = std::tuple<std::string, uint32_t, uint32_t>;  // material, kind, rule set
struct Intact {
  uint64_t slots = 0;
  std::vector<uint32_t> entries[2];
};
std::map<Key, Intact> intact;

std::shared_ptr<BlockCache> cache() {
  static auto c = std::make_shared<BlockCache>(1 << 20);
  return c;
}

// The bytes as a file with a path (an anonymous memory file: no disk I/O per input).
class MemoryFile {
 public:
  MemoryFile(const uint8_t* data, size_t size) : fd_(memfd_create("xqtb-fuzz", 0)) {
    FUZZ_CHECK(fd_ >= 0);
    FUZZ_CHECK(write(fd_, data, size) == ssize_t(size));
  }
  ~MemoryFile() { close(fd_); }
  std::string path() const { return "/proc/self/fd/" + std::to_string(fd_); }

 private:
  int fd_;
};

Key key_of(const TableHeader& h) {
  return {h.material, uint32_t(h.kind), uint32_t(h.rules)};
}

void load_intact(const std::string& dir) {
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    std::unique_ptr<TableFile> t;
    try {
      t = TableFile::open(e.path().string(), cache());
      t->verify_all();
    } catch (const TableError&) {
      continue;  // a damaged seed or a crash reproducer: no reference
    }
    Intact& in = intact[key_of(t->header())];
    in.slots = t->header().slots_per_side;
    for (int side = 0; side < 2; ++side)
      for (uint64_t s = 0; s < in.slots; ++s) in.entries[side].push_back(t->get(side, s));
  }
  FUZZ_CHECK(!intact.empty());
}

// Reads every entry (at most `limit` a side, by get and by read) and checks them with `check`.
// Returns false when the file failed with a TableError.
template <class Check>
bool read_all(const std::string& path, uint64_t limit, Check check) {
  try {
    auto t = TableFile::open(path, cache());
    const uint64_t n = std::min(t->header().slots_per_side, limit);
    const int width = entry_width(t->header().kind);
    std::vector<uint8_t> bulk(size_t(n) * size_t(width));
    for (int side = 0; side < 2; ++side) {
      t->read(side, 0, n, bulk.data());
      for (uint64_t s = 0; s < n; ++s) {
        const uint32_t v = t->get(side, s);
        const uint32_t b =
            width == 1 ? bulk[s] : uint32_t(bulk[2 * s]) | uint32_t(bulk[2 * s + 1]) << 8;
        FUZZ_CHECK(v == b);
        check(*t, side, s, v);
      }
    }
    t->verify_all();
    return true;
  } catch (const TableError& e) {
    FUZZ_CHECK(*e.what() != '\0');
    return false;
  }
}

// Recomputes the block, meta and whole-file checksums where the layout lets them be found.
void reseal(std::vector<uint8_t>& f) {
  if (f.size() < fmt::kHeaderSize + fmt::kTrailerSize) return;
  uint8_t* p = f.data();
  const uint64_t size = f.size(), data_end = size - fmt::kTrailerSize;
  const uint64_t blocks = fmt::get64(p + fmt::kOffBlocks);
  const uint64_t table = fmt::get64(p + fmt::kOffTable);
  const uint64_t stats = fmt::get64(p + fmt::kOffStats);
  const uint64_t stats_size = fmt::get64(p + fmt::kOffStatsSize);
  if (table != fmt::kHeaderSize || blocks > data_end / (2 * fmt::kRefSize) ||
      stats != table + 2 * blocks * fmt::kRefSize || stats > data_end ||
      stats_size > data_end - stats)
    return;
  for (uint64_t r = 0; r < 2 * blocks; ++r) {
    uint8_t* ref = p + table + r * fmt::kRefSize;
    const uint64_t offset = fmt::get64(ref);
    const uint32_t bytes = fmt::get32(ref + 8);
    if (bytes != 0 && offset <= data_end && bytes <= data_end - offset)
      fmt::put64(ref + 16, fmt::block_checksum(p + offset, bytes));
  }
  fmt::put64(p + fmt::kOffMetaChecksum,
             fmt::meta_checksum(p, p + table, stats - table,
                                reinterpret_cast<const char*>(p + stats), stats_size));
  fmt::put64(p + data_end, XXH64(p, data_end, 0));
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  const char* dir = std::getenv("XQTB_FUZZ_TABLES");
  FUZZ_CHECK(dir != nullptr);  // scripts/fuzz.sh sets it to fuzz/corpus/table
  load_intact(dir);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  {
    const MemoryFile file(data, size);
    const Intact* reference = nullptr;
    read_all(file.path(), UINT64_MAX, [&](const TableFile& t, int side, uint64_t s, uint32_t v) {
      if (!reference) {
        auto it = intact.find(key_of(t.header()));
        // Intact checksums over other contents: the reader cannot tell; not a damaged seed.
        FUZZ_CHECK(it != intact.end());
        reference = &it->second;
        FUZZ_CHECK(reference->slots == t.header().slots_per_side);
      }
      FUZZ_CHECK(v == reference->entries[side][s]);
    });
  }
  std::vector<uint8_t> sealed(data, data + size);
  reseal(sealed);
  const MemoryFile file(sealed.data(), sealed.size());
  // The entry count is bounded by the file only for compressed blocks: read a sample.
  read_all(file.path(), 1 << 16, [](const TableFile& t, int, uint64_t, uint32_t v) {
    FUZZ_CHECK(v <= (entry_width(t.header().kind) == 1 ? 0xffu : 0xffffu));
  });
  return 0;
}
