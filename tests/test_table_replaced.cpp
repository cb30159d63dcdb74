// A table file replaced or truncated while a probing process has it open (issue 37): the
// reader keeps the file it opened or fails with a TableError, never a crash, and a new
// Tablebase sees the new file.
#include <catch2/catch.hpp>
#include <filesystem>
#include <optional>
#include <vector>

#include "core/position.hpp"
#include "core/table_file.hpp"
#include "probe/tablebase.hpp"
#include "support/table_dir.hpp"

namespace fs = std::filesystem;
using namespace xq;

namespace {

// Every legal KRKN position with the kings on d9 and e0 and Red to move: slots across the file.
std::vector<Position> krkn_positions() {
  std::vector<Position> out;
  for (int rook = 0; rook < kSquares; ++rook)
    for (int horse = 0; horse < kSquares; ++horse) {
      if (rook == horse) continue;
      Position p = Position::from_fen_raw("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
      if (p.at(Square(rook)) != kNoPiece || p.at(Square(horse)) != kNoPiece) continue;
      p.put(Square(rook), make_piece(Red, Rook));
      p.put(Square(horse), make_piece(Black, Horse));
      if (p.legality_error().empty()) out.push_back(p);
    }
  return out;
}

void copy_tables(const fs::path& from, const fs::path& to) {
  for (const auto& f : fs::directory_iterator(from))
    fs::copy_file(f.path(), to / f.path().filename());
}

}  // namespace

TEST_CASE("a table replaced while mapped keeps its mapping, a new open sees the new file",
          "[probe]") {
  const test::TempDir dir("replaced");
  copy_tables(test::small_tables(), dir.path);
  const std::vector<Position> positions = krkn_positions();
  REQUIRE(positions.size() > 1000);
  const Tablebase tb({dir.str()});
  const std::optional<ProbeResult> before = tb.probe(positions[0]);
  REQUIRE(before);

  // Replaced the way gen writes (a new file renamed over the old), by another material's table.
  const fs::path wdl = dir.path / "KRKN.xqw";
  fs::copy_file(dir.path / "KRKAA.xqw", dir.path / "new");
  fs::rename(dir.path / "new", wdl);
  for (const Position& p : positions) {
    const std::optional<ProbeResult> r = tb.probe(p);  // the old file, still open: intact
    REQUIRE(r);
  }
  CHECK(tb.probe(positions[0])->wdl == before->wdl);
  const Tablebase fresh({dir.str()});
  int refused = 0;
  for (const Position& p : positions) {
    try {
      fresh.probe_wdl(p);
    } catch (const TableError& e) {
      CHECK_THAT(e.what(), Catch::Contains("KRKN.xqw") && Catch::Contains("KRKAA"));
      ++refused;
    }
  }
  CHECK(refused == int(positions.size()));
}

// A file truncated or rewritten in place (not the way gen writes) under a reader: blocks are
// read with pread, so a block not cached fails with a TableError naming the file instead of
// SIGBUS, and a new open sees the new file. No block cache (smaller than a block): every probe
// reads the file.
TEST_CASE("a table truncated in place while open fails with an error, a new open sees the new file",
          "[probe][sigbus]") {
  const test::TempDir dir("truncated");
  copy_tables(test::small_tables(), dir.path);
  const std::vector<Position> positions = krkn_positions();
  const Tablebase tb({dir.str()}, 1024);
  std::vector<ProbeResult> before;
  for (const Position& p : positions) before.push_back(tb.probe(p).value());

  for (const char* ext : {".xqw", ".xqd", ".xqc"})
    fs::resize_file(dir.path / ("KRKN" + std::string(ext)), 0);
  int refused = 0;
  for (size_t i = 0; i < positions.size(); ++i) {
    try {
      const std::optional<ProbeResult> r = tb.probe(positions[i]);  // a constant block: no read
      REQUIRE(r);
      CHECK(r->wdl == before[i].wdl);
      CHECK(r->distance == before[i].distance);
    } catch (const TableError& e) {
      CHECK_THAT(e.what(),
                 Catch::Contains("KRKN.xq") && Catch::Contains("truncated since it was opened"));
      ++refused;
    }
  }
  CHECK(refused > int(positions.size()) / 2);
  // A new open sees the empty file.
  CHECK_THROWS_WITH(Tablebase({dir.str()}).probe(positions[0]),
                    Catch::Contains("KRKN.xq") && Catch::Contains("too small for a table"));

  // Rewritten in place with another material's table: the reader refuses the blocks it reads
  // (their checksums, or the file's new end), a new open names what the file holds now.
  fs::copy_file(dir.path / "KRKAA.xqw", dir.path / "KRKN.xqw",
                fs::copy_options::overwrite_existing);
  for (size_t i = 0; i < positions.size(); ++i) {
    try {
      const std::optional<Wdl> wdl = tb.probe_wdl(positions[i]);
      CHECK(wdl == before[i].wdl);
    } catch (const TableError& e) {
      CHECK_THAT(e.what(), Catch::Contains("KRKN.xqw"));
    }
  }
  CHECK_THROWS_WITH(Tablebase({dir.str()}).probe_wdl(positions[0]),
                    Catch::Contains("KRKN.xqw") && Catch::Contains("holds material KRKAA"));

  // The intact files back in place: a new open reads them, every value as before.
  for (const char* ext : {".xqw", ".xqd", ".xqc"})
    fs::copy_file(fs::path(test::small_tables()) / ("KRKN" + std::string(ext)),
                  dir.path / ("KRKN" + std::string(ext)), fs::copy_options::overwrite_existing);
  const Tablebase fresh({dir.str()}, 1024);
  for (size_t i = 0; i < positions.size(); ++i) {
    const std::optional<ProbeResult> r = fresh.probe(positions[i]);
    REQUIRE(r);
    CHECK(r->wdl == before[i].wdl);
    CHECK(r->distance == before[i].distance);
  }
}
