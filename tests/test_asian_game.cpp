// The Asian stage's game (generator/asian_game.hpp) and its bound (buchi_region.hpp with the
// relaxed escapes): hand-made cycles where the same-piece rule decides, a register through a
// mirrored slot, and random games where the generator's product equals the reference's
// (tests/reference/asian_game.hpp), the exact winners lie in the bound, and the game solved on
// the bound alone gives the same values.
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <random>

#include "generator/buchi_region.hpp"
#include "reference/asian_game.hpp"
#include "rules/asian_game.hpp"

using xq::AsianGame;
using xq::gen::Bitmap;

namespace {

constexpr uint32_t kWon = AsianGame::kWonSink, kNotWon = AsianGame::kNotWonSink;

// One move of a hand-made cycle: the mover's piece goes from -> to; it checks or newly chases
// the opponent pieces on `chased` (of which `pinned` are rooks on a horse's leg).
struct Spec {
  uint8_t from, to;
  bool check = false;
  std::vector<uint8_t> chased = {}, pinned = {};
  bool mirror = false;
};

AsianGame::Move move_of(uint32_t target, const Spec& s) {
  AsianGame::Move m = AsianGame::Move::sink(target);
  m.from = s.from;
  m.to = s.to;
  m.check = s.check;
  for (const uint8_t c : s.chased) m.chased.set(c);
  for (const uint8_t c : s.pinned) m.pinned_rook.set(c);
  m.mirror = s.mirror;
  return m;
}

// A cycle of 2k nodes: P to move at even nodes, O at odd ones; p[j] leads from node 2j to
// 2j + 1, o[j] from 2j + 1 to 2j + 2 (node 0 after the last). Whether P wins node 0.
bool p_wins_cycle(const std::vector<Spec>& p, const std::vector<Spec>& o) {
  REQUIRE(p.size() == o.size());
  AsianGame g;
  const uint32_t n = uint32_t(2 * p.size());
  for (uint32_t i = 0; i < n; ++i)
    g.add_node(i % 2 == 0, {move_of((i + 1) % n, i % 2 == 0 ? p[i / 2] : o[i / 2])});
  return xq::solve_asian_game(g).won[0];
}

}  // namespace

// The table R8 (docs/rules.md): the side of the higher rank (PC > PXR > PX > A) loses, equal
// ranks draw. Pieces are named by their points: P's at 10, 11, 20, 30, 31, O's at 50, 51, 60.
TEST_CASE("asian stage game: one and the same piece", "[asian_game]") {
  const std::vector<Spec> p_idle{{30, 31}, {31, 30}};
  // O chases the piece on 10 on every move: PX against A, O loses.
  CHECK(p_wins_cycle(p_idle, {{50, 51, false, {10}}, {51, 50, false, {10}}}));
  // The chased piece moves and the register follows it: 10 -> 11 -> 10, still one piece.
  CHECK(p_wins_cycle({{10, 11}, {11, 10}}, {{50, 51, false, {11}}, {51, 50, false, {10}}}));
  // ... but not a piece that stays: O chases 10 then 11 while the piece on 10 idles back and
  // forth on 30/31 and nothing stands on 11's way: two pieces, allowed.
  CHECK_FALSE(p_wins_cycle(p_idle, {{50, 51, false, {10}}, {51, 50, false, {11}}}));
  // Two pieces chased alternately: allowed (A), a draw.
  CHECK_FALSE(p_wins_cycle(p_idle, {{50, 51, false, {10}}, {51, 50, false, {20}}}));
  // Both, then 20 alone: 20 is chased by every move, O loses.
  CHECK(p_wins_cycle(p_idle, {{50, 51, false, {10, 20}}, {51, 50, false, {20}}}));
  // Both, then 10, then 20, then both: no piece on every move.
  CHECK_FALSE(p_wins_cycle({{30, 31}, {31, 30}, {30, 31}, {31, 30}}, {{50, 51, false, {10, 20}},
                                                                      {51, 50, false, {10}},
                                                                      {50, 51, false, {20}},
                                                                      {51, 50, false, {10, 20}}}));
}

TEST_CASE("asian stage game: checks, mixes and the pinned rook", "[asian_game]") {
  const std::vector<Spec> p_idle{{30, 31}, {31, 30}};
  // A mix of check and chase by O is allowed: a draw.
  CHECK_FALSE(p_wins_cycle(p_idle, {{50, 51, true}, {51, 50, false, {10}}}));
  // O checks perpetually: PC loses, against idle moves and against P's perpetual chase.
  CHECK(p_wins_cycle(p_idle, {{50, 51, true}, {51, 50, true}}));
  const std::vector<Spec> p_chases{{10, 11, false, {60}}, {11, 10, false, {60}}};
  CHECK(p_wins_cycle(p_chases, {{50, 51, true}, {51, 50, true}}));
  // P checks perpetually against O's chase: P loses, so does not win; both check: a draw.
  const std::vector<Spec> p_checks{{10, 11, true}, {11, 10, true}};
  CHECK_FALSE(p_wins_cycle(p_checks, {{50, 51, false, {20}}, {51, 50, false, {20}}}));
  CHECK_FALSE(p_wins_cycle(p_checks, {{50, 51, true}, {51, 50, true}}));
  // PX against PX: a draw.
  const std::vector<Spec> o_chases{{50, 51, false, {20}}, {51, 50, false, {20}}};
  CHECK_FALSE(p_wins_cycle(p_chases, o_chases));
  // O's target is a rook on the leg of O's horse: PXR ranks above PX, so O loses against P's
  // plain perpetual chase, and draws against P's PXR.
  const std::vector<Spec> o_pxr{{50, 51, false, {20}, {20}}, {51, 50, false, {20}, {20}}};
  CHECK(p_wins_cycle(p_chases, o_pxr));
  CHECK_FALSE(p_wins_cycle({{10, 11, false, {60}, {60}}, {11, 10, false, {60}, {60}}}, o_pxr));
  // P's PXR against O's PX: P loses.
  CHECK_FALSE(p_wins_cycle({{10, 11, false, {60}, {60}}, {11, 10, false, {60}, {60}}}, o_chases));
}

// A register crosses slots that stand for mirror images: O chases the piece on b2 (10), the
// next node's frame is mirrored (the piece is on h2 = 16 there), and P's move mirrors back.
TEST_CASE("asian stage game: registers through mirrored slots", "[asian_game]") {
  const Spec o_chase{50, 51, false, {10}, {}, true}, o_chase_back{58, 59, false, {10}, {}, true};
  // Both moves mirror: the frames agree again at node 0, one piece throughout.
  CHECK(p_wins_cycle({{30, 31, false, {}, {}, true}, {31, 30, false, {}, {}, true}},
                     {o_chase, o_chase_back}));
  // A mirror on O's moves only: at nodes 2 and 0 the piece O chased stands on 16, not 10.
  CHECK_FALSE(p_wins_cycle({{30, 31}, {31, 30}}, {o_chase, o_chase_back}));
}

TEST_CASE("asian stage game: sinks and nodes without moves", "[asian_game]") {
  AsianGame g;
  g.add_node(true, {});                                        // P mated
  g.add_node(false, {});                                       // O mated
  g.add_node(true, {{.target = kNotWon}, {.target = kWon}});   // P takes the won sink
  g.add_node(false, {{.target = kNotWon}, {.target = kWon}});  // O takes the other
  g.add_node(false, {{.target = 1}});                          // O moves into its mate
  CHECK(xq::solve_asian_game(g).won == std::vector<uint8_t>{0, 1, 1, 0, 1});
}

namespace {

// An AsianGame as refine_to_buchi's graph: its nodes are the draws, an O move that neither
// checks nor chases is idle (the relaxed escape), a sink not won is O's exit, a won sink P's.
struct EscapeGraph {
  const AsianGame& g;
  std::vector<std::vector<uint32_t>> preds;
  std::vector<uint16_t> counts;
  struct Cursor {};

  explicit EscapeGraph(const AsianGame& game) : g(game), preds(game.size()), counts(game.size()) {
    for (uint32_t v = 0; v < g.size(); ++v)
      for (uint32_t e = g.first[v]; e < g.first[v + 1]; ++e)
        if (g.moves[e].target < g.size()) preds[g.moves[e].target].push_back(v);
  }
  Cursor cursor() const { return {}; }
  bool loser(uint64_t v) const { return !g.winner_moves[v]; }
  bool has_sink(uint64_t v, uint32_t sink) const {
    for (uint32_t e = g.first[v]; e < g.first[v + 1]; ++e)
      if (g.moves[e].target == sink) return true;
    return false;
  }
  bool loser_exit(Cursor&, uint64_t v) const { return has_sink(v, kNotWon); }
  bool winner_exit(Cursor&, uint64_t v) const { return has_sink(v, kWon); }
  template <class F>
  void moves(Cursor&, uint64_t v, F&& f) const {
    for (uint32_t e = g.first[v]; e < g.first[v + 1]; ++e) {
      const AsianGame::Move& m = g.moves[e];
      if (m.target < g.size() && f(m.target, [&] { return !m.check && m.chased.empty(); })) return;
    }
  }
  template <class F>
  void predecessors(Cursor&, uint64_t w, F&& f) const {
    for (const uint32_t p : preds[w]) f(p);
  }
  uint16_t& count(uint64_t v) { return counts[v]; }
};

// A random arena for the reference: `n` nodes in the game and 2 decided ones (node n won by
// Red to move, n + 1 lost by Black to move), moves among the points 10, 11, 12 (Red's pieces)
// and 50, 51, 52 (Black's), each checking or chasing at random. The sides alternate, as in a
// table (refine_to_buchi relies on it): even nodes are Red's, odd ones Black's.
xq::ref::AsianArena random_arena(std::mt19937& rng, uint32_t n) {
  xq::ref::AsianArena a;
  const auto pick = [&](uint32_t k) { return uint32_t(rng() % k); };
  for (uint32_t i = 0; i < n; ++i) {
    const uint8_t side = uint8_t(i % 2);
    a.side.push_back(side);
    a.decided.push_back(0);
    const uint32_t count = 1 + pick(3);
    for (uint32_t k = 0; k < count; ++k) {
      xq::ref::AsianMove m;
      m.target = pick(10) == 0 ? n + pick(2) : 2 * pick((n + side) / 2) + 1 - side;
      const uint8_t own = side == 0 ? 10 : 50, theirs = side == 0 ? 50 : 10;
      m.from = uint8_t(own + pick(3));
      m.to = uint8_t(own + pick(3));
      m.check = pick(4) == 0;
      for (uint8_t c = 0; c < 3; ++c)
        if (pick(3) == 0) {
          m.chased.set(uint8_t(theirs + c));
          if (pick(3) == 0) m.pinned_rook.set(uint8_t(theirs + c));
        }
      a.moves.push_back(m);
    }
    a.first.push_back(uint32_t(a.moves.size()));
  }
  a.side.insert(a.side.end(), {0, 1});
  a.decided.insert(a.decided.end(), {1, -1});  // Red wins both
  a.first.insert(a.first.end(), {a.first.back(), a.first.back()});
  return a;
}

// The arena's game for would-be winner p, on the nodes in `keep` (others: sinks not won).
AsianGame game_for(const xq::ref::AsianArena& a, uint32_t n, uint8_t p,
                   const std::vector<uint8_t>& keep) {
  AsianGame g;
  std::vector<uint32_t> id(n, kNotWon);
  uint32_t next = 0;
  for (uint32_t i = 0; i < n; ++i)
    if (keep[i]) id[i] = next++;
  for (uint32_t i = 0; i < n; ++i) {
    if (!keep[i]) continue;
    std::vector<AsianGame::Move> moves;
    for (uint32_t k = a.first[i]; k < a.first[i + 1]; ++k) {
      const xq::ref::AsianMove& m = a.moves[k];
      AsianGame::Move e =
          AsianGame::Move::sink(m.target >= n ? (p == 0 ? kWon : kNotWon) : id[m.target]);
      e.from = m.from;
      e.to = m.to;
      e.check = m.check;
      e.chased = m.chased;
      e.pinned_rook = m.pinned_rook;
      moves.push_back(e);
    }
    g.add_node(a.side[i] == p, moves);
  }
  return g;
}

}  // namespace

TEST_CASE("asian stage game equals the reference on random games, inside its bound",
          "[asian_game]") {
  std::mt19937 rng(20261202);
  int decided = 0;
  for (int round = 0; round < 300; ++round) {
    const uint32_t n = 2 + uint32_t(rng() % 10);
    const xq::ref::AsianArena a = random_arena(rng, n);
    const std::vector<int8_t> want = xq::ref::solve_asian_game(a).value;
    for (const uint8_t p : {0, 1}) {
      std::vector<uint8_t> exact(n);
      for (uint32_t i = 0; i < n; ++i) exact[i] = want[i] == (a.side[i] == p ? 1 : -1);
      const std::vector<uint8_t> all(n, 1);
      const AsianGame whole = game_for(a, n, p, all);
      INFO("round " << round << ", winner " << int(p));
      CHECK(xq::solve_asian_game(whole).won == exact);
      // The bound: the complement of O's Büchi region for relaxed escapes.
      EscapeGraph graph(whole);
      Bitmap cornered(n);
      for (uint32_t i = 0; i < n; ++i) cornered.set(i);
      xq::gen::refine_to_buchi(graph, cornered, n);
      std::vector<uint8_t> keep(n);
      for (uint32_t i = 0; i < n; ++i) keep[i] = cornered.test(i);
      const std::vector<uint8_t> on_bound = xq::solve_asian_game(game_for(a, n, p, keep)).won;
      for (uint32_t i = 0, k = 0; i < n; ++i) {
        decided += exact[i];
        if (!keep[i]) {
          CHECK_FALSE(exact[i]);
          continue;
        }
        CHECK(on_bound[k++] == exact[i]);
      }
    }
  }
  CHECK(decided > 100);  // the games are not all draws
}

// The reference clears a register kept through an escape (tests/reference/asian_game.cpp): the
// values must be those of the product as docs/rules.md G3 states it, on games with many decided
// nodes and registers that resume.
TEST_CASE("asian reference: clearing registers after escapes keeps every value", "[asian_game]") {
  std::mt19937 rng(20261205);
  int decided = 0, smaller = 0;
  for (int round = 0; round < 2000; ++round) {
    const uint32_t n = 2 + uint32_t(rng() % 14);
    const xq::ref::AsianArena a = random_arena(rng, n);
    const xq::ref::AsianResult cleared = xq::ref::solve_asian_game(a),
                               whole = xq::ref::solve_asian_game(a, false);
    INFO("round " << round);
    CHECK(cleared.value == whole.value);
    for (uint32_t i = 0; i < n; ++i) decided += cleared.value[i] != 0;
    smaller += cleared.game_size < whole.game_size;
  }
  CHECK(decided > 1000);
  CHECK(smaller > 1000);  // the products differ: registers were kept through escapes
}

namespace {

// The priority of a move at state s with the mover's register left at `reg` (docs/rules.md G3:
// escape by O 9, by P 8; check by P 7, by O 6; chase by O 5, by P 4; pinned-rook chase by O 3,
// by P 2), restated to judge the strategy's plays.
int priority_of(const AsianGame& g, const xq::AsianState& s, uint32_t i, uint8_t reg) {
  const AsianGame::Move& m = g.moves[g.first[s.node] + i];
  const bool ours = g.winner_moves[s.node];
  const uint8_t kept = ours ? s.tau_p : s.tau_o;
  int label = 0;  // escape
  if (reg == kept && m.check && kept == AsianGame::kChecks) label = 1;
  if (reg == kept && !m.check && kept < 90 && m.chased.test(kept))
    label = m.pinned_rook.test(kept) ? 3 : 2;
  constexpr int by_p[] = {8, 7, 4, 2}, by_o[] = {9, 6, 5, 3};
  return ours ? by_p[label] : by_o[label];
}

}  // namespace

// P's strategy against opponents that choose their moves and their register for P by the
// state alone: each such play ends in a sink P has won, or a mate of O, or repeats a state,
// and then the cycle's largest priority is even (P wins it).
TEST_CASE("asian strategy wins every play against positional opponents", "[asian_game]") {
  std::mt19937 rng(20261204);
  int plays = 0, cycles = 0;
  for (int round = 0; round < 300; ++round) {
    const uint32_t n = 2 + uint32_t(rng() % 10);
    const xq::ref::AsianArena a = random_arena(rng, n);
    for (const uint8_t p : {0, 1}) {
      const AsianGame g = game_for(a, n, p, std::vector<uint8_t>(n, 1));
      const std::vector<uint8_t> won = xq::solve_asian_game(g).won;
      const xq::AsianStrategy strategy(g);
      for (uint32_t v = 0; v < n; ++v) {
        CHECK(strategy.wins({v}) == bool(won[v]));
        if (!won[v]) continue;
        for (int trial = 0; trial < 4; ++trial) {
          const uint64_t salt = rng();
          const auto choose = [&](const xq::AsianState& s, uint32_t extra, size_t count) {
            uint64_t h = (uint64_t(s.node) << 16 | s.tau_p << 8 | s.tau_o) * 0x9e3779b97f4a7c15ull;
            h ^= (salt + extra) * 0xc2b2ae3d27d4eb4full;
            return uint32_t((h ^ h >> 29) % count);
          };
          INFO("round " << round << ", winner " << int(p) << ", node " << v);
          ++plays;
          xq::AsianState s{v};
          std::map<std::array<uint32_t, 3>, size_t> seen;
          std::vector<int> priorities;
          for (;;) {
            REQUIRE(strategy.wins(s));
            const auto [at, fresh] =
                seen.try_emplace({s.node, s.tau_p, s.tau_o}, priorities.size());
            if (!fresh) {
              ++cycles;
              CHECK(*std::max_element(priorities.begin() + long(at->second), priorities.end()) %
                        2 ==
                    0);
              break;
            }
            const bool ours = g.winner_moves[s.node];
            const uint32_t count = g.first[s.node + 1] - g.first[s.node];
            if (!count) {
              CHECK_FALSE(ours);  // O mated or stalemated
              break;
            }
            const uint32_t i = ours ? strategy.move(s) : choose(s, 0, count);
            const AsianGame::Move& m = g.moves[g.first[s.node] + i];
            if (AsianGame::is_sink(m.target)) {
              CHECK(m.target == kWon);
              break;
            }
            const std::vector<uint8_t> choices = strategy.register_choices(s, i);
            const uint8_t reg =
                ours ? choices[choose(s, 1 + i, choices.size())] : strategy.winner_register(s, i);
            priorities.push_back(priority_of(g, s, i, reg));
            s = strategy.after(s, i, reg);
          }
        }
      }
    }
  }
  CHECK(plays > 500);
  CHECK(cycles > 100);
}
