// Table file reader and block cache. Byte layout: docs/format.md, core/table_format.hpp; the
// writer is the generator's (generator/table_writer.cpp).
#include "core/table_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <list>
#include <mutex>
#include <unordered_map>

#include "core/table_descriptors.hpp"
#include "core/table_format.hpp"

namespace xq {

namespace format {

uint64_t block_checksum(const void* data, size_t size) {
  return XXH64(data, size, 0);
}

uint64_t meta_checksum(const uint8_t* header, const uint8_t* table, size_t table_size,
                       const char* stats, size_t stats_size) {
  XXH64_state_t* state = XXH64_createState();
  if (!state) throw std::bad_alloc();
  XXH64_reset(state, 0);
  XXH64_update(state, header, kOffMetaChecksum);
  XXH64_update(state, table, table_size);
  XXH64_update(state, stats, stats_size);
  const uint64_t digest = XXH64_digest(state);
  XXH64_freeState(state);
  return digest;
}

}  // namespace format

using namespace format;

namespace {

ZSTD_DCtx* thread_dctx() {
  thread_local std::unique_ptr<ZSTD_DCtx, size_t (*)(ZSTD_DCtx*)> dctx(ZSTD_createDCtx(),
                                                                       ZSTD_freeDCtx);
  if (!dctx) throw std::bad_alloc();
  return dctx.get();
}

}  // namespace

int entry_width(TableKind kind) {
  return kind == TableKind::Wdl ? 1 : 2;
}

const char* table_kind_name(TableKind kind) {
  switch (kind) {
    case TableKind::Wdl:
      return "WDL";
    case TableKind::Dtm:
      return "DTM";
    case TableKind::Dtc:
      break;
  }
  return "DTC";
}

const char* table_extension(TableKind kind) {
  switch (kind) {
    case TableKind::Wdl:
      return ".xqw";
    case TableKind::Dtm:
      return ".xqd";
    case TableKind::Dtc:
      break;
  }
  return ".xqc";
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
    size_t size;              // data bytes
    int bits;                 // of an entry in data (format::stored_entry)
    bool referenced = false;  // hit since it last reached the back of the queue
  };
  std::mutex mu;
  // Second chance (CLOCK): a hit only marks its entry; eviction takes the back of the queue,
  // sending a marked one to the front instead. Nearly LRU (3.6 % fewer misses on KRKNAABB's
  // DTM probes), but a hit writes one flag in the entry it reads instead of relinking three
  // list nodes (L1 misses of a warm WDL probe 14.0 → 11.6, docs/benchmarks.md).
  std::list<Entry> lru;  // newest or last spared first
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

bool BlockCache::lookup(uint64_t file, uint64_t key, uint64_t index, uint32_t* out) {
  Shard& s = shard_of(file, key);
  std::lock_guard lock(s.mu);
  auto it = s.map.find({file, key});
  if (it == s.map.end()) {
    ++s.misses;
    return false;
  }
  ++s.hits;
  it->second->referenced = true;
  *out = stored_entry(it->second->data.get(), it->second->bits, index);
  return true;
}

bool BlockCache::insert(uint64_t file, uint64_t key, std::unique_ptr<uint8_t[]>& data, size_t size,
                        int bits) {
  const size_t need = size + kEntryOverhead;
  if (need > shard_bytes_) return false;
  Shard& s = shard_of(file, key);
  std::lock_guard lock(s.mu);
  if (s.map.count({file, key})) return false;
  while (s.bytes + need > shard_bytes_) {
    auto& victim = s.lru.back();
    if (victim.referenced) {  // each entry is spared once per pass, so this ends
      victim.referenced = false;
      s.lru.splice(s.lru.begin(), s.lru, std::prev(s.lru.end()));
      continue;
    }
    s.bytes -= victim.size + kEntryOverhead;
    s.map.erase(victim.key);
    s.lru.pop_back();
  }
  s.lru.push_front({{file, key}, std::move(data), size, bits});
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
  // O_NONBLOCK: a FIFO in a table's place must be refused below, not wait for a writer.
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
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
  std::unique_ptr<TableFile> t(new TableFile);
  t->path_ = path;
  t->size_ = size;
  t->descriptor_ = TableDescriptors::instance().add(fd, path);
  auto fail = [&](const std::string& why) { return TableError(path, why); };
  uint8_t p[kHeaderSize];
  t->read_bytes(p, kHeaderSize, 0);

  if (std::memcmp(p + kOffMagic, kMagic, sizeof kMagic) != 0)
    throw fail("not an xqtb table (bad magic)");
  const uint32_t version = get32(p + kOffVersion);
  if (version < kOldestReadableVersion || version > kFormatVersion)
    throw fail("unsupported format version " + std::to_string(version) + " (this reader reads " +
               std::to_string(kOldestReadableVersion) + " to " + std::to_string(kFormatVersion) +
               ")");
  if (get32(p + kOffHeaderSize) != kHeaderSize) throw fail("bad header size");
  if (uint64_t want = get64(p + kOffFileSize); want != size)
    throw fail((size < want ? "truncated: " : "wrong size: ") + std::to_string(size) +
               " bytes, header says " + std::to_string(want));

  // Layout bounds, so that the reads below stay inside the file.
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
  // Offset table and statistics, one read (both end before data_end, so inside the file).
  std::vector<uint8_t> meta(size_t(data_offset - table_offset));
  t->read_bytes(meta.data(), meta.size(), table_offset);
  const size_t table_size = size_t(stats_offset - table_offset);
  if (meta_checksum(p, meta.data(), table_size,
                    reinterpret_cast<const char*>(meta.data() + table_size),
                    stats_size) != get64(p + kOffMetaChecksum))
    throw fail("header or offset table checksum mismatch");

  TableHeader& h = t->header_;
  const uint32_t kind = get32(p + kOffKind);
  if (kind < uint32_t(TableKind::Wdl) || kind > uint32_t(TableKind::Dtc))
    throw fail("unknown table kind " + std::to_string(kind));
  h.kind = TableKind(kind);
  t->width_ = entry_width(h.kind);
  t->stored_bits_ = stored_bits(h.kind, version);
  if (get32(p + kOffWidth) != uint32_t(t->width_)) throw fail("entry width does not match kind");
  const char* name = reinterpret_cast<const char*>(p + kOffMaterial);
  h.material.assign(name, strnlen(name, 16));
  if (!valid_material(h.material) || std::any_of(p + kOffMaterial + h.material.size(),
                                                 p + kOffRules, [](uint8_t c) { return c != 0; }))
    throw fail("bad material field");
  const uint32_t rules = get32(p + kOffRules);
  if (rules > uint32_t(RuleSet::Chinese)) throw fail("unknown rule set " + std::to_string(rules));
  h.rules = RuleSet(rules);
  h.index_version = get32(p + kOffIndexVersion);
  h.slots_per_side = get64(p + kOffSlots);
  h.block_entries = get32(p + kOffBlockEntries);
  if (!std::has_single_bit(h.block_entries) || h.block_entries < kMinBlockEntries ||
      h.block_entries > kMaxBlockEntries)
    throw fail("bad block size " + std::to_string(h.block_entries));
  if (blocks != blocks_for(h.slots_per_side, h.block_entries))
    throw fail("block count does not match slots per side");
  const uint32_t flags = get32(p + kOffFlags);
  if (flags & ~(kFlagOmittedSide0 | kFlagOmittedSide1))
    throw fail("unknown flags set (written by a newer version?)");
  if (flags == (kFlagOmittedSide0 | kFlagOmittedSide1) || (flags && h.kind == TableKind::Wdl))
    throw fail("bad omitted-side flags");
  h.omitted_side = flags == kFlagOmittedSide0 ? 0 : flags == kFlagOmittedSide1 ? 1 : -1;
  h.limit_plies = get32(p + kOffLimitPlies);
  if (const uint32_t c = get32(p + kOffLimitCounting); c != uint32_t(LimitCounting::EveryPly))
    throw fail("unknown natural limit counting " + std::to_string(c));
  if (h.limit_plies != kNaturalLimitPlies)
    throw fail("built for a natural limit of " + std::to_string(h.limit_plies) + " plies, not " +
               std::to_string(kNaturalLimitPlies));
  h.stats_json.assign(reinterpret_cast<const char*>(meta.data() + table_size), stats_size);
  t->block_shift_ = std::countr_zero(h.block_entries);
  t->blocks_per_side_ = blocks;
  meta.resize(table_size);
  meta.shrink_to_fit();
  t->table_ = std::move(meta);

  // Every block inside the data area: a read past the file's end means it shrank since.
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
    throw TableError(path, std::string("holds a ") + table_kind_name(t->header_.kind) +
                               " table, expected " + table_kind_name(expected_kind));
  return t;
}

TableFile::~TableFile() {
  if (cache_) cache_->forget(file_id_);
  if (descriptor_) TableDescriptors::instance().remove(descriptor_);
}

void TableFile::read_bytes(void* out, size_t size, uint64_t offset) const {
  TableDescriptors::instance().read(descriptor_, out, size, offset);
}

TableFile::BlockRef TableFile::block_ref(int side, uint64_t block) const {
  const uint8_t* r = table_.data() + (uint64_t(side) * blocks_per_side_ + block) * kRefSize;
  return {get64(r), get32(r + 8), get32(r + 12), get64(r + 16)};
}

uint64_t TableFile::block_count(uint64_t block) const {
  return std::min<uint64_t>(header_.block_entries,
                            header_.slots_per_side - (block << block_shift_));
}

size_t TableFile::block_bytes(uint64_t block) const {
  return stored_bytes(block_count(block), stored_bits_);
}

void TableFile::decompress_block(int side, uint64_t block, const BlockRef& ref,
                                 uint8_t* out) const {
  auto where = [&] {
    return "side " + std::to_string(side) + " block " + std::to_string(block) + ": ";
  };
  thread_local std::vector<uint8_t> compressed;
  compressed.resize(ref.size);
  read_bytes(compressed.data(), ref.size, ref.offset);
  const uint8_t* src = compressed.data();
  if (block_checksum(src, ref.size) != ref.checksum)
    throw TableError(path_, where() + "checksum mismatch");
  const size_t bytes = block_bytes(block);
  size_t n = ZSTD_decompressDCtx(thread_dctx(), out, bytes, src, ref.size);
  if (ZSTD_isError(n)) throw TableError(path_, where() + "zstd: " + ZSTD_getErrorName(n));
  if (n != bytes)
    throw TableError(path_, where() + "decompressed to " + std::to_string(n) + " bytes, expected " +
                                std::to_string(bytes));
}

namespace {

// The byte planes of `count` 16-bit entries (the low bytes, then the high bytes) as host-order
// uint16 into out. Byte stores rather than a uint16 per entry: this loop vectorises, and it
// runs on every DTM block a probe decompresses.
void interleave_planes(const uint8_t* planes, size_t count, uint8_t* out) {
  const uint8_t* lo = planes;
  const uint8_t* hi = lo + count;
  constexpr size_t low = std::endian::native == std::endian::little ? 0 : 1;
  for (size_t i = 0; i < count; ++i) {
    out[2 * i + low] = lo[i];
    out[2 * i + (1 - low)] = hi[i];
  }
}

// The thread's scratch buffer for a block's byte planes, of `bytes` bytes.
uint8_t* plane_scratch(size_t bytes) {
  thread_local std::vector<uint8_t> planes;
  planes.resize(bytes);
  return planes.data();
}

// Whether every byte of [p, p + n) is 0 (an OR over the bytes: it vectorises).
bool all_zero(const uint8_t* p, size_t n) {
  uint8_t any = 0;
  for (size_t i = 0; i < n; ++i) any |= p[i];
  return any == 0;
}

}  // namespace

void TableFile::decode_block(int side, uint64_t block, const BlockRef& ref, uint8_t* out) const {
  if (stored_bits_ != 16) return decompress_block(side, block, ref, out);
  const size_t bytes = block_bytes(block);
  uint8_t* planes = plane_scratch(bytes);
  decompress_block(side, block, ref, planes);
  interleave_planes(planes, bytes / 2, out);
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
  if (cache_->lookup(file_id_, block * 2 + uint64_t(side), index, &v)) return v;
  return load_slow(side, block, ref, index);
}

uint32_t TableFile::load_slow(int side, uint64_t block, const BlockRef& ref, uint64_t index) const {
  const size_t bytes = block_bytes(block);
  std::unique_ptr<uint8_t[]> data;
  int bits = stored_bits_;
  size_t size = bytes;
  if (bits != 16) {
    data.reset(new uint8_t[bytes]);
    decompress_block(side, block, ref, data.get());
  } else {
    // A block of distances below 256 (most: plies, and the re-packed potentials) is cached a
    // byte an entry, its low plane: the cache then holds twice as many of them.
    uint8_t* planes = plane_scratch(bytes);
    decompress_block(side, block, ref, planes);
    const size_t count = bytes / 2;
    if (all_zero(planes + count, count)) bits = 8, size = count;
    data.reset(new uint8_t[size]);
    if (bits == 8)
      std::memcpy(data.get(), planes, count);
    else
      interleave_planes(planes, count, data.get());
  }
  const uint32_t v = stored_entry(data.get(), bits, index);
  cache_->insert(file_id_, block * 2 + uint64_t(side), data, size, bits);
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
    const size_t entries = size_t(block_count(block));
    const size_t take = size_t(std::min<uint64_t>(count, entries - index));
    const BlockRef ref = block_ref(side, block);
    if (ref.size == 0) {
      if (width_ == 1) std::memset(dst, int(ref.value), take);
      for (size_t i = 0; width_ == 2 && i < take; ++i) {
        const uint16_t v = uint16_t(ref.value);
        std::memcpy(dst + 2 * i, &v, 2);
      }
    } else if (take == entries && stored_bits_ != 4) {
      decode_block(side, block, ref, dst);
    } else {
      buf.resize(block_bytes(block));
      decode_block(side, block, ref, buf.data());
      if (stored_bits_ == 4)
        for (size_t i = 0; i < take; ++i) dst[i] = uint8_t(stored_entry(buf.data(), 4, index + i));
      else
        std::memcpy(dst, buf.data() + index * size_t(width_), take * size_t(width_));
    }
    dst += take * size_t(width_);
    first += take;
    count -= take;
  }
}

void TableFile::verify_file_checksum() const {
  std::unique_ptr<XXH64_state_t, XXH_errorcode (*)(XXH64_state_t*)> state(XXH64_createState(),
                                                                          XXH64_freeState);
  if (!state) throw std::bad_alloc();
  XXH64_reset(state.get(), 0);
  std::vector<uint8_t> chunk(size_t(1) << 20);
  const uint64_t end = size_ - kTrailerSize;
  for (uint64_t at = 0; at < end; at += chunk.size()) {
    const size_t n = size_t(std::min<uint64_t>(chunk.size(), end - at));
    read_bytes(chunk.data(), n, at);
    XXH64_update(state.get(), chunk.data(), n);
  }
  uint8_t trailer[kTrailerSize];
  read_bytes(trailer, kTrailerSize, end);
  if (XXH64_digest(state.get()) != get64(trailer))
    throw TableError(path_, "file checksum mismatch");
}

void TableFile::verify_all() const {
  verify_file_checksum();
  std::vector<uint8_t> buf(stored_bytes(header_.block_entries, stored_bits_));
  for (int side = 0; side < 2; ++side)
    for (uint64_t b = 0; b < blocks_per_side_; ++b) {
      const BlockRef ref = block_ref(side, b);
      const uint64_t count = block_count(b);
      if (ref.size != 0) decode_block(side, b, ref, buf.data());
      if (header_.kind != TableKind::Wdl) continue;
      for (uint64_t i = 0; i < count; ++i)
        if ((ref.size ? stored_entry(buf.data(), stored_bits_, i) : ref.value) > uint32_t(kLastWdl))
          throw TableError(path_, "side " + std::to_string(side) + " block " + std::to_string(b) +
                                      ": WDL code above " + std::to_string(int(kLastWdl)));
    }
}

}  // namespace xq
