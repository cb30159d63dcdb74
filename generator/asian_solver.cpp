#include "generator/asian_solver.hpp"

#include <algorithm>
#include <atomic>
#include <stdexcept>

#include "core/retro.hpp"
#include "generator/buchi_region.hpp"
#include "generator/draw_set.hpp"
#include "rules/asian_game.hpp"

namespace xq::gen {

namespace {

// The draws as refine_to_buchi's graph for the would-be winner P, with the relaxed escapes as
// the opponent O's idle moves. A relaxed escape is a move that neither checks nor chases any
// piece, an escape for every register (docs/metrics.md "The Asian stage"): a quiet move idle
// under the Asian rules (kills are idle there), which IdleTest tells taking the mover's threats
// before the move once per position.
struct EscapeGraph {
  DrawSet& d;
  const Color winner;
  struct Cursor {
    SlotCursor cur;
    MoveList moves, unmoves;
  };
  Cursor cursor() const { return {SlotCursor(d.t.index), {}, {}}; }
  bool loser(uint64_t v) const { return d.side_of(v) != winner; }
  // O's quiet moves out of the draws go into positions P wins (O wins none from a draw), so
  // its exits are the captures into sub-table positions P does not win.
  bool loser_exit(Cursor& c, uint64_t v) const {
    return d.some_capture(c.cur, c.moves, v, [](Wdl w) { return !is_win(w); });
  }
  bool winner_exit(Cursor& c, uint64_t v) const {
    return d.some_capture(c.cur, c.moves, v, [](Wdl w) { return is_loss(w); });
  }
  // Pseudo moves: an illegal quiet move leads to an illegal position, never a draw.
  template <class F>
  void moves(Cursor& c, uint64_t v, F&& f) const {
    d.load(c.cur, v);
    Position& pos = c.cur.pos();
    c.moves.size = 0;
    pos.pseudo_moves(c.moves);
    IdleTest escape(pos, RuleSet::Asian);
    for (const Move m : c.moves) {
      if (pos.is_capture(m)) continue;
      const uint64_t to = d.after_quiet(c.cur, m);
      if (d.draws.test(to) && f(to, [&] { return escape(m); })) return;
    }
  }
  template <class F>
  void predecessors(Cursor& c, uint64_t w, F&& f) const {
    d.load(c.cur, w);
    const uint64_t pred_side = uint64_t(~c.cur.pos().side_to_move());
    retro_pseudo_moves(c.cur.pos(), c.unmoves);
    for (const Move mv : c.unmoves) {
      const uint64_t p = pred_side * d.n + c.cur.slot_with_move(mv.to, mv.from);
      if (d.draws.test(p)) f(p);
    }
  }
  uint16_t& count(uint64_t v) const { return d.t.distance[d.side_of(v)][d.slot_of(v)]; }
};

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
  for (uint32_t v = 0; v < size; ++v) {
    g.add_node(winner_moves[v], out[v]);
    std::vector<AsianGame::Move>().swap(out[v]);
  }
  return g;
}

// A side with its king alone neither checks nor chases (a king chasing by itself is idle,
// docs/rules.md R4.1): every move of it is an escape, so the other side wins nothing by the rule.
bool can_attack(const Material& m, Color c) {
  for (int t = Advisor; t < kPieceTypes; ++t)
    if (m.count[c][t]) return true;
  return false;
}

}  // namespace

AsianStageSizes solve_asian_rule(SolvedTable& table, const TableSet& set, const Progress& progress,
                                 bool relaxed_bound) {
  if (table.first != 0 || table.draw_hints)
    throw std::logic_error("the Asian stage needs a whole table after the check-rule stage");
  DrawSet draws(table, set);
  AsianStageSizes sizes;
  std::vector<uint64_t> won[2];
  for (const Color winner : {Red, Black}) {
    if (!can_attack(table.material, ~winner)) continue;
    const bool red = winner == Red;
    // The bound: the complement of O's Büchi region for relaxed escapes, refined from all the
    // draws (S = ∅, as the chase stage does: an escape-safe set S computed first cost 16 s of
    // KRKCAABB's 42, where Black's S excludes 36 of its 47 million draws, and saved 2).
    Bitmap cornered = draws.draws;
    if (relaxed_bound) {
      EscapeGraph graph{draws, winner};
      sizes.rounds[winner] = refine_to_buchi(graph, cornered, 2 * draws.n);
      // The refinement's counts back to 0 (it leaves those of the cornered draws at 0).
      for (int side = 0; side < 2; ++side)
#pragma omp parallel for schedule(static)
        for (uint64_t slot = 0; slot < draws.n; ++slot)
          if (draws.draws.test(side * draws.n + slot)) table.distance[side][slot] = 0;
    }
    std::vector<uint64_t> members;
    for (uint64_t w = 0; w < cornered.words(); ++w)
      for (uint64_t bits = cornered.word(w); bits; bits &= bits - 1)
        members.push_back(w * 64 + uint64_t(std::countr_zero(bits)));
    sizes.cornered[winner] = members.size();
    progress(red ? "asian rule (Red), Büchi rounds" : "asian rule (Black), Büchi rounds",
             sizes.rounds[winner]);
    progress(red ? "asian rule (Red), cornered" : "asian rule (Black), cornered",
             int(std::min<uint64_t>(members.size(), INT32_MAX)));
    if (members.empty()) continue;
    if (members.size() >= AsianGame::kNotWonSink)
      throw std::runtime_error(table.material.name() + ": too many cornered positions");
    const AsianSolution solution =
        solve_asian_game(build_game(table, draws.targets, cornered, members, winner));
    sizes.states[winner] = solution.states;
    sizes.vertices[winner] = solution.vertices;
    for (uint32_t v = 0; v < members.size(); ++v)
      if (solution.won[v]) won[winner].push_back(members[v]);
    sizes.won[winner] = won[winner].size();
    progress(red ? "asian rule (Red), won" : "asian rule (Black), won",
             int(std::min<uint64_t>(won[winner].size(), INT32_MAX)));
  }
  for (const Color winner : {Red, Black})
    for (const uint64_t g : won[winner]) {
      Wdl& wdl = table.wdl[draws.side_of(g)][draws.slot_of(g)];
      if (wdl != Wdl::Draw)
        throw std::logic_error("a position won by the Asian rule by both sides");
      wdl = draws.side_of(g) == winner ? Wdl::ChaseWin : Wdl::ChaseLoss;
      table.distance[draws.side_of(g)][draws.slot_of(g)] = kAsianChasePotential;
    }
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
