// FEN parsing and legality errors, check queries and make/unmake.
#include <catch2/catch.hpp>
#include <random>

#include "core/position.hpp"
#include "core/random_position.hpp"

using namespace xq;

namespace {
std::string error_of(const std::string& fen) {
  try {
    Position::from_fen(fen);
  } catch (const FenError& e) {
    return e.what();
  }
  return {};
}
}  // namespace

TEST_CASE("FEN round trip and aliases", "[position]") {
  const std::string start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
  CHECK(Position::from_fen(start).fen() == start);
  const Position aliased =
      Position::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r");
  CHECK(aliased.fen() == start);
  CHECK(Position::from_fen("4k4/9/9/9/9/9/9/9/4R4/4K4 b 5 40").side_to_move() == Black);
}

TEST_CASE("malformed FEN is rejected with the reason", "[position]") {
  CHECK_THAT(error_of("4k4/9/9/9/9/9/9/9/4R4/4K4"), Catch::Contains("missing side to move"));
  CHECK_THAT(error_of("4k4/9/9/9/9/9/9/9/4R4 w"), Catch::Contains("10 ranks"));
  CHECK_THAT(error_of("4k5/9/9/9/9/9/9/9/4R4/4K4 w"), Catch::Contains("longer than 9"));
  CHECK_THAT(error_of("4k3/9/9/9/9/9/9/9/4R4/4K4 w"), Catch::Contains("has 8 files"));
  CHECK_THAT(error_of("4x4/9/9/9/9/9/9/9/4R4/4K4 w"), Catch::Contains("character 2"));
  CHECK_THAT(error_of("\xef\xbc\x93k5/9/9/9/9/9/9/9/4R4/4K4 w"),  // a full-width digit
             Catch::Contains("character 1: non-ASCII character"));
  CHECK_THAT(error_of("4k4/9/9/9/9/9/9/9/4R4/4K4 x"), Catch::Contains("side to move"));
  CHECK_THAT(error_of(""), Catch::Contains("bad FEN"));
  CHECK_THAT(error_of("3k5/9/9/9/9/9/9/9/4R4/4K4 w foo"), Catch::Contains("unexpected 'foo'"));
  CHECK_THAT(error_of("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - x 1"), Catch::Contains("unexpected 'x'"));
  CHECK_THAT(error_of("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1 9"),
             Catch::Contains("after the move counters"));
  // The optional fields engines write, and surrounding white space, are accepted.
  CHECK(error_of("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1").empty());
  CHECK(error_of("3k5/9/9/9/9/9/9/9/4R4/4K4 w - -").empty());
  CHECK(error_of("  3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 12 40 \r\n").empty());
}

TEST_CASE("illegal positions are rejected with the reason", "[position]") {
  CHECK_THAT(error_of("4k4/9/9/9/9/9/9/9/4R4/9 w"), Catch::Contains("Red has no king"));
  CHECK_THAT(error_of("4k4/9/9/9/9/9/9/9/9/4K4 w"), Catch::Contains("face each other"));
  CHECK_THAT(error_of("3k5/9/9/9/9/9/9/9/9/3RK4 w"),
             Catch::Contains("Black (not to move) is in check"));
  CHECK_THAT(error_of("3k5/9/9/9/9/9/9/4A4/9/4K4 w"), Catch::Contains("advisor on e2"));
  CHECK_THAT(error_of("3k5/9/9/9/9/9/9/1B7/9/4K4 w"), Catch::Contains("elephant on b2"));
  CHECK_THAT(error_of("3k5/9/9/9/9/9/1P7/9/9/4K4 w"), Catch::Contains("pawn on b3"));
  CHECK_THAT(error_of("3k5/9/9/9/9/9/9/9/9/K8 w"), Catch::Contains("king on a0"));
  CHECK_THAT(error_of("3k5/9/9/9/9/9/9/9/RRR6/4K4 w"), Catch::Contains("more than 2 rooks"));
  CHECK_THAT(error_of("3k1k3/9/9/9/9/9/9/9/9/4K4 w"), Catch::Contains("more than 1 king"));
  CHECK(error_of("3k5/9/9/9/9/9/9/9/9/3RK4 b").empty());  // checked side is to move: legal
}

TEST_CASE("each kind's count is refused above its most, never at it", "[position]") {
  // Red's pieces on rank 4 and above, where pawns, horses, rooks and cannons may stand; the
  // advisors and elephants on their own points.
  CHECK(error_of("3k5/9/9/9/PPPPP4/NN7/RR7/CC7/4A4/2B1KAB2 w").empty());  // each at its most
  CHECK_THAT(error_of("3k5/9/9/9/PPPPP1P2/9/9/9/9/4K4 w"), Catch::Contains("more than 5 pawns"));
  CHECK_THAT(error_of("3k5/9/9/9/9/NNN6/9/9/9/4K4 w"), Catch::Contains("more than 2 horses"));
  CHECK_THAT(error_of("3k5/9/9/9/9/9/9/CCC6/9/4K4 w"), Catch::Contains("more than 2 cannons"));
  CHECK_THAT(error_of("3k5/9/9/9/9/9/9/9/4A4/3AKA3 w"), Catch::Contains("more than 2 advisors"));
  CHECK_THAT(error_of("3k5/9/9/9/9/2B6/9/9/9/2B1K1B2 w"), Catch::Contains("more than 2 elephants"));
  // Black's counts too.
  CHECK_THAT(error_of("3k5/9/9/9/9/9/9/ppppp1p2/9/4K4 w"),
             Catch::Contains("Black has more than 5"));
}

TEST_CASE("raw parse keeps an illegal position for display", "[position]") {
  const Position p = Position::from_fen_raw("4k4/9/9/9/9/9/9/9/9/4K4 w");
  CHECK(p.kings_facing());
  CHECK_FALSE(p.legality_error().empty());
}

TEST_CASE("checks: rook, cannon with screen, horse leg, flying general", "[position]") {
  CHECK(Position::from_fen_raw("4k4/9/9/9/9/9/9/9/4R4/3K5 b").in_check(Black));
  CHECK_FALSE(Position::from_fen_raw("4k4/9/9/9/9/9/9/9/4C4/3K5 b").in_check(Black));
  CHECK(Position::from_fen_raw("4k4/9/9/9/4P4/9/9/9/4C4/3K5 b").in_check(Black));
  CHECK(Position::from_fen_raw("4k4/9/3N5/9/9/9/9/9/9/3K5 b").in_check(Black));
  CHECK_FALSE(Position::from_fen_raw("4k4/3P5/3N5/9/9/9/9/9/9/3K5 b").in_check(Black));
  CHECK(Position::from_fen_raw("3k5/9/9/9/9/9/9/9/9/3K5 b").in_check(Black));
  // A king may not step onto the open file of the other king.
  const Position p = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w");
  CHECK_FALSE(p.is_legal_move({uint8_t(make_square(4, 0)), uint8_t(make_square(3, 0))}));
}

TEST_CASE("stalemate and checkmate have no legal moves", "[position]") {
  // Red rook on the back rank with the king covering the file: mate.
  const Position mate = Position::from_fen("3k5/9/4R4/9/9/9/9/9/9/3RK4 b");
  CHECK(mate.in_check(Black));
  CHECK(mate.legal_moves().size == 0);
  // The rook holds d8, the red king's open file e9: stalemate (困毙), not in check.
  const Position stalemate = Position::from_fen("3k5/R8/9/9/9/9/9/9/9/4K4 b");
  CHECK_FALSE(stalemate.in_check(Black));
  CHECK(stalemate.legal_moves().size == 0);
  // Red to move on the same board has moves.
  CHECK(Position::from_fen("3k5/R8/9/9/9/9/9/9/9/4K4 w").legal_moves().size > 0);
}

TEST_CASE("make and unmake restore the position", "[position]") {
  Position p =
      Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
  const Position before = p;
  REQUIRE(before.legal_moves().size == 44);
  for (Move m : before.legal_moves()) {
    const Piece cap = p.make(m);
    CHECK(p.side_to_move() == Black);
    p.unmake(m, cap);
    CHECK(p == before);
  }
}

TEST_CASE("quiet_move_count equals the number of legal non-capturing moves", "[position]") {
  std::mt19937_64 rng(11);
  uint64_t in_check = 0, danger = 0, pinned = 0;
  // Cannons and rooks on both sides make screens, pins and checks common.
  for (const char* letters :
       {"KRkaabbc", "KCCkaabbr", "KRCkcc", "KCNPkrcaa", "KAABBkaabbcc", "KRRkccn", "KNNCkrr"}) {
    INFO(letters);
    for (int i = 0; i < 4000; ++i) {
      const Position pos = random_position(letters, i % 2 ? Black : Red, rng);
      const Position::KingSafety safety = pos.king_safety(pos.side_to_move());
      int legal_quiet = 0;
      for (const Move m : pos.legal_moves()) legal_quiet += !pos.is_capture(m);
      INFO(pos.fen());
      REQUIRE(pos.quiet_move_count(safety) == legal_quiet);
      in_check += safety.check;
      danger += !safety.danger.empty();
      for (const Square s : pos.occupied(pos.side_to_move())) pinned += safety.lines.test(s);
    }
  }
  // The cases the count treats apart all occur.
  CHECK(in_check > 1000);
  CHECK(danger > 1000);
  CHECK(pinned > 1000);
}

TEST_CASE("king_safety and king_step_attacked agree with in_check, surely_legal moves are legal",
          "[position]") {
  std::mt19937_64 rng(7);
  uint64_t sure = 0, steps = 0;
  for (const char* letters : {"KRkaabbc", "KNPkaabbr", "KCCPPkaan", "KRNkcpp", "KAABBkaabbr"}) {
    INFO(letters);
    for (int i = 0; i < 3000; ++i) {
      Position pos = random_position(letters, i % 2 ? Black : Red, rng);
      for (const Color c : {Red, Black}) REQUIRE(pos.king_safety(c).check == pos.in_check(c));
      const Color us = pos.side_to_move();
      const Position::KingSafety safety = pos.king_safety(us);
      MoveList moves;
      pos.pseudo_moves(moves);
      for (const Move m : moves) {
        if (m.from == pos.king_square(us)) {  // the step test without make agrees with make
          const bool attacked = pos.king_step_attacked(m.to);
          const Piece cap = pos.make(m);
          REQUIRE(attacked == pos.in_check(us));
          pos.unmake(m, cap);
          ++steps;
        }
        if (!pos.surely_legal(m, safety)) continue;
        ++sure;
        const Piece cap = pos.make(m);
        if (pos.in_check(us)) FAIL(pos.fen() << " after a surely legal move");
        pos.unmake(m, cap);
      }
    }
  }
  CHECK(sure > 100000);
  CHECK(steps > 10000);
  // Facing kings count as check; a screen between them does not.
  CHECK(Position::from_fen_raw("4k4/9/9/9/9/9/9/9/9/4K4 w").king_safety(Red).check);
  CHECK_FALSE(Position::from_fen_raw("4k4/9/9/9/4p4/9/9/9/9/4K4 w").king_safety(Red).check);
}

TEST_CASE("legality and check tests see the board after a move without making it", "[position]") {
  std::mt19937_64 rng(23);
  uint64_t illegal = 0, checks = 0, discovered = 0;
  // Pins, cannon screens, horse legs, pawns and facing kings on both sides.
  for (const char* letters : {"KRkaabbc", "KCCPkaabbn", "KRNkccp", "KNNPPkrc", "KRCkrcaa"}) {
    INFO(letters);
    for (int i = 0; i < 3000; ++i) {
      Position pos = random_position(letters, i % 2 ? Black : Red, rng);
      const Position before = pos;
      const Color us = pos.side_to_move();
      const Position::KingSafety safety = pos.king_safety(us);
      MoveList moves;
      pos.pseudo_moves(moves);
      for (const Move m : moves) {
        INFO(pos.fen() << " " << int(m.from) << "-" << int(m.to));
        const bool legal = pos.pseudo_move_legal(m, safety);
        const bool check = legal && pos.gives_check(m);
        const Position next = legal ? pos.after(m) : pos;
        REQUIRE(pos == before);  // the queries are read-only
        const Piece cap = pos.make(m);
        REQUIRE(legal == !pos.in_check(us));
        if (legal) {
          REQUIRE(check == pos.in_check(~us));
          REQUIRE(next == pos);
        }
        pos.unmake(m, cap);
        illegal += !legal;
        checks += check;
        // A king, advisor or elephant attacks no king: its checks are discovered ones.
        const PieceType t = type_of(before.at(m.from));
        discovered += check && (t == King || t == Advisor || t == Elephant);
      }
    }
  }
  // Both answers of both tests occur often, discovered checks included.
  CHECK(illegal > 10000);
  CHECK(checks > 10000);
  CHECK(discovered > 20);
}
