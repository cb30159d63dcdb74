// Table files: one material's values for both sides to move, in zstd-compressed fixed-size
// blocks with a block offset table for random access and XXH64 checksums. Three kinds per
// material: MATERIAL.xqw (WDL codes, stored two to the byte), MATERIAL.xqd (DTM in plies, 2
// bytes per entry) and MATERIAL.xqc (DTC). The byte layout is specified in docs/format.md.
// Reading: header and offset table are read on open, blocks with pread on first use
// (core/table_descriptors.hpp: no mapping, so a file truncated under a reader is an error, not
// SIGBUS) and decompressed into a BlockCache shared by many files. Every reader call is
// thread-safe. Writing is the generator's
// (generator/table_writer.hpp): an engine linking the probe library links no writer.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/values.hpp"

namespace xq {

// A table file that cannot be written, opened or read (I/O error, truncation, corruption,
// unexpected content). what() is one line: "PATH: reason".
class TableError : public std::runtime_error {
 public:
  TableError(const std::string& path, const std::string& reason)
      : std::runtime_error(path + ": " + reason) {}
};

// A directory holds a material's tables under several rule sets and none was named: the
// caller chooses one (the CLI says how).
class RuleSetChoiceError : public TableError {
 public:
  using TableError::TableError;
};

enum class TableKind : uint32_t {
  Wdl = 1,  // 1 byte per entry: a Wdl code (core/values.hpp), side to move's view
  Dtm = 2,  // 2 bytes per entry (uint16): distance in plies, rule value for Wdl 4-5
  Dtc = 3,  // 2 bytes per entry (uint16): distance to conversion in plies (docs/metrics.md)
};

// Bytes per entry of a kind: 1 (Wdl), 2 (Dtm, Dtc).
int entry_width(TableKind kind);
// "WDL", "DTM" or "DTC".
const char* table_kind_name(TableKind kind);
// File name extension of a kind, with the dot: ".xqw", ".xqd" or ".xqc".
const char* table_extension(TableKind kind);

struct TableHeader {
  TableKind kind = TableKind::Wdl;
  std::string material;  // canonical material name: 1..15 characters A-Z (e.g. "KRKCAABB")
  RuleSet rules = RuleSet::None;
  uint32_t index_version = 0;   // version of the index scheme that numbers the slots
  uint64_t slots_per_side = 0;  // N: entries per side to move (0 allowed: an empty table)
  // The natural limit the values know (core/values.hpp): plies, and how they count.
  uint32_t limit_plies = kNaturalLimitPlies;
  LimitCounting limit_counting = LimitCounting::EveryPly;
  // Entries per block: a power of two in [kMinBlockEntries, kMaxBlockEntries]. On write, 0 picks
  // the default (kDefaultBlockBytes of stored entries: 65536 WDL, 16384 DTM and DTC entries).
  uint32_t block_entries = 0;
  // DTM and DTC files: the side to move (0 Red, 1 Black) whose forced entries are one ply away
  // (docs/format.md "One side's distances"): an entry 0 there is rebuilt from the quiet moves
  // into the other side's entries (core/one_ply.hpp). -1: both sides stored.
  int omitted_side = -1;
  std::string stats_json;  // opaque text from the generator, stored verbatim (≤ 64 MiB)
};

constexpr uint32_t kMinBlockEntries = 64;
constexpr uint32_t kMaxBlockEntries = 1u << 22;
constexpr uint32_t kDefaultBlockBytes = 32 * 1024;
// Bounded cache of decompressed blocks, shared by any number of TableFiles and threads: WDL
// codes two to the byte (as stored), distances a byte each when a block's all fit one, else
// two. Keyed by (file, side, block); sharded (up to 64 shards, one mutex and one LRU list
// each).
// The bound counts decompressed block bytes plus kEntryOverhead per cached block; each shard
// gets capacity / shards bytes, and a block larger than that is never cached (get() then
// decompresses it on every call, so give at least shards × block bytes).
class BlockCache {
 public:
  static constexpr size_t kEntryOverhead = 96;
  static constexpr size_t kDefaultBytes = 64 << 20;

  explicit BlockCache(size_t bytes = kDefaultBytes);
  ~BlockCache();
  BlockCache(const BlockCache&) = delete;
  BlockCache& operator=(const BlockCache&) = delete;

  size_t capacity() const { return capacity_; }
  size_t used_bytes() const;  // current total, ≤ capacity()
  uint64_t hits() const;      // get() calls served from the cache (constant blocks not counted)
  uint64_t misses() const;    // get() calls that had to decompress

 private:
  friend class TableFile;
  struct Shard;

  uint64_t new_file_id() { return next_file_id_.fetch_add(1, std::memory_order_relaxed); }
  Shard& shard_of(uint64_t file, uint64_t key);
  // Entry `index` of the cached block (file, key) into *out; false when it is not cached.
  bool lookup(uint64_t file, uint64_t key, uint64_t index, uint32_t* out);
  // Caches a block (size bytes of entries of `bits` bits: 4, 8 or 16, as format::stored_entry
  // reads them) unless it exceeds a shard's share or is cached already; returns false when it
  // was not kept.
  bool insert(uint64_t file, uint64_t key, std::unique_ptr<uint8_t[]>& data, size_t size, int bits);
  void forget(uint64_t file);  // drops every block of a file

  size_t capacity_;
  size_t shard_bytes_;
  std::vector<std::unique_ptr<Shard>> shards_;
  std::atomic<uint64_t> next_file_id_{1};
};

// Read side of a table file: header and offset table read and validated on open (kept in
// memory), blocks read and decompressed lazily through a BlockCache. The file stays open, so
// one renamed over it is not seen (a new open sees it); one truncated or rewritten in place
// gives TableError on the blocks not cached, never a value the opened file does not hold.
class TableFile {
 public:
  // Checks magic, version, header fields, sizes against the file size (truncation), header and
  // offset-table checksum and every block's bounds. cache may be null: a private cache of
  // BlockCache::kDefaultBytes is used. Throws TableError.
  static std::unique_ptr<TableFile> open(const std::string& path,
                                         std::shared_ptr<BlockCache> cache = nullptr);
  // As above, and throws TableError unless the file holds `expected_material` of that kind
  // (catches a file renamed to another material's name).
  static std::unique_ptr<TableFile> open(const std::string& path,
                                         std::string_view expected_material,
                                         TableKind expected_kind,
                                         std::shared_ptr<BlockCache> cache = nullptr);
  ~TableFile();
  TableFile(const TableFile&) = delete;
  TableFile& operator=(const TableFile&) = delete;

  const std::string& path() const { return path_; }
  const TableHeader& header() const { return header_; }
  uint64_t file_size() const { return size_; }

  // Entry `slot` (< slots_per_side) of side 0 or 1: a WDL code or the DTM file's uint16; an
  // unspecified value at slots written as "don't care". The block is decompressed on first use
  // (after its checksum is verified) and cached. Throws std::out_of_range for a bad side or
  // slot, TableError for a corrupt block.
  uint32_t get(int side, uint64_t slot) const;

  // Entries [first, first + count) of side 0 or 1 into out: count entries of the kind's width
  // (uint8_t codes or host-order uint16_t distances). For bulk loading: blocks are decoded
  // directly, bypassing the cache. Throws std::out_of_range for a bad side or range, TableError
  // for a corrupt block.
  void read(int side, uint64_t first, uint64_t count, void* out) const;

  // Checks the whole-file checksum only: reads every byte once, decompresses nothing (memory
  // speed when the file is in the page cache). Throws TableError.
  void verify_file_checksum() const;
  // Checks the whole-file checksum, then every block: checksum, decompression to the right
  // size, WDL codes ≤ 5. Reads the whole file; bypasses the cache. Throws TableError.
  void verify_all() const;

 private:
  struct BlockRef {
    uint64_t offset;
    uint32_t size;   // compressed bytes; 0 = constant block
    uint32_t value;  // every entry of a constant block
    uint64_t checksum;
  };

  TableFile() = default;
  BlockRef block_ref(int side, uint64_t block) const;
  uint64_t block_count(uint64_t block) const;  // entries of a block
  size_t block_bytes(uint64_t block) const;    // bytes of a block's entries as stored
  // Checks and decompresses a block into out: block_bytes(block) bytes as stored (16-bit
  // entries as two byte planes).
  void decompress_block(int side, uint64_t block, const BlockRef& ref, uint8_t* out) const;
  // The same with the planes of 16-bit entries interleaved in host order.
  void decode_block(int side, uint64_t block, const BlockRef& ref, uint8_t* out) const;
  uint32_t load_slow(int side, uint64_t block, const BlockRef& ref, uint64_t index) const;

  std::string path_;
  TableHeader header_;
  int width_ = 1;        // bytes of an entry as read
  int stored_bits_ = 8;  // bits of an entry as stored (format::stored_bits)
  int block_shift_ = 0;
  uint64_t blocks_per_side_ = 0;
  // Reads size bytes at offset of the file (TableError when it is shorter now).
  void read_bytes(void* out, size_t size, uint64_t offset) const;

  uint64_t descriptor_ = 0;  // the file's handle in TableDescriptors::instance(); 0: none
  uint64_t size_ = 0;
  std::vector<uint8_t> table_;  // the offset table
  std::shared_ptr<BlockCache> cache_;
  uint64_t file_id_ = 0;
};

}  // namespace xq
