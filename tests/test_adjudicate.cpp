// The history adjudicator: the rule-cycle cases of tests/data/rule-cycles.tsv under asian and
// chinese (rulebook verdicts), the check rule set against the perpetual-check rule, which
// cycle is ruled and when its verdict is final, the rulings' text, and bad input.
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/notation.hpp"
#include "rules/adjudicate.hpp"

using namespace xq;

namespace {

struct CycleCase {
  std::string id, fen, moves, asian, chinese, basis;
};

std::vector<CycleCase> rule_cycles() {
  std::ifstream in(XQTB_TEST_DATA "/rule-cycles.tsv");
  REQUIRE(in);
  std::vector<CycleCase> rows;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::stringstream ss(line);
    for (std::string cell; std::getline(ss, cell, '\t');) f.push_back(cell);
    REQUIRE(f.size() == 8);
    rows.push_back({f[0], f[1], f[2], f[3], f[4], f[7]});
  }
  return rows;
}

// Rows whose Chinese verdict xqtb's clauses give otherwise (docs/rules.md "Departures from
// tests/data/rule-cycles.tsv", which names each with its reason): T14 is open in the table;
// in T31 every Black move threatens mate (R3), a perpetual kill.
const std::map<std::string, std::string> kChineseDepartures = {{"T14", "draw"},
                                                               {"T31", "black_loses"}};

// T01: a lone rook checks along ranks 9/8, the king steps f9-f8.
const char* const kT01 = "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1";

std::vector<Move> iccs_moves(const std::string& text) {
  std::vector<Move> out;
  for (const std::string& t : move_texts(text)) out.push_back(parse_iccs(t));
  return out;
}

}  // namespace

TEST_CASE("every rule cycle gets the rulebook verdict under asian and chinese", "[adjudicate]") {
  const auto rows = rule_cycles();
  REQUIRE(rows.size() == 20);
  for (const CycleCase& row : rows) {
    INFO(row.id << " " << row.fen << " " << row.moves);
    const Adjudication asian = adjudicate(row.fen, row.moves, RuleSet::Asian);
    REQUIRE(asian.repetition);
    CHECK(cycle_verdict_name(asian.verdict) == row.asian);
    const Adjudication chinese = adjudicate(row.fen, row.moves, RuleSet::Chinese);
    REQUIRE(chinese.repetition);
    const auto departure = kChineseDepartures.find(row.id);
    const std::string expected =
        departure != kChineseDepartures.end() ? departure->second : row.chinese;
    if (row.chinese == "open") CHECK(departure != kChineseDepartures.end());
    CHECK(cycle_verdict_name(chinese.verdict) == expected);
    // Both rule sets find the same cycle; a cycle has no capture and an even length.
    CHECK(asian.repetition->first == chinese.repetition->first);
    CHECK(asian.repetition->last == chinese.repetition->last);
    CHECK((asian.repetition->last - asian.repetition->first) % 2 == 0);
    for (const CyclePly& p : asian.cycle) CHECK(p.cls != MoveClass::Capture);
  }
}

TEST_CASE("under check the verdict is the perpetual-check rule's", "[adjudicate]") {
  for (const CycleCase& row : rule_cycles()) {
    INFO(row.id);
    const Adjudication a = adjudicate(row.fen, row.moves, RuleSet::Check);
    REQUIRE(a.repetition);
    // The rule, straight from gives_check over the cycle: a side checking on every move while
    // the other does not loses.
    bool all_check[2] = {true, true};
    Position pos = a.cycle_start;
    for (const CyclePly& p : a.cycle) {
      all_check[pos.side_to_move()] &= pos.gives_check(p.move);
      pos.make(p.move);
    }
    const CycleVerdict expected = all_check[Red] == all_check[Black] ? CycleVerdict::Draw
                                  : all_check[Red]                   ? CycleVerdict::RedLoses
                                                                     : CycleVerdict::BlackLoses;
    CHECK(a.verdict == expected);
  }
  // The rows that are perpetual checks, and a chase that the check rule leaves alone.
  CHECK(adjudicate(kT01, "h8h9 f9f8 h9h8 f8f9", RuleSet::Check).verdict == CycleVerdict::RedLoses);
  CHECK(adjudicate("3akr3/5c3/1P2b4/4R4/9/9/9/9/9/4CK3 w - - 0 1",
                   "e6e7 f8e8 e7f7 e8f8 f7e7 f8e8 e7f7", RuleSet::Check)
            .verdict == CycleVerdict::Draw);
  CHECK(adjudicate("2bakab2/3r5/2n1c2c1/p1R1p1p2/7np/2P2CP2/P2rP3P/2N1C1N2/4A4/2B1KAB1R w - - 0 1",
                   "f4f3 d3d7 f3f7 d7d3 f7f3", RuleSet::Check)
            .verdict == CycleVerdict::Draw);
}

TEST_CASE("the same cycle at its second occurrence (must change) and its third (final)",
          "[adjudicate]") {
  for (const RuleSet rules : {RuleSet::Check, RuleSet::Asian, RuleSet::Chinese}) {
    const Adjudication second = adjudicate(kT01, "h8h9 f9f8 h9h8 f8f9", rules);
    REQUIRE(second.repetition);
    CHECK(second.repetition->first == 0);
    CHECK(second.repetition->last == 4);
    CHECK(second.repetition->occurrences() == 2);
    CHECK_FALSE(second.is_final());
    CHECK(second.verdict == CycleVerdict::RedLoses);
    CHECK(adjudication_reason(second) == "Red checks perpetually; Red must change");
    CHECK(adjudication_reason_chinese(second) == "红方长将，红方须变着");
    // Half a round more: every position still that of one cycle length before, not final.
    const Adjudication more = adjudicate(kT01, "h8h9 f9f8 h9h8 f8f9 h8h9 f9f8", rules);
    CHECK(more.repetition->followed_to == 6);
    CHECK(more.repetition->occurrences() == 2);
    CHECK_FALSE(more.is_final());
    const Adjudication third = adjudicate(kT01, "h8h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9", rules);
    CHECK(third.repetition->last == 4);
    CHECK(third.repetition->followed_to == 8);
    CHECK(third.repetition->occurrences() == 3);
    CHECK(third.is_final());
    CHECK(third.verdict == CycleVerdict::RedLoses);
    CHECK(adjudication_reason(third) == "Red checks perpetually; Red loses");
    CHECK(adjudication_reason_chinese(third) == "红方长将，红方判负");
  }
}

TEST_CASE("the offender need not be the side to move at the repeat", "[adjudicate]") {
  // T01 after its first move: Black to move; the cycle closes with Black to move, and Red (the
  // side not to move there) is the perpetual checker. Black's king steps discover a cannon's
  // attack on the rook each time (a9 over d9, c8 over e8): a perpetual chase, which perpetual
  // check outranks.
  const char* const fen = "c2a1k1R1/2c1a4/b6P1/8p/9/9/9/9/4K4/9 b - - 0 1";
  const Adjudication a = adjudicate(fen, "f9f8 h9h8 f8f9 h8h9", RuleSet::Asian);
  REQUIRE(a.repetition);
  CHECK(a.cycle_start.side_to_move() == Black);
  CHECK(a.cycle.front().mover == Black);
  CHECK(a.verdict == CycleVerdict::RedLoses);
  CHECK(a.judgement.sides[Red].violation == Violation::Check);
  CHECK(a.judgement.sides[Black].violation == Violation::Chase);
  CHECK(adjudication_reason(a) == "Red checks perpetually; Red must change");
}

TEST_CASE("positions recurring by different paths", "[adjudicate]") {
  // Red: K e0, R a0; Black: k d9, R i9. Quiet rook moves, no checks.
  const char* const fen = "3k4r/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";
  // A cycle that is no back-and-forth: a0-a1-a2-a0 against i9-i8-i7-i9 (6 plies), the
  // intermediate positions all different, the start position back at ply 6.
  const Adjudication loop = adjudicate(fen, "a0a1 i9i8 a1a2 i8i7 a2a0 i7i9", RuleSet::Asian);
  REQUIRE(loop.repetition);
  CHECK(loop.repetition->first == 0);
  CHECK(loop.repetition->last == 6);
  CHECK(loop.cycle.size() == 6);
  CHECK(loop.verdict == CycleVerdict::Draw);
  CHECK(adjudication_reason(loop) ==
        "Neither side makes forbidden moves; a draw if neither side changes");
  CHECK(adjudication_reason_chinese(loop) == "双方均为允许着法，不变作和");
  // The start position comes back a second time by one path (a0a1 ... a1a0) and a third
  // time by another (a0b0 ... b0a0): the first cycle is ruled, the game leaves it at ply 5
  // (a different move), and the third occurrence by another cycle is not its count.
  const Adjudication two =
      adjudicate(fen, "a0a1 i9i8 a1a0 i8i9 a0b0 i9h9 b0a0 h9i9", RuleSet::Asian);
  REQUIRE(two.repetition);
  CHECK(two.repetition->last == 4);
  CHECK(two.repetition->followed_to == 4);
  CHECK(two.repetition->occurrences() == 2);
  CHECK_FALSE(two.is_final());
  // A position recurring that is not the start: the first repeated pair is found (positions 3
  // and 7: a2 against i8, Black to move), not the start position.
  const Adjudication later =
      adjudicate(fen, "a0a1 i9i8 a1a2 i8i7 a2a3 i7i8 a3a2 i8i7", RuleSet::Asian);
  REQUIRE(later.repetition);
  CHECK(later.repetition->first == 3);
  CHECK(later.repetition->last == 7);
}

TEST_CASE("a capture starts a new count and ends a cycle", "[adjudicate]") {
  // Red: K e0, R a0; Black: k d9, R i9, P a5 (on the a-file, Red's rook can take it).
  const char* const fen = "3k4r/9/9/9/p8/9/9/9/9/R3K4 w - - 0 1";
  // The cycle closes at ply 4, the game goes round it for two plies, then Red takes the pawn:
  // the cycle is left by the capture, at its second occurrence (not final).
  const Adjudication a = adjudicate(fen, "a0a1 i9i8 a1a0 i8i9 a0a1 i9i8 a1a5 i8i9", RuleSet::Asian);
  REQUIRE(a.repetition);
  CHECK(a.repetition->last == 4);
  CHECK(a.repetition->followed_to == 6);
  CHECK_FALSE(a.is_final());
  // After the capture the positions are counted anew: a cycle there starts at the capture.
  const Adjudication after = adjudicate(fen, "a0a5 i9i8 a5a6 i8i9 a6a5 i9i8", RuleSet::Asian);
  REQUIRE(after.repetition);
  CHECK(after.repetition->first == 1);
  CHECK(after.repetition->last == 5);
  // With the capture first the start position never returns: no cycle before ply 1.
  CHECK(adjudicate(fen, "a0a5 i9i8 a5a6", RuleSet::Asian).verdict == CycleVerdict::NoCycle);
}

TEST_CASE("a history with no repeated position: no cycle", "[adjudicate]") {
  const Adjudication a = adjudicate("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
                                    "1. h2e2 h9g7 2. h0g2 i9h9", RuleSet::Chinese);
  CHECK(a.verdict == CycleVerdict::NoCycle);
  CHECK_FALSE(a.repetition);
  CHECK_FALSE(a.is_final());
  CHECK(a.plies == 4);
  CHECK(a.cycle.empty());
  CHECK(adjudication_reason(a) == "No position recurs: no cycle");
  CHECK(adjudication_reason_chinese(a) == "局面未重复，无循环");
}

TEST_CASE("chased pieces are named in the ruling", "[adjudicate]") {
  // T12: the red rook chases an unprotected black cannon between i0 and h0.
  const Adjudication a = adjudicate("4kab2/4a4/4b4/3rC2R1/9/9/4n4/4B4/4A4/4KAB1c w - - 0 1",
                                    "h6i6 i0h0 i6h6 h0i0 h6i6 i0h0 i6h6", RuleSet::Asian);
  REQUIRE(a.repetition);
  CHECK(a.verdict == CycleVerdict::RedLoses);
  CHECK(a.judgement.sides[Red].violation == Violation::Chase);
  REQUIRE(!a.judgement.sides[Red].chased_always.empty());
  for (const Square p : a.judgement.sides[Red].chased_always)
    CHECK(a.cycle_start.at(p) == make_piece(Black, Cannon));
  CHECK(adjudication_reason(a) == "Red chases the black cannon perpetually; Red must change");
  CHECK(adjudication_reason_chinese(a) == "红方长捉黑炮，红方须变着");
}

TEST_CASE("game texts: comments, move numbers, notations", "[adjudicate]") {
  CHECK(move_texts("1. h2e2 h9g7 # the opening\n2.h0g2 2... i9h9\n# a comment line\n  c3c4") ==
        std::vector<std::string>{"h2e2", "h9g7", "h0g2", "i9h9", "c3c4"});
  // A WXF move "55.4" (the middle pawn of file 5 sideways) is not a move number.
  CHECK(move_texts("12... 55.4") == std::vector<std::string>{"55.4"});
  CHECK(move_texts("  # nothing\n\t").empty());
  // A file saved with a byte order mark, Chinese separators between Chinese moves.
  CHECK(move_texts("\xEF\xBB\xBF"
                   "1. 炮二平五，马8进7；2. 马二进三、车9平8\xE3\x80\x80兵七进一") ==
        std::vector<std::string>{"炮二平五", "马8进7", "马二进三", "车9平8", "兵七进一"});
  CHECK(move_texts("h2e2, h9g7;h0g2") == std::vector<std::string>{"h2e2", "h9g7", "h0g2"});
  const Position start = Position::from_fen(kT01);
  // ICCS, WXF and Chinese mixed: the same moves.
  CHECK(read_moves(start, move_texts("h8h9 f9f8 R2-1 将6退1")) ==
        iccs_moves("h8h9 f9f8 h9h8 f8f9"));
}

TEST_CASE("bad histories: one-line errors naming the ply, nothing guessed", "[adjudicate]") {
  const Position start = Position::from_fen(kT01);
  CHECK_THROWS_AS(adjudicate(start, std::vector<Move>{}, RuleSet::Asian), GameError);
  CHECK_THROWS_WITH(adjudicate(kT01, "  # only a comment", RuleSet::Asian),
                    Catch::Contains("empty history"));
  // h8h7 at ply 3 takes Red's own pawn.
  CHECK_THROWS_WITH(adjudicate(kT01, "h8h9 f9f8 h9h7", RuleSet::Asian),
                    Catch::Contains("ply 3 (Red to move)") && Catch::Contains("'h9h7'"));
  CHECK_THROWS_WITH(adjudicate(kT01, "h8h9 zz9", RuleSet::Asian),
                    Catch::Contains("ply 2 (Black to move)") && Catch::Contains("zz9"));
  CHECK_THROWS_AS(adjudicate("c2a1k3/2c1a2R1/b6P1 w", "h8h9", RuleSet::Asian), FenError);
  // Binary moves: checked legal one by one.
  CHECK_THROWS_WITH(adjudicate(start, iccs_moves("h8h9 f9f8 h9h8 f8g8"), RuleSet::Check),
                    Catch::Contains("ply 4 (Black to move): illegal move 'f8g8'"));
  const std::vector<Move> not_a_move = {Move{3, 3}};
  CHECK_THROWS_WITH(adjudicate(start, not_a_move, RuleSet::Check), Catch::Contains("ply 1"));
  for (const char* moves : {"h8h9 f9f8 h9h7", "h8h9 zz9", ""}) {
    try {
      adjudicate(kT01, moves, RuleSet::Chinese);
      FAIL("no error for '" << moves << "'");
    } catch (const GameError& e) {
      CHECK(std::string(e.what()).find('\n') == std::string::npos);
    }
  }
}
