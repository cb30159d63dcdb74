#include "engine/table_choice.hpp"

#include <algorithm>

#include "probe/limit.hpp"
#include "rules/adjudicate.hpp"

namespace xq::engine {

namespace {

struct Candidate {
  Move move;
  ProbeResult value;
  std::optional<uint16_t> dtc;
  std::optional<LimitedValue> limited;
  int rank = 0;  // larger is better
  bool forbidden = false, repeats = false;
};

// Whether the value keeps a forced win for the mover: won under the limit, or (without it) won
// by force of mate.
bool forced_win(const Candidate& c) {
  if (c.limited) return c.limited->verdict == LimitVerdict::Win;
  return c.value.wdl == Wdl::Win || c.value.wdl == Wdl::CursedWin;
}

// Whether the move's position closes a cycle the rule set forbids to the mover: the cycle from
// the latest earlier occurrence of that position through the move, ruled by the adjudicator.
bool completes_forbidden_cycle(const Game& g, Move m, RuleSet rules) {
  const Position after = g.current().after(m);
  const std::vector<Position>& at = g.positions();
  int first = -1;
  for (int k = int(at.size()) - 1; k >= g.stretch_start(); --k)
    if (at[k] == after) {
      first = k;
      break;
    }
  if (first < 0) return false;
  std::vector<Move> cycle(g.moves().begin() + first, g.moves().end());
  cycle.push_back(m);
  const Adjudication a = adjudicate(at[first], cycle, rules);
  const Color mover = g.current().side_to_move();
  return a.verdict == (mover == Red ? CycleVerdict::RedLoses : CycleVerdict::BlackLoses);
}

std::vector<Candidate> ranked_moves(const Tablebase& tb, const Game& g, bool natural_limit,
                                    TableChoice& out) {
  std::vector<Candidate> moves;
  const Position& pos = g.current();
  const auto not_found = [&out](RootStatus s, const std::optional<Material>& missing) {
    out.status = s == RootStatus::NoLegalMove ? ChoiceStatus::NoMove : ChoiceStatus::Outside;
    out.missing = missing;
  };
  if (natural_limit) {
    const RootProbe rp = tb.root_probe(pos, std::min(g.counter(), int(kNaturalLimitPlies)));
    if (!rp.found()) {
      not_found(rp.status, rp.missing);
      return moves;
    }
    for (const RootMoveLimit& r : rp)
      moves.push_back({r.move, r.unlimited, r.dtc, r.limited, r.rank});
  } else {
    const RootMoves rm = tb.root_moves(pos);
    if (!rm.found()) {
      not_found(rm.status, rm.missing);
      return moves;
    }
    // Best first already: the order is the rank.
    int rank = int(rm.moves.size());
    for (const MoveValue& v : rm.moves) moves.push_back({v.move, v.value, {}, {}, rank--});
  }
  return moves;
}

}  // namespace

TableChoice choose_table_move(const Tablebase& tb, const Game& g, RuleSet rules, bool natural_limit,
                              const std::vector<Move>& banned) {
  TableChoice out;
  const Position& pos = g.current();
  if (!tb.has(Material::of(pos))) {
    out.missing = Material::of(pos).canonical();
    return out;
  }
  std::vector<Candidate> moves = ranked_moves(tb, g, natural_limit, out);
  std::erase_if(moves, [&banned](const Candidate& c) {
    return std::find(banned.begin(), banned.end(), c.move) != banned.end();
  });
  if (moves.empty()) {
    if (out.status == ChoiceStatus::Outside && !out.missing) out.status = ChoiceStatus::NoMove;
    return out;
  }
  for (Candidate& c : moves) {
    c.repeats = !pos.is_capture(c.move) && g.repeats(pos.after(c.move));
    c.forbidden = c.repeats && completes_forbidden_cycle(g, c.move, rules);
  }
  // Best rank first, keeping the probe's order within a rank (the rule strategy's move first);
  // a forbidden cycle only when every move completes one.
  const auto allowed =
      std::find_if(moves.begin(), moves.end(), [](const Candidate& c) { return !c.forbidden; });
  const Candidate* best = allowed != moves.end() ? &*allowed : &moves.front();
  out.avoided_forbidden = best != &moves.front();
  if (best->repeats && forced_win(*best)) {
    // A forced win needs no repetition: take the best winning move that repeats nothing.
    for (const Candidate& c : moves)
      if (!c.forbidden && !c.repeats && forced_win(c)) {
        best = &c;
        out.avoided_repetition = true;
        break;
      }
  }
  out.status = ChoiceStatus::Chosen;
  out.move = best->move;
  out.value = best->value;
  out.dtc = best->dtc;
  out.limited = best->limited;

  const Position after = pos.after(best->move);
  const int counter_after =
      pos.is_capture(best->move) ? 0 : std::min(g.counter() + 1, int(kNaturalLimitPlies));
  const Line line =
      natural_limit ? tb.limit_line(after, counter_after, 240) : tb.principal_variation(after, 240);
  out.pv = {best->move};
  out.pv.insert(out.pv.end(), line.moves.begin(), line.moves.end());
  out.pv_end = line.end;
  const bool decided =
      natural_limit ? best->limited->verdict != LimitVerdict::Draw : is_forced(best->value.wdl);
  if (decided && line.end == LineEnd::NoLegalMove) {
    const int plies = int(out.pv.size());
    out.mate_plies = plies % 2 == 1 ? plies : -plies;
  }
  return out;
}

std::string describe_choice(const TableChoice& c, int counter, bool natural_limit) {
  const Wdl w = c.value.wdl;
  std::string s;
  if (natural_limit) {
    const LimitVerdict v = c.limited->verdict;
    s = v == LimitVerdict::Win ? "win" : v == LimitVerdict::Loss ? "loss" : "draw";
    s += " under the natural limit (counter " + std::to_string(counter) + ", " +
         std::to_string(remaining_plies(std::min(counter, int(kNaturalLimitPlies)))) +
         " plies left)";
    if (c.dtc && v != LimitVerdict::Draw)
      s += ", conversion in " + std::to_string(*c.dtc) + " plies";
    if (v == LimitVerdict::Draw && w != Wdl::Draw)
      s += std::string(", ") + limit_reason_name(c.limited->reason) +
           " (unlimited: " + (is_win(w) ? "win" : "loss") + ")";
  } else {
    s = is_win(w) ? "win" : is_loss(w) ? "loss" : "draw";
    s += " without the natural limit";
  }
  if (is_rule_decided(w))
    s += is_chase_decided(w) ? ", decided by the chase rules"
                             : ", decided by the perpetual-check rule";
  if (c.mate_plies)
    s += std::string(", ") + (*c.mate_plies > 0 ? "mates" : "is mated") + " in " +
         std::to_string(std::abs(*c.mate_plies)) + " plies";
  if (c.avoided_forbidden) s += "; a better move would complete a forbidden repetition";
  if (c.avoided_repetition) s += "; keeps the win without repeating a position";
  return s;
}

}  // namespace xq::engine
