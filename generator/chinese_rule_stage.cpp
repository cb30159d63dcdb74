#include "generator/chinese_rule_stage.hpp"

#include <algorithm>
#include <stdexcept>

#include "generator/chase_stage.hpp"
#include "generator/memory_headroom.hpp"
#include "generator/parity_game.hpp"
#include "rules/chase_game.hpp"
#include "rules/move_facts.hpp"

namespace xq::gen {

namespace {

// The table's draws (draw_set.hpp) with what the Chinese game asks of their values.
struct ChineseDraws : DrawSet {
  using DrawSet::DrawSet;
  Wdl wdl(uint64_t g) const { return t.wdl[side_of(g)][slot_of(g)]; }
  // The value of the position after the capture m, for its side to move.
  Wdl after_capture(Position& pos, Move m) const {
    const Piece captured = pos.make(m);
    const Wdl w = targets.probe(pos, captured).wdl;
    pos.unmake(m, captured);
    return w;
  }
};

// Whether the loser's quiet move m of the position `test` was made for, into the draw `to`,
// is idle, for the would-be winner `winner`. A kill is a mate by checks within the kill
// horizon with the loser to move again: that position (the slot of `to`, the loser's side) is
// then won by force within the horizon, and its DTM is known, so the mate search runs only
// where the DTM allows one.
bool idle_move(const ChineseDraws& s, Color winner, IdleTest& test, Move m, uint64_t to) {
  if (s.side_of(to) != winner) throw std::logic_error("idle() is asked of the loser's moves");
  return test(m, [&](Position& after) {
    const int side = int(~winner);
    const uint64_t slot = s.slot_of(to);
    const Wdl w = s.t.wdl[side][slot];
    if (!is_forced(w) || !is_win(w) || s.t.distance[side][slot] > test.kill_horizon()) return false;
    return test.kills(after);
  });
}

// One would-be winner's explicit game on its cornered draws.
struct ChineseGame {
  const ChineseDraws& s;
  const Color winner;
  const Bitmap& cornered;
  const std::vector<uint64_t>& members;  // the cornered draws, in order

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
    size_t total = 0;  // reserved: a growing copy would hold twice the moves at its peak
    for (const std::vector<ParityGame::Edge>& edges : out) total += edges.size();
    g.edges.reserve(total);
    g.first.reserve(size_t(size) + 1);
    g.winner_moves.reserve(size);
    for (uint32_t v = 0; v < size; ++v) {
      g.add_node(winner_moves[v], out[v]);
      std::vector<ParityGame::Edge>().swap(out[v]);
    }
    return g;
  }
};

}  // namespace

ChineseStageSizes solve_chinese_rule(SolvedTable& table, const TableSet& set,
                                     const Progress& progress) {
  ChineseDraws draws(table, set);
  ChineseStageSizes sizes;
  const ChaseRule rule{"chase rule", RuleSet::Chinese, ParityGame::kNotWonSink};
  const auto idle = [&](IdleTest& test, Move m, uint64_t to, Color winner) {
    return idle_move(draws, winner, test, m, to);
  };
  const auto play = [&](Color winner, const Bitmap& cornered,
                        const std::vector<uint64_t>& members) {
    require_memory(members.size() * kChineseGameBytesPerCornered,
                   table.material.name() + ": the chase game of " + std::to_string(members.size()) +
                       " cornered positions");
    const ParityGame graph = ChineseGame{draws, winner, cornered, members}.build();
    sizes.moves[winner] = graph.edges.size();
    const std::vector<uint16_t> potential = solve_chase_game(
        graph, table.material.name() + (winner == Red ? " (Red wins)" : " (Black wins)"));
    ChaseWins won;
    for (uint32_t v = 0; v < graph.size(); ++v)
      if (potential[v]) won.emplace_back(members[v], potential[v]);
    return won;
  };
  static_cast<ChaseStageSizes&>(sizes) = run_chase_stage(draws, rule, progress, idle, play);
  return sizes;
}

}  // namespace xq::gen
