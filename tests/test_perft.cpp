// Perft against Fairy-Stockfish counts (tests/data/perft.tsv, copied from shared/cases) and the
// start position. A mismatch here is a release blocker: every table depends on move generation.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "core/position.hpp"

using namespace xq;

TEST_CASE("perft matches Fairy-Stockfish on every shared case", "[perft]") {
  std::ifstream in(XQTB_TEST_DATA "/perft.tsv");
  REQUIRE(in);
  std::string line;
  std::getline(in, line);  // header
  int rows = 0;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string material, fen, depth, nodes;
    std::getline(fields, material, '\t');
    std::getline(fields, fen, '\t');
    std::getline(fields, depth, '\t');
    std::getline(fields, nodes, '\t');
    Position pos = Position::from_fen(fen);
    INFO(material << " " << fen << " depth " << depth);
    CHECK(perft(pos, std::stoi(depth)) == std::stoull(nodes));
    ++rows;
  }
  CHECK(rows == 144);
}

TEST_CASE("perft of the start position to depth 4", "[perft]") {
  Position pos =
      Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
  CHECK(perft(pos, 1) == 44);
  CHECK(perft(pos, 2) == 1920);
  CHECK(perft(pos, 3) == 79666);
  CHECK(perft(pos, 4) == 3290240);
}
