// Perft asked of Fairy-Stockfish itself, live: random legal positions of several materials, each
// counted by xq::perft and by the engine (UCI: UCI_Variant xiangqi, "position fen", "go perft").
// tests/data/perft.tsv holds counts it gave once; this test asks it again on positions drawn
// now, so that move generation is checked beyond those fixed cases. Its xiangqi FEN is ours:
// the letters KABNRCP and w/b for the side to move. The engine is a test dependency
// (scripts/setup.sh installs it): without it the test fails.
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/position.hpp"
#include "core/random_position.hpp"
#include "support/table_dir.hpp"

using namespace xq;

namespace {

struct Case {
  Position pos;
  int depth;
};

// The engine's node count of every case, in order: one session reading the commands from a
// file (it quits at the end of its input once the last count is printed). Each "go perft"
// waits for the previous one, so the counts come out in the order asked.
std::vector<uint64_t> fairy_counts(const std::string& engine, const std::vector<Case>& cases) {
  const test::TempDir dir("fairy");
  const std::filesystem::path commands = dir.path / "commands.txt";
  {
    std::ofstream out(commands);
    out << "uci\nsetoption name UCI_Variant value xiangqi\n";
    for (const Case& c : cases)
      out << "position fen " << c.pos.fen() << "\ngo perft " << c.depth << "\n";
  }
  const std::string command = "'" + engine + "' < '" + commands.string() + "'";
  const std::unique_ptr<FILE, int (*)(FILE*)> in(popen(command.c_str(), "r"), pclose);
  REQUIRE(in);
  std::vector<uint64_t> counts;
  const std::string prefix = "Nodes searched: ";
  char buffer[4096];
  while (std::fgets(buffer, sizeof buffer, in.get())) {
    const std::string line = buffer;
    if (line.starts_with(prefix)) counts.push_back(std::stoull(line.substr(prefix.size())));
  }
  return counts;
}

}  // namespace

TEST_CASE("perft of random positions matches Fairy-Stockfish asked live", "[perft]") {
  const std::string engine = XQTB_FAIRY_STOCKFISH;
  INFO("Fairy-Stockfish: " << engine << " (installed by scripts/setup.sh)");
  REQUIRE(std::filesystem::exists(engine));

  // Materials of the tables and richer ones, so that every piece kind, screens, pins, checks
  // and crowded palaces occur.
  std::mt19937_64 rng(20261201);
  std::vector<Case> cases;
  for (const char* letters : {"KRkcaabb", "KNPkaabb", "KCCkaa", "KRRkrcaabb", "KRNkraa",
                              "KPPPkaabb", "KNNkab", "KRNCPPkaabbrncpp"})
    for (int i = 0; i < 50; ++i)
      cases.push_back({random_position(letters, i % 2 ? Black : Red, rng), 3});

  const std::vector<uint64_t> want = fairy_counts(engine, cases);
  REQUIRE(want.size() == cases.size());
  uint64_t nodes = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    Position pos = cases[i].pos;
    INFO(pos.fen() << " depth " << cases[i].depth);
    CHECK(perft(pos, cases[i].depth) == want[i]);
    nodes += want[i];
  }
  // The positions are not all trivial: on average well over a thousand leaves each.
  CHECK(nodes > 1000 * cases.size());
}
