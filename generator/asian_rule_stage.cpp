#include "generator/asian_rule_stage.hpp"

#include <algorithm>
#include <stdexcept>

#include "generator/memory_headroom.hpp"
#include "rules/asian_game.hpp"

namespace xq::gen {

namespace {

// The product's game on `members` (sorted global ids, also set in `in_game`): the stage's
// cornered draws, or verify's chase-decided positions. Every legal move, a capture or a move out
// of the members as a sink by its value (a draw outside: not won by P, exact by the bound), a
// move between members with its facts, in the frame of the target's slot (a slot stands for a
// position and its mirror image, and the registers name points).
AsianGame build_game(const SolvedTable& t, const CaptureTargets& targets, const Bitmap& in_game,
                     const std::vector<uint64_t>& members, Color winner) {
  const uint64_t n = t.index.size();
  const uint32_t size = uint32_t(members.size());
  std::vector<std::vector<AsianGame::Move>> out(size);
  std::vector<uint8_t> winner_moves(size);
#pragma omp parallel
  {
    SlotCursor cur(t.index);
    MoveList moves;
#pragma omp for schedule(dynamic, 16)
    for (uint32_t v = 0; v < size; ++v) {
      cur.load(members[v] % n, Color(members[v] >= n));
      Position& pos = cur.pos();
      const bool ours = pos.side_to_move() == winner;
      winner_moves[v] = ours;
      pos.legal_moves(moves);
      std::vector<AsianGame::Move>& edges = out[v];
      bool decided = false;  // a sink that decides the node for its mover at every register
      for (int i = 0; i < moves.size && !decided; ++i) {
        const Move m = moves[i];
        AsianGame::Move e;
        Position after = pos;
        const Piece captured = after.make(m);
        if (captured != kNoPiece) {
          const Wdl w = targets.probe(after, captured).wdl;
          e.target = (ours ? is_loss(w) : is_win(w)) ? AsianGame::kWonSink : AsianGame::kNotWonSink;
        } else {
          bool flip = false;
          const uint64_t slot = t.index.encode(after, &flip);
          const uint64_t to = uint64_t(after.side_to_move()) * n + slot;
          if (in_game.test(to)) {
            const MoveFacts f = asian_move_facts(pos, m);
            e.target =
                uint32_t(std::lower_bound(members.begin(), members.end(), to) - members.begin());
            e.from = m.from;
            e.to = m.to;
            e.check = f.check;
            e.chased = f.chased;
            e.pinned_rook = f.chased_pinned_rook;
            e.mirror = flip;
            edges.push_back(e);
            continue;
          }
          const Wdl w = t.wdl[after.side_to_move()][slot];
          e.target = w != Wdl::Draw && (ours ? is_loss(w) : is_win(w)) ? AsianGame::kWonSink
                                                                       : AsianGame::kNotWonSink;
        }
        // A sink good for the mover decides the node; one bad for it is never chosen, but a
        // node whose moves are all such keeps one (below).
        if ((e.target == AsianGame::kWonSink) == ours) {
          edges = {e};
          decided = true;
        }
      }
      if (edges.empty())
        edges.push_back(AsianGame::Move::sink(ours ? AsianGame::kNotWonSink : AsianGame::kWonSink));
    }
  }
  AsianGame g;
  size_t total = 0;  // reserved: a growing copy would hold twice the moves at its peak
  for (const std::vector<AsianGame::Move>& edges : out) total += edges.size();
  g.moves.reserve(total);
  g.first.reserve(size_t(size) + 1);
  g.winner_moves.reserve(size);
  for (uint32_t v = 0; v < size; ++v) {
    g.add_node(winner_moves[v], out[v]);
    std::vector<AsianGame::Move>().swap(out[v]);
  }
  return g;
}

}  // namespace

AsianStageSizes solve_asian_rule(SolvedTable& table, const TableSet& set, const Progress& progress,
                                 bool relaxed_bound) {
  DrawSet draws(table, set);
  AsianStageSizes sizes;
  // The relaxed escapes: a move that neither checks nor chases any piece is an escape for
  // every register (docs/metrics.md "The Asian stage"), a quiet move idle under the Asian rules
  // (kills are idle there), which IdleTest tells taking the mover's threats before the move
  // once per position.
  const auto escape = [](IdleTest& test, Move m, uint64_t, Color) { return test(m); };
  const auto play = [&](Color winner, const Bitmap& cornered,
                        const std::vector<uint64_t>& members) {
    require_memory(members.size() * kAsianProductBytesPerCornered,
                   table.material.name() + ": the Asian register product of " +
                       std::to_string(members.size()) + " cornered positions");
    const AsianSolution solution =
        solve_asian_game(build_game(table, draws.targets, cornered, members, winner));
    sizes.states[winner] = solution.states;
    sizes.vertices[winner] = solution.vertices;
    progress(winner == Red ? "asian rule (Red), product vertices"
                           : "asian rule (Black), product vertices",
             int(std::min<uint64_t>(solution.vertices, INT32_MAX)));
    ChaseWins won;
    for (uint32_t v = 0; v < members.size(); ++v)
      if (solution.won[v]) won.emplace_back(members[v], kAsianChasePotential);
    return won;
  };
  const ChaseRule rule{"asian rule", RuleSet::Asian, AsianGame::kNotWonSink, relaxed_bound};
  static_cast<ChaseStageSizes&>(sizes) = run_chase_stage(draws, rule, progress, escape, play);
  return sizes;
}

std::vector<uint64_t> asian_chase_unwon(const SolvedTable& table, const TableSet& set) {
  const uint64_t n = table.index.size();
  const CaptureTargets targets(table.material, set);
  std::vector<uint64_t> unwon;
  for (const Color winner : {Red, Black}) {
    Bitmap decided(2 * n);
    std::vector<uint64_t> members;
    for (uint64_t g = 0; g < 2 * n; ++g) {
      const Color side = Color(g >= n);
      if (table.wdl[side][g % n] != (side == winner ? Wdl::ChaseWin : Wdl::ChaseLoss)) continue;
      // A table read from its files may hold any value at an illegal slot (don't care).
      Position pos;
      if (!table.index.decode(g % n, pos)) continue;
      pos.set_side_to_move(side);
      if (pos.in_check(~side)) continue;
      decided.set(g);
      members.push_back(g);
    }
    if (members.empty()) continue;
    if (members.size() >= AsianGame::kNotWonSink)
      throw std::runtime_error(table.material.name() + ": too many chase-decided positions");
    const AsianSolution s = solve_asian_game(build_game(table, targets, decided, members, winner));
    for (uint32_t v = 0; v < members.size(); ++v)
      if (!s.won[v]) unwon.push_back(members[v]);
  }
  std::sort(unwon.begin(), unwon.end());
  return unwon;
}

}  // namespace xq::gen
