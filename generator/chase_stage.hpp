// The skeleton both chase stages run (chinese_rule_stage.cpp, asian_rule_stage.cpp): among the
// draws a table keeps after the perpetual-check rule, per would-be winner P, the cornered draws
// (the complement of the opponent's Büchi region for the rule set's idle moves,
// buchi_region.hpp), then the rule set's explicit game on them, then the positions P wins
// written back as ChaseWin / ChaseLoss. The rule set supplies its idle test and its game.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/retro.hpp"
#include "generator/buchi_region.hpp"
#include "generator/draw_set.hpp"
#include "generator/plain_solver.hpp"
#include "rules/move_facts.hpp"

namespace xq::gen {

// The positions a would-be winner wins by a chase rule (global ids), each with its distance
// entry (the strategy measure the rule set stores).
using ChaseWins = std::vector<std::pair<uint64_t, uint16_t>>;

// A side with its king alone neither checks nor chases (a king chasing by itself is idle,
// docs/rules.md R4.1): every move of it is idle, so the other side wins nothing by the rule.
inline bool can_attack(const Material& m, Color c) {
  for (int t = Advisor; t < kPieceTypes; ++t)
    if (m.count[c][t]) return true;
  return false;
}

// The draws as refine_to_buchi's graph for the would-be winner P, with the opponent O's idle
// moves as `idle(test, m, to, P)` says (test: the IdleTest of the position moved from, under
// `rules`). The counts are the distance entries of the draws, free during the stage.
template <class Idle>
struct DrawGraph {
  DrawSet& d;
  const Color winner;
  const RuleSet rules;
  const Idle& idle;
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
    IdleTest test(pos, rules);
    for (const Move m : c.moves) {
      if (pos.is_capture(m)) continue;
      const uint64_t to = d.after_quiet(c.cur, m);
      if (d.draws.test(to) && f(to, [&] { return idle(test, m, to, winner); })) return;
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

// What a chase stage's rule set gives the skeleton.
struct ChaseRule {
  const char* name;    // in progress lines and errors: "chase rule", "asian rule"
  RuleSet rules;       // of the idle test
  uint64_t max_nodes;  // the game's node ids end below this
  bool refine = true;  // false: the game on every draw (tests: the bound must change nothing)
};

// What the stage saw, per would-be winner (by colour): the rounds of the Büchi refinement, the
// cornered draws (the explicit game's nodes) and the positions P wins.
struct ChaseStageSizes {
  uint64_t cornered[2] = {0, 0}, won[2] = {0, 0};
  int rounds[2] = {0, 0};
};

// Runs the skeleton on `draws` (of a whole table after the check-rule stage): per would-be
// winner P, idle(test, m, to, P) for O's moves, then play(P, cornered bitmap, members) on the
// cornered draws (sorted global ids) returning what P wins. Throws std::runtime_error when the
// cornered draws outnumber the game's ids.
template <class Idle, class Play>
ChaseStageSizes run_chase_stage(DrawSet& draws, const ChaseRule& rule, const Progress& progress,
                                Idle&& idle, Play&& play) {
  SolvedTable& table = draws.t;
  if (table.first != 0 || table.draw_hints)
    throw std::logic_error(std::string("the ") + rule.name +
                           " stage needs a whole table after the check-rule stage");
  ChaseStageSizes sizes;
  ChaseWins won[2];
  for (const Color winner : {Red, Black}) {
    if (!can_attack(table.material, ~winner)) continue;
    const std::string label = std::string(rule.name) + (winner == Red ? " (Red), " : " (Black), ");
    // Refined from all the draws: an idle-safe bound computed first would cost what the first
    // round costs (one witness per loser's draw, one capture test per winner's): it cost 16 s
    // of KRKCAABB's 42 under the Asian rules and saved 2.
    Bitmap cornered = draws.draws;
    if (rule.refine) {
      DrawGraph<Idle> graph{draws, winner, rule.rules, idle};
      sizes.rounds[winner] = refine_to_buchi(graph, cornered, 2 * draws.n);
      // The refinement's counts back to 0: it leaves those of the cornered draws at 0, so
      // only the draws of the region are visited.
#pragma omp parallel for schedule(static)
      for (uint64_t w = 0; w < cornered.words(); ++w)
        for (const int bit : SetBits(draws.draws.word(w) & ~cornered.word(w))) {
          const uint64_t g = w * 64 + uint64_t(bit);
          table.distance[draws.side_of(g)][draws.slot_of(g)] = 0;
        }
    }
    const std::vector<uint64_t> members = set_bits(cornered);
    sizes.cornered[winner] = members.size();
    progress((label + "Büchi rounds").c_str(), sizes.rounds[winner]);
    progress((label + "cornered").c_str(), int(std::min<uint64_t>(members.size(), INT32_MAX)));
    if (members.empty()) continue;
    if (members.size() >= rule.max_nodes)
      throw std::runtime_error(table.material.name() + ": too many cornered positions");
    won[winner] = play(winner, cornered, members);
    sizes.won[winner] = won[winner].size();
    progress((label + "won").c_str(), int(std::min<uint64_t>(won[winner].size(), INT32_MAX)));
  }
  for (const Color winner : {Red, Black})
    for (const auto& [g, entry] : won[winner]) {
      Wdl& wdl = table.wdl[draws.side_of(g)][draws.slot_of(g)];
      if (wdl != Wdl::Draw)
        throw std::logic_error(std::string("a position won by the ") + rule.name +
                               " by both sides");
      wdl = draws.side_of(g) == winner ? Wdl::ChaseWin : Wdl::ChaseLoss;
      table.distance[draws.side_of(g)][draws.slot_of(g)] = entry;
    }
  return sizes;
}

}  // namespace xq::gen
