// Table file writer and reader, block cache. Byte layout: docs/format.md.
#include "core/table_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <list>
#include <mutex>
#include <thread>
#include <unordered_map>

namespace xq {

namespace {

constexpr uint8_t kMagic[8] = {'X', 'Q', 'T', 'B', '\r', '\n', 0x1a, '\n'};
constexpr uint32_t kFormatVersion = 1;
constexpr uint64_t kHeaderSize = 128;
constexpr uint64_t kRefSize = 24;  // offset table entry
constexpr uint64_t kTrailerSize = 8;
constexpr uint64_t kMaxStatsBytes = 64 << 20;
constexpr uint64_t kMaxBlocksPerSide = 1ull << 40;
constexpr int kMaxMaterialLength = 15;

// Header field offsets (docs/format.md).
enum : size_t {
  kOffMagic = 0,
  kOffVersion = 8,
  kOffHeaderSize = 12,
  kOffKind = 16,
  kOffWidth = 20,
  kOffMaterial = 24,
  kOffRules = 40,
  kOffIndexVersion = 44,
  kOffSlots = 48,
  kOffBlockEntries = 56,
  kOffFlags = 60,
  kOffBlocks = 64,
  kOffTable = 72,
  kOffStats = 80,
  kOffStatsSize = 88,
  kOffData = 96,
  kOffFileSize = 104,
  kOffReserved = 112,
  kOffMetaChecksum = 120,
};

void put32(uint8_t* p, uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = uint8_t(v >> (8 * i));
}
void put64(uint8_t* p, uint64_t v) {
  for (int i = 0; i < 8; ++i) p[i] = uint8_t(v >> (8 * i));
}
uint32_t get32(const uint8_t* p) {
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = v << 8 | p[i];
  return v;
}
uint64_t get64(const uint8_t* p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = v << 8 | p[i];
  return v;
}

uint64_t blocks_for(uint64_t slots, uint32_t block_entries) {
  return slots / block_entries + (slots % block_entries != 0);
}

bool valid_material(std::string_view m) {
  if (m.empty() || m.size() > kMaxMaterialLength) return false;
  return std::all_of(m.begin(), m.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

std::string errno_text(const char* what) {
  return std::string(what) + ": " + std::strerror(errno);
}

// Full pwrite/pread with EINTR and short transfers handled.
void write_at(int fd, const std::string& path, const void* data, size_t size, uint64_t offset) {
  auto p = static_cast<const uint8_t*>(data);
  while (size > 0) {
    ssize_t n = ::pwrite(fd, p, size, off_t(offset));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw TableError(path, errno_text("write failed"));
    p += n, size -= size_t(n), offset += uint64_t(n);
  }
}
void read_at(int fd, const std::string& path, void* data, size_t size, uint64_t offset) {
  auto p = static_cast<uint8_t*>(data);
  while (size > 0) {
    ssize_t n = ::pread(fd, p, size, off_t(offset));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      throw TableError(path, n == 0 ? "unexpected end of file" : errno_text("read failed"));
    p += n, size -= size_t(n), offset += uint64_t(n);
  }
}

// One compressed block as the writer produces it.
struct Encoded {
  std::vector<uint8_t> bytes;  // empty for a constant block
  uint32_t constant = 0;
};

// Per-thread compression state of the writer.
struct Encoder {
  ZSTD_CCtx* cctx = nullptr;
  std::vector<uint8_t> plain;  // block as stored, before compression
  std::exception_ptr error;

  explicit Encoder(const Compression& c) : cctx(ZSTD_createCCtx()) {
    if (!cctx) throw std::bad_alloc();
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, c.level);
    if (c.search_log) ZSTD_CCtx_setParameter(cctx, ZSTD_c_searchLog, c.search_log);
    if (c.target_length) ZSTD_CCtx_setParameter(cctx, ZSTD_c_targetLength, c.target_length);
    if (c.min_match) ZSTD_CCtx_setParameter(cctx, ZSTD_c_minMatch, c.min_match);
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, 0);  // the offset table has XXH64
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_contentSizeFlag, 1);
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_dictIDFlag, 0);
  }
  ~Encoder() { ZSTD_freeCCtx(cctx); }
  Encoder(const Encoder&) = delete;
  Encoder& operator=(const Encoder&) = delete;
};

struct WriteSource {
  TableKind kind;
  int width;
  uint64_t slots;
  uint32_t block_entries;
  std::array<const void*, 2> values;
  std::array<const uint8_t*, 2> dont_care;
};

// Lays out one block as stored (don't-care entries filled; width 2: all low bytes, then all high
// bytes) and compresses it, or records it as constant when all its entries are equal.
void encode_block(const WriteSource& s, int side, uint64_t block, Encoder& enc, Encoded& out) {
  uint64_t first = block * s.block_entries;
  size_t count = size_t(std::min<uint64_t>(s.block_entries, s.slots - first));
  const uint8_t* dc = s.dont_care[side] ? s.dont_care[side] + first : nullptr;
  auto value_at = [&](size_t i) -> uint32_t {
    if (s.width == 1) return static_cast<const uint8_t*>(s.values[side])[first + i];
    return static_cast<const uint16_t*>(s.values[side])[first + i];
  };
  size_t lead = 0;
  while (dc && lead < count && dc[lead]) ++lead;
  uint32_t prev = lead < count ? value_at(lead) : 0;
  bool constant = true;
  enc.plain.resize(count * size_t(s.width));
  for (size_t i = 0; i < count; ++i) {
    uint32_t v = prev;
    if (!dc || !dc[i]) {
      v = value_at(i);
      if (s.kind == TableKind::Wdl && v > uint32_t(Wdl::RuleLoss))
        throw std::invalid_argument("write_table: WDL code " + std::to_string(v) + " at side " +
                                    std::to_string(side) + " slot " + std::to_string(first + i));
    }
    constant = constant && v == prev;
    prev = v;
    if (s.width == 1) {
      enc.plain[i] = uint8_t(v);
    } else {
      enc.plain[i] = uint8_t(v);
      enc.plain[count + i] = uint8_t(v >> 8);
    }
  }
  out.bytes.clear();
  out.constant = 0;
  if (constant) {
    out.constant = prev;
    return;
  }
  out.bytes.resize(ZSTD_compressBound(enc.plain.size()));
  size_t n = ZSTD_compress2(enc.cctx, out.bytes.data(), out.bytes.size(), enc.plain.data(),
                            enc.plain.size());
  if (ZSTD_isError(n)) throw std::runtime_error(ZSTD_getErrorName(n));
  out.bytes.resize(n);
}

// Removes PATH.tmp and closes its descriptor unless the write committed.
struct TempFile {
  std::string path;
  int fd = -1;
  bool committed = false;
  ~TempFile() {
    if (fd >= 0) ::close(fd);
    if (!committed) ::unlink(path.c_str());
  }
};

void fsync_directory(const std::string& path) {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  const std::string dir = parent.empty() ? std::string(".") : parent.string();
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) throw TableError(path, errno_text(("cannot open directory " + dir).c_str()));
  int rc = ::fsync(fd);
  int err = errno;
  ::close(fd);
  errno = err;
  if (rc != 0) throw TableError(path, errno_text("fsync of the directory failed"));
}

ZSTD_DCtx* thread_dctx() {
  thread_local std::unique_ptr<ZSTD_DCtx, size_t (*)(ZSTD_DCtx*)> dctx(ZSTD_createDCtx(),
                                                                       ZSTD_freeDCtx);
  if (!dctx) throw std::bad_alloc();
  return dctx.get();
}

uint32_t entry_at(const uint8_t* data, int width, uint64_t index) {
  if (width == 1) return data[index];
  uint16_t v;
  std::memcpy(&v, data + 2 * index, 2);
  return v;
}

}  // namespace

int entry_width(TableKind kind) {
  return kind == TableKind::Dtm ? 2 : 1;
}

const char* table_extension(TableKind kind) {
  return kind == TableKind::Dtm ? ".xqd" : ".xqw";
}

// ---------------------------------------------------------------------------------------------
// Writer

void write_table(const std::string& path, const TableHeader& h,
                 const std::array<const void*, 2>& values,
                 const std::array<const uint8_t*, 2>& dont_care, int threads) {
  write_table(path, h, values, dont_care, threads, default_compression(h.kind));
}

void write_table(const std::string& path, const TableHeader& h,
                 const std::array<const void*, 2>& values,
                 const std::array<const uint8_t*, 2>& dont_care, int threads,
                 Compression compression) {
  auto bad = [](const std::string& why) { return std::invalid_argument("write_table: " + why); };
  if (h.kind != TableKind::Wdl && h.kind != TableKind::Dtm) throw bad("unknown table kind");
  if (!valid_material(h.material)) throw bad("material must be 1..15 letters A-Z: " + h.material);
  if (h.rules != RuleSet::None && h.rules != RuleSet::Check) throw bad("unknown rule set");
  const int width = entry_width(h.kind);
  uint32_t block_entries = h.block_entries ? h.block_entries : kDefaultBlockBytes / width;
  if (!std::has_single_bit(block_entries) || block_entries < kMinBlockEntries ||
      block_entries > kMaxBlockEntries)
    throw bad("block_entries must be a power of two in [64, 2^22]");
  const uint64_t blocks = blocks_for(h.slots_per_side, block_entries);
  if (blocks > kMaxBlocksPerSide) throw bad("too many blocks");
  if (h.stats_json.size() > kMaxStatsBytes) throw bad("stats_json larger than 64 MiB");
  if (h.slots_per_side > 0 && (!values[0] || !values[1])) throw bad("null values");
  if (threads < 1) throw bad("threads must be at least 1");
  if (compression.level < 1 || compression.level > ZSTD_maxCLevel())
    throw bad("zstd level out of range");
  const auto within = [](ZSTD_cParameter p, int value) {  // 0: the level's own value
    const ZSTD_bounds b = ZSTD_cParam_getBounds(p);
    return value == 0 || (value >= b.lowerBound && value <= b.upperBound);
  };
  if (!within(ZSTD_c_searchLog, compression.search_log)) throw bad("zstd searchLog out of range");
  if (!within(ZSTD_c_targetLength, compression.target_length))
    throw bad("zstd targetLength out of range");
  if (!within(ZSTD_c_minMatch, compression.min_match)) throw bad("zstd minMatch out of range");

  const uint64_t table_offset = kHeaderSize;
  const uint64_t stats_offset = table_offset + 2 * blocks * kRefSize;
  const uint64_t data_offset = stats_offset + h.stats_json.size();

  TempFile tmp{path + ".tmp"};
  tmp.fd = ::open(tmp.path.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (tmp.fd < 0) throw TableError(tmp.path, errno_text("cannot create"));

  write_at(tmp.fd, tmp.path, h.stats_json.data(), h.stats_json.size(), stats_offset);

  // Blocks in file order, compressed in batches by `threads` workers (each block independently,
  // so the bytes do not depend on the thread count), written in order after each batch.
  const WriteSource src{h.kind, width, h.slots_per_side, block_entries, values, dont_care};
  std::vector<std::unique_ptr<Encoder>> encoders;
  for (int t = 0; t < threads; ++t) encoders.push_back(std::make_unique<Encoder>(compression));
  std::vector<uint8_t> table(2 * blocks * kRefSize);
  const uint64_t batch_size = 16 * uint64_t(threads);
  std::vector<Encoded> batch(std::min<uint64_t>(batch_size, blocks));
  uint64_t offset = data_offset;
  for (int side = 0; side < 2; ++side) {
    for (uint64_t b0 = 0; b0 < blocks; b0 += batch_size) {
      const uint64_t count = std::min(batch_size, blocks - b0);
      std::atomic<uint64_t> next{0};
      std::atomic<bool> failed{false};
      auto work = [&](Encoder& enc) {
        try {
          while (!failed) {
            const uint64_t i = next.fetch_add(1);
            if (i >= count) break;
            encode_block(src, side, b0 + i, enc, batch[i]);
          }
        } catch (...) {
          enc.error = std::current_exception();
          failed = true;
        }
      };
      std::vector<std::thread> pool;
      for (int t = 1; t < threads && uint64_t(t) < count; ++t)
        pool.emplace_back(work, std::ref(*encoders[t]));
      work(*encoders[0]);
      for (auto& th : pool) th.join();
      for (auto& enc : encoders)
        if (enc->error) std::rethrow_exception(enc->error);

      for (uint64_t i = 0; i < count; ++i) {
        uint8_t* ref = &table[((uint64_t(side) * blocks) + b0 + i) * kRefSize];
        const Encoded& e = batch[i];
        if (e.bytes.empty()) {
          put32(ref + 12, e.constant);
          continue;
        }
        write_at(tmp.fd, tmp.path, e.bytes.data(), e.bytes.size(), offset);
        put64(ref, offset);
        put32(ref + 8, uint32_t(e.bytes.size()));
        put64(ref + 16, XXH64(e.bytes.data(), e.bytes.size(), 0));
        offset += e.bytes.size();
      }
    }
  }
  const uint64_t file_size = offset + kTrailerSize;

  uint8_t header[kHeaderSize] = {};
  std::memcpy(header + kOffMagic, kMagic, sizeof kMagic);
  put32(header + kOffVersion, kFormatVersion);
  put32(header + kOffHeaderSize, uint32_t(kHeaderSize));
  put32(header + kOffKind, uint32_t(h.kind));
  put32(header + kOffWidth, uint32_t(width));
  std::memcpy(header + kOffMaterial, h.material.data(), h.material.size());
  put32(header + kOffRules, uint32_t(h.rules));
  put32(header + kOffIndexVersion, h.index_version);
  put64(header + kOffSlots, h.slots_per_side);
  put32(header + kOffBlockEntries, block_entries);
  put64(header + kOffBlocks, blocks);
  put64(header + kOffTable, table_offset);
  put64(header + kOffStats, stats_offset);
  put64(header + kOffStatsSize, h.stats_json.size());
  put64(header + kOffData, data_offset);
  put64(header + kOffFileSize, file_size);
  XXH64_state_t* state = XXH64_createState();
  XXH64_reset(state, 0);
  XXH64_update(state, header, kOffMetaChecksum);
  XXH64_update(state, table.data(), table.size());
  XXH64_update(state, h.stats_json.data(), h.stats_json.size());
  put64(header + kOffMetaChecksum, XXH64_digest(state));
  write_at(tmp.fd, tmp.path, header, kHeaderSize, 0);
  write_at(tmp.fd, tmp.path, table.data(), table.size(), table_offset);

  // Whole-file checksum over what the file now holds, read back.
  XXH64_reset(state, 0);
  std::vector<uint8_t> chunk(1 << 20);
  try {
    for (uint64_t at = 0; at < offset;) {
      size_t n = size_t(std::min<uint64_t>(chunk.size(), offset - at));
      read_at(tmp.fd, tmp.path, chunk.data(), n, at);
      XXH64_update(state, chunk.data(), n);
      at += n;
    }
  } catch (...) {
    XXH64_freeState(state);
    throw;
  }
  uint8_t trailer[kTrailerSize];
  put64(trailer, XXH64_digest(state));
  XXH64_freeState(state);
  write_at(tmp.fd, tmp.path, trailer, kTrailerSize, offset);

  if (::fsync(tmp.fd) != 0) throw TableError(tmp.path, errno_text("fsync failed"));
  int fd = tmp.fd;
  tmp.fd = -1;
  if (::close(fd) != 0) throw TableError(tmp.path, errno_text("close failed"));
  if (::rename(tmp.path.c_str(), path.c_str()) != 0)
    throw TableError(path, errno_text(("cannot rename " + tmp.path).c_str()));
  tmp.committed = true;
  fsync_directory(path);
}

// ---------------------------------------------------------------------------------------------
// Block cache

namespace {

uint64_t mix(uint64_t file, uint64_t key) {
  uint64_t x = file * 0x9E3779B97F4A7C15ull ^ key;
  x ^= x >> 31;
  x *= 0xBF58476D1CE4E5B9ull;
  return x ^ (x >> 29);
}

struct CacheKey {
  uint64_t file, key;
  bool operator==(const CacheKey&) const = default;
};
struct CacheKeyHash {
  size_t operator()(const CacheKey& k) const { return size_t(mix(k.file, k.key)); }
};

}  // namespace

struct BlockCache::Shard {
  struct Entry {
    CacheKey key;
    std::unique_ptr<uint8_t[]> data;
    size_t size;  // data bytes
  };
  std::mutex mu;
  std::list<Entry> lru;  // most recently used first
  std::unordered_map<CacheKey, std::list<Entry>::iterator, CacheKeyHash> map;
  size_t bytes = 0;  // sum of size + kEntryOverhead
  uint64_t hits = 0, misses = 0;
};

BlockCache::BlockCache(size_t bytes) : capacity_(bytes) {
  size_t shards = 1;
  while (shards < 64 && bytes / (2 * shards) >= (size_t(1) << 20)) shards *= 2;
  shard_bytes_ = bytes / shards;
  for (size_t i = 0; i < shards; ++i) shards_.push_back(std::make_unique<Shard>());
}

BlockCache::~BlockCache() = default;

BlockCache::Shard& BlockCache::shard_of(uint64_t file, uint64_t key) {
  return *shards_[(mix(file, key) >> 40) & (shards_.size() - 1)];
}

size_t BlockCache::used_bytes() const {
  size_t total = 0;
  for (auto& s : shards_) {
    std::lock_guard lock(s->mu);
    total += s->bytes;
  }
  return total;
}

uint64_t BlockCache::hits() const {
  uint64_t total = 0;
  for (auto& s : shards_) {
    std::lock_guard lock(s->mu);
    total += s->hits;
  }
  return total;
}

uint64_t BlockCache::misses() const {
  uint64_t total = 0;
  for (auto& s : shards_) {
    std::lock_guard lock(s->mu);
    total += s->misses;
  }
  return total;
}

bool BlockCache::lookup(uint64_t file, uint64_t key, uint64_t index, int width, uint32_t* out) {
  Shard& s = shard_of(file, key);
  std::lock_guard lock(s.mu);
  auto it = s.map.find({file, key});
  if (it == s.map.end()) {
    ++s.misses;
    return false;
  }
  ++s.hits;
  if (it->second != s.lru.begin()) s.lru.splice(s.lru.begin(), s.lru, it->second);
  *out = entry_at(it->second->data.get(), width, index);
  return true;
}

bool BlockCache::insert(uint64_t file, uint64_t key, std::unique_ptr<uint8_t[]>& data,
                        size_t size) {
  const size_t need = size + kEntryOverhead;
  if (need > shard_bytes_) return false;
  Shard& s = shard_of(file, key);
  std::lock_guard lock(s.mu);
  if (s.map.count({file, key})) return false;
  while (s.bytes + need > shard_bytes_) {
    auto& victim = s.lru.back();
    s.bytes -= victim.size + kEntryOverhead;
    s.map.erase(victim.key);
    s.lru.pop_back();
  }
  s.lru.push_front({{file, key}, std::move(data), size});
  s.map.emplace(CacheKey{file, key}, s.lru.begin());
  s.bytes += need;
  return true;
}

void BlockCache::forget(uint64_t file) {
  for (auto& s : shards_) {
    std::lock_guard lock(s->mu);
    for (auto it = s->lru.begin(); it != s->lru.end();) {
      if (it->key.file != file) {
        ++it;
        continue;
      }
      s->bytes -= it->size + kEntryOverhead;
      s->map.erase(it->key);
      it = s->lru.erase(it);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Reader

std::unique_ptr<TableFile> TableFile::open(const std::string& path,
                                           std::shared_ptr<BlockCache> cache) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw TableError(path, errno_text("cannot open"));
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    throw TableError(path, "not a regular file");
  }
  const uint64_t size = uint64_t(st.st_size);
  if (size < kHeaderSize + kTrailerSize) {
    ::close(fd);
    throw TableError(path, "truncated: " + std::to_string(size) + " bytes, too small for a table");
  }
  void* map = ::mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
  int err = errno;
  ::close(fd);
  errno = err;
  if (map == MAP_FAILED) throw TableError(path, errno_text("mmap failed"));

  std::unique_ptr<TableFile> t(new TableFile);
  t->path_ = path;
  t->map_ = static_cast<const uint8_t*>(map);
  t->size_ = size;
  auto fail = [&](const std::string& why) { return TableError(path, why); };
  const uint8_t* p = t->map_;

  if (std::memcmp(p + kOffMagic, kMagic, sizeof kMagic) != 0)
    throw fail("not an xqtb table (bad magic)");
  if (uint32_t v = get32(p + kOffVersion); v != kFormatVersion)
    throw fail("unsupported format version " + std::to_string(v) + " (this reader reads " +
               std::to_string(kFormatVersion) + ")");
  if (get32(p + kOffHeaderSize) != kHeaderSize) throw fail("bad header size");
  if (uint64_t want = get64(p + kOffFileSize); want != size)
    throw fail((size < want ? "truncated: " : "wrong size: ") + std::to_string(size) +
               " bytes, header says " + std::to_string(want));

  // Layout bounds, so that the checksum below reads only inside the mapping.
  const uint64_t blocks = get64(p + kOffBlocks);
  const uint64_t table_offset = get64(p + kOffTable);
  const uint64_t stats_offset = get64(p + kOffStats);
  const uint64_t stats_size = get64(p + kOffStatsSize);
  const uint64_t data_offset = get64(p + kOffData);
  const uint64_t data_end = size - kTrailerSize;
  if (blocks > kMaxBlocksPerSide || table_offset != kHeaderSize ||
      stats_offset != table_offset + 2 * blocks * kRefSize || stats_size > kMaxStatsBytes ||
      data_offset != stats_offset + stats_size || data_offset > data_end)
    throw fail("inconsistent layout in header (corrupt or truncated)");
  XXH64_state_t* state = XXH64_createState();
  XXH64_reset(state, 0);
  XXH64_update(state, p, kOffMetaChecksum);
  XXH64_update(state, p + table_offset, stats_offset - table_offset);
  XXH64_update(state, p + stats_offset, stats_size);
  const uint64_t meta = XXH64_digest(state);
  XXH64_freeState(state);
  if (meta != get64(p + kOffMetaChecksum)) throw fail("header or offset table checksum mismatch");

  TableHeader& h = t->header_;
  const uint32_t kind = get32(p + kOffKind);
  if (kind != uint32_t(TableKind::Wdl) && kind != uint32_t(TableKind::Dtm))
    throw fail("unknown table kind " + std::to_string(kind));
  h.kind = TableKind(kind);
  t->width_ = entry_width(h.kind);
  if (get32(p + kOffWidth) != uint32_t(t->width_)) throw fail("entry width does not match kind");
  const char* name = reinterpret_cast<const char*>(p + kOffMaterial);
  h.material.assign(name, strnlen(name, 16));
  if (!valid_material(h.material) || std::any_of(p + kOffMaterial + h.material.size(),
                                                 p + kOffRules, [](uint8_t c) { return c != 0; }))
    throw fail("bad material field");
  const uint32_t rules = get32(p + kOffRules);
  if (rules > uint32_t(RuleSet::Check)) throw fail("unknown rule set " + std::to_string(rules));
  h.rules = RuleSet(rules);
  h.index_version = get32(p + kOffIndexVersion);
  h.slots_per_side = get64(p + kOffSlots);
  h.block_entries = get32(p + kOffBlockEntries);
  if (!std::has_single_bit(h.block_entries) || h.block_entries < kMinBlockEntries ||
      h.block_entries > kMaxBlockEntries)
    throw fail("bad block size " + std::to_string(h.block_entries));
  if (blocks != blocks_for(h.slots_per_side, h.block_entries))
    throw fail("block count does not match slots per side");
  if (get32(p + kOffFlags) != 0 || get64(p + kOffReserved) != 0)
    throw fail("unknown flags set (written by a newer version?)");
  h.stats_json.assign(reinterpret_cast<const char*>(p + stats_offset), stats_size);
  t->block_shift_ = std::countr_zero(h.block_entries);
  t->blocks_per_side_ = blocks;
  t->table_ = p + table_offset;

  // Every block inside the data area, so get() never reads outside the mapping.
  const uint32_t max_value = t->width_ == 1 ? 0xff : 0xffff;
  for (int side = 0; side < 2; ++side)
    for (uint64_t b = 0; b < blocks; ++b) {
      BlockRef r = t->block_ref(side, b);
      bool ok = r.size == 0 ? r.offset == 0 && r.checksum == 0 && r.value <= max_value
                            : r.value == 0 && r.offset >= data_offset && r.offset <= data_end &&
                                  r.size <= data_end - r.offset &&
                                  r.size <= ZSTD_compressBound(t->block_bytes(b));
      if (!ok)
        throw fail("bad offset table entry for side " + std::to_string(side) + " block " +
                   std::to_string(b));
    }

  t->cache_ = cache ? std::move(cache) : std::make_shared<BlockCache>();
  t->file_id_ = t->cache_->new_file_id();
  return t;
}

std::unique_ptr<TableFile> TableFile::open(const std::string& path,
                                           std::string_view expected_material,
                                           TableKind expected_kind,
                                           std::shared_ptr<BlockCache> cache) {
  auto t = open(path, std::move(cache));
  if (t->header_.material != expected_material)
    throw TableError(path, "holds material " + t->header_.material + ", expected " +
                               std::string(expected_material));
  if (t->header_.kind != expected_kind)
    throw TableError(path,
                     std::string("holds a ") + (t->header_.kind == TableKind::Wdl ? "WDL" : "DTM") +
                         " table, expected " + (expected_kind == TableKind::Wdl ? "WDL" : "DTM"));
  return t;
}

TableFile::~TableFile() {
  if (cache_) cache_->forget(file_id_);
  if (map_) ::munmap(const_cast<uint8_t*>(map_), size_);
}

TableFile::BlockRef TableFile::block_ref(int side, uint64_t block) const {
  const uint8_t* r = table_ + (uint64_t(side) * blocks_per_side_ + block) * kRefSize;
  return {get64(r), get32(r + 8), get32(r + 12), get64(r + 16)};
}

size_t TableFile::block_bytes(uint64_t block) const {
  const uint64_t first = block << block_shift_;
  return size_t(std::min<uint64_t>(header_.block_entries, header_.slots_per_side - first)) *
         size_t(width_);
}

void TableFile::decode_block(int side, uint64_t block, const BlockRef& ref, uint8_t* out) const {
  auto where = [&] {
    return "side " + std::to_string(side) + " block " + std::to_string(block) + ": ";
  };
  const uint8_t* src = map_ + ref.offset;
  if (XXH64(src, ref.size, 0) != ref.checksum)
    throw TableError(path_, where() + "checksum mismatch");
  const size_t bytes = block_bytes(block);
  thread_local std::vector<uint8_t> planes;
  uint8_t* dst = out;
  if (width_ == 2) {
    planes.resize(bytes);
    dst = planes.data();
  }
  size_t n = ZSTD_decompressDCtx(thread_dctx(), dst, bytes, src, ref.size);
  if (ZSTD_isError(n)) throw TableError(path_, where() + "zstd: " + ZSTD_getErrorName(n));
  if (n != bytes)
    throw TableError(path_, where() + "decompressed to " + std::to_string(n) + " bytes, expected " +
                                std::to_string(bytes));
  if (width_ == 2) {
    // Byte stores in host order rather than a uint16 per entry: this loop vectorises, and it
    // runs on every DTM block a probe decompresses.
    const size_t count = bytes / 2;
    const uint8_t* lo = planes.data();
    const uint8_t* hi = lo + count;
    constexpr size_t low = std::endian::native == std::endian::little ? 0 : 1;
    for (size_t i = 0; i < count; ++i) {
      out[2 * i + low] = lo[i];
      out[2 * i + (1 - low)] = hi[i];
    }
  }
}

uint32_t TableFile::get(int side, uint64_t slot) const {
  if ((side != 0 && side != 1) || slot >= header_.slots_per_side)
    throw std::out_of_range(path_ + ": side " + std::to_string(side) + " slot " +
                            std::to_string(slot) + " out of range");
  const uint64_t block = slot >> block_shift_;
  const BlockRef ref = block_ref(side, block);
  if (ref.size == 0) return ref.value;
  const uint64_t index = slot & (header_.block_entries - 1);
  uint32_t v;
  if (cache_->lookup(file_id_, block * 2 + uint64_t(side), index, width_, &v)) return v;
  return load_slow(side, block, ref, index);
}

uint32_t TableFile::load_slow(int side, uint64_t block, const BlockRef& ref, uint64_t index) const {
  const size_t bytes = block_bytes(block);
  std::unique_ptr<uint8_t[]> data(new uint8_t[bytes]);
  decode_block(side, block, ref, data.get());
  const uint32_t v = entry_at(data.get(), width_, index);
  cache_->insert(file_id_, block * 2 + uint64_t(side), data, bytes);
  return v;
}

void TableFile::read(int side, uint64_t first, uint64_t count, void* out) const {
  const uint64_t n = header_.slots_per_side;
  if ((side != 0 && side != 1) || first > n || count > n - first)
    throw std::out_of_range(path_ + ": side " + std::to_string(side) + " slots " +
                            std::to_string(first) + "+" + std::to_string(count) + " out of range");
  auto dst = static_cast<uint8_t*>(out);
  std::vector<uint8_t> buf;
  while (count > 0) {
    const uint64_t block = first >> block_shift_;
    const size_t index = size_t(first & (header_.block_entries - 1));
    const size_t entries = block_bytes(block) / size_t(width_);
    const size_t take = size_t(std::min<uint64_t>(count, entries - index));
    const BlockRef ref = block_ref(side, block);
    if (ref.size == 0) {
      if (width_ == 1) std::memset(dst, int(ref.value), take);
      for (size_t i = 0; width_ == 2 && i < take; ++i) {
        const uint16_t v = uint16_t(ref.value);
        std::memcpy(dst + 2 * i, &v, 2);
      }
    } else if (take == entries) {
      decode_block(side, block, ref, dst);
    } else {
      buf.resize(block_bytes(block));
      decode_block(side, block, ref, buf.data());
      std::memcpy(dst, buf.data() + index * size_t(width_), take * size_t(width_));
    }
    dst += take * size_t(width_);
    first += take;
    count -= take;
  }
}

void TableFile::verify_all() const {
  if (XXH64(map_, size_ - kTrailerSize, 0) != get64(map_ + size_ - kTrailerSize))
    throw TableError(path_, "file checksum mismatch");
  std::vector<uint8_t> buf(size_t(header_.block_entries) * size_t(width_));
  for (int side = 0; side < 2; ++side)
    for (uint64_t b = 0; b < blocks_per_side_; ++b) {
      const BlockRef ref = block_ref(side, b);
      size_t count = block_bytes(b) / size_t(width_);
      if (ref.size != 0) decode_block(side, b, ref, buf.data());
      if (header_.kind != TableKind::Wdl) continue;
      for (size_t i = 0; i < count; ++i)
        if ((ref.size ? buf[i] : ref.value) > uint32_t(Wdl::RuleLoss))
          throw TableError(path_, "side " + std::to_string(side) + " block " + std::to_string(b) +
                                      ": WDL code above 5");
    }
}

}  // namespace xq
