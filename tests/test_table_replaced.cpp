// A table file replaced or truncated while a probing process has it mapped (issue 37): the
// mapping keeps the file it opened or fails with a TableError, never a crash, and a new
// Tablebase sees the new file.
#include <sys/wait.h>
#include <unistd.h>

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
    const std::optional<ProbeResult> r = tb.probe(p);  // the old file, still mapped: intact
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

// Hidden ([.]): fails today. The reader maps the file and reads blocks through the mapping, so a
// file truncated in place under it raises SIGBUS (signal 7) on the next block read: the fix is
// to read blocks with pread (or handle SIGBUS) in core/table_file.cpp. gen never truncates in
// place (it renames a new file over the old), so only a hand-made truncation triggers it.
TEST_CASE("a table truncated in place while mapped fails with an error, no crash",
          "[.][probe][sigbus]") {
  const test::TempDir dir("truncated");
  copy_tables(test::small_tables(), dir.path);
  const std::vector<Position> positions = krkn_positions();
  // In a child: a SIGBUS would end it, and the parent sees how it ended.
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    int code = 0;
    try {
      const Tablebase tb({dir.str()});
      tb.probe(positions[0]);  // maps the file
      fs::resize_file(dir.path / "KRKN.xqw", 0);
      fs::resize_file(dir.path / "KRKN.xqd", 0);
      for (const Position& p : positions) {
        try {
          tb.probe(p);
        } catch (const TableError&) {
        }
      }
    } catch (...) {
      code = 3;
    }
    _exit(code);
  }
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  INFO("child " << (WIFSIGNALED(status) ? "killed by signal " : "exited ")
                << (WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status)));
  CHECK((WIFEXITED(status) && WEXITSTATUS(status) == 0));
}
