// Move notation: ICCS, WXF and Chinese, written and parsed back, on hand-checked positions
// and by round trip over every legal move of random positions.
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "core/notation.hpp"
#include "core/position.hpp"

using namespace xq;

namespace {

const char* const kStart = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

Move mv(std::string_view iccs) {
  return parse_iccs(iccs);
}

struct Expected {
  const char* iccs;
  const char* chinese;
  const char* wxf;
};

// Each move is written as expected, and each form parses back to it.
void check_moves(const std::string& fen, const std::vector<Expected>& moves) {
  const Position pos = Position::from_fen(fen);
  for (const Expected& e : moves) {
    INFO(fen << "  " << e.iccs);
    const Move m = mv(e.iccs);
    REQUIRE(pos.is_legal_move(m));
    CHECK(to_iccs(m) == e.iccs);
    CHECK(to_chinese(pos, m) == e.chinese);
    CHECK(to_wxf(pos, m) == e.wxf);
    CHECK(parse_move(pos, e.iccs) == m);
    CHECK(parse_move(pos, e.chinese) == m);
    CHECK(parse_move(pos, e.wxf) == m);
  }
}

std::string error_of(const Position& pos, std::string_view text) {
  try {
    parse_move(pos, text);
  } catch (const NotationError& e) {
    return e.what();
  }
  return {};
}

// All three notations of every legal move parse back to that move; returns the moves checked.
int round_trip(const Position& pos) {
  int checked = 0;
  for (const Move m : pos.legal_moves()) {
    for (const std::string& text : {to_iccs(m), to_wxf(pos, m), to_chinese(pos, m)}) {
      std::string got;
      try {
        got = to_iccs(parse_move(pos, text));
      } catch (const NotationError& e) {
        got = e.what();
      }
      if (got != to_iccs(m))
        FAIL_CHECK(pos.fen() << "  " << to_iccs(m) << " -> " << text << " -> " << got);
    }
    ++checked;
  }
  return checked;
}

// A random legal position with many pieces, pawns crowded onto two files.
Position random_position(std::mt19937& rng) {
  const auto pick = [&](int n) { return int(rng() % unsigned(n)); };
  for (;;) {
    Position pos;
    const auto place = [&](Color c, PieceType t, Square s) {
      if (c == Black) s = flip_ranks(s);
      if (pos.at(s) == kNoPiece) pos.put(s, make_piece(c, t));
    };
    for (const Color c : {Red, Black}) {
      place(c, King, make_square(3 + pick(3), pick(3)));
      const Square advisors[] = {3, 5, 13, 21, 23};
      const Square elephants[] = {2, 6, 18, 22, 26, 38, 42};
      for (int k = pick(3); k > 0; --k) place(c, Advisor, advisors[pick(5)]);
      for (int k = pick(3); k > 0; --k) place(c, Elephant, elephants[pick(7)]);
      for (const PieceType t : {Horse, Rook, Cannon})
        for (int k = pick(3); k > 0; --k) place(c, t, pick(kSquares));
      const int files[] = {pick(kFiles), pick(kFiles)};
      for (int k = pick(6); k > 0; --k) place(c, Pawn, make_square(files[pick(2)], 5 + pick(5)));
    }
    pos.set_side_to_move(Color(pick(2)));
    if (pos.legality_error().empty()) return pos;
  }
}

}  // namespace

TEST_CASE("ICCS coordinates", "[notation]") {
  const Move m{uint8_t(make_square(7, 2)), uint8_t(make_square(4, 2))};
  CHECK(to_iccs(m) == "h2e2");
  CHECK(parse_iccs("h2e2") == m);
  CHECK(parse_iccs("H2E2") == m);
  CHECK(parse_iccs("h2-e2") == m);
  CHECK(parse_iccs(" h2e2\n") == m);
  CHECK(to_iccs(parse_iccs("a0i9")) == "a0i9");
  for (const char* bad : {"", "h2e", "h2e2e", "j2e2", "h2e:", "h2+e2", "h2h2"})
    CHECK_THROWS_AS(parse_iccs(bad), NotationError);
  CHECK_THROWS_AS(parse_iccs("z9"), std::invalid_argument);
  CHECK_THROWS_WITH(parse_iccs("x0a\n1"), "malformed ICCS move 'x0a?1'");
}

// Points in Chinese for --lang zh text: each side's own file numbering and lines counted from
// its own back rank.
TEST_CASE("chinese_point names a piece's file and line", "[notation]") {
  CHECK(chinese_point(make_piece(Black, King), make_square(4, 9)) == "将5路1线");
  CHECK(chinese_point(make_piece(Black, Elephant), make_square(6, 9)) == "象7路1线");
  CHECK(chinese_point(make_piece(Black, Pawn), make_square(0, 0)) == "卒1路10线");
  CHECK(chinese_point(make_piece(Red, Rook), make_square(0, 1)) == "车九路二线");
  CHECK(chinese_point(make_piece(Red, Cannon), make_square(8, 9)) == "炮一路十线");
}

TEST_CASE("start position moves of Red", "[notation]") {
  check_moves(kStart, {
                          {"h2e2", "炮二平五", "C2=5"},
                          {"h0g2", "马二进三", "H2+3"},
                          {"b0c2", "马八进七", "H8+7"},
                          {"a0a1", "车九进一", "R9+1"},
                          {"i0i2", "车一进二", "R1+2"},
                          {"e3e4", "兵五进一", "P5+1"},
                          {"d0e1", "仕六进五", "A6+5"},
                          {"c0e2", "相七进五", "E7+5"},
                          {"e0e1", "帅五进一", "K5+1"},
                          {"b2b9", "炮八进七", "C8+7"},
                      });
}

TEST_CASE("start position moves of Black", "[notation]") {
  const std::string fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
  check_moves(fen, {
                       {"h7e7", "炮8平5", "C8=5"},
                       {"h9g7", "马8进7", "H8+7"},
                       {"a9a8", "车1进1", "R1+1"},
                       {"i9i8", "车9进1", "R9+1"},
                       {"c6c5", "卒3进1", "P3+1"},
                       {"f9e8", "士6进5", "A6+5"},
                       {"g9e7", "象7进5", "E7+5"},
                       {"e9e8", "将5进1", "K5+1"},
                   });
}

TEST_CASE("parse_move accepts variant spellings", "[notation]") {
  const Position pos = Position::from_fen(kStart);
  CHECK(parse_move(pos, "C2.5") == mv("h2e2"));
  CHECK(parse_move(pos, " c2=5 ") == mv("h2e2"));
  CHECK(parse_move(pos, "砲二平五") == mv("h2e2"));
  CHECK(parse_move(pos, "炮2平5") == mv("h2e2"));
  CHECK(parse_move(pos, "炮２平５") == mv("h2e2"));
  CHECK(parse_move(pos, "馬八進七") == mv("b0c2"));
  CHECK(parse_move(pos, "傌八进七") == mv("b0c2"));
  CHECK(parse_move(pos, "N8+7") == mv("b0c2"));
  CHECK(parse_move(pos, "B7+5") == mv("c0e2"));
  CHECK(parse_move(pos, "俥九進一") == mv("a0a1"));
  CHECK(parse_move(pos, "帥五進一") == mv("e0e1"));
  CHECK(parse_move(pos, "H2-E2") == mv("h2e2"));
}

TEST_CASE("parse_move rejects bad text and illegal moves", "[notation]") {
  const Position pos = Position::from_fen(kStart);
  for (const char* bad : {"", "C2=", "C2=55", "X2=5", "C0=5", "C2*5", "C2=0", "++", "34+1"})
    CHECK_THAT(error_of(pos, bad), Catch::StartsWith("malformed WXF move"));
  for (const char* bad : {"炮二平", "炮十平五", "炮二走五", "前前进一", "六兵进一", "\xe7\x82"})
    CHECK_THAT(error_of(pos, bad), Catch::StartsWith("malformed Chinese move"));
  CHECK(error_of(pos, "R9+5") == "no legal move matches 'R9+5'");  // blocked by its pawn
  CHECK(error_of(pos, "车九平八") == "no legal move matches '车九平八'");
  CHECK(error_of(pos, "H2=3") == "no legal move matches 'H2=3'");
  CHECK(error_of(pos, "R+-1") == "no legal move matches 'R+-1'");  // no tandem rooks
  CHECK(error_of(pos, "a0a5") == "illegal move 'a0a5'");
  CHECK(error_of(pos, "e6e5") == "illegal move 'e6e5'");  // Black's pawn, Red to move
  CHECK_THAT(error_of(pos, "j0j1"), Catch::StartsWith("malformed ICCS move"));
  CHECK_THROWS_AS(to_wxf(pos, mv("e5e6")), NotationError);  // no piece there
}

TEST_CASE("tandem rooks, cannons and advisors", "[notation]") {
  // Red rooks on b2 and b0 (file 八).
  const std::string rooks = "4k4/9/9/9/9/9/9/1R7/9/1R1K5 w - - 0 1";
  check_moves(rooks, {
                         {"b2b5", "前车进三", "R++3"},
                         {"b2b1", "前车退一", "R+-1"},
                         {"b2h2", "前车平二", "R+=2"},
                         {"b0b1", "后车进一", "R-+1"},
                         {"b0a0", "后车平九", "R-=9"},
                         {"d0d1", "帅六进一", "K6+1"},
                     });
  const Position pos = Position::from_fen(rooks);
  CHECK(parse_move(pos, "車前進三") == mv("b2b5"));
  CHECK(parse_move(pos, "後車平九") == mv("b0a0"));
  CHECK(parse_move(pos, "R8-1") == mv("b2b1"));  // only the front rook can go back
  CHECK(error_of(pos, "R8+1") == "2 legal moves match 'R8+1'");
  CHECK(error_of(pos, "车八进一") == "2 legal moves match '车八进一'");
  CHECK(error_of(pos, "中车进一") == "no legal move matches '中车进一'");

  // Black cannons on b9 and b7 (file 2): Black's front is the lower rank.
  check_moves("1c2k4/9/1c7/9/9/9/9/9/9/3K5 b - - 0 1", {
                                                           {"b7b3", "前炮进4", "C++4"},
                                                           {"b7e7", "前炮平5", "C+=5"},
                                                           {"b9b8", "后炮进1", "C-+1"},
                                                           {"b9a9", "后炮平1", "C-=1"},
                                                           {"e9e8", "将5进1", "K5+1"},
                                                       });

  // Advisors on d0 and d2 need no marker: only one can advance, only the other retreat.
  check_moves("4k4/9/9/9/9/9/9/3A5/9/3A1K3 w - - 0 1", {
                                                           {"d0e1", "仕六进五", "A6+5"},
                                                           {"d2e1", "仕六退五", "A6-5"},
                                                       });
}

TEST_CASE("tandem pawns on one file", "[notation]") {
  // Three pawns on e5, e6, e7 (file 五): front, middle (by its file), rear.
  const std::string three = "5k3/9/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1";
  check_moves(three, {
                         {"e7e8", "前兵进一", "P++1"},
                         {"e7d7", "前兵平六", "P+=6"},
                         {"e6d6", "中兵平六", "P5=6"},
                         {"e6f6", "中兵平四", "P5=4"},
                         {"e5d5", "后兵平六", "P-=6"},
                     });
  CHECK(error_of(Position::from_fen(three), "P5+1") == "no legal move matches 'P5+1'");

  // Four pawns on e5..e8.
  check_moves("5k3/4P4/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1", {
                                                               {"e8e9", "一兵进一", "+++1"},
                                                               {"e8d8", "一兵平六", "++=6"},
                                                               {"e7d7", "二兵平六", "P+=6"},
                                                               {"e6f6", "三兵平四", "P-=4"},
                                                               {"e5d5", "四兵平六", "--=6"},
                                                           });

  // Five pawns on c5..c9 (file 七).
  const std::string five = "2P6/2P1k4/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1";
  check_moves(five, {
                        {"c9d9", "一兵平六", "++=6"},
                        {"c8b8", "二兵平八", "P+=8"},
                        {"c7d7", "三兵平六", "P7=6"},
                        {"c6b6", "四兵平八", "P-=8"},
                        {"c5d5", "五兵平六", "--=6"},
                    });
  const Position pos = Position::from_fen(five);
  CHECK(parse_move(pos, "前兵平六") == mv("c9d9"));
  CHECK(parse_move(pos, "后兵平六") == mv("c5d5"));
  CHECK(parse_move(pos, "中兵平六") == mv("c7d7"));
}

TEST_CASE("tandem pawns on two files", "[notation]") {
  // Red: c5, c6 (file 七) and e5, e6, e7 (file 五). The file replaces the piece name.
  check_moves("5k3/9/4P4/2P1P4/2P1P4/9/9/9/9/3K5 w - - 0 1", {
                                                                 {"c6c7", "前七进一", "7++1"},
                                                                 {"c6d6", "前七平六", "7+=6"},
                                                                 {"c5b5", "后七平八", "7-=8"},
                                                                 {"e7e8", "前五进一", "5++1"},
                                                                 {"e6d6", "中五平六", "55=6"},
                                                                 {"e5f5", "后五平四", "5-=4"},
                                                             });
  // Black: c3, c4 (file 3) and e2, e3, e4 (file 5); Black's front is the lower rank.
  check_moves("3k5/9/9/9/9/2p1p4/2p1p4/4p4/9/5K3 b - - 0 1", {
                                                                 {"c3c2", "前3进1", "3++1"},
                                                                 {"c3b3", "前3平2", "3+=2"},
                                                                 {"c4b4", "后3平2", "3-=2"},
                                                                 {"e2e1", "前5进1", "5++1"},
                                                                 {"e3d3", "中5平4", "55=4"},
                                                                 {"e4f4", "后5平6", "5-=6"},
                                                             });
}

TEST_CASE("every legal move round-trips through each notation", "[notation]") {
  std::mt19937 rng(20240601);
  int checked = 0;
  SECTION("random games from the start position") {
    for (int game = 0; game < 30; ++game) {
      Position pos = Position::from_fen(kStart);
      for (int ply = 0; ply < 200; ++ply) {
        const MoveList moves = pos.legal_moves();
        if (moves.size == 0) break;
        checked += round_trip(pos);
        pos.make(moves[int(rng() % unsigned(moves.size))]);
      }
    }
    CHECK(checked > 50000);
  }
  SECTION("random positions with crowded files") {
    for (int i = 0; i < 3000; ++i) checked += round_trip(random_position(rng));
    CHECK(checked > 50000);
  }
}

TEST_CASE("points and pieces are named as in ICCS, FEN and Chinese notation", "[notation]") {
  CHECK(square_name(make_square(4, 0)) == "e0");
  CHECK(square_name(make_square(0, 9)) == "a9");
  CHECK(square_name(make_square(8, 7)) == "i7");
  CHECK(piece_name(make_piece(Red, Rook), Lang::En) == "R");
  CHECK(piece_name(make_piece(Black, Horse), Lang::En) == "n");
  CHECK(piece_name(make_piece(Red, King), Lang::Zh) == "帅");
  CHECK(piece_name(make_piece(Black, King), Lang::Zh) == "将");
  CHECK(piece_name(make_piece(Red, Elephant), Lang::Zh) == "相");
  CHECK(piece_name(make_piece(Black, Elephant), Lang::Zh) == "象");
  CHECK(piece_name(make_piece(Black, Pawn), Lang::Zh) == "卒");
  // The names are the ones to_chinese writes: a rook's move starts with its name.
  const Position pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w");
  CHECK(to_chinese(pos, parse_iccs("a0a1")).rfind(piece_name(make_piece(Red, Rook), Lang::Zh), 0) ==
        0);
}
