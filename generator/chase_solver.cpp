#include "generator/chase_solver.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/retro.hpp"
#include "generator/buchi_region.hpp"
#include "generator/draw_set.hpp"
#include "generator/parity_game.hpp"
#include "rules/chase_game.hpp"
#include "rules/move_facts.hpp"

namespace xq::gen {

namespace {

// The table's draws (draw_set.hpp) with the chase stage's access to their values and states
// (the distance entry, free during the stage: 0 before and after).
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
  int rounds = 0;                 // of the Büchi refinement

  Game(Stage& stage, Color c) : s(stage), winner(c), cornered(2 * stage.n) {}

  // Whether the loser's quiet move m of the position `test` was made for, into the draw `to`,
  // is idle. A kill is a mate by checks within the kill horizon with the loser to move again:
  // that position (the slot of `to`, the loser's side) is then won by force within the
  // horizon, and its DTM is known, so the mate search runs only where the DTM allows one.
  bool idle(IdleTest& test, Move m, uint64_t to) {
    if (s.side_of(to) != winner) throw std::logic_error("idle() is asked of the loser's moves");
    return test(m, [&](Position& after) {
      const int side = int(~winner);
      const uint64_t slot = s.slot_of(to);
      const Wdl w = s.t.wdl[side][slot];
      if (!is_forced(w) || !is_win(w) || s.t.distance[side][slot] > test.kill_horizon())
        return false;
      return test.kills(after);
    });
  }

  // The complement of the loser's Büchi region for idle moves (buchi_region.hpp), from all the
  // draws: its first round costs one witness per loser's draw and one capture test per
  // winner's, which an idle-safe bound computed first would cost too.
  void find_cornered() {
    for (uint64_t w = 0; w < cornered.words(); ++w) cornered.word(w) = s.draws.word(w);
    DrawGraph graph{*this};
    rounds = refine_to_buchi(graph, cornered, 2 * s.n);
    members.clear();
    for (uint64_t w = 0; w < cornered.words(); ++w)
      for (uint64_t bits = cornered.word(w); bits; bits &= bits - 1)
        members.push_back(w * 64 + uint64_t(std::countr_zero(bits)));
  }

  // The draws as refine_to_buchi's graph.
  struct DrawGraph {
    Game& game;
    struct Cursor {
      SlotCursor cur;
      MoveList moves, unmoves;
    };
    Cursor cursor() const { return {SlotCursor(game.s.t.index), {}, {}}; }
    bool loser(uint64_t v) const { return game.s.side_of(v) != game.winner; }
    // A capture that holds (the winner does not win the sub-table position); quiet moves lead
    // into positions of this table, which the loser does not win (it would not be a draw).
    bool loser_exit(Cursor& c, uint64_t v) const {
      return game.s.some_capture(c.cur, c.moves, v, [](Wdl w) { return !is_win(w); });
    }
    bool winner_exit(Cursor& c, uint64_t v) const {
      return game.s.some_capture(c.cur, c.moves, v, [](Wdl w) { return is_loss(w); });
    }
    // Pseudo moves: an illegal quiet move leads to an illegal position, never a draw.
    template <class F>
    void moves(Cursor& c, uint64_t v, F&& f) const {
      game.s.load(c.cur, v);
      Position& pos = c.cur.pos();
      c.moves.size = 0;
      pos.pseudo_moves(c.moves);
      IdleTest test(pos, RuleSet::Chinese);
      for (const Move m : c.moves) {
        if (pos.is_capture(m)) continue;
        const uint64_t to = game.s.after_quiet(c.cur, m);
        if (game.s.draws.test(to) && f(to, [&] { return game.idle(test, m, to); })) return;
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
    sizes.rounds[winner] = game.rounds;
    sizes.cornered[winner] = game.members.size();
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
