// Damaged table files seen through the probe API: each kind of damage (docs/format.md layout)
// makes probe / probe_wdl throw a TableError naming the file, on every call, instead of
// answering or crashing.
#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "core/index.hpp"
#include "probe/tablebase.hpp"
#include "support/table_dir.hpp"

using namespace xq;
using Catch::Matchers::StartsWith;
namespace fs = std::filesystem;
using xq::test::read_bytes;
using xq::test::write_bytes;

namespace {

uint64_t le(const std::string& b, size_t at, int bytes) {
  uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = v << 8 | uint8_t(b.at(at + size_t(i)));
  return v;
}

// Header fields and offset table layout used below (docs/format.md).
constexpr size_t kOffBlockEntries = 56, kOffBlocks = 64, kTable = 128, kRefSize = 24;

// KRKN's pair copied from the shared tables into a fresh directory, to be damaged.
struct Damaged {
  test::TempDir dir{"corrupt"};
  fs::path wdl = dir.path / "KRKN.xqw", dtm = dir.path / "KRKN.xqd";
  Damaged() {
    const fs::path good = test::small_tables();
    fs::copy_file(good / "KRKN.xqw", wdl);
    fs::copy_file(good / "KRKN.xqd", dtm);
  }
};

// "" when the call returned; the message of the TableError it threw; or a note naming another
// exception type (which does not start with the file's path, so the checks below fail).
template <class F>
std::string error_of(F&& probe) {
  try {
    probe();
    return "";
  } catch (const TableError& e) {
    return e.what();
  } catch (const std::exception& e) {
    return std::string("not a TableError: ") + e.what();
  }
}

// The first legal KRKN position stored at a slot in [first, last) of `side` whose value
// satisfies want (read from the intact tables).
template <class Want>
Position krkn_position(const Tablebase& good, int side, uint64_t first, uint64_t last,
                       Want&& want) {
  const Index index(Material::parse("KRKN"));
  Position pos;
  for (uint64_t slot = first; slot < std::min(index.size(), last); ++slot) {
    if (!index.decode(slot, pos)) continue;
    pos.set_side_to_move(Color(side));
    if (pos.legality_error().empty() && want(*good.probe_wdl(pos))) return pos;
  }
  FAIL("no such KRKN position for side " << side << " in slots " << first << ".." << last);
  return pos;
}

// A legal position stored in a block (block_entries per block); a decided one (its distance
// is read) when decided is set.
Position in_block(const Tablebase& good, int side, uint64_t block, uint64_t block_entries,
                  bool decided) {
  return krkn_position(good, side, block * block_entries, (block + 1) * block_entries,
                       [&](Wdl w) { return !decided || w != Wdl::Draw; });
}

Position a_draw(const Tablebase& good) {
  return krkn_position(good, 1, 0, UINT64_MAX, [](Wdl w) { return w == Wdl::Draw; });
}
Position a_win(const Tablebase& good) {
  return krkn_position(good, 0, 0, UINT64_MAX, [](Wdl w) { return w == Wdl::Win; });
}

// Both probe calls on pos throw a TableError naming `file`, twice in a row (a failed open is
// not cached as a success). dtm_damage: the damage is in the DTM file, which probe_wdl never
// reads.
void check_refused(const fs::path& dir, const fs::path& file, const Position& pos,
                   bool dtm_damage = false) {
  const Tablebase tb({dir.string()});
  const std::string path = file.string();
  for (int round = 0; round < 2; ++round) {
    CHECK_THAT(error_of([&] { tb.probe(pos); }), StartsWith(path + ": "));
    if (!dtm_damage) CHECK_THAT(error_of([&] { tb.probe_wdl(pos); }), StartsWith(path + ": "));
  }
}

}  // namespace

// One test case, so that the tables are generated once for all its sections.
TEST_CASE("damaged table files are refused through the probe", "[probe]") {
  const Tablebase good({test::small_tables()});
  const Position draw = a_draw(good), win = a_win(good);

  SECTION("a flipped header byte") {
    // Bytes 0 and 4 are in the magic, the others in each header field.
    for (size_t at : {0,  4,  8,  12, 16, 20, 24, 27,  40,  44,  48,
                      56, 60, 64, 72, 80, 88, 96, 104, 112, 120, 127}) {
      for (bool dtm : {false, true}) {
        INFO("byte " << at << (dtm ? " of the DTM file" : " of the WDL file"));
        Damaged d;
        const fs::path& file = dtm ? d.dtm : d.wdl;
        std::string bytes = read_bytes(file);
        bytes[at] = char(bytes[at] ^ 0x10);
        write_bytes(file, bytes);
        // A draw needs no distance, yet probe() refuses a damaged DTM file for it too.
        check_refused(d.dir.path, file, draw, dtm);
        check_refused(d.dir.path, file, win, dtm);
      }
    }
  }

  SECTION("a flipped byte in the block offset table") {
    for (bool dtm : {false, true}) {
      Damaged d;
      const fs::path& file = dtm ? d.dtm : d.wdl;
      const std::string intact = read_bytes(file);
      const uint64_t blocks = le(intact, kOffBlocks, 8);
      REQUIRE(blocks >= 2);
      // Offset, size, constant value and checksum fields of a first, a middle and a last entry.
      for (uint64_t entry : {uint64_t(0), blocks, 2 * blocks - 1})
        for (size_t field : {0, 3, 8, 12, 16, 23}) {
          INFO((dtm ? "DTM" : "WDL") << " entry " << entry << " byte " << field);
          std::string bytes = intact;
          bytes[kTable + entry * kRefSize + field] ^= 0x01;
          write_bytes(file, bytes);
          check_refused(d.dir.path, file, win, dtm);
        }
    }
  }

  SECTION("a flipped byte in a compressed block, for that block only") {
    for (bool dtm : {false, true}) {
      Damaged d;
      const fs::path& file = dtm ? d.dtm : d.wdl;
      std::string bytes = read_bytes(file);
      const uint64_t blocks = le(bytes, kOffBlocks, 8), entries = le(bytes, kOffBlockEntries, 4);
      // Two compressed (non-constant) blocks: damage the first, read the second.
      std::vector<std::pair<int, uint64_t>> compressed;  // (side, block)
      for (uint64_t e = 0; e < 2 * blocks && compressed.size() < 2; ++e)
        if (le(bytes, kTable + e * kRefSize + 8, 4) != 0)
          compressed.push_back({int(e / blocks), e % blocks});
      REQUIRE(compressed.size() == 2);
      const auto [side, block] = compressed[0];
      const uint64_t ref = kTable + (side * blocks + block) * kRefSize;
      bytes[le(bytes, ref, 8) + le(bytes, ref + 8, 4) / 2] ^= 0x04;
      write_bytes(file, bytes);
      INFO((dtm ? "DTM" : "WDL") << " side " << side << " block " << block);
      check_refused(d.dir.path, file, in_block(good, side, block, entries, dtm), dtm);
      // Intact blocks still read right: the damage is found where it is, not guessed at.
      const Position intact =
          in_block(good, compressed[1].first, compressed[1].second, entries, dtm);
      const Tablebase tb({d.dir.str()});
      const auto r = tb.probe(intact);
      REQUIRE(r.has_value());
      CHECK(r->wdl == good.probe(intact)->wdl);
      CHECK(r->distance == good.probe(intact)->distance);
    }
  }

  SECTION("a truncated table file") {
    for (bool dtm : {false, true})
      for (int keep : {-1, -8, 2, 0}) {  // < 0: bytes cut off the end; else 64-byte units kept
        INFO((dtm ? "DTM" : "WDL") << " keep " << keep);
        Damaged d;
        const fs::path& file = dtm ? d.dtm : d.wdl;
        const std::string bytes = read_bytes(file);
        write_bytes(file, bytes.substr(0, keep < 0 ? bytes.size() + keep : size_t(keep) * 64));
        check_refused(d.dir.path, file, win, dtm);
      }
  }

  SECTION("a file of another material renamed to this one's name") {
    for (bool dtm : {false, true}) {
      Damaged d;
      const fs::path& file = dtm ? d.dtm : d.wdl;
      fs::copy_file(fs::path(test::small_tables()) / ("KRKA" + file.extension().string()), file,
                    fs::copy_options::overwrite_existing);
      check_refused(d.dir.path, file, win, dtm);
      const Tablebase tb({d.dir.str()});
      CHECK_THAT(error_of([&] { tb.probe(win); }), Catch::Contains("KRKA, expected KRKN"));
    }
  }

  SECTION("a WDL file in the DTM file's place") {
    Damaged d;
    fs::copy_file(d.wdl, d.dtm, fs::copy_options::overwrite_existing);
    check_refused(d.dir.path, d.dtm, win, true);
  }
}
