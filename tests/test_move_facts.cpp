// The move classifier (docs/rules.md "Repetition rules (棋例), formalized"): one or more
// hand-made positions per clause, each asserting the exact facts (check, kill, chased set, rooks
// pinned by a horse) and the class under both rule sets; the moves the rulebook cycles of
// tests/data/rule-cycles.tsv describe; and the read-only, thread-safe contract.
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <thread>

#include "core/notation.hpp"
#include "core/random_position.hpp"
#include "rules/move_facts.hpp"

using namespace xq;

namespace {

std::string points(const geo::SquareSet& s) {
  std::string out;
  for (const Square p : s) {
    if (!out.empty()) out += ' ';
    out += char('a' + file_of(p));
    out += char('0' + rank_of(p));
  }
  return out;
}

struct Expected {
  MoveClass asian, chinese;
  std::string chased;  // points after the move, in point order (a0 b0 .. i9), space-separated
  bool check = false, kill = false;
  std::string pinned_rook = "";
};

// Classifies `move` in `fen` (which must be a legal position and the move legal in it) under
// both rule sets with the given options and checks every fact.
void expect_move(const std::string& fen, const std::string& move, const Expected& e,
                 const ChaseOptions& options = {}) {
  INFO(fen << " " << move);
  const Position pos = Position::from_fen(fen);
  const Move m = parse_iccs(move);
  REQUIRE(pos.is_legal_move(m));
  const MoveFacts asian = move_facts(pos, m, RuleSet::Asian, options);
  const MoveFacts chinese = move_facts(pos, m, RuleSet::Chinese, options);
  CHECK(asian.capture == pos.is_capture(m));
  CHECK(asian.check == e.check);
  CHECK(asian.kill == e.kill);
  CHECK(points(asian.chased) == e.chased);
  CHECK(points(asian.chased_pinned_rook) == e.pinned_rook);
  CHECK(move_class_name(move_class(asian, RuleSet::Asian)) ==
        std::string(move_class_name(e.asian)));
  CHECK(move_class_name(move_class(chinese, RuleSet::Chinese)) ==
        std::string(move_class_name(e.chinese)));
  // The facts do not depend on the rule set (docs/rules.md: only the class does).
  CHECK(points(chinese.chased) == points(asian.chased));
  CHECK(chinese.kill == asian.kill);
}

constexpr MoveClass kIdle = MoveClass::Idle, kChase = MoveClass::Chase, kKill = MoveClass::Kill,
                    kCheck = MoveClass::Check;

}  // namespace

TEST_CASE("a rook on an unprotected piece chases it, on a protected one it does not", "[rules]") {
  // Black horse b5: alone, then with the rook b9 behind it on the file (a real root).
  expect_move("4k4/9/9/9/1n7/9/9/9/9/R2K5 w", "a0a5", {kChase, kChase, "b5"});
  expect_move("1r2k4/9/9/9/1n7/9/9/9/9/R2K5 w", "a0a5", {kIdle, kIdle, ""});
}

TEST_CASE("a horse or a cannon on a rook chases it even when it is protected", "[rules]") {
  // The black rook e5 is protected by the pawn e6 (C6: a rook is worth more than either).
  expect_move("5k3/9/9/4p4/4r4/9/9/1N7/9/3K5 w", "b2c4", {kChase, kChase, "e5"});
  // The cannon comes to e2 behind the screen e3.
  expect_move("5k3/9/9/4p4/4r4/9/4P4/1C7/9/2BK5 w", "b2e2", {kChase, kChase, "e5"});
}

TEST_CASE("equal values: a horse or cannon chases only an unprotected horse or cannon", "[rules]") {
  // The horse on the cannon e5, protected by the pawn e6; the cannon on the horse e5.
  expect_move("5k3/9/9/4p4/4c4/9/9/1N7/9/3K5 w", "b2c4", {kIdle, kIdle, ""});
  expect_move("5k3/9/9/4p4/4n4/9/4P4/1C7/9/3K5 w", "b2e2", {kIdle, kIdle, ""});
  expect_move("5k3/9/9/9/4n4/9/4P4/1C7/9/3K5 w", "b2e2", {kChase, kChase, "e5"});
}

TEST_CASE("a pinned attacker chases nothing", "[rules]") {
  // The cannon leaves f3 and opens rank 3 for the rook d3, pinned to its king by the rook d8.
  expect_move("4k4/3r5/9/9/9/9/3R1C1n1/9/9/3K5 w", "f3f2", {kIdle, kIdle, ""});
  // The same without the pin: the rook now chases the horse h3.
  expect_move("4k4/9/9/9/9/9/3R1C1n1/9/9/3K5 w", "f3f2", {kChase, kChase, "h3"});
}

TEST_CASE("a false root does not protect", "[rules]") {
  // Horse g5, protected only by the elephant e7, which the rook e2 pins to the king e9.
  expect_move("4k4/9/4b4/9/6n2/9/9/4R4/9/R2K5 w", "a0a5", {kChase, kChase, "g5"});
  expect_move("4k4/9/4b4/9/6n2/9/9/9/9/R2K5 w", "a0a5", {kIdle, kIdle, ""});
  // Cannon e8, protected only by its king, which may not take back: it would face the red king
  // (e0). With the red king on d0 it may. Both moves also threaten Ra9 mate (a kill).
  expect_move("4k4/4c4/9/9/9/9/9/9/9/R3K4 w", "a0a8", {kChase, kKill, "e8", false, true});
  expect_move("4k4/4c4/9/9/9/9/9/9/9/R2K5 w", "a0a8", {kIdle, kKill, "", false, true});
}

TEST_CASE("a same-type attack is an exchange unless the target cannot take back", "[rules]") {
  // Rook against rook on rank 5: an offer to exchange (兑), idle.
  expect_move("5k3/9/9/9/7r1/9/9/9/9/R2K5 w", "a0a5", {kIdle, kIdle, ""});
  // The black rook f7 is pinned to its king on the f-file by the rook f2: it cannot take a7
  // back. The rook f2 itself attacked it before (and can be taken back: no chase).
  expect_move("5k3/9/5r3/9/9/9/9/5R3/9/R2K5 w", "a0a7", {kChase, kKill, "f7", false, true});
  // Horse against horse: the black horse d5 cannot take back c3, its leg d4 is blocked.
  expect_move("4k4/9/9/9/3n5/3p5/9/9/1N7/3K5 w", "b1c3", {kChase, kChase, "d5"});
  expect_move("4k4/9/9/9/3n5/9/9/9/1N7/3K5 w", "b1c3", {kIdle, kIdle, ""});
}

TEST_CASE("a pawn is a target only once it has crossed the river", "[rules]") {
  expect_move("5k3/9/9/4p4/9/9/9/9/9/R2K5 w", "a0a6", {kIdle, kIdle, ""});
  expect_move("5k3/9/9/9/9/4p4/9/9/9/R2K5 w", "a0a4", {kChase, kChase, "e4"});
}

TEST_CASE("discovered attacks chase: screens, horse legs, elephant eyes", "[rules]") {
  // The horse comes to a2 and makes a screen for the cannon a0.
  expect_move("5k3/9/9/9/n8/9/9/9/2N6/C2K5 w", "c1a2", {kChase, kChase, "a5"});
  // The elephant leaves a2: one screen (the pawn a3) is left.
  expect_move("5k3/9/9/9/n8/9/P8/B8/9/C2K5 w", "a2c4", {kChase, kChase, "a5"});
  // The pawn leaves c4, the leg of the horse c3, which then attacks the cannon d5.
  expect_move("5k3/9/9/9/3c5/2P6/2N6/9/9/4K4 w", "c4c5", {kChase, kChase, "d5"});
  // The horse leaves d3, the eye of the elephant c4, which then attacks the horse e2.
  expect_move("3k5/9/9/9/9/2B6/3N5/4n4/9/4K4 w", "d3b2", {kChase, kChase, "e2"});
}

TEST_CASE("an advisor or elephant on a protected major piece: the explicit option", "[rules]") {
  // The horse e2 is protected by the rook e5.
  const std::string fen = "3k5/9/9/9/4r4/2B6/3N5/4n4/9/4K4 w";
  expect_move(fen, "d3b2", {kChase, kChase, "e2"});
  ChaseOptions no_minor;
  no_minor.minor_attacks_protected_major = false;
  expect_move(fen, "d3b2", {kIdle, kIdle, ""}, no_minor);
  // Unprotected, it is chased either way.
  expect_move("3k5/9/9/9/9/2B6/3N5/4n4/9/4K4 w", "d3b2", {kChase, kChase, "e2"}, no_minor);
}

TEST_CASE("a root subverted by a block or a pin makes a new chase", "[rules]") {
  // The rook a5 already attacked the horse b5, protected by the rook b9; the cannon blocks b7.
  expect_move("1r3k3/9/7C1/9/Rn7/9/9/9/9/3K5 w", "h7b7", {kChase, kChase, "b5"});
  // The rook a5 attacked the horse g5, protected by the elephant e7; the rook e2 pins the
  // elephant (and attacks it: it is unprotected).
  expect_move("4k4/9/4b4/9/R5n2/9/9/8R/9/3K5 w", "i2e2", {kChase, kChase, "g5 e7"});
}

TEST_CASE("king and pawn: attacks of their own are idle, attacks they discover chase", "[rules]") {
  // The king steps off rank 1 and opens it for the rook a1 (it then also threatens mate).
  expect_move("5k3/9/9/9/9/9/9/9/R3K2n1/9 w", "e1e0", {kChase, kKill, "h1", false, true});
  // The king attacks the unprotected horse e2 by itself: idle.
  expect_move("5k3/9/9/9/9/9/9/4n4/3K5/9 w", "d1e1", {kIdle, kIdle, ""});
  // A crossed pawn attacks the horse e7 by itself: idle.
  expect_move("5k3/9/4n4/9/4P4/9/9/9/9/3K5 w", "e5e6", {kIdle, kIdle, ""});
}

TEST_CASE("from chase to chase: an existing threat moved along is idle", "[rules]") {
  expect_move("5k3/9/9/9/n8/9/9/9/9/R2K5 w", "a0a2", {kIdle, kIdle, ""});
}

TEST_CASE("a rook on the leg of an enemy horse is a pinned rook (C14)", "[rules]") {
  // The rook f8 blocks the leg of the horse g8, which would check e9: it cannot take back.
  expect_move("4k4/5rN2/9/9/9/9/9/9/9/R2K5 w", "a0a8", {kChase, kChase, "f8", false, false, "f8"});
}

TEST_CASE("a check that also attacks is a check, a capture is a capture", "[rules]") {
  expect_move("3k5/9/R8/9/9/9/3n5/9/9/4K4 w", "a7d7", {kCheck, kCheck, "d3", true});
  const Position pos = Position::from_fen("5k3/9/9/9/n8/9/9/9/9/R2K5 w");
  const MoveFacts f = move_facts(pos, parse_iccs("a0a5"), RuleSet::Chinese);
  CHECK(f.capture);
  CHECK(f.chased.empty());
  CHECK(move_class(f, RuleSet::Chinese) == MoveClass::Capture);
  CHECK(move_class(f, RuleSet::Asian) == MoveClass::Capture);
}

TEST_CASE("a capture met by an immediate mate is no chase (the explicit option)", "[rules]") {
  // Rg5xf5 would allow Rh4-d4 mate (the red king cannot step to e2: it would face e9).
  const std::string fen = "4k4/9/6R2/9/5n3/7r1/9/3K5/9/9 w";
  expect_move(fen, "g7g5", {kIdle, kIdle, ""});
  ChaseOptions literal;
  literal.mate_reply_voids_chase = false;
  expect_move(fen, "g7g5", {kChase, kChase, "f5"}, literal);
}

TEST_CASE("kill: a mate by checks alone within the horizon, idle under the Asian rules",
          "[rules]") {
  // The rook a8 takes rank 8 from the king: Rh9 would mate (one ply).
  expect_move("4k4/9/9/9/9/9/9/9/9/R2K3R1 w", "a0a8", {kIdle, kKill, "", false, true});
  // Dg 34 (T13): the black cannon threatens a mate in one.
  expect_move("3aka3/7R1/7c1/9/9/9/9/9/4A4/3AK1p2 b", "h7c7", {kIdle, kKill, "", false, true});
  // T06 after two plies: Rh6 threatens Rh9+ Bi7-g9 Rxg9 mate, three plies of checks and no mate
  // in one; a horizon of one ply misses it, none (0) turns kills off.
  const Position t06 = Position::from_fen("3ak1b2/4a4/4b4/r3C2R1/p8/9/P8/4p4/4p4/5K3 w");
  Position pos = t06;
  pos.make(parse_iccs("h6g6"));
  pos.make(parse_iccs("g9i7"));
  const Move m = parse_iccs("g6h6");
  CHECK(move_facts(pos, m, RuleSet::Chinese).kill);
  ChaseOptions one, none;
  one.kill_depth_plies = 1;
  none.kill_depth_plies = 0;
  CHECK_FALSE(move_facts(pos, m, RuleSet::Chinese, one).kill);
  CHECK_FALSE(move_facts(pos, m, RuleSet::Chinese, none).kill);
  CHECK(move_class(move_facts(pos, m, RuleSet::Chinese), RuleSet::Chinese) == MoveClass::Kill);
  CHECK(move_class(move_facts(pos, m, RuleSet::Asian), RuleSet::Asian) == MoveClass::Idle);
}

TEST_CASE("under the none and check rule sets only captures and checks are told", "[rules]") {
  const Position pos = Position::from_fen("4k4/9/9/9/1n7/9/9/9/9/R2K5 w");
  for (const RuleSet r : {RuleSet::None, RuleSet::Check}) {
    const MoveFacts f = move_facts(pos, parse_iccs("a0a5"), r);
    CHECK(f.chased.empty());
    CHECK_FALSE(f.kill);
    CHECK(move_class(f, r) == MoveClass::Idle);
  }
  const MoveFacts check = move_facts(pos, parse_iccs("a0a9"), RuleSet::Check);
  CHECK(check.check);
  CHECK(move_class(check, RuleSet::Check) == MoveClass::Check);
}

TEST_CASE("move class names in English and Chinese", "[rules]") {
  CHECK(std::string(move_class_name(MoveClass::Check)) == "check");
  CHECK(std::string(move_class_name(MoveClass::Kill)) == "kill");
  CHECK(std::string(move_class_name(MoveClass::Chase)) == "chase");
  CHECK(std::string(move_class_name(MoveClass::Idle)) == "idle");
  CHECK(std::string(move_class_name(MoveClass::Capture)) == "capture");
  CHECK(std::string(move_class_chinese(MoveClass::Check)) == "将");
  CHECK(std::string(move_class_chinese(MoveClass::Kill)) == "杀");
  CHECK(std::string(move_class_chinese(MoveClass::Chase)) == "捉");
  CHECK(std::string(move_class_chinese(MoveClass::Idle)) == "闲");
  CHECK(std::string(move_class_chinese(MoveClass::Capture)) == "吃");
}

namespace {

// What the description of a rule-cycles.tsv row says one of its moves does.
struct CycleMove {
  std::string id;
  int ply;  // 0 = the row's first move
  MoveClass asian, chinese;
  std::string chased;
};

// Only the moves the row's `what_happens` describes (the classes of the others are for the
// adjudicator's tests).
const std::vector<CycleMove> kCycleMoves = {
    {"T01", 0, kCheck, kCheck, ""},                          // a lone rook checks along rank 9
    {"T02", 0, MoveClass::Capture, MoveClass::Capture, ""},  // captures with check (excluded)
    {"T02", 1, kCheck, kCheck, ""},                          // block + discovered check
    {"T02", 2, kCheck, kCheck, "f9"},                        // the rook checks, attacks f9
    {"T02", 3, kCheck, kCheck, ""},
    {"T04", 0, kIdle, kKill, ""},  // the horse shuttles, threatening mate
    {"T04", 1, kIdle, kIdle, ""},  // the king shuttles
    {"T04", 2, kIdle, kKill, ""},
    {"T06", 0, kChase, kKill, "g9"},   // Rg6 on the elephant g9 with a false root (and a kill)
    {"T06", 1, kIdle, kIdle, ""},      // the elephant flees
    {"T06", 2, kIdle, kKill, ""},      // Rh6 threatens mate on rank 9
    {"T06", 3, kIdle, kIdle, ""},      // the elephant returns to block
    {"T08", 0, kChase, kChase, "c2"},  // the horse attacks the rook
    {"T08", 2, kChase, kChase, "c1"},  // the cannon attacks it
    {"T08", 4, kChase, kChase, "c1"},  // the advisor leaves e1: g1 the only screen
    {"T08", 6, kChase, kChase, "c1"},  // the advisor back on e1: the screen
    {"T09", 0, kChase, kChase, "d3"},  // the cannon on the rook, with a screen
    {"T09", 2, kChase, kChase, "d7"},
    {"T12", 0, kChase, kChase, "i0"},  // the rook on the unprotected cannon
    {"T12", 1, kIdle, kIdle, ""},
    {"T12", 2, kChase, kChase, "h0"},
    {"T13", 0, kIdle, kKill, ""},      // the black cannon threatens mate
    {"T13", 1, kChase, kChase, "c7"},  // the red rook follows, attacking it
    {"T14", 0, kChase, kChase, "f8"},  // the cannon a8 on the rook pinned by the horse
    {"T14", 1, kChase, kChase, "g8"},  // the advisor interposes; the rook attacks the horse
    {"T16", 0, kChase, kChase, "d5"},  // the rook chases the horse
    {"T16", 1, kChase, kChase, "b5"},  // every horse escape attacks the rook
    {"T16", 2, kChase, kChase, "c3"},
    {"T16", 3, kChase, kChase, "c5"},
    {"T17", 0, kIdle, kKill, ""},  // the rooks face each other (兑; a kill too, docs/rules.md)
    {"T17", 1, kIdle, kKill, ""},
    {"T18", 0, kChase, kKill, "b9"},  // the cannon on a cannon that cannot take back
    {"T18", 1, kIdle, kIdle, ""},
    {"T20", 0, kChase, kChase, "i4"},  // the elephant's screen: the cannon on the crossed pawn
    {"T20", 1, kIdle, kIdle, ""},      // the black cannon interposes
    {"T22", 0, kChase, kChase, "e7"},  // the rook on a rook tied to the e-file
    {"T22", 2, kChase, kChase, "e3"},
    {"T23", 0, kIdle, kIdle, ""},  // the king attacks the cannon: idle
    {"T23", 2, kIdle, kIdle, ""},
    {"T25", 0, kChase, kChase, "h2"},  // the rook on the crossed pawn
    {"T25", 2, kChase, kChase, "g2"},
    {"T27", 0, kChase, kChase, "a0"},  // one rook on one cannon
    {"T29", 0, kChase, kChase, "a0"},  // a chase and an offer at once: a chase
    {"T31", 0, kIdle, kIdle, ""},      // the cannon offers itself (献)
    {"T31", 1, kIdle, kKill, ""},      // Ch5 threatens Ch0 mate (docs/rules.md, T31)
    {"T31", 3, kIdle, kKill, ""},      // Ci5 threatens Ci0+ Ch0 Pf0 mate
    {"T33", 0, kChase, kChase, "d6"},  // the first cannon on the rook
    {"T33", 1, kChase, kChase, "a3"},  // the rook escapes attacking a horse
    {"T33", 2, kChase, kChase, "d3"},  // the second cannon on the rook
    {"T33", 3, kChase, kChase, "a1"},  // the rook escapes attacking the other horse
};

}  // namespace

TEST_CASE("the moves that the rulebook cycles describe", "[rules]") {
  std::ifstream in(XQTB_TEST_DATA "/rule-cycles.tsv");
  REQUIRE(in);
  std::string line;
  std::getline(in, line);  // header
  std::map<std::string, std::vector<Move>> moves;
  std::map<std::string, Position> starts;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string id, fen, list;
    std::getline(fields, id, '\t');
    std::getline(fields, fen, '\t');
    std::getline(fields, list, '\t');
    starts.emplace(id, Position::from_fen(fen));
    std::istringstream words(list);
    for (std::string w; words >> w;) moves[id].push_back(parse_iccs(w));
  }
  CHECK(starts.size() == 20);
  std::map<std::string, int> rows_checked;
  for (const CycleMove& c : kCycleMoves) {
    INFO(c.id << " ply " << c.ply);
    REQUIRE(starts.count(c.id));
    Position pos = starts.at(c.id);
    for (int i = 0; i < c.ply; ++i) pos.make(moves[c.id][i]);
    const Move m = moves[c.id][c.ply];
    REQUIRE(pos.is_legal_move(m));
    const MoveFacts asian = move_facts(pos, m, RuleSet::Asian);
    const MoveFacts chinese = move_facts(pos, m, RuleSet::Chinese);
    CHECK(move_class_name(move_class(asian, RuleSet::Asian)) ==
          std::string(move_class_name(c.asian)));
    CHECK(move_class_name(move_class(chinese, RuleSet::Chinese)) ==
          std::string(move_class_name(c.chinese)));
    CHECK(points(asian.chased) == c.chased);
    ++rows_checked[c.id];
  }
  CHECK(rows_checked.size() == starts.size());  // every row has a described move checked
  // T14: the rook f8 stands on the leg of the horse g8, which would check e9.
  Position t14 = starts.at("T14");
  CHECK(points(move_facts(t14, moves["T14"][0], RuleSet::Asian).chased_pinned_rook) == "f8");
}

namespace {

// Random legal positions with every kind of piece, both sides to move, and all their moves.
std::vector<std::pair<Position, Move>> random_edges(size_t count) {
  std::mt19937_64 rng(20261201);
  const char* materials[] = {"KRNCkrnc", "KAABBRPPkaabbncp", "KRCPkrnab", "KNNCCknnrpp"};
  std::vector<std::pair<Position, Move>> edges;
  for (size_t i = 0; edges.size() < count; ++i) {
    const Position pos = random_position(materials[i % 4], Color(i & 1), rng);
    for (const Move m : pos.legal_moves()) edges.emplace_back(pos, m);
  }
  edges.resize(count);
  return edges;
}

bool same(const MoveFacts& a, const MoveFacts& b) {
  return a.capture == b.capture && a.check == b.check && a.kill == b.kill &&
         a.chased.w == b.chased.w && a.chased_pinned_rook.w == b.chased_pinned_rook.w;
}

}  // namespace

TEST_CASE("move_facts leaves the position unchanged and agrees across threads",
          "[rules][threads]") {
  const auto edges = random_edges(3000);
  std::vector<MoveFacts> expected;
  for (const auto& [pos, m] : edges) {
    const Position copy = pos;
    expected.push_back(move_facts(pos, m, RuleSet::Chinese));
    CHECK(pos == copy);
    CHECK(pos.fen() == copy.fen());
  }
  // Two threads classify the same shared positions at once.
  std::vector<int> mismatches(2, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t)
    threads.emplace_back([&, t] {
      for (size_t i = 0; i < edges.size(); ++i) {
        const size_t k = t == 0 ? i : edges.size() - 1 - i;
        if (!same(move_facts(edges[k].first, edges[k].second, RuleSet::Chinese), expected[k]))
          ++mismatches[t];
      }
    });
  for (std::thread& t : threads) t.join();
  CHECK(mismatches == std::vector<int>{0, 0});
  // Some of the edges are chases, kills and checks (the property is not vacuous).
  int chases = 0, kills = 0, checks = 0;
  for (const MoveFacts& f : expected) {
    chases += !f.chased.empty();
    kills += f.kill;
    checks += f.check;
  }
  CHECK(chases > 0);
  CHECK(kills > 0);
  CHECK(checks > 0);
}

TEST_CASE("IdleTest agrees with move_class on every move of random positions", "[rules]") {
  const auto edges = random_edges(3000);
  for (const RuleSet rules : {RuleSet::Check, RuleSet::Asian, RuleSet::Chinese}) {
    INFO(int(rules));
    int idle = 0, not_idle = 0;
    // One test per position, as the chase stage uses it: the edges of a position are adjacent.
    for (size_t i = 0; i < edges.size();) {
      const Position& pos = edges[i].first;
      IdleTest test(pos, rules);
      for (; i < edges.size() && edges[i].first == pos; ++i) {
        const Move m = edges[i].second;
        const bool expected = move_class(move_facts(pos, m, rules), rules) == MoveClass::Idle;
        REQUIRE(test(m) == expected);
        ++(expected ? idle : not_idle);
      }
    }
    CHECK(idle > 300);
    CHECK(not_idle > 200);  // under the check rule only captures and checks
  }
  // A kill is idle under the Asian rules and not under the Chinese ones (R3a).
  const Position pos = Position::from_fen("4k4/4c4/9/9/9/9/9/9/9/R2K5 w");
  CHECK(IdleTest(pos, RuleSet::Asian)(parse_iccs("a0a8")));
  CHECK(!IdleTest(pos, RuleSet::Chinese)(parse_iccs("a0a8")));
}
