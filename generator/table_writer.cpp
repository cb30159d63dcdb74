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
  int width;  // bytes of an entry in `values`
  uint64_t slots;
  uint32_t block_entries;
  std::array<const void*, 2> values;
  std::array<const uint8_t*, 2> dont_care;
  uint64_t base = 0;  // the slot of values[side][0] (a rank's share starts there)
};

// Lays out one block as stored (don't-care entries filled; WDL codes two to the byte, the first
// in the low half; 16-bit entries as all low bytes, then all high bytes) and compresses it, or
// records it as constant when all its entries are equal.
void encode_block(const WriteSource& s, int side, uint64_t block, Encoder& enc, Encoded& out) {
  const uint64_t first = block * s.block_entries, at = first - s.base;
  size_t count = size_t(std::min<uint64_t>(s.block_entries, s.slots - first));
  const uint8_t* dc = s.dont_care[side] ? s.dont_care[side] + at : nullptr;
  auto value_at = [&](size_t i) -> uint32_t {
    if (s.width == 1) return static_cast<const uint8_t*>(s.values[side])[at + i];
    return static_cast<const uint16_t*>(s.values[side])[at + i];
  };
  const auto free = [&](size_t i) { return dc && dc[i] == kFree; };
  const auto cared = [&](size_t i) { return dc && dc[i] == kZero ? 0 : value_at(i); };
  size_t lead = 0;
  while (lead < count && free(lead)) ++lead;
  uint32_t prev = lead < count ? cared(lead) : 0;
  bool constant = true;
  const int bits = stored_bits(s.kind, kFormatVersion);
  enc.plain.assign(stored_bytes(count, bits), 0);
  for (size_t i = 0; i < count; ++i) {
    uint32_t v = prev;
    if (!free(i)) {
      v = cared(i);
      if (s.kind == TableKind::Wdl && v > uint32_t(kLastWdl))
        throw std::invalid_argument("write_table: WDL code " + std::to_string(v) + " at side " +
                                    std::to_string(side) + " slot " + std::to_string(first + i));
    }
    constant = constant && v == prev;
    prev = v;
    if (bits == 4) {
      enc.plain[i / 2] |= uint8_t(v << 4 * (i % 2));
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

namespace {

// What a header decides of the file's layout, once checked.
struct Layout {
  int width;
  uint32_t block_entries;
  uint64_t blocks;  // per side
};

Layout check_header(const TableHeader& h) {
  auto bad = [](const std::string& why) { return std::invalid_argument("write_table: " + why); };
  if (h.kind != TableKind::Wdl && h.kind != TableKind::Dtm && h.kind != TableKind::Dtc)
    throw bad("unknown table kind");
  if (h.limit_plies != kNaturalLimitPlies || h.limit_counting != LimitCounting::EveryPly)
    throw bad("unknown natural limit");
  if (!valid_material(h.material)) throw bad("material must be 1..15 letters A-Z: " + h.material);
  if (h.rules != RuleSet::None && h.rules != RuleSet::Check && h.rules != RuleSet::Asian &&
      h.rules != RuleSet::Chinese)
    throw bad("unknown rule set");
  if (h.omitted_side < -1 || h.omitted_side > 1 ||
      (h.omitted_side >= 0 && h.kind == TableKind::Wdl))
    throw bad("bad omitted side");
  const int width = entry_width(h.kind);
  uint32_t block_entries =
      h.block_entries ? h.block_entries
                      : kDefaultBlockBytes * 8 / uint32_t(stored_bits(h.kind, kFormatVersion));
  if (!std::has_single_bit(block_entries) || block_entries < kMinBlockEntries ||
      block_entries > kMaxBlockEntries)
    throw bad("block_entries must be a power of two in [64, 2^22]");
  const uint64_t blocks = blocks_for(h.slots_per_side, block_entries);
  if (blocks > kMaxBlocksPerSide) throw bad("too many blocks");
  if (h.stats_json.size() > kMaxStatsBytes) throw bad("stats_json larger than 64 MiB");
  return {width, block_entries, blocks};
}

std::vector<std::unique_ptr<Encoder>> make_encoders(int threads, const Compression& compression) {
  auto bad = [](const std::string& why) { return std::invalid_argument("write_table: " + why); };
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
  std::vector<std::unique_ptr<Encoder>> encoders;
  for (int t = 0; t < threads; ++t) encoders.push_back(std::make_unique<Encoder>(compression));
  return encoders;
}

// Encodes the blocks [b0, b0 + count) of one side into batch[0..count) on the encoders'
// threads (each block independently, so the bytes do not depend on the thread count).
void encode_batch(const WriteSource& src, int side, uint64_t b0, uint64_t count,
                  std::vector<std::unique_ptr<Encoder>>& encoders, std::vector<Encoded>& batch) {
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
  for (size_t t = 1; t < encoders.size() && t < count; ++t)
    pool.emplace_back(work, std::ref(*encoders[t]));
  work(*encoders[0]);
  for (auto& th : pool) th.join();
  for (auto& enc : encoders)
    if (enc->error) std::rethrow_exception(enc->error);
}

// A table file under construction in PATH.tmp: blocks are added in file order (side 0's, then
// side 1's), then commit writes the header, the offset table and the checksum and renames it.
class FileBuilder {
 public:
  FileBuilder(const std::string& path, const TableHeader& h, const Layout& layout)
      : path_(path), h_(h), layout_(layout), tmp_{path + ".tmp"} {
    table_.resize(2 * layout.blocks * kRefSize);
    tmp_.fd = ::open(tmp_.path.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (tmp_.fd < 0) throw TableError(tmp_.path, errno_text("cannot create"));
    write_at(tmp_.fd, tmp_.path, h.stats_json.data(), h.stats_json.size(), stats_offset());
    offset_ = stats_offset() + h.stats_json.size();
  }

  // The next block of `side`: compressed bytes, or none for a constant block.
  void add(int side, uint64_t block, const uint8_t* bytes, size_t size, uint32_t constant) {
    uint8_t* ref = &table_[(uint64_t(side) * layout_.blocks + block) * kRefSize];
    if (size == 0) {
      put32(ref + 12, constant);
      return;
    }
    write_at(tmp_.fd, tmp_.path, bytes, size, offset_);
    put64(ref, offset_);
    put32(ref + 8, uint32_t(size));
    put64(ref + 16, block_checksum(bytes, size));
    offset_ += size;
  }

  void commit() {
    const uint64_t table_offset = kHeaderSize;
    const uint64_t data_offset = stats_offset() + h_.stats_json.size();
    const uint64_t file_size = offset_ + kTrailerSize;
    uint8_t header[kHeaderSize] = {};
    std::memcpy(header + kOffMagic, kMagic, sizeof kMagic);
    put32(header + kOffVersion, kFormatVersion);
    put32(header + kOffHeaderSize, uint32_t(kHeaderSize));
    put32(header + kOffKind, uint32_t(h_.kind));
    put32(header + kOffWidth, uint32_t(layout_.width));
    std::memcpy(header + kOffMaterial, h_.material.data(), h_.material.size());
    put32(header + kOffRules, uint32_t(h_.rules));
    put32(header + kOffIndexVersion, h_.index_version);
    put64(header + kOffSlots, h_.slots_per_side);
    put32(header + kOffFlags, omitted_side_flags(h_.omitted_side));
    put32(header + kOffLimitPlies, h_.limit_plies);
    put32(header + kOffLimitCounting, uint32_t(h_.limit_counting));
    put32(header + kOffBlockEntries, layout_.block_entries);
    put64(header + kOffBlocks, layout_.blocks);
    put64(header + kOffTable, table_offset);
    put64(header + kOffStats, stats_offset());
    put64(header + kOffStatsSize, h_.stats_json.size());
    put64(header + kOffData, data_offset);
    put64(header + kOffFileSize, file_size);
    put64(header + kOffMetaChecksum, meta_checksum(header, table_.data(), table_.size(),
                                                   h_.stats_json.data(), h_.stats_json.size()));
    write_at(tmp_.fd, tmp_.path, header, kHeaderSize, 0);
    write_at(tmp_.fd, tmp_.path, table_.data(), table_.size(), table_offset);

    // Whole-file checksum over what the file now holds, read back.
    XXH64_state_t* state = XXH64_createState();
    if (!state) throw std::bad_alloc();
    XXH64_reset(state, 0);
    std::vector<uint8_t> chunk(1 << 20);
    try {
      for (uint64_t at = 0; at < offset_;) {
        size_t n = size_t(std::min<uint64_t>(chunk.size(), offset_ - at));
        read_at(tmp_.fd, tmp_.path, chunk.data(), n, at);
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
    write_at(tmp_.fd, tmp_.path, trailer, kTrailerSize, offset_);

    if (::fsync(tmp_.fd) != 0) throw TableError(tmp_.path, errno_text("fsync failed"));
    int fd = tmp_.fd;
    tmp_.fd = -1;
    if (::close(fd) != 0) throw TableError(tmp_.path, errno_text("close failed"));
    if (::rename(tmp_.path.c_str(), path_.c_str()) != 0)
      throw TableError(path_, errno_text(("cannot rename " + tmp_.path).c_str()));
    tmp_.committed = true;
    fsync_directory(path_);
  }

 private:
  uint64_t stats_offset() const { return kHeaderSize + 2 * layout_.blocks * kRefSize; }
  std::string path_;
  const TableHeader& h_;
  Layout layout_;
  TempFile tmp_;
  std::vector<uint8_t> table_;
  uint64_t offset_ = 0;
};

// A share's encoded blocks: its first block and block count (8 bytes each), then per side
// and block a 4-byte size and the compressed bytes, or size 0 and the 4-byte constant.
void append(std::vector<uint8_t>& out, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(uint8_t(v >> 8 * i));
}
uint64_t take(const std::vector<uint8_t>& in, size_t& at, int bytes) {
  if (at + size_t(bytes) > in.size()) throw std::invalid_argument("write_shares: truncated share");
  uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= uint64_t(in[at + size_t(i)]) << 8 * i;
  at += size_t(bytes);
  return v;
}

}  // namespace

void write_table(const std::string& path, const TableHeader& h,
                 const std::array<const void*, 2>& values,
                 const std::array<const uint8_t*, 2>& dont_care, int threads,
                 Compression compression) {
  const Layout layout = check_header(h);
  if (h.slots_per_side > 0 && (!values[0] || !values[1]))
    throw std::invalid_argument("write_table: null values");
  auto encoders = make_encoders(threads, compression);
  FileBuilder file(path, h, layout);
  // Blocks in file order, compressed in batches, written in order after each batch.
  const WriteSource src{h.kind, layout.width, h.slots_per_side, layout.block_entries,
                        values, dont_care};
  const uint64_t batch_size = 16 * uint64_t(threads);
  std::vector<Encoded> batch(std::min<uint64_t>(batch_size, layout.blocks));
  for (int side = 0; side < 2; ++side)
    for (uint64_t b0 = 0; b0 < layout.blocks; b0 += batch_size) {
      const uint64_t count = std::min(batch_size, layout.blocks - b0);
      encode_batch(src, side, b0, count, encoders, batch);
      for (uint64_t i = 0; i < count; ++i)
        file.add(side, b0 + i, batch[i].bytes.data(), batch[i].bytes.size(), batch[i].constant);
    }
  file.commit();
}

std::vector<uint8_t> encode_share(const TableHeader& h, const std::array<const void*, 2>& values,
                                  const std::array<const uint8_t*, 2>& dont_care, uint64_t first,
                                  uint64_t count, int threads) {
  const Layout layout = check_header(h);
  const uint64_t end = first + count;
  if (end > h.slots_per_side ||
      (count &&
       (first % layout.block_entries || (end % layout.block_entries && end != h.slots_per_side))))
    throw std::invalid_argument("encode_share: a share of whole blocks");
  if (count > 0 && (!values[0] || !values[1]))
    throw std::invalid_argument("write_table: null values");
  auto encoders = make_encoders(threads, default_compression(h.kind));
  const WriteSource src{h.kind,    layout.width, h.slots_per_side, layout.block_entries, values,
                        dont_care, first};
  // An empty share (a rank beyond a small table's slots) sits after the blocks before it.
  const uint64_t b_first = blocks_for(first, layout.block_entries);
  const uint64_t b_count = count ? blocks_for(end, layout.block_entries) - b_first : 0;
  std::vector<uint8_t> out;
  append(out, b_first, 8);
  append(out, b_count, 8);
  const uint64_t batch_size = 16 * uint64_t(threads);
  std::vector<Encoded> batch(std::min<uint64_t>(batch_size, b_count));
  for (int side = 0; side < 2; ++side)
    for (uint64_t b0 = 0; b0 < b_count; b0 += batch_size) {
      const uint64_t n = std::min(batch_size, b_count - b0);
      encode_batch(src, side, b_first + b0, n, encoders, batch);
      for (uint64_t i = 0; i < n; ++i) {
        append(out, batch[i].bytes.size(), 4);
        if (batch[i].bytes.empty())
          append(out, batch[i].constant, 4);
        else
          out.insert(out.end(), batch[i].bytes.begin(), batch[i].bytes.end());
      }
    }
  return out;
}

void write_shares(const std::string& path, const TableHeader& h,
                  const std::vector<uint8_t>& shares) {
  const Layout layout = check_header(h);
  // Where each share's side-1 frames start, found by walking its side-0 frames.
  struct Part {
    uint64_t first, count;
    size_t side_at[2];
  };
  std::vector<Part> parts;
  for (size_t at = 0; at < shares.size();) {
    Part p{};
    p.first = take(shares, at, 8);
    p.count = take(shares, at, 8);
    for (int side = 0; side < 2; ++side) {
      p.side_at[side] = at;
      for (uint64_t b = 0; b < p.count; ++b) {
        const size_t size = size_t(take(shares, at, 4));
        at += size ? size : 4;  // the bytes, or the constant
      }
    }
    parts.push_back(p);
  }
  uint64_t next = 0;
  for (const Part& p : parts) {
    if (p.first != next) throw std::invalid_argument("write_shares: shares not in slot order");
    next += p.count;
  }
  if (next != layout.blocks) throw std::invalid_argument("write_shares: blocks missing");
  FileBuilder file(path, h, layout);
  for (int side = 0; side < 2; ++side)
    for (const Part& p : parts) {
      size_t at = p.side_at[side];
      for (uint64_t b = 0; b < p.count; ++b) {
        const size_t size = size_t(take(shares, at, 4));
        const uint32_t constant = size ? 0 : uint32_t(take(shares, at, 4));
        if (at + size > shares.size()) throw std::invalid_argument("write_shares: truncated share");
        file.add(side, p.first + b, shares.data() + at, size, constant);
        at += size;
      }
    }
  file.commit();
}

}  // namespace xq::gen
