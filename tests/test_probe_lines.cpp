// Principal variations read from generated tables (docs/metrics.md): a plain win's line is a
// mate in exactly its DTM with the distance falling by one each ply; a rule-decided win's line
// follows the rule strategy and ends in the loser's perpetual check or in a plain win. Along
// both, no alternative of the loser reaches a draw.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>

#include "core/index.hpp"
#include "core/notation.hpp"
#include "core/random_position.hpp"
#include "probe/tablebase.hpp"
#include "support/table_dir.hpp"

using namespace xq;

namespace {

constexpr int kLinesPerTable = 200;

ProbeResult value_of(const Tablebase& tb, const Position& pos) {
  const auto r = tb.probe(pos);
  REQUIRE(r.has_value());
  return *r;
}

// Random positions of the pieces (FEN letters) whose side to move wins without the rule.
std::vector<Position> random_plain_wins(const Tablebase& tb, std::string_view letters,
                                        uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Position> out;
  for (int tries = 0; tries < 100000 && int(out.size()) < kLinesPerTable; ++tries) {
    const Position pos = random_position(letters, Color(rng() & 1), rng);
    if (tb.probe_wdl(pos) == Wdl::Win) out.push_back(pos);
  }
  REQUIRE(int(out.size()) == kLinesPerTable);
  return out;
}

// Every legal move of the loser (to move in pos, which it loses) must leave the winner a win:
// a plain one within here.distance - 1 plies when the loss is plain, else a plain win or a rule
// win whose potential fell (docs/metrics.md: a check lowers (k, j), a quiet move lowers k).
void check_loser_alternatives(const Tablebase& tb, const Position& pos, const ProbeResult& here) {
  Position p = pos;
  for (Move m : pos.legal_moves()) {
    const bool check = pos.gives_check(m);
    const Piece cap = p.make(m);
    const ProbeResult r = value_of(tb, p);
    p.unmake(m, cap);
    INFO("loser's alternative " << to_iccs(m) << " from " << pos.fen());
    if (here.wdl == Wdl::Loss) {
      REQUIRE(r.wdl == Wdl::Win);
      REQUIRE(r.distance <= here.distance - 1);
    } else {
      REQUIRE(is_win(r.wdl));
      if (r.wdl == Wdl::RuleWin && check) REQUIRE(r.distance < here.distance);
      if (r.wdl == Wdl::RuleWin && !check)
        REQUIRE(rule_round(r.distance) < rule_round(here.distance));
    }
  }
}

// A plain win: the line has exactly DTM plies, values alternate Win/Loss with the distance
// falling by one, and it ends with the loser to move and no legal move.
void check_plain_line(const Tablebase& tb, const Position& start) {
  INFO("start " << start.fen());
  const ProbeResult first = value_of(tb, start);
  REQUIRE(first.wdl == Wdl::Win);
  const Line pv = tb.principal_variation(start);
  CHECK(pv.end == LineEnd::NoLegalMove);
  CHECK(pv.complete());
  const std::vector<Move>& line = pv.moves;
  REQUIRE(line.size() == first.distance);
  Position pos = start;
  for (size_t i = 0; i < line.size(); ++i) {
    INFO("ply " << i << " at " << pos.fen());
    const ProbeResult r = value_of(tb, pos);
    REQUIRE(r.wdl == (i % 2 == 0 ? Wdl::Win : Wdl::Loss));
    REQUIRE(r.distance == first.distance - i);
    REQUIRE(pos.is_legal_move(line[i]));
    if (i % 2 == 1) check_loser_alternatives(tb, pos, r);
    pos.make(line[i]);
  }
  CHECK(pos.legal_moves().size == 0);
  const ProbeResult end = value_of(tb, pos);
  CHECK(end.wdl == Wdl::Loss);
  CHECK(end.distance == 0);
}

// Positions of a material whose side to move `side` has a rule-decided win, every one.
std::vector<Position> all_rule_wins(const Tablebase& tb, const char* material, Color side) {
  const Index index(Material::parse(material));
  std::vector<Position> out;
  Position pos;
  for (uint64_t slot = 0; slot < index.size(); ++slot) {
    if (!index.decode(slot, pos)) continue;
    pos.set_side_to_move(side);
    if (pos.legality_error().empty() && tb.probe_wdl(pos) == Wdl::RuleWin) out.push_back(pos);
  }
  return out;
}

// How a rule-decided line ended.
struct RuleLineEnd {
  bool repetition = false;  // the loser's perpetual check repeated a position
  bool mate = false;        // the line reached a plain win and ran to mate
};

// A rule-decided win: every move of the winner follows the strategy of docs/metrics.md and
// keeps a win, no alternative of the loser reaches a draw, and the line ends either in a plain
// win run to mate, or in a repeated position where the loser checked on every move of the
// cycle and the winner did not.
RuleLineEnd check_rule_line(const Tablebase& tb, const Position& start) {
  INFO("start " << start.fen());
  REQUIRE(value_of(tb, start).wdl == Wdl::RuleWin);
  const Line pv = tb.principal_variation(start);
  REQUIRE(pv.complete());
  const std::vector<Move>& line = pv.moves;
  REQUIRE(!line.empty());
  REQUIRE(line.size() < 400);  // ended by itself, not by the ply limit
  std::vector<Position> seen{start};
  std::vector<bool> checks;
  Position pos = start;
  size_t plain_from = line.size() + 1;  // ply where a plain win starts, if any
  for (size_t i = 0; i < line.size(); ++i) {
    INFO("ply " << i << " at " << pos.fen());
    const bool winner = i % 2 == 0;
    const ProbeResult r = value_of(tb, pos);
    REQUIRE((winner ? is_win(r.wdl) : is_loss(r.wdl)));
    if (!is_rule_decided(r.wdl) && plain_from > line.size()) {
      plain_from = i;
      REQUIRE(line.size() - i == r.distance);  // the rest is that plain win's DTM line
    }
    if (!winner) check_loser_alternatives(tb, pos, r);
    const Move m = line[i];
    REQUIRE(pos.is_legal_move(m));
    const bool capture = pos.is_capture(m), check = pos.gives_check(m);
    checks.push_back(check);
    pos.make(m);
    const ProbeResult next = value_of(tb, pos);
    if (winner && r.wdl == Wdl::RuleWin && !capture && next.wdl == Wdl::RuleLoss) {
      // The strategy: a check lowers the potential (k, j), a quiet move never raises k.
      if (check)
        REQUIRE(next.distance < r.distance);
      else
        REQUIRE(rule_round(next.distance) <= rule_round(r.distance));
    }
    seen.push_back(pos);
  }
  RuleLineEnd end;
  if (pos.legal_moves().size == 0) {
    CHECK(pv.end == LineEnd::NoLegalMove);
    REQUIRE(plain_from <= line.size());
    end.mate = true;
    return end;
  }
  // The last position repeats an earlier one: the cycle between them is the loser's perpetual
  // check, without a perpetual check by the winner.
  CHECK(pv.end == LineEnd::Repetition);
  const auto first = std::find(seen.begin(), seen.end() - 1, pos);
  REQUIRE(first != seen.end() - 1);
  const size_t from = size_t(first - seen.begin());
  REQUIRE(plain_from > line.size());  // a plain win never repeats (its DTM falls)
  bool winner_quiet = false;
  for (size_t i = from; i < line.size(); ++i) {
    INFO("cycle ply " << i);
    if (i % 2 == 1) REQUIRE(checks[i]);
    if (i % 2 == 0) winner_quiet = winner_quiet || !checks[i];
  }
  CHECK(winner_quiet);
  end.repetition = true;
  return end;
}

}  // namespace

// One test case, so that the tables are generated once for both sections.
TEST_CASE("principal variations of won positions", "[probe]") {
  const Tablebase tb({test::small_tables()});

  SECTION("a plain win's line mates in exactly its DTM") {
    const std::pair<const char*, uint64_t> tables[] = {{"KRkn", 1}, {"KRkaa", 2}, {"KNka", 3}};
    for (const auto& [letters, seed] : tables) {
      INFO("material " << letters);
      for (const Position& pos : random_plain_wins(tb, letters, seed)) check_plain_line(tb, pos);
    }
  }

  SECTION("a rule-decided win's line ends in the loser's perpetual check") {
    std::vector<Position> starts = all_rule_wins(tb, "KRKN", Red);
    // 624 rule-decided positions with Red to move (stats), mirror images counted twice.
    REQUIRE(starts.size() >= 300);
    std::mt19937_64 rng(4);
    std::shuffle(starts.begin(), starts.end(), rng);
    starts.resize(kLinesPerTable);
    int repetitions = 0, mates = 0;
    for (const Position& pos : starts) {
      const RuleLineEnd end = check_rule_line(tb, pos);
      repetitions += end.repetition;
      mates += end.mate;
    }
    // Each line ends in a repetition or a mate (check_rule_line requires one); the loser's
    // perpetual check must be among them.
    INFO(repetitions << " repetitions, " << mates << " mates");
    CHECK(repetitions > 0);
  }
}

// KRKN's rule wins all have the smallest potential (1, 1); 车对马双士 has deeper ones, where a
// move that breaks the strategy (raising the round, or a check that does not lower the
// potential) would be caught by check_rule_line.
TEST_CASE("rule-decided wins of KRKNAA follow the strategy to the loser's perpetual check",
          "[probe][slow]") {
  const test::TempDir dir("rule-lines");
  test::generate_into(dir.str(), {"KRKNAA"});
  const Tablebase tb({dir.str()});
  std::vector<Position> starts = all_rule_wins(tb, "KRKNAA", Red);
  REQUIRE(starts.size() >= 1000);  // 4,670 with Red to move (tables/manifest.tsv)
  std::mt19937_64 rng(5);
  std::shuffle(starts.begin(), starts.end(), rng);
  starts.resize(100);
  uint16_t deepest = 0;
  int repetitions = 0, mates = 0;
  for (const Position& pos : starts) {
    deepest = std::max(deepest, value_of(tb, pos).distance);
    const RuleLineEnd end = check_rule_line(tb, pos);
    repetitions += end.repetition;
    mates += end.mate;
  }
  INFO(repetitions << " repetitions, " << mates << " mates");
  CHECK(repetitions > 0);
  CHECK(deepest > pack_rule_potential(1, 1));  // the sample reaches beyond the trivial potential
}
