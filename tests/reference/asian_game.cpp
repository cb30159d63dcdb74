// The Asian rule set's game, exactly (docs/rules.md R8 and G3 "The Asian game, exactly"; survey
// §3.4): a parity game on the product of the positions left drawn by the check rule with two
// registers, solved by Zielonka's algorithm.
//
// Each side X's moves in a cycle give a rank, PC 3 (every move a check) > PXR 2 (every move a
// chase, not a check, of one and the same rook standing on a horse's leg) > PX 1 (every move a
// chase of one and the same piece) > A 0 (anything else: idle moves, kills, a mix of checks and
// chases, changing targets); by the table R8 the side of the higher rank loses, equal ranks
// draw. The would-be winner P wins an infinite play iff rank(O) > rank(P) for its opponent O.
//
// Registers: tau_X is what X is claimed to do perpetually, "nothing yet", "checks" or a piece of
// X's opponent (its point, followed through that piece's own moves). X's opponent sets it (it
// gains when X is a perpetual offender), right after each move of X: keep it, or set it to
// "checks" after a check, or to a piece the move newly chases after a chase. Relative to tau_X
// each move of X is labelled: check (a check, tau_X = checks), chase (a chase of tau_X, not a
// check), pinned-rook chase (the same, tau_X being a rook on the leg of X's horse, R4.10), or
// escape (anything else, and every move after which the register was set: a guess changed
// infinitely often gains the guesser nothing). Labelled moves only ever under-state a rank, and
// the guesser that keeps the target of the longest current streak states it exactly, so the
// guessers' game has the exact value. A mix of checks and chases is no rank because it needs a
// register change (checks <-> piece) between them: the "extra bit" of the survey is the register.
//
// Priorities (max parity, even = P wins), by label and mover:
//   escape by O 9, escape by P 8, check by P 7, check by O 6, chase by O 5, chase by P 4,
//   pinned-rook chase by O 3, by P 2.
// Checked against every pair of tails: O escapes infinitely often -> 9, rank(O) = 0, P cannot
// win; else P escaping -> 8, rank(P) = 0 < rank(O): P wins; else both sides stick to one label
// group: P all checks -> 7 (P is PC: loses or draws); O all checks, P chasing -> 6 (O PC
// loses); both chasing: O with some plain chase -> 5 (rank(O) = 1 <= rank(P)), else O all
// pinned-rook chases (rank 2): P with a plain chase (rank 1) -> 4, P wins; P all pinned-rook
// chases too -> 3, a draw. Captures and moves into decided positions leave the product (to a
// sink of their winner, or to the drawn target with both registers cleared: a capture starts a
// new count), so their priorities are seen finitely often; states and choice vertices carry 0.
//
// Cleared registers. A register kept through a move that does not continue it (an escape label)
// only ever gains its guesser a chase or check label later, when the streak it named resumes;
// cleared instead, the guesser sets it again when the streak resumes, one more escape label.
// Either way each resumption follows an escape of the same side, so a play has infinitely many
// escapes of a side in the one product iff in the other, and the same labels from some point on
// otherwise: the winner of every play is the same, and so are the values (tested against the
// uncleared product on random arenas, tests/test_asian_game.cpp). Cleared, a register is set
// only along a streak of chases or checks, so the product has about one state per position
// where moves are mostly idle (KRKCAA: 84 million vertices uncleared).
#include "asian_game.hpp"

#include <array>
#include <stdexcept>
#include <string>

#include "reference/flat_index.hpp"
#include "reference/parity_game.hpp"

namespace xq::ref {

namespace {

constexpr uint8_t kNothing = 0xff, kChecks = 0xfe;  // register values besides a point

enum Label : uint8_t { Escape, CheckLabel, ChaseLabel, PinnedRookChase };

constexpr uint8_t label_priority(Label l, bool p_moves) {
  constexpr uint8_t by_p[] = {8, 7, 4, 2}, by_o[] = {9, 6, 5, 3};
  return p_moves ? by_p[l] : by_o[l];
}

}  // namespace

AsianResult solve_asian_game(const AsianArena& arena, bool clear_after_escape) {
  const size_t n = arena.side.size();
  const std::vector<uint8_t>& stm = arena.side;
  const auto drawn = [&](uint32_t i) { return arena.decided[i] == 0; };
  // Vertices 0 and 1: sinks won by Red and Black. Then states, choices and arrivals, numbered
  // as they are met; `mover` (colour + 1, 0 for none) and `label` give an arrival's priority.
  std::vector<std::pair<uint32_t, uint32_t>> edges{{0, 0}, {1, 1}};
  std::vector<uint8_t> owner_colour{0, 0}, mover{0, 0}, label{0, 0};
  const auto vertex = [&](uint8_t owner, uint8_t by, uint8_t l) {
    owner_colour.push_back(owner);
    mover.push_back(by);
    label.push_back(l);
    return uint32_t(owner_colour.size() - 1);
  };
  // States are numbered as they are met (their keys in `queue`, the order they are expanded
  // in); each state has one arrival per mover and label at most.
  FlatIndex states;
  std::vector<uint64_t> queue;
  std::vector<uint32_t> state_vertex;
  // [state][mover * 4 + label], 0 = none yet (vertex 0 is a sink). Hand-made arenas may let a
  // side move twice in a row: the mover is not always the opponent of the state's side to move.
  std::vector<std::array<uint32_t, 8>> arrival;
  const auto state = [&](uint32_t node, uint8_t tau_red, uint8_t tau_black) {
    const uint64_t key = uint64_t(node) << 16 | tau_red << 8 | tau_black;
    const auto [number, fresh] = states.insert(key, uint32_t(queue.size()));
    if (fresh) {
      state_vertex.push_back(vertex(stm[node], 0, 0));
      arrival.push_back({});
      queue.push_back(key);
    }
    return number;
  };
  // A move out of the product: a sink when the target is decided, else the target afresh.
  const auto leave = [&](uint32_t t) -> uint32_t {
    if (!drawn(t)) return uint32_t(arena.decided[t] > 0 ? stm[t] : 1 - stm[t]);
    return state_vertex[state(t, kNothing, kNothing)];
  };
  const auto arrive = [&](uint32_t s, Color by, Label l) {
    const size_t slot = size_t(by) * 4 + l;
    if (arrival[s][slot] == 0) {
      const uint32_t v = vertex(0, uint8_t(by + 1), l);
      arrival[s][slot] = v;
      edges.push_back({v, state_vertex[s]});
    }
    return arrival[s][slot];
  };
  std::vector<uint32_t> initial(n, UINT32_MAX);
  for (uint32_t i = 0; i < n; ++i)
    if (drawn(i)) initial[i] = state_vertex[state(i, kNothing, kNothing)];

  for (size_t q = 0; q < queue.size(); ++q) {
    const uint64_t key = queue[q];
    const uint32_t node = uint32_t(key >> 16), s = state_vertex[q];
    const Color x = Color(stm[node]);
    std::array<uint8_t, 2> tau{uint8_t(key >> 8), uint8_t(key)};  // [Red], [Black]
    if (arena.first[node] == arena.first[node + 1])
      throw std::logic_error("asian game: a node without moves");
    for (uint32_t k = arena.first[node]; k < arena.first[node + 1]; ++k) {
      const AsianMove& m = arena.moves[k];
      if (m.capture || !drawn(m.target)) {
        edges.push_back({s, leave(m.target)});
        continue;
      }
      std::array<uint8_t, 2> after = tau;
      if (after[~x] == m.from) after[~x] = m.to;  // the opponent's target moved
      const uint8_t kept = tau[x];
      const bool chases_kept = kept != kNothing && kept != kChecks && m.chased.test(kept);
      const Label keep_label = m.check ? (kept == kChecks ? CheckLabel : Escape)
                               : chases_kept
                                   ? (m.pinned_rook.test(kept) ? PinnedRookChase : ChaseLabel)
                                   : Escape;
      // Register choices besides keeping it, each an escape.
      std::vector<uint8_t> sets;
      if (m.check && kept != kChecks) sets.push_back(kChecks);
      if (!m.check)
        for (const Square c : m.chased)
          if (c != kept) sets.push_back(uint8_t(c));
      const auto to_state = [&](uint8_t reg) {
        std::array<uint8_t, 2> r = after;
        r[x] = reg;
        return state(m.target, r[Red], r[Black]);
      };
      uint32_t from = s;
      if (!sets.empty()) {
        from = vertex(uint8_t(~x), 0, 0);  // the guesser chooses
        edges.push_back({s, from});
      }
      const uint8_t kept_after = clear_after_escape && keep_label == Escape ? kNothing : kept;
      edges.push_back({from, arrive(to_state(kept_after), x, keep_label)});
      for (const uint8_t reg : sets) edges.push_back({from, arrive(to_state(reg), x, Escape)});
    }
  }
  if (owner_colour.size() > UINT32_MAX / 2)
    throw std::invalid_argument("asian reference: product too large");

  std::array<std::vector<uint8_t>, 2> wins;
  for (const Color p : {Red, Black}) {
    const size_t v = owner_colour.size();
    std::vector<uint8_t> priority(v, 0), owner(v, 0);
    priority[p] = 8;
    priority[~p] = 9;
    for (size_t i = 2; i < v; ++i) {
      if (mover[i] != 0) {
        priority[i] = label_priority(Label(label[i]), Color(mover[i] - 1) == p);
      } else {
        owner[i] = owner_colour[i] != p;
      }
    }
    std::vector<uint8_t> winner = solve_parity(edges, std::move(priority), std::move(owner));
    for (uint8_t& w : winner) w = w == 0;
    wins[p] = std::move(winner);
  }
  AsianResult out;
  out.value.assign(n, 0);
  for (uint32_t i = 0; i < n; ++i) {
    if (!drawn(i)) {
      out.value[i] = arena.decided[i];
      continue;
    }
    const uint32_t v = initial[i];
    if (wins[stm[i]][v] && wins[1 - stm[i]][v])
      throw std::logic_error("asian game: both sides win node " + std::to_string(i));
    out.value[i] = wins[stm[i]][v] ? 1 : wins[1 - stm[i]][v] ? -1 : 0;
  }
  out.game_size = owner_colour.size();
  return out;
}

}  // namespace xq::ref
