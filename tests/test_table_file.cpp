// Table file format (docs/format.md): round trips, don't-care filling, determinism across thread
// counts, corruption and truncation detection, the block cache under concurrent readers.
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "core/table_file.hpp"
#include "core/table_format.hpp"
#include "generator/table_writer.hpp"

using namespace xq;
using namespace xq::gen;
using Catch::Matchers::Contains;
namespace fs = std::filesystem;

namespace {

// A fresh directory, removed with its contents at scope exit.
struct TempDir {
  fs::path dir;
  TempDir() {
    static int counter = 0;
    dir = fs::temp_directory_path() /
          ("xqtb-format-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~TempDir() { fs::remove_all(dir); }
  std::string file(const std::string& name) const { return (dir / name).string(); }
};

std::vector<uint8_t> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

void write_bytes(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

uint64_t le(const std::vector<uint8_t>& b, size_t at, int bytes) {
  uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = v << 8 | b.at(at + size_t(i));
  return v;
}

// Values shaped like a tablebase: runs of equal values with noise, runs of don't-care slots.
struct Side {
  std::vector<uint8_t> wdl;
  std::vector<uint16_t> dtm;
  std::vector<uint8_t> dont_care;
};

Side make_side(uint64_t n, uint32_t seed) {
  std::mt19937_64 rng(seed);
  Side s{std::vector<uint8_t>(n), std::vector<uint16_t>(n), std::vector<uint8_t>(n)};
  std::geometric_distribution<int> run(1.0 / 40);
  uint64_t i = 0;
  while (i < n) {
    const uint8_t code = uint8_t(rng() % 8);
    const uint16_t base = uint16_t(rng() % 300);
    const uint64_t end = std::min<uint64_t>(n, i + 1 + uint64_t(run(rng)));
    for (; i < end; ++i) {
      const bool noise = rng() % 20 == 0;
      s.wdl[i] = noise ? uint8_t(rng() % 8) : code;
      s.dont_care[i] = s.wdl[i] == 0;
      s.dtm[i] = uint16_t(base + rng() % 8 + (noise ? rng() % 65536 : 0));
      if (s.wdl[i] == 0) s.wdl[i] = uint8_t(rng() % 256);  // garbage where nobody cares
    }
  }
  return s;
}

struct Table {
  TableHeader header;
  std::array<Side, 2> sides;
};

Table make_table(TableKind kind, uint64_t n, uint32_t block_entries = 0) {
  Table t;
  t.header.kind = kind;
  t.header.material = "KRKCAABB";
  t.header.rules = RuleSet::Check;
  t.header.index_version = 3;
  t.header.slots_per_side = n;
  t.header.block_entries = block_entries;
  t.header.stats_json = R"({"wins": [1, 2], "name": "车对炮士象全"})";
  t.sides = {make_side(n, 11), make_side(n, 22)};
  return t;
}

void write(const std::string& path, const Table& t, int threads = 1,
           Compression compression = {3, 0, 0, 0}) {
  const bool wdl = t.header.kind == TableKind::Wdl;
  std::array<const void*, 2> values;
  std::array<const uint8_t*, 2> dont_care;
  for (int s = 0; s < 2; ++s) {
    values[s] = wdl ? static_cast<const void*>(t.sides[s].wdl.data()) : t.sides[s].dtm.data();
    dont_care[s] = t.sides[s].dont_care.data();
  }
  write_table(path, t.header, values, dont_care, threads, compression);
}

uint32_t expected(const Table& t, int side, uint64_t slot) {
  const Side& s = t.sides[side];
  return t.header.kind == TableKind::Wdl ? s.wdl[slot] : s.dtm[slot];
}

void check_round_trip(const std::string& path, const Table& t) {
  auto f = TableFile::open(path);
  const TableHeader& h = f->header();
  CHECK(h.kind == t.header.kind);
  CHECK(h.material == t.header.material);
  CHECK(h.rules == t.header.rules);
  CHECK(h.index_version == t.header.index_version);
  CHECK(h.limit_plies == kNaturalLimitPlies);
  CHECK(h.limit_counting == LimitCounting::EveryPly);
  CHECK(h.slots_per_side == t.header.slots_per_side);
  CHECK(h.stats_json == t.header.stats_json);
  CHECK(f->file_size() == fs::file_size(path));
  uint64_t mismatches = 0;
  for (int side = 0; side < 2; ++side)
    for (uint64_t i = 0; i < h.slots_per_side; ++i) {
      const uint32_t v = f->get(side, i);
      if (!t.sides[side].dont_care[i] && v != expected(t, side, i)) ++mismatches;
      if (t.sides[side].dont_care[i] && h.kind == TableKind::Wdl) REQUIRE(v <= 7);
    }
  CHECK(mismatches == 0);
  CHECK_NOTHROW(f->verify_all());

  // Bulk reads agree with get(): whole sides and ranges crossing block boundaries.
  const int width = entry_width(h.kind);
  const uint64_t n = h.slots_per_side;
  for (int side = 0; side < 2; ++side)
    for (auto [first, count] : {std::pair<uint64_t, uint64_t>{0, n}, {n / 3, n / 2}, {n, 0}}) {
      std::vector<uint8_t> out(count * uint64_t(width));
      f->read(side, first, count, out.data());
      for (uint64_t i = 0; i < count; ++i) {
        uint32_t v = out[i * uint64_t(width)];
        if (width == 2) v |= uint32_t(out[i * 2 + 1]) << 8;
        if (v != f->get(side, first + i)) ++mismatches;
      }
    }
  CHECK(mismatches == 0);
  uint8_t sink[2];
  CHECK_THROWS_AS(f->read(0, n, 1, sink), std::out_of_range);
}

// Offset table entry (offset, compressed size) of a block, read as docs/format.md specifies.
std::pair<uint64_t, uint32_t> block_location(const std::vector<uint8_t>& file, int side,
                                             uint64_t block) {
  const uint64_t blocks = le(file, 64, 8);
  const size_t at = size_t(128 + (uint64_t(side) * blocks + block) * 24);
  return {le(file, at, 8), uint32_t(le(file, at + 8, 4))};
}

}  // namespace

TEST_CASE("WDL, DTM and DTC tables round-trip with don't-care entries", "[format]") {
  TempDir tmp;
  for (TableKind kind : {TableKind::Wdl, TableKind::Dtm, TableKind::Dtc}) {
    for (uint64_t n : {uint64_t(1), uint64_t(1000), uint64_t(3 * 4096 + 17), uint64_t(70001)}) {
      for (uint32_t block_entries : {0u, 64u, 4096u}) {
        INFO("kind " << int(kind) << " n " << n << " block entries " << block_entries);
        Table t = make_table(kind, n, block_entries);
        const std::string path = tmp.file("KRKCAABB" + std::string(table_extension(kind)));
        write(path, t);
        check_round_trip(path, t);
        auto f = TableFile::open(path);
        // By default 32 KiB of entries as stored: WDL codes two to the byte.
        CHECK(f->header().block_entries == (block_entries            ? block_entries
                                            : kind == TableKind::Wdl ? 2 * kDefaultBlockBytes
                                                                     : kDefaultBlockBytes / 2));
      }
    }
  }
}

TEST_CASE("Don't-care entries take the previous cared-for value of their block", "[format]") {
  TempDir tmp;
  Table t = make_table(TableKind::Dtm, 300, 64);
  auto& s = t.sides[0];
  std::fill(s.dont_care.begin(), s.dont_care.end(), 0);
  for (uint64_t i = 0; i < 300; ++i) s.dtm[i] = uint16_t(1000 + i);
  for (uint64_t i : {0, 1, 5, 6, 64, 130, 299}) s.dont_care[i] = 1;
  for (uint64_t i = 192; i < 256; ++i) s.dont_care[i] = 1;  // a whole block
  const std::string path = tmp.file("KRKCAABB.xqd");
  write(path, t);
  auto f = TableFile::open(path);
  CHECK(f->get(0, 0) == 1002);  // leading entries: the block's first cared-for value
  CHECK(f->get(0, 1) == 1002);
  CHECK(f->get(0, 5) == 1004);
  CHECK(f->get(0, 6) == 1004);
  CHECK(f->get(0, 64) == 1065);  // blocks are filled independently
  CHECK(f->get(0, 130) == 1129);
  CHECK(f->get(0, 200) == 0);  // no cared-for entry in the block
  CHECK(f->get(0, 299) == 1298);
}

// One side's distances (docs/format.md): entries marked kZero are written as 0 whatever their
// value, and the header says which side omits its forced entries.
TEST_CASE("Zero-marked entries read back as 0 and the omitted side is recorded", "[format]") {
  TempDir tmp;
  Table t = make_table(TableKind::Dtm, 300, 64);
  t.header.omitted_side = 1;
  auto& s = t.sides[1];
  std::fill(s.dont_care.begin(), s.dont_care.end(), kKeep);
  for (uint64_t i = 0; i < 300; ++i) s.dtm[i] = uint16_t(1000 + i);
  for (uint64_t i : {3, 4, 100}) s.dont_care[i] = kZero;
  s.dont_care[5] = kFree;  // filled from the zero before it: 0
  const std::string path = tmp.file("KRKCAABB.xqd");
  write(path, t);
  auto f = TableFile::open(path);
  CHECK(f->header().omitted_side == 1);
  CHECK(f->get(1, 2) == 1002);
  CHECK(f->get(1, 3) == 0);
  CHECK(f->get(1, 4) == 0);
  CHECK(f->get(1, 5) == 0);
  CHECK(f->get(1, 6) == 1006);
  CHECK(f->get(1, 100) == 0);
  // A WDL file omits nothing; neither does a file of an unknown side.
  Table w = make_table(TableKind::Wdl, 300, 64);
  w.header.omitted_side = 0;
  CHECK_THROWS_AS(write(tmp.file("KRKCAABB.xqw"), w), std::invalid_argument);
  t.header.omitted_side = 2;
  CHECK_THROWS_AS(write(tmp.file("other.xqd"), t), std::invalid_argument);
}

// A header's flags rewritten with a valid meta checksum: only the reader's checks stand.
TEST_CASE("The reader accepts one omitted side at most, and none in a WDL file", "[format]") {
  TempDir tmp;
  const auto with_flags = [&](TableKind kind, uint32_t flags) {
    const std::string path = tmp.file(kind == TableKind::Wdl ? "KRKCAABB.xqw" : "KRKCAABB.xqd");
    write(path, make_table(kind, 3000, 1024));
    std::vector<uint8_t> b = read_bytes(path);
    format::put32(&b[format::kOffFlags], flags);
    const uint64_t table = format::get64(&b[format::kOffTable]);
    const uint64_t stats = format::get64(&b[format::kOffStats]);
    const uint64_t stats_size = format::get64(&b[format::kOffStatsSize]);
    format::put64(&b[format::kOffMetaChecksum],
                  format::meta_checksum(b.data(), &b[table], stats - table,
                                        reinterpret_cast<const char*>(&b[stats]), stats_size));
    std::ofstream(path, std::ios::binary | std::ios::trunc)
        .write(reinterpret_cast<const char*>(b.data()), std::streamsize(b.size()));
    return path;
  };
  CHECK(TableFile::open(with_flags(TableKind::Dtm, 1))->header().omitted_side == 0);
  CHECK(TableFile::open(with_flags(TableKind::Dtm, 2))->header().omitted_side == 1);
  CHECK_THROWS_WITH(TableFile::open(with_flags(TableKind::Dtm, 3)), Contains("omitted-side"));
  CHECK_THROWS_WITH(TableFile::open(with_flags(TableKind::Wdl, 2)), Contains("omitted-side"));
  CHECK_THROWS_WITH(TableFile::open(with_flags(TableKind::Dtm, 4)), Contains("unknown flags"));
}

TEST_CASE("Constant blocks and an empty table", "[format]") {
  TempDir tmp;
  SECTION("all draws: every block constant, nothing compressed") {
    Table t = make_table(TableKind::Wdl, 1 << 20);
    for (auto& s : t.sides) {
      std::fill(s.wdl.begin(), s.wdl.end(), 1);
      std::fill(s.dont_care.begin(), s.dont_care.end(), 0);
    }
    const std::string path = tmp.file("KRKCAABB.xqw");
    write(path, t);
    const uint64_t overhead = 128 + 2 * 16 * 24 + t.header.stats_json.size() + 8;  // 16 blocks
    CHECK(fs::file_size(path) == overhead);
    check_round_trip(path, t);
  }
  SECTION("N = 0 is allowed") {
    TableHeader h;
    h.kind = TableKind::Dtm;
    h.material = "KK";
    const std::string path = tmp.file("KK.xqd");
    write_table(path, h, {nullptr, nullptr}, {nullptr, nullptr});
    auto f = TableFile::open(path, "KK", TableKind::Dtm);
    CHECK(f->header().slots_per_side == 0);
    CHECK_NOTHROW(f->verify_all());
    CHECK_THROWS_AS(f->get(0, 0), std::out_of_range);
  }
}

TEST_CASE("Files are byte-identical whatever the thread count and leave no .tmp", "[format]") {
  TempDir tmp;
  for (TableKind kind : {TableKind::Wdl, TableKind::Dtm}) {
    Table t = make_table(kind, 60000, 1024);
    const std::string one = tmp.file("one"), two = tmp.file("two"), three = tmp.file("three");
    write(one, t, 1, default_compression(kind));
    write(two, t, 2, default_compression(kind));
    write(three, t, 3, default_compression(kind));
    const auto bytes = read_bytes(one);
    CHECK(bytes == read_bytes(two));
    CHECK(bytes == read_bytes(three));
    for (const auto& p : {one, two, three}) CHECK_FALSE(fs::exists(p + ".tmp"));
    check_round_trip(two, t);
  }
}

TEST_CASE("Writer rejects bad arguments and leaves no file behind", "[format]") {
  TempDir tmp;
  const std::string path = tmp.file("KRKCAABB.xqw");
  Table t = make_table(TableKind::Wdl, 5000);
  SECTION("WDL code above 9 in a cared-for entry") {
    t.sides[1].wdl[4321] = 10;
    t.sides[1].dont_care[4321] = 0;
    CHECK_THROWS_AS(write(path, t, 2), std::invalid_argument);
  }
  SECTION("a natural limit this version does not know") {
    t.header.limit_plies = 100;
    CHECK_THROWS_AS(write(path, t), std::invalid_argument);
  }
  SECTION("bad material name") {
    t.header.material = "KRKCAABBKRKCAABB";
    CHECK_THROWS_AS(write(path, t), std::invalid_argument);
    t.header.material = "krk";
    CHECK_THROWS_AS(write(path, t), std::invalid_argument);
  }
  SECTION("block size not a power of two") {
    t.header.block_entries = 1000;
    CHECK_THROWS_AS(write(path, t), std::invalid_argument);
  }
  SECTION("zstd settings out of range") {
    CHECK_THROWS_AS(write(path, t, 1, {0, 0, 0, 0}), std::invalid_argument);
    CHECK_THROWS_AS(write(path, t, 1, {15, 99, 0, 0}), std::invalid_argument);
    CHECK_THROWS_AS(write(path, t, 1, {15, 0, 1 << 30, 0}), std::invalid_argument);
    CHECK_THROWS_AS(write(path, t, 1, {15, 0, 0, 99}), std::invalid_argument);
  }
  CHECK_FALSE(fs::exists(path));
  CHECK_FALSE(fs::exists(path + ".tmp"));
}

TEST_CASE("DTM files re-pack rule potentials one to one", "[format]") {
  std::vector<bool> seen(1 << 16);
  for (uint32_t p = 0; p < (1u << 16); ++p) {
    const uint16_t entry = rule_potential_to_file(uint16_t(p));
    REQUIRE_FALSE(seen[entry]);
    seen[entry] = true;
    REQUIRE(rule_potential_from_file(entry) == p);
  }
  // Round in bits 1-6, layer - 1 split around it (docs/format.md).
  CHECK(rule_potential_to_file(pack_rule_potential(1, 1)) == 2);
  CHECK(rule_potential_to_file(pack_rule_potential(1, 2)) == 3);
  CHECK(rule_potential_to_file(pack_rule_potential(33, 2)) == 67);
  CHECK(rule_potential_to_file(pack_rule_potential(5, 4)) == (1 << 7 | 5 << 1 | 1));
  CHECK(rule_potential_to_file(pack_rule_potential(63, 1023)) == 0xffff - 1);
  // Only the check rule's potentials: plain DTMs and chase potentials are stored as they are.
  for (const Wdl w :
       {Wdl::Win, Wdl::Loss, Wdl::CursedWin, Wdl::BlessedLoss, Wdl::ChaseWin, Wdl::ChaseLoss})
    CHECK(dtm_to_file(w, 1025) == 1025);
  CHECK(dtm_to_file(Wdl::RuleWin, 1025) == 2);
  CHECK(dtm_from_file(Wdl::RuleLoss, 2) == 1025);
}

// Block 4 of `side` (1,024 entries a block) decompressed as a reader following docs/format.md
// finds it: `bytes` bytes.
std::vector<uint8_t> fifth_block(const std::vector<uint8_t>& file, int side, size_t bytes) {
  const auto [offset, size] = block_location(file, side, 4);
  REQUIRE(size > 0);
  std::vector<uint8_t> plain(bytes);
  REQUIRE(ZSTD_decompress(plain.data(), plain.size(), &file[offset], size) == plain.size());
  return plain;
}

TEST_CASE("Blocks decode as docs/format.md describes", "[format]") {
  // An independent reader: offset table, zstd frame, byte planes for 2-byte entries.
  TempDir tmp;
  Table t = make_table(TableKind::Dtm, 5000, 1024);
  const std::string path = tmp.file("KRKCAABB.xqd");
  write(path, t);
  const auto file = read_bytes(path);
  REQUIRE(std::memcmp(file.data(), "XQTB\r\n\x1a\n", 8) == 0);
  REQUIRE(le(file, 48, 8) == 5000);
  for (int side = 0; side < 2; ++side) {
    const auto plain = fifth_block(file, side, 904 * 2);  // the last block: 904 entries
    for (uint64_t i = 0; i < 904; ++i) {
      const uint64_t slot = 4 * 1024 + i;
      if (t.sides[side].dont_care[slot]) continue;
      REQUIRE((plain[i] | plain[904 + i] << 8) == t.sides[side].dtm[slot]);
    }
  }
}

TEST_CASE("WDL blocks hold two codes to the byte, the first in the low half", "[format]") {
  TempDir tmp;
  Table t = make_table(TableKind::Wdl, 5001, 1024);
  const std::string path = tmp.file("KRKCAABB.xqw");
  write(path, t);
  const auto file = read_bytes(path);
  REQUIRE(le(file, format::kOffVersion, 4) == 4);
  REQUIRE(le(file, format::kOffWidth, 4) == 1);  // an entry as read: one byte
  for (int side = 0; side < 2; ++side) {
    const auto plain = fifth_block(file, side, 453);  // the last block: 905 entries
    for (uint64_t i = 0; i < 905; ++i) {
      const uint64_t slot = 4 * 1024 + i;
      if (t.sides[side].dont_care[slot]) continue;
      REQUIRE((plain[i / 2] >> 4 * (i % 2) & 0xf) == t.sides[side].wdl[slot]);
    }
    CHECK(plain[452] >> 4 == 0);  // the odd count's last half byte is empty
  }
}

// The file at `path` (format 4, WDL) rewritten as format 3 wrote it: a code a byte in every
// block, checksums recomputed.
void rewrite_as_format_3(const std::string& path) {
  const auto v4 = read_bytes(path);
  const uint64_t blocks = le(v4, format::kOffBlocks, 8),
                 entries = le(v4, format::kOffBlockEntries, 4);
  const uint64_t n = le(v4, format::kOffSlots, 8), table = le(v4, format::kOffTable, 8);
  const uint64_t stats = le(v4, format::kOffStats, 8), data = le(v4, format::kOffData, 8);
  std::vector<uint8_t> out(v4.begin(), v4.begin() + std::ptrdiff_t(data));
  for (int side = 0; side < 2; ++side)
    for (uint64_t b = 0; b < blocks; ++b) {
      const size_t ref = size_t(table + (uint64_t(side) * blocks + b) * format::kRefSize);
      const auto [offset, size] = block_location(v4, side, b);
      if (size == 0) continue;  // a constant block: its value stands in the entry
      const uint64_t count = std::min(entries, n - b * entries);
      std::vector<uint8_t> packed((count + 1) / 2), codes(count);
      REQUIRE(ZSTD_decompress(packed.data(), packed.size(), &v4[offset], size) == packed.size());
      for (uint64_t i = 0; i < count; ++i) codes[i] = packed[i / 2] >> 4 * (i % 2) & 0xf;
      std::vector<uint8_t> z(ZSTD_compressBound(count));
      z.resize(ZSTD_compress(z.data(), z.size(), codes.data(), count, 3));
      format::put64(&out[ref], out.size());
      format::put32(&out[ref + 8], uint32_t(z.size()));
      format::put64(&out[ref + 16], format::block_checksum(z.data(), z.size()));
      out.insert(out.end(), z.begin(), z.end());
    }
  format::put32(&out[format::kOffVersion], 3);
  format::put64(&out[format::kOffFileSize], out.size() + format::kTrailerSize);
  format::put64(&out[format::kOffMetaChecksum],
                format::meta_checksum(out.data(), &out[table], stats - table,
                                      reinterpret_cast<const char*>(&out[stats]), data - stats));
  out.resize(out.size() + format::kTrailerSize);
  format::put64(&out[out.size() - format::kTrailerSize],
                XXH64(out.data(), out.size() - format::kTrailerSize, 0));
  write_bytes(path, out);
}

TEST_CASE("A format 3 WDL file, a code a byte, reads as it did", "[format]") {
  TempDir tmp;
  const Table t = make_table(TableKind::Wdl, 5001, 1024);
  const std::string path = tmp.file("KRKCAABB.xqw");
  write(path, t);
  rewrite_as_format_3(path);
  REQUIRE(le(read_bytes(path), format::kOffVersion, 4) == 3);
  check_round_trip(path, t);  // get, read and verify_all, the file checksum included
  std::vector<uint8_t> b = read_bytes(path);
  format::put32(&b[format::kOffVersion], 2);
  write_bytes(path, b);
  CHECK_THROWS_WITH(TableFile::open(path), Contains("unsupported format version 2 (this reader "
                                                    "reads 3 to 4)"));
}

TEST_CASE("Corruption and truncation are detected", "[format]") {
  TempDir tmp;
  Table t = make_table(TableKind::Wdl, 100000, 4096);
  const std::string good = tmp.file("good.xqw"), path = tmp.file("KRKCAABB.xqw");
  write(good, t);
  const auto bytes = read_bytes(good);
  auto open_error = [&](const std::vector<uint8_t>& content) {
    write_bytes(path, content);
    try {
      TableFile::open(path);
    } catch (const TableError& e) {
      CHECK_THAT(e.what(), Contains(path));
      return std::string(e.what());
    }
    return std::string("(opened)");
  };

  SECTION("flipped byte in the header") {
    for (size_t at : {size_t(0), size_t(9), size_t(17), size_t(25), size_t(50), size_t(57),
                      size_t(66), size_t(100), size_t(113), size_t(121)}) {
      auto b = bytes;
      b[at] ^= 0x10;
      INFO("byte " << at);
      CHECK(open_error(b) != "(opened)");
    }
  }
  SECTION("flipped byte in the offset table or the stats") {
    for (size_t at : {size_t(128), size_t(128 + 24 * 7 + 9), size_t(128 + 24 * 49 + 20),
                      size_t(128 + 2 * 25 * 24 + 3)}) {
      auto b = bytes;
      b[at] ^= 0x01;
      INFO("byte " << at);
      CHECK_THAT(open_error(b), Contains("checksum mismatch"));
    }
  }
  SECTION("flipped byte in a block: get() of that block and verify_all() fail") {
    const auto [offset, size] = block_location(bytes, 1, 7);
    REQUIRE(size > 0);
    auto b = bytes;
    b[offset + size / 2] ^= 0x40;
    write_bytes(path, b);
    auto f = TableFile::open(path);
    CHECK_NOTHROW(f->get(1, 6 * 4096));
    CHECK_NOTHROW(f->get(0, 7 * 4096));
    CHECK_THROWS_WITH(f->get(1, 7 * 4096 + 5),
                      Contains(path) && Contains("side 1 block 7") && Contains("checksum"));
    CHECK_THROWS_AS(f->verify_all(), TableError);
  }
  SECTION("flipped byte in the trailer: only verify_all() notices") {
    auto b = bytes;
    b.at(b.size() - 1) ^= 0x01;  // at(): GCC 12 -O3 warns of back() here (-Warray-bounds)
    write_bytes(path, b);
    auto f = TableFile::open(path);
    const auto intact = TableFile::open(good);
    for (uint64_t slot : {uint64_t(0), uint64_t(12345), uint64_t(99999)})
      CHECK(f->get(0, slot) == intact->get(0, slot));
    CHECK_THROWS_WITH(f->verify_all(), Contains(path) && Contains("file checksum"));
  }
  SECTION("truncated file") {
    for (size_t keep : {bytes.size() - 1, bytes.size() / 2, size_t(130), size_t(100), size_t(0)}) {
      INFO("kept " << keep << " bytes");
      CHECK_THAT(open_error({bytes.begin(), bytes.begin() + long(keep)}), Contains("truncated"));
    }
  }
  SECTION("trailing bytes") {
    auto b = bytes;
    b.push_back(0);
    CHECK_THAT(open_error(b), Contains("header says"));
  }
  SECTION("wrong magic") {
    auto b = bytes;
    b[3] = 'X';
    CHECK_THAT(open_error(b), Contains("magic"));
  }
  SECTION("missing file") {
    CHECK_THROWS_WITH(TableFile::open(tmp.file("none.xqw")), Contains("none.xqw"));
  }
  SECTION("file renamed to another material or kind") {
    write_bytes(tmp.file("KRKN.xqw"), bytes);
    CHECK_THROWS_WITH(TableFile::open(tmp.file("KRKN.xqw"), "KRKN", TableKind::Wdl),
                      Contains("KRKN.xqw") && Contains("KRKCAABB"));
    write_bytes(tmp.file("KRKCAABB.xqd"), bytes);
    CHECK_THROWS_WITH(TableFile::open(tmp.file("KRKCAABB.xqd"), "KRKCAABB", TableKind::Dtm),
                      Contains("expected DTM"));
    CHECK_THROWS_WITH(TableFile::open(tmp.file("KRKCAABB.xqd"), "KRKCAABB", TableKind::Dtc),
                      Contains("holds a WDL table, expected DTC"));
    CHECK_NOTHROW(TableFile::open(good, "KRKCAABB", TableKind::Wdl));
  }
}

TEST_CASE("Concurrent get() through a small shared cache agrees with single-threaded reads",
          "[format]") {
  TempDir tmp;
  Table wdl = make_table(TableKind::Wdl, 300000, 1024);
  Table dtm = make_table(TableKind::Dtm, 300000, 1024);
  write(tmp.file("KRKCAABB.xqw"), wdl, 2);
  write(tmp.file("KRKCAABB.xqd"), dtm, 2);
  // 16 KiB: a few blocks only, so the readers keep evicting each other's blocks.
  auto cache = std::make_shared<BlockCache>(16 * 1024);
  auto fw = TableFile::open(tmp.file("KRKCAABB.xqw"), cache);
  auto fd = TableFile::open(tmp.file("KRKCAABB.xqd"), cache);
  std::array<std::vector<uint32_t>, 2> reference;
  for (int side = 0; side < 2; ++side)
    for (uint64_t i = 0; i < 300000; ++i)
      reference[side].push_back(fw->get(side, i) << 16 | fd->get(side, i));

  std::vector<std::thread> threads;
  std::vector<uint64_t> errors(8);
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      std::mt19937_64 rng(t);
      uint64_t base = 0;
      for (int k = 0; k < 40000; ++k) {
        // A window of 2 blocks that moves now and then: mostly hits, some misses and evictions.
        if (k % 500 == 0) base = rng() % (300000 - 2048);
        const int side = int(rng() & 1);
        const uint64_t slot = base + rng() % 2048;
        if ((fw->get(side, slot) << 16 | fd->get(side, slot)) != reference[side][slot]) ++errors[t];
      }
    });
  for (auto& th : threads) th.join();
  for (int t = 0; t < 8; ++t) CHECK(errors[t] == 0);
  CHECK(cache->used_bytes() <= cache->capacity());
  CHECK(cache->hits() > 0);
  CHECK(cache->misses() > 0);
  fw.reset();
  fd.reset();
  CHECK(cache->used_bytes() == 0);  // closing a file drops its blocks
}

TEST_CASE("Blocks larger than the cache are decoded on every get()", "[format]") {
  TempDir tmp;
  Table t = make_table(TableKind::Dtm, 50000);
  write(tmp.file("KRKCAABB.xqd"), t);
  auto cache = std::make_shared<BlockCache>(1024);
  auto f = TableFile::open(tmp.file("KRKCAABB.xqd"), cache);
  for (uint64_t i = 0; i < 50000; i += 97)
    if (!t.sides[1].dont_care[i]) REQUIRE(f->get(1, i) == t.sides[1].dtm[i]);
  CHECK(cache->used_bytes() == 0);
}

TEST_CASE("Distance blocks below 256 are cached a byte an entry, WDL blocks as stored",
          "[format]") {
  TempDir tmp;
  // Four DTM blocks of 1,024 entries: the even ones below 256, the odd ones with larger values.
  Table t = make_table(TableKind::Dtm, 4096, 1024);
  for (auto& s : t.sides)
    for (uint64_t i = 0; i < 4096; ++i) {
      s.dont_care[i] = 0;
      s.dtm[i] = uint16_t(i / 1024 % 2 ? 250 + i % 300 : i % 256);
    }
  write(tmp.file("KRKCAABB.xqd"), t);
  auto cache = std::make_shared<BlockCache>(1 << 20);
  auto f = TableFile::open(tmp.file("KRKCAABB.xqd"), cache);
  const auto cached_bytes_after = [&](int side, uint64_t block) {
    const size_t before = cache->used_bytes();
    for (uint64_t i = block * 1024; i < (block + 1) * 1024; ++i)
      REQUIRE(f->get(side, i) == t.sides[side].dtm[i]);  // a miss, then hits
    return cache->used_bytes() - before;
  };
  CHECK(cached_bytes_after(0, 0) == 1024 + BlockCache::kEntryOverhead);
  CHECK(cached_bytes_after(0, 1) == 2048 + BlockCache::kEntryOverhead);
  CHECK(cached_bytes_after(1, 2) == 1024 + BlockCache::kEntryOverhead);
  CHECK(cached_bytes_after(1, 3) == 2048 + BlockCache::kEntryOverhead);
  CHECK(cache->misses() == 4);

  Table w = make_table(TableKind::Wdl, 4096, 1024);  // 1,024 codes in 512 bytes
  write(tmp.file("KRKCAABB.xqw"), w);
  auto g = TableFile::open(tmp.file("KRKCAABB.xqw"), cache);
  const size_t before = cache->used_bytes();
  for (uint64_t i = 0; i < 1024; ++i)
    if (!w.sides[0].dont_care[i]) REQUIRE(g->get(0, i) == w.sides[0].wdl[i]);
  CHECK(cache->used_bytes() - before == 512 + BlockCache::kEntryOverhead);
}
