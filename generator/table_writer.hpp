// The table writer: zstd compression of the blocks on a pool of threads, the header and the
// offset table, and the atomic commit (temporary file, fsync, rename). Generator-only: the
// probe library reads tables (core/table_file.hpp) and never links this.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/table_file.hpp"

namespace xq::gen {

// zstd settings of the writer: a level (1..22), optionally with a narrower match search than
// the level's own (0 keeps the level's value). Not stored: any zstd decoder reads any setting.
struct Compression {
  int level = 15;
  int search_log = 0;     // ZSTD_c_searchLog
  int target_length = 0;  // ZSTD_c_targetLength
  int min_match = 0;      // ZSTD_c_minMatch
};
// Level 15 searching less than its own settings: 20-35 % faster than plain level 15 for 2-7 %
// more bytes (docs/format.md, docs/benchmarks.md); level 19: ≤ 3 % smaller, 2-5x slower.
// WDL codes come in long runs: matches shorter than 6 bytes do not pay.
constexpr Compression kWdlCompression{15, 4, 64, 6};
constexpr Compression kDtmCompression{15, 2, 64, 0};
// DTC, for issue 16's time bar: level 10 with minMatch 6 compresses the big tables' DTC 3-4
// times faster than DTM's setting would, for 6-9 % more DTC bytes (docs/format.md).
constexpr Compression kDtcCompression{10, 0, 0, 6};
constexpr Compression default_compression(TableKind kind) {
  return kind == TableKind::Wdl   ? kWdlCompression
         : kind == TableKind::Dtm ? kDtmCompression
                                  : kDtcCompression;
}

// How write_table treats an entry (its dont_care mask).
enum EntryMark : uint8_t { kKeep = 0, kFree = 1, kZero = 2 };

// Writes a table atomically: to PATH.tmp, fsync, rename to PATH, fsync the directory; on error
// PATH.tmp is removed and PATH is left untouched.
// values[side] points to h.slots_per_side entries of entry_width(h.kind) bytes (uint8_t codes
// for Wdl, host uint16_t for Dtm), side 0 = Red to move, 1 = Black to move.
// dont_care[side] is null (every entry cared for) or points to h.slots_per_side EntryMarks:
// kFree for an entry whose value may be replaced: within its block, each such entry takes the
// value of the nearest preceding cared-for entry (or of the first cared-for one, for a block's
// leading entries; 0 in a block without any); kZero for an entry written as 0 whatever its
// value (the omitted side's rebuilt entries). Cared-for entries read back exactly.
// Blocks are compressed with `threads` threads (≥ 1) with zstd `compression` (by default
// default_compression(h.kind)); the file is
// byte-identical for every thread count. Memory beyond the inputs: about threads × 16 blocks.
// Throws std::invalid_argument for a bad header or argument, or a WDL code above 9 in a
// cared-for entry; TableError for I/O errors.
void write_table(const std::string& path, const TableHeader& h,
                 const std::array<const void*, 2>& values,
                 const std::array<const uint8_t*, 2>& dont_care, int threads = 1);
void write_table(const std::string& path, const TableHeader& h,
                 const std::array<const void*, 2>& values,
                 const std::array<const uint8_t*, 2>& dont_care, int threads,
                 Compression compression);

// The writer of a table built over MPI ranks: each rank encodes the blocks of its share of the
// slots (encode_share), rank 0 writes the file from all of them (write_shares); the file's
// bytes are those write_table writes from the whole arrays.
// values[side] and dont_care[side] point to the entries of the slots [first, first + count);
// first is a multiple of the block entries of h.kind, and so is first + count unless it is
// h.slots_per_side. Compression: default_compression(h.kind). Returns the encoded blocks.
std::vector<uint8_t> encode_share(const TableHeader& h, const std::array<const void*, 2>& values,
                                  const std::array<const uint8_t*, 2>& dont_care, uint64_t first,
                                  uint64_t count, int threads);
// Writes the file atomically (as write_table) from the encoded shares of every rank, in slot
// order, concatenated. Throws std::invalid_argument when they do not cover the table.
void write_shares(const std::string& path, const TableHeader& h,
                  const std::vector<uint8_t>& shares);

}  // namespace xq::gen
