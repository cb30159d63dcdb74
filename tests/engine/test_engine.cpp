// The engine library (src/engine/, docs/engine.md): the UCI and UCCI command parser, the game
// state with its counter and repetitions, and the child engine's coordinates and options. The
// sessions with tables and a child are tests/test_engine_session.cmake.
#include <catch2/catch.hpp>

#include "core/notation.hpp"
#include "engine/child.hpp"
#include "engine/game.hpp"
#include "engine/protocol.hpp"
#include "rules/game_record.hpp"

using namespace xq;
using namespace xq::engine;

TEST_CASE("engine: position commands", "[engine]") {
  const PositionCommand s = parse_position(tokens("position startpos moves h2e2 h9g7\r"));
  CHECK(s.fen == kStartFen);
  CHECK(s.moves == std::vector<std::string>{"h2e2", "h9g7"});
  const PositionCommand f =
      parse_position(tokens("position fen 3k5/9/9/9/9/9/9/9/9/R3K4 w - - 7 1"));
  CHECK(f.fen == "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 7 1");
  CHECK(f.moves.empty());
  CHECK_THROWS_AS(parse_position(tokens("position")), ProtocolError);
  CHECK_THROWS_AS(parse_position(tokens("position fen")), ProtocolError);
  CHECK_THROWS_AS(parse_position(tokens("position startpos h2e2")), ProtocolError);
}

TEST_CASE("engine: go in UCI and UCCI", "[engine]") {
  const GoCommand u =
      parse_go(tokens("go wtime 60000 btime 30000 winc 1000 movestogo 20"), Protocol::Uci);
  CHECK(u.uci_line(true) == "go wtime 60000 btime 30000 winc 1000 movestogo 20");
  CHECK(u.budget_ms(true) == 3000);
  CHECK(u.budget_ms(false) == 1500);
  // UCCI's clock is the mover's: with Black to move it becomes btime.
  const GoCommand c = parse_go(tokens("go time 8000 increment 100 opptime 9000"), Protocol::Ucci);
  CHECK(c.uci_line(false) == "go wtime 9000 btime 8000 binc 100");
  CHECK(c.uci_line(true) == "go wtime 8000 btime 9000 winc 100");
  CHECK(c.budget_ms(false) == 4000);
  CHECK(parse_go(tokens("go depth infinite"), Protocol::Ucci).infinite);
  CHECK_FALSE(parse_go(tokens("go infinite"), Protocol::Uci).budget_ms(true));
  CHECK(parse_go(tokens("go movetime 250"), Protocol::Uci).budget_ms(false) == 250);
  CHECK_THROWS_AS(parse_go(tokens("go movetime"), Protocol::Uci), ProtocolError);
  CHECK_THROWS_AS(parse_go(tokens("go movetime -5"), Protocol::Uci), ProtocolError);
  CHECK_THROWS_AS(parse_go(tokens("go time 5"), Protocol::Uci), ProtocolError);  // UCCI's word
  CHECK_THROWS_AS(parse_go(tokens("go wtime 5"), Protocol::Ucci), ProtocolError);
}

TEST_CASE("engine: setoption in UCI and UCCI", "[engine]") {
  const SetOption u =
      parse_setoption(tokens("setoption name Table Path value /a b/c"), Protocol::Uci);
  CHECK(u.name == "Table Path");
  CHECK(u.value == "/a b/c");
  const SetOption c = parse_setoption(tokens("setoption hashsize 64"), Protocol::Ucci);
  CHECK(c.name == "hashsize");
  CHECK(c.value == "64");
  CHECK_THROWS_AS(parse_setoption(tokens("setoption Hash 64"), Protocol::Uci), ProtocolError);
  CHECK_THROWS_AS(parse_setoption(tokens("setoption name"), Protocol::Uci), ProtocolError);
}

TEST_CASE("engine: the game's counter and repetitions", "[engine]") {
  // Red rook and king against Black king and horse; the FEN's counter is 10.
  const std::string fen = "4k4/9/9/9/4n4/9/9/9/9/R2K5 w - - 10 1";
  Game g = Game::from({fen, {"a0a1", "e9e8", "a1a0", "e8e9"}});
  CHECK(g.counter() == 14);
  CHECK(g.moves().size() == 4);
  CHECK(g.current() == Position::from_fen(fen));
  // The start recurs: the position after a0a1 is the one after ply 1 again.
  CHECK(g.repeats(g.current().after(parse_iccs("a0a1"))));
  CHECK_FALSE(g.repeats(g.current().after(parse_iccs("a0a2"))));
  // The horse taken: the counter restarts and the stretch with it.
  Game t = Game::from({"4k4/9/9/9/9/9/9/R3n4/9/3K5 w - - 10 1", {"a2e2", "e9f9"}});
  CHECK(t.counter() == 1);
  CHECK(t.stretch_start() == 1);
  CHECK_THROWS_AS(Game::from({fen, {"a0a1", "a1a2"}}), GameError);  // Black's turn at ply 2
  CHECK_THROWS_AS(Game::from({"4k4/9/9 w", {}}), FenError);
  CHECK(Game().current() == Position::from_fen(kStartFen));
}

TEST_CASE("engine: child options and coordinates", "[engine]") {
  const auto o = parse_child_options(" Threads = 2 ;Hash=64;; UCI_Elo=1500 ");
  REQUIRE(o.size() == 3);
  CHECK(o[0] == std::pair<std::string, std::string>{"Threads", "2"});
  CHECK(o[2] == std::pair<std::string, std::string>{"UCI_Elo", "1500"});
  CHECK_THROWS(parse_child_options("Threads"));
  CHECK_THROWS(parse_child_options("=3"));
  // Before the handshake a child is taken to number ranks 0-9, as ICCS.
  const ChildEngine child({"unused"}, {});
  CHECK(child.to_child(parse_iccs("h2e2")) == "h2e2");
  CHECK(child.from_child("h2e2") == parse_iccs("h2e2"));
  CHECK_FALSE(child.from_child("h2e10"));
  CHECK_FALSE(child.from_child("j2e2"));
  CHECK(child.translate_info("info depth 3 score cp 12 pv h2e2 h9g7") ==
        "info depth 3 score cp 12 pv h2e2 h9g7");
}
