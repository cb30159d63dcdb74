#include "generator/chase_solver.hpp"

#include <algorithm>
#include <atomic>
#include <stdexcept>

#include "core/retro.hpp"
#include "generator/buchi_region.hpp"
#include "generator/draw_set.hpp"
#include "generator/parity_game.hpp"
#include "rules/chase_game.hpp"
#include "rules/move_facts.hpp"

namespace xq::gen {

namespace {

// The loser's state in the distance entry of its draws (free during the stage, 0 before and
// after): why it can keep making idle moves outside the cornered set. kSafe: a capture that
// holds (never cornered); kWitness | rank << 7 | hash: an idle move into the draw of that
// hash, still outside the cornered set when it was chosen, the rank-th of the position's
// pseudo moves (rank 0: past 127, not kept); 0: none found (cornered). The rank lets a
// recheck resume after the witness: the moves before it were captures, not idle, or into
// positions not drawn or cornered, and stay so.
constexpr uint16_t kSafe = 0x8000, kWitness = 0x4000, kRankMask = 0x7f << 7;
uint16_t hash_of(uint64_t g) {
  return uint16_t((g * 0x9e3779b97f4a7c15ull) >> 57);
}
uint16_t witness_of(uint64_t g, int rank) {
  return uint16_t(kWitness | (rank <= 0x7f ? rank : 0) << 7 | hash_of(g));
}
int rank_of(uint16_t state) {
  return (state & kRankMask) >> 7;
}

// The table's draws (draw_set.hpp) with the chase stage's access to their values and states.
struct Stage : DrawSet {
  using DrawSet::DrawSet;
  Wdl wdl(uint64_t g) const { return t.wdl[side_of(g)][slot_of(g)]; }
  uint16_t& state(uint64_t g) { return t.distance[side_of(g)][slot_of(g)]; }
  // The value of the position after the capture m, for its side to move.
  Wdl after_capture(Position& pos, Move m) const {
    const Piece captured = pos.make(m);
    const Wdl w = targets.probe(pos, captured).wdl;
    pos.unmake(m, captured);
    return w;
  }
};

// One would-be winner's game.
struct Game {
  Stage& s;
  const Color winner;
  Bitmap cornered;
  std::vector<uint64_t> members;  // the cornered draws, in order
  uint64_t idle_unsafe = 0;       // phase 1's bound on them
  int rounds = 0;                 // of phase 2

  Game(Stage& stage, Color c) : s(stage), winner(c), cornered(2 * stage.n) {}

  // The loser's state (see kSafe) for its draw g: with `captures`, a capture that holds (the
  // winner does not win the sub-table position) makes it safe; else an idle move into a draw
  // not cornered is its witness, searched from the pseudo move of rank `from` (1-based; that
  // one is idle already: the old witness).
  uint16_t find_witness(SlotCursor& cur, MoveList& moves, uint64_t g, bool captures,
                        int from = 0) const {
    s.load(cur, g);
    Position& pos = cur.pos();
    // Pseudo moves: an illegal quiet move leads to an illegal position, never a draw, so only
    // the captures need the legality test.
    moves.size = 0;
    pos.pseudo_moves(moves);
    if (captures) {
      const Color us = pos.side_to_move();
      const Position::KingSafety safety = pos.king_safety(us);
      for (const Move m : moves) {
        if (!pos.is_capture(m)) continue;
        const bool sure = pos.surely_legal(m, safety);
        const Piece captured = pos.make(m);
        const bool holds =
            (sure || !pos.in_check(us)) && !is_win(s.targets.probe(pos, captured).wdl);
        pos.unmake(m, captured);
        if (holds) return kSafe;
      }
    }
    IdleTest idle(pos, RuleSet::Chinese);
    for (int i = std::max(from, 1) - 1; i < moves.size; ++i) {
      const Move m = moves[i];
      if (pos.is_capture(m)) continue;
      const uint64_t to = s.after_quiet(cur, m);
      if (s.draws.test(to) && !cornered.test(to) && (i + 1 == from || idle(m)))
        return witness_of(to, i + 1);
    }
    return 0;
  }
  bool winning_capture(SlotCursor& cur, MoveList& moves, uint64_t g) const {
    return s.some_capture(cur, moves, g, [](Wdl w) { return is_loss(w); });
  }

  // Phase 1, the idle-safety bound: `cornered` := the complement of the loser's idle-safe set
  // S, the winner's attractor to "the loser can neither make an idle move into a draw outside
  // nor capture without losing; or the winner captures into a win". Witnesses are rechecked
  // only when their draw joins, by the thread that swaps the loser's state. The winner wins
  // nothing in S (the loser idles on each of its turns there), nor, by phase 2, in more.
  void find_idle_unsafe() {
    const Color loser = ~winner;
    Bitmap frontier(2 * s.n), next(2 * s.n);
#pragma omp parallel
    {
      SlotCursor cur(s.t.index), other(s.t.index);
      MoveList moves, unmoves;
#pragma omp for schedule(dynamic, 256)
      for (uint64_t g = 0; g < 2 * s.n; ++g) {
        if (!s.draws.test(g)) continue;
        bool seed;
        if (s.side_of(g) == loser) {
          s.state(g) = find_witness(cur, moves, g, true);
          seed = !s.state(g);
        } else {
          seed = winning_capture(cur, moves, g);
        }
        if (seed) cornered.set(g), frontier.set(g);
      }
      expand_frontiers(frontier, next, [&](uint64_t w) {
        s.load(cur, w);
        const uint64_t pred_side = uint64_t(~cur.pos().side_to_move());
        retro_pseudo_moves(cur.pos(), unmoves);
        for (const Move mv : unmoves) {
          const uint64_t p = pred_side * s.n + cur.slot_with_move(mv.to, mv.from);
          if (!s.draws.test(p) || cornered.test(p)) continue;
          if (s.side_of(p) == loser) {
            std::atomic_ref<uint16_t> state(s.state(p));
            uint16_t seen = state.load(std::memory_order_relaxed);
            // Safe, or a witness elsewhere (a hash that matches by chance is only rechecked).
            if ((seen & ~kRankMask) != (kWitness | hash_of(w))) continue;
            const uint16_t found = find_witness(other, moves, p, false, rank_of(seen));
            if (!state.compare_exchange_strong(seen, found) || found) continue;
          }
          if (cornered.set(p)) next.set(p);
        }
      });
    }
  }

  // Phase 2 (buchi_region.hpp): the complement of the loser's Büchi region for idle moves.
  void find_cornered() {
    find_idle_unsafe();
    idle_unsafe = cornered.count();
    DrawGraph graph{*this};
    rounds = refine_to_buchi(graph, cornered, 2 * s.n);
    members.clear();
    for (uint64_t w = 0; w < cornered.words(); ++w)
      for (uint64_t bits = cornered.word(w); bits; bits &= bits - 1)
        members.push_back(w * 64 + uint64_t(std::countr_zero(bits)));
  }

  // The draws as refine_to_buchi's graph.
  struct DrawGraph {
    const Game& game;
    struct Cursor {
      SlotCursor cur;
      MoveList moves, unmoves;
    };
    Cursor cursor() const { return {SlotCursor(game.s.t.index), {}, {}}; }
    bool loser(uint64_t v) const { return game.s.side_of(v) != game.winner; }
    // Phase 1 made every loser's draw with a capture that holds safe, and quiet moves lead
    // into positions of this table, which the loser does not win (it would not be a draw).
    static bool loser_exit(Cursor&, uint64_t) { return false; }
    bool winner_exit(Cursor& c, uint64_t v) const {
      return game.winning_capture(c.cur, c.moves, v);
    }
    // Pseudo moves: an illegal quiet move leads to an illegal position, never a draw.
    template <class F>
    void moves(Cursor& c, uint64_t v, F&& f) const {
      game.s.load(c.cur, v);
      Position& pos = c.cur.pos();
      c.moves.size = 0;
      pos.pseudo_moves(c.moves);
      IdleTest idle(pos, RuleSet::Chinese);
      for (const Move m : c.moves) {
        if (pos.is_capture(m)) continue;
        const uint64_t to = game.s.after_quiet(c.cur, m);
        if (game.s.draws.test(to) && f(to, [&] { return idle(m); })) return;
      }
    }
    template <class F>
    void predecessors(Cursor& c, uint64_t w, F&& f) const {
      game.s.load(c.cur, w);
      const uint64_t pred_side = uint64_t(~c.cur.pos().side_to_move());
      retro_pseudo_moves(c.cur.pos(), c.unmoves);
      for (const Move mv : c.unmoves) {
        const uint64_t p = pred_side * game.s.n + c.cur.slot_with_move(mv.to, mv.from);
        if (game.s.draws.test(p)) f(p);
      }
    }
    uint16_t& count(uint64_t v) const { return game.s.state(v); }
  };

  // The game on the cornered draws: every legal move, a capture or a move into a decided
  // position or a draw outside as a sink by its value, a move inside with its priority.
  ParityGame build() const {
    const uint32_t size = uint32_t(members.size());
    auto node_of = [&](uint64_t g) {
      return uint32_t(std::lower_bound(members.begin(), members.end(), g) - members.begin());
    };
    std::vector<std::vector<ParityGame::Edge>> out(size);
    std::vector<uint8_t> winner_moves(size);
#pragma omp parallel
    {
      SlotCursor cur(s.t.index);
      MoveList moves;
      std::vector<ParityGame::Edge> edges;
#pragma omp for schedule(dynamic, 16)
      for (uint32_t v = 0; v < size; ++v) {
        s.load(cur, members[v]);
        Position& pos = cur.pos();
        const bool ours = pos.side_to_move() == winner;
        winner_moves[v] = ours;
        pos.legal_moves(moves);
        // Sinks first: one move into a won sink decides a node of the winner, one into a sink
        // not won a node of the loser; the inner moves need classifying only otherwise.
        bool decided = false;
        for (int i = 0; i < moves.size && !decided; ++i) {
          const Move m = moves[i];
          bool won;  // the winner has won after m (if m leaves the game)
          if (pos.is_capture(m)) {
            const Wdl w = s.after_capture(pos, m);
            won = ours ? is_loss(w) : is_win(w);
          } else {
            const uint64_t to = s.after_quiet(cur, m);
            if (s.draws.test(to)) {
              if (cornered.test(to)) continue;
              won = false;
            } else {
              won = ours ? is_loss(s.wdl(to)) : is_win(s.wdl(to));
            }
          }
          if (won == ours) {
            out[v] = {{won ? ParityGame::kWonSink : ParityGame::kNotWonSink, 0}};
            decided = true;
          }
        }
        if (decided) continue;
        // Captures and moves out of the game that remain are won sinks for the loser's nodes
        // (they are always good) and sinks not won for the winner's (never chosen): dropped.
        edges.clear();
        for (const Move m : moves) {
          if (pos.is_capture(m)) continue;
          const uint64_t to = s.after_quiet(cur, m);
          if (!s.draws.test(to) || !cornered.test(to)) continue;
          const MoveClass c = move_class(move_facts(pos, m, RuleSet::Chinese), RuleSet::Chinese);
          edges.push_back({node_of(to), uint8_t(chase_priority(c, ours))});
        }
        // A loser's node whose moves all leave into won sinks keeps one, so that it is not
        // taken for a node without moves (the same verdict, but the graph stays faithful).
        if (edges.empty() && !ours) edges.push_back({ParityGame::kWonSink, 0});
        out[v] = edges;
      }
    }
    ParityGame g;
    for (uint32_t v = 0; v < size; ++v) {
      g.add_node(winner_moves[v], out[v]);
      std::vector<ParityGame::Edge>().swap(out[v]);
    }
    return g;
  }

  // Gives the draws their distance 0 back (phase 1 kept the loser's states there, phase 2 the
  // winner's counts).
  void clear_states() {
    for (int side = 0; side < 2; ++side)
#pragma omp parallel for schedule(static)
      for (uint64_t slot = 0; slot < s.n; ++slot)
        if (s.draws.test(side * s.n + slot)) s.t.distance[side][slot] = 0;
  }
};

// A side with its king alone neither checks nor attacks (a king chasing by itself is idle,
// docs/rules.md R4.1): every move of it is idle, so the other side wins nothing by the rule.
bool can_attack(const Material& m, Color c) {
  for (int t = Advisor; t < kPieceTypes; ++t)
    if (m.count[c][t]) return true;
  return false;
}

}  // namespace

ChaseStageSizes solve_chase_rule(SolvedTable& table, const TableSet& set,
                                 const Progress& progress) {
  if (table.first != 0 || table.draw_hints)
    throw std::logic_error("the chase stage needs a whole table after the check-rule stage");
  Stage stage(table, set);
  ChaseStageSizes sizes;
  std::vector<std::pair<uint64_t, uint16_t>> won[2];
  for (const Color winner : {Red, Black}) {
    if (!can_attack(table.material, ~winner)) continue;
    const bool red = winner == Red;
    Game game(stage, winner);
    game.find_cornered();
    game.clear_states();
    sizes.idle_unsafe[winner] = game.idle_unsafe;
    sizes.rounds[winner] = game.rounds;
    sizes.cornered[winner] = game.members.size();
    progress(red ? "chase rule (Red), not idle-safe" : "chase rule (Black), not idle-safe",
             int(std::min<uint64_t>(game.idle_unsafe, INT32_MAX)));
    progress(red ? "chase rule (Red), Büchi rounds" : "chase rule (Black), Büchi rounds",
             game.rounds);
    progress(red ? "chase rule (Red), cornered" : "chase rule (Black), cornered",
             int(std::min<uint64_t>(game.members.size(), INT32_MAX)));
    if (game.members.size() >= ParityGame::kNotWonSink)
      throw std::runtime_error(table.material.name() + ": too many cornered positions");
    const ParityGame graph = game.build();
    sizes.moves[winner] = graph.edges.size();
    const std::vector<uint16_t> potential =
        solve_chase_game(graph, table.material.name() + (red ? " (Red wins)" : " (Black wins)"));
    for (uint32_t v = 0; v < graph.size(); ++v)
      if (potential[v]) won[winner].emplace_back(game.members[v], potential[v]);
    sizes.won[winner] = won[winner].size();
    progress(red ? "chase rule (Red), won" : "chase rule (Black), won",
             int(std::min<uint64_t>(won[winner].size(), INT32_MAX)));
  }
  for (const Color winner : {Red, Black})
    for (const auto& [g, potential] : won[winner]) {
      Wdl& wdl = table.wdl[stage.side_of(g)][stage.slot_of(g)];
      if (wdl != Wdl::Draw)
        throw std::logic_error("a position won by the chase rule by both sides");
      wdl = stage.side_of(g) == winner ? Wdl::ChaseWin : Wdl::ChaseLoss;
      stage.state(g) = potential;
    }
  return sizes;
}

}  // namespace xq::gen
