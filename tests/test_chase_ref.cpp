// The chase reference's parity solver (tests/reference/parity_game.hpp) on hand-made game graphs
// whose winners follow from the Chinese verdict table (docs/rules.md R9) by hand, on random small
// games against brute force over positional strategies, and the chase reference itself on real
// materials.
#include <catch2/catch.hpp>
#include <random>

#include "reference/asian_game.hpp"
#include "reference/chase_ref.hpp"
#include "reference/parity_game.hpp"
#include "rules/chase_game.hpp"

using namespace xq;

namespace {

// A game of positions and moves, each move with a priority (chase_priority), the way the chase
// reference builds it: each move gets an intermediate vertex carrying its priority. Player 0 is
// P, the would-be winner.
struct MoveGraph {
  std::vector<uint8_t> owner;  // per position
  struct Edge {
    uint32_t from, to;
    int priority;
  };
  std::vector<Edge> moves;

  uint32_t position(int player) {
    owner.push_back(uint8_t(player));
    return uint32_t(owner.size() - 1);
  }
  // A move by the owner of `from`, of class c (P moves when the owner is player 0).
  void move(uint32_t from, uint32_t to, MoveClass c) {
    moves.push_back({from, to, chase_priority(c, owner[from] == 0)});
  }
  // Winner (0 or 1) of every position.
  std::vector<uint8_t> solve() const {
    std::vector<uint8_t> priority(owner.size(), 0), own = owner;
    std::vector<std::pair<uint32_t, uint32_t>> edges;
    for (const Edge& e : moves) {
      const uint32_t mid = uint32_t(priority.size());
      priority.push_back(uint8_t(e.priority));
      own.push_back(0);
      edges.push_back({e.from, mid});
      edges.push_back({mid, e.to});
    }
    std::vector<uint8_t> w = ref::solve_parity(edges, priority, own);
    w.resize(owner.size());
    return w;
  }
};

// P moves at a, the opponent O at b; P's move a->b is of class `p_class`, O's b->a of class
// `o_class`; O may also leave the cycle into a position that P wins (a sink of even priority),
// which O never wants. The winner of a.
int two_cycle(MoveClass p_class, MoveClass o_class) {
  MoveGraph g;
  const uint32_t a = g.position(0), b = g.position(1), lost = g.position(1);
  g.move(a, b, p_class);
  g.move(b, a, o_class);
  g.move(b, lost, MoveClass::Idle);
  g.moves.push_back({lost, lost, 4});  // P wins there
  return g.solve()[a];
}

}  // namespace

// Each line: Red = P's class in the cycle, Black = O's, R9's verdict, P's result. P wins
// (winner 0) exactly when R9 says O loses.
TEST_CASE("chase parity game: the Chinese verdict table on two-move cycles", "[chase_ref]") {
  using enum MoveClass;
  // O chases perpetually (F), P idles (A): O loses. A perpetual chase decides.
  CHECK(two_cycle(Idle, Chase) == 0);
  // O kills perpetually (长杀 is F), P idles: O loses. A kill decides.
  CHECK(two_cycle(Idle, Kill) == 0);
  // Mutual attack: both F, detail rule 8: a draw, P does not win.
  CHECK(two_cycle(Chase, Chase) == 1);
  CHECK(two_cycle(Kill, Chase) == 1);
  // O checks perpetually (PC), P chases (F): detail rule 1, PC loses.
  CHECK(two_cycle(Chase, Check) == 0);
  CHECK(two_cycle(Idle, Check) == 0);
  // Both check perpetually: a draw.
  CHECK(two_cycle(Check, Check) == 1);
  // P checks perpetually, O chases: P is the offender, no win for P.
  CHECK(two_cycle(Check, Chase) == 1);
  // Both idle: a draw.
  CHECK(two_cycle(Idle, Idle) == 1);
}

// O alternates a check and a chase (一将一捉, CXA 24.13: forbidden, every move attacks) against
// P's idle moves: O loses. With one idle move in O's cycle instead (数将一闲 is allowed), P does
// not win.
TEST_CASE("chase parity game: a check/chase mix", "[chase_ref]") {
  for (const bool idle_instead : {false, true}) {
    MoveGraph g;
    const uint32_t a1 = g.position(0), b1 = g.position(1), a2 = g.position(0), b2 = g.position(1);
    g.move(a1, b1, MoveClass::Idle);
    g.move(b1, a2, MoveClass::Check);
    g.move(a2, b2, MoveClass::Idle);
    g.move(b2, a1, idle_instead ? MoveClass::Idle : MoveClass::Chase);
    CHECK(g.solve()[a1] == (idle_instead ? 1 : 0));
  }
}

// O has two cycles through b: a perpetual chase b -> a, or an idle move b -> c followed by P's
// idle c -> a. O takes the idle one (priority 5 recurs): P does not win. Then P gets a second
// move at a, into d, where O's only move is a chase back to a: P wins from a by going to d every
// time (O is F, P is A), and from b and c too, since both lead to a.
TEST_CASE("chase parity game: choices at both sides", "[chase_ref]") {
  MoveGraph g;
  const uint32_t a = g.position(0), b = g.position(1), c = g.position(0);
  g.move(a, b, MoveClass::Idle);
  g.move(b, a, MoveClass::Chase);
  g.move(b, c, MoveClass::Idle);
  g.move(c, a, MoveClass::Idle);
  CHECK(g.solve()[a] == 1);  // O escapes by b -> c
  const uint32_t d = g.position(1);
  g.move(a, d, MoveClass::Idle);
  g.move(d, a, MoveClass::Chase);
  CHECK(g.solve() == std::vector<uint8_t>{0, 0, 0, 0});
}

// Random games of up to 7 vertices against brute force: positional strategies suffice in parity
// games, so player 0 wins from v iff some positional strategy of player 0 leaves player 1 no
// reachable cycle whose largest priority is odd.
TEST_CASE("parity solver equals brute force on random small games", "[chase_ref]") {
  std::mt19937 rng(15);
  for (int round = 0; round < 400; ++round) {
    const int n = 2 + int(rng() % 6);
    std::vector<uint8_t> priority(n), owner(n);
    std::vector<std::vector<uint32_t>> succ(n);
    std::vector<std::pair<uint32_t, uint32_t>> edges;
    for (int v = 0; v < n; ++v) {
      priority[v] = uint8_t(rng() % 6);
      owner[v] = uint8_t(rng() % 2);
      const int degree = 1 + int(rng() % 2);
      for (int k = 0; k < degree; ++k) {
        const uint32_t t = uint32_t(rng() % n);
        if (std::find(succ[v].begin(), succ[v].end(), t) != succ[v].end()) continue;
        succ[v].push_back(t);
        edges.push_back({uint32_t(v), t});
      }
    }
    const std::vector<uint8_t> got = ref::solve_parity(edges, priority, owner);
    // Player 1 wins from v in the one-player graph `g` iff v reaches a vertex u of odd priority
    // p on a cycle through vertices of priority <= p.
    const auto one_player_loss = [&](const std::vector<std::vector<uint32_t>>& g) {
      const auto closure = [&](auto allowed) {
        std::vector<std::vector<uint8_t>> r(n, std::vector<uint8_t>(n));
        for (int v = 0; v < n; ++v)
          if (allowed(v))
            for (uint32_t t : g[v])
              if (allowed(int(t))) r[v][t] = 1;
        for (int k = 0; k < n; ++k)
          for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) r[i][j] |= r[i][k] && r[k][j];
        return r;
      };
      const auto reach = closure([](int) { return true; });
      std::vector<uint8_t> lost(n);
      for (int u = 0; u < n; ++u) {
        if (priority[u] % 2 == 0) continue;
        const auto cyc = closure([&](int v) { return priority[v] <= priority[u]; });
        if (!cyc[u][u]) continue;
        for (int v = 0; v < n; ++v) lost[v] |= v == u || reach[v][u];
      }
      return lost;
    };
    std::vector<uint8_t> want(n, 1);
    std::vector<size_t> choice(n, 0);
    for (;;) {
      std::vector<std::vector<uint32_t>> g(n);
      for (int v = 0; v < n; ++v) g[v] = owner[v] == 0 ? std::vector{succ[v][choice[v]]} : succ[v];
      const std::vector<uint8_t> lost = one_player_loss(g);
      for (int v = 0; v < n; ++v)
        if (!lost[v]) want[v] = 0;
      int v = 0;
      while (v < n && (owner[v] != 0 || ++choice[v] == succ[v].size())) choice[v++] = 0;
      if (v == n) break;
    }
    INFO("round " << round);
    CHECK(got == want);
  }
}

namespace {

// One move of a hand-made Asian arena: the mover's piece goes from -> to; it checks or newly
// chases the opponent pieces on `chased` (of which `pinned` are rooks on a horse's leg).
struct Spec {
  uint8_t from, to;
  bool check = false;
  std::vector<uint8_t> chased = {}, pinned = {};
};

// A cycle of 2k nodes: Red to move at even nodes, Black at odd ones; red[j] leads from node 2j
// to 2j + 1, black[j] from 2j + 1 to 2j + 2 (node 0 after the last). Returns the value of node
// 0 for Red (the side to move there): 1 won, -1 lost, 0 drawn.
int asian_cycle(const std::vector<Spec>& red, const std::vector<Spec>& black) {
  REQUIRE(red.size() == black.size());
  ref::AsianArena a;
  const uint32_t n = uint32_t(2 * red.size());
  for (uint32_t i = 0; i < n; ++i) {
    a.side.push_back(uint8_t(i % 2));
    a.decided.push_back(0);
    const Spec& s = i % 2 == 0 ? red[i / 2] : black[i / 2];
    ref::AsianMove m{(i + 1) % n, s.from, s.to, false, s.check, {}, {}};
    for (const uint8_t c : s.chased) m.chased.set(c);
    for (const uint8_t c : s.pinned) m.pinned_rook.set(c);
    a.moves.push_back(m);
    a.first.push_back(uint32_t(a.moves.size()));
  }
  return ref::solve_asian_game(a).value[0];
}

}  // namespace

// Derived from the table R8 (docs/rules.md): the side of the higher rank (PC > PXR > PX > A)
// loses, equal ranks draw. Pieces are named by their points: Red's at 10, 11, 20, 30, 31,
// Black's at 50, 51, 60.
TEST_CASE("asian game: one and the same piece against several pieces", "[chase_ref]") {
  const std::vector<Spec> red_idle{{30, 31}, {31, 30}};
  // Black chases the red piece at 10 on every move while Red idles: PX against A, Black loses.
  CHECK(asian_cycle(red_idle, {{50, 51, false, {10}}, {51, 50, false, {10}}}) == 1);
  // The chased piece moves and is followed: Red's piece goes 10 -> 11 -> 10, Black chases it
  // on 11, then on 10: still one piece, PX, Black loses.
  CHECK(asian_cycle({{10, 11}, {11, 10}}, {{50, 51, false, {11}}, {51, 50, false, {10}}}) == 1);
  // Black chases 10, then 20: different pieces in turn are allowed (A): a draw. (The Chinese
  // rules forbid it: Black would lose, see the Chinese cases above.)
  CHECK(asian_cycle(red_idle, {{50, 51, false, {10}}, {51, 50, false, {20}}}) == 0);
  // Black chases both, then 20 alone: 20 is chased by every move, PX, Black loses.
  CHECK(asian_cycle(red_idle, {{50, 51, false, {10, 20}}, {51, 50, false, {20}}}) == 1);
  // Both, then 10, then 20: no piece is chased by every move: a draw.
  CHECK(asian_cycle({{30, 31}, {31, 30}, {30, 31}, {31, 30}}, {{50, 51, false, {10, 20}},
                                                               {51, 50, false, {10}},
                                                               {50, 51, false, {20}},
                                                               {51, 50, false, {10, 20}}}) == 0);
}

TEST_CASE("asian game: checks, mixes and the pinned rook", "[chase_ref]") {
  const std::vector<Spec> red_idle{{30, 31}, {31, 30}};
  // A mix of check and chase is allowed under the Asian rules (D7): a draw.
  CHECK(asian_cycle(red_idle, {{50, 51, true}, {51, 50, false, {10}}}) == 0);
  // Black checks perpetually against idle moves: PC loses.
  CHECK(asian_cycle(red_idle, {{50, 51, true}, {51, 50, true}}) == 1);
  // ... and against Red's perpetual chase of the piece on 60 (GR 1: PC loses against PX).
  const std::vector<Spec> red_chases{{10, 11, false, {60}}, {11, 10, false, {60}}};
  CHECK(asian_cycle(red_chases, {{50, 51, true}, {51, 50, true}}) == 1);
  // Both check perpetually: a draw; Red checking against Black's chase: Red loses.
  const std::vector<Spec> red_checks{{10, 11, true}, {11, 10, true}};
  CHECK(asian_cycle(red_checks, {{50, 51, true}, {51, 50, true}}) == 0);
  CHECK(asian_cycle(red_checks, {{50, 51, false, {20}}, {51, 50, false, {20}}}) == -1);
  // Both chase one piece each perpetually: PX against PX, a draw (BP 2).
  const std::vector<Spec> black_chases{{50, 51, false, {20}}, {51, 50, false, {20}}};
  CHECK(asian_cycle(red_chases, black_chases) == 0);
  // Red's target is a rook on the leg of Red's horse: PXR against PX, Red loses (rule 19);
  // against Black's PXR, a draw.
  const std::vector<Spec> red_pxr{{10, 11, false, {60}, {60}}, {11, 10, false, {60}, {60}}};
  CHECK(asian_cycle(red_pxr, black_chases) == -1);
  CHECK(asian_cycle(red_pxr, {{50, 51, false, {20}, {20}}, {51, 50, false, {20}, {20}}}) == 0);
  // Red's pinned-rook chase against Black's idle moves: Red loses.
  CHECK(asian_cycle(red_pxr, {{50, 51}, {51, 50}}) == -1);
}

// A choice: Black, at its node, may chase the same piece (a perpetual chase, losing) or chase
// another piece every second move (allowed). It takes the allowed cycle: a draw; without it,
// Black loses.
TEST_CASE("asian game: the chaser picks the allowed cycle", "[chase_ref]") {
  for (const bool allowed_exists : {true, false}) {
    ref::AsianArena a;
    // 0 Red -> 1 Black; 1 -> 0 (chase of 10) or 1 -> 2 (chase of 10); 2 Red -> 3 Black;
    // 3 -> 0 (chase of 20).
    const auto node = [&](uint8_t side, std::vector<ref::AsianMove> moves) {
      a.side.push_back(side);
      a.decided.push_back(0);
      for (const ref::AsianMove& m : moves) a.moves.push_back(m);
      a.first.push_back(uint32_t(a.moves.size()));
    };
    const auto chase = [](uint32_t to, uint8_t piece) {
      ref::AsianMove m{to, 50, 51, false, false, {}, {}};
      m.chased.set(piece);
      return m;
    };
    node(0, {{1, 30, 31, false, false, {}, {}}});
    if (allowed_exists)
      node(1, {chase(0, 10), chase(2, 10)});
    else
      node(1, {chase(0, 10)});
    node(0, {{3, 30, 31, false, false, {}, {}}});
    node(1, {chase(0, 20)});
    CHECK(ref::solve_asian_game(a).value[0] == (allowed_exists ? 0 : 1));
  }
}

// The survey's result on two small materials with many chases: neither rule set changes a value
// of the check tables (docs/rule-sets.md).
TEST_CASE("chase reference: KCKA and KNKB under both rule sets", "[chase_ref][slow]") {
  for (const RuleSet rules : {RuleSet::Chinese, RuleSet::Asian}) {
    for (const char* m : {"KCKA", "KNKB"}) {
      const ref::ChaseRef r(m, rules);
      const ref::ChaseRefCounts c = r.counts(m);
      CHECK(c.moves[size_t(MoveClass::Chase)] > 3000);
      CHECK(c.chase_decided == std::array<uint64_t, 2>{0, 0});
    }
  }
  CHECK_THROWS_AS(ref::ChaseRef("KRK", RuleSet::Check), std::invalid_argument);
}
