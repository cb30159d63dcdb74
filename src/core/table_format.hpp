// The byte layout of a table file (docs/format.md), shared by the reader (core/table_file.cpp)
// and the writer (generator/table_writer.cpp): the header fields and their offsets, the limits
// a reader enforces, little-endian field access and the meta checksum. Not installed: engines
// reach files only through TableFile.
#pragma once

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "core/table_file.hpp"

namespace xq::format {

constexpr uint8_t kMagic[8] = {'X', 'Q', 'T', 'B', '\r', '\n', 0x1a, '\n'};
constexpr uint32_t kFormatVersion = 4;  // 4: WDL codes two to the byte; 3: DTM files re-pack
                                        // rule potentials; 2: WDL codes 6-7, DTC files, limits
constexpr uint32_t kOldestReadableVersion = 3;  // format 3 differs only in its WDL blocks
constexpr uint64_t kHeaderSize = 128;
constexpr uint64_t kRefSize = 24;  // offset table entry
constexpr uint64_t kTrailerSize = 8;
constexpr uint64_t kMaxStatsBytes = 64 << 20;
constexpr uint64_t kMaxBlocksPerSide = 1ull << 40;
constexpr int kMaxMaterialLength = 15;

// Header field offsets (docs/format.md "Header").
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
  kOffLimitPlies = 112,
  kOffLimitCounting = 116,
  kOffMetaChecksum = 120,
};

// The flags field: bit s set when side s's forced distances are omitted (docs/format.md "One
// side's distances"); DTM and DTC files only, one side at most.
constexpr uint32_t kFlagOmittedSide0 = 1, kFlagOmittedSide1 = 2;
inline uint32_t omitted_side_flags(int omitted_side) {
  return omitted_side < 0 ? 0 : omitted_side == 0 ? kFlagOmittedSide0 : kFlagOmittedSide1;
}

inline void put32(uint8_t* p, uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = uint8_t(v >> (8 * i));
}
inline void put64(uint8_t* p, uint64_t v) {
  for (int i = 0; i < 8; ++i) p[i] = uint8_t(v >> (8 * i));
}
inline uint32_t get32(const uint8_t* p) {
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = v << 8 | p[i];
  return v;
}
inline uint64_t get64(const uint8_t* p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = v << 8 | p[i];
  return v;
}

// Bits an entry takes in a block as stored, before compression: WDL codes two to the byte
// (entry 2i in the low half) from format 4 on, one byte before; DTM and DTC 16 (two byte
// planes). The width of an entry as read (entry_width) is a whole byte or two either way.
inline int stored_bits(TableKind kind, uint32_t version) {
  if (kind != TableKind::Wdl) return 16;
  return version >= 4 ? 4 : 8;
}

// Bytes of `entries` entries of `bits` bits as stored.
inline size_t stored_bytes(uint64_t entries, int bits) {
  return size_t((entries * uint64_t(bits) + 7) / 8);
}

// Entry `index` of a block held as stored (low and high planes already interleaved for 16
// bits: host-order uint16).
inline uint32_t stored_entry(const uint8_t* data, int bits, uint64_t index) {
  if (bits == 4) return data[index >> 1] >> (4 * (index & 1)) & 0xf;
  if (bits == 8) return data[index];
  uint16_t v;
  std::memcpy(&v, data + 2 * index, 2);
  return v;
}

inline uint64_t blocks_for(uint64_t slots, uint32_t block_entries) {
  return slots / block_entries + (slots % block_entries != 0);
}

// The header's material field: 1..15 letters A-Z.
inline bool valid_material(std::string_view m) {
  if (m.empty() || m.size() > kMaxMaterialLength) return false;
  return std::all_of(m.begin(), m.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

// "what: strerror(errno)", for TableError reasons.
inline std::string errno_text(const char* what) {
  return std::string(what) + ": " + std::strerror(errno);
}

// XXH64 of a compressed block, as stored in its offset table entry.
uint64_t block_checksum(const void* data, size_t size);

// The meta checksum at kOffMetaChecksum: XXH64 of the header bytes before it, then the offset
// table, then the statistics text.
uint64_t meta_checksum(const uint8_t* header, const uint8_t* table, size_t table_size,
                       const char* stats, size_t stats_size);

}  // namespace xq::format
