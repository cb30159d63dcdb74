// Table file writer. Byte layout: docs/format.md, core/table_format.hpp (shared with the reader).
#include "generator/table_writer.hpp"

#include <fcntl.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

#include "core/table_format.hpp"

namespace xq::gen {

using namespace format;

namespace {

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
      if (s.kind == TableKind::Wdl && v > uint32_t(Wdl::BlessedLoss))
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

}  // namespace

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
  if (h.kind != TableKind::Wdl && h.kind != TableKind::Dtm && h.kind != TableKind::Dtc)
    throw bad("unknown table kind");
  if (h.limit_plies != kNaturalLimitPlies || h.limit_counting != LimitCounting::EveryPly)
    throw bad("unknown natural limit");
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
        put64(ref + 16, block_checksum(e.bytes.data(), e.bytes.size()));
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
  put32(header + kOffLimitPlies, h.limit_plies);
  put32(header + kOffLimitCounting, uint32_t(h.limit_counting));
  put32(header + kOffBlockEntries, block_entries);
  put64(header + kOffBlocks, blocks);
  put64(header + kOffTable, table_offset);
  put64(header + kOffStats, stats_offset);
  put64(header + kOffStatsSize, h.stats_json.size());
  put64(header + kOffData, data_offset);
  put64(header + kOffFileSize, file_size);
  put64(header + kOffMetaChecksum, meta_checksum(header, table.data(), table.size(),
                                                 h.stats_json.data(), h.stats_json.size()));
  write_at(tmp.fd, tmp.path, header, kHeaderSize, 0);
  write_at(tmp.fd, tmp.path, table.data(), table.size(), table_offset);

  // Whole-file checksum over what the file now holds, read back.
  XXH64_state_t* state = XXH64_createState();
  if (!state) throw std::bad_alloc();
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

}  // namespace xq::gen
