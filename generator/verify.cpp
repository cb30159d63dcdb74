#include "generator/verify.hpp"

#ifdef _OPENMP
#include <omp.h>
#endif

#include <algorithm>
#include <atomic>
#include <optional>

#include "generator/asian_rule_stage.hpp"
#include "rules/chase_game.hpp"

namespace xq::gen {

namespace {

// A successor's value from the mover's view, with what the rule strategy needs to know.
struct Successor {
  Move move;
  Wdl wdl;            // mover's view
  unsigned distance;  // plies including this move (plain), or the successor's potential
  bool capture, check;
  unsigned dtc;  // plies to conversion including this move: 1 for a capture
};

constexpr bool forced_win(Wdl w) {
  return is_forced(w) && is_win(w);
}
constexpr bool forced_loss(Wdl w) {
  return is_forced(w) && is_loss(w);
}

class Checker {
 public:
  Checker(const SolvedTable& t, const TableSet& set, RuleSet rules)
      : t_(t), captures_(t.material, set), rules_(rules) {}

  // The problem with the stored value of a legal position, or nullopt.
  // dtc: the stored DTC of the position (table.dtc), don't care unless its class is forced.
  std::optional<std::string> check(Position& pos, Outcome stored, unsigned dtc) const {
    std::vector<Successor> succ;
    for (Move m : pos.legal_moves()) {
      const bool check = pos.gives_check(m);
      const Piece cap = pos.make(m);
      const Outcome o = cap ? captures_.probe(pos, cap) : own(pos);
      const unsigned succ_dtc = cap ? 1 : own_dtc(pos) + 1;
      pos.unmake(m, cap);
      if (o.wdl == Wdl::Illegal) return "a successor has no value";
      const bool plain = is_forced(o.wdl);
      succ.push_back({m, negate(o.wdl), plain ? o.distance + 1u : o.distance, cap != kNoPiece,
                      check, succ_dtc});
    }
    if (rules_ == RuleSet::None && is_rule_decided(stored.wdl))
      return "rule-decided value in a table built without rules";
    if (is_chase_decided(stored.wdl) && rules_ != RuleSet::Asian && rules_ != RuleSet::Chinese)
      return std::string("chase-decided value in a table built under the rule set ") +
             rule_set_name(rules_);
    if (auto problem = check_plain(succ, stored)) return problem;
    if (auto problem = check_dtc(succ, stored.wdl, dtc)) return problem;
    if (auto problem = check_rule(succ, stored)) return problem;
    return check_chase(pos, succ, stored);
  }

 private:
  Outcome own(const Position& pos) const {
    const int side = pos.side_to_move();
    const uint64_t slot = t_.index.encode(pos);
    return {t_.wdl[side][slot], t_.distance[side][slot]};
  }
  unsigned own_dtc(const Position& pos) const {
    return t_.dtc[pos.side_to_move()][t_.index.encode(pos)];
  }

  // The natural limit and the DTC (docs/metrics.md) of a plain win or loss (check_plain has
  // passed). Within the limit a conversion is a capture into a sub-table Win (for the mover)
  // or a quiet move into the opponent's Loss/Win within the limit: the stored class and DTC
  // must be the least such (a win) or the largest (a loss, every move converting), and the
  // class CursedWin/BlessedLoss exactly when that exceeds the limit or does not exist. The DTC
  // of a cursed win or blessed loss counts captures into any forced value; the successors
  // within the limit store their (larger or equal) limited DTC, so it is checked against
  // bounds: a cursed win's DTC is at most its best move's, a blessed loss's at least its
  // longest move's through a cursed win of the opponent.
  static std::optional<std::string> check_dtc(const std::vector<Successor>& succ, Wdl stored,
                                              unsigned dtc) {
    if (!is_forced(stored)) return std::nullopt;
    const unsigned limit = kNaturalLimitPlies;
    if (succ.empty()) {
      if (stored == Wdl::Loss && dtc == 0) return std::nullopt;
      return "no legal move, so converted in 0 plies";
    }
    if (forced_win(stored)) {
      unsigned best = ~0u, best_unlimited = ~0u;  // within the limit; through any forced value
      for (const Successor& s : succ) {
        if (s.wdl == Wdl::Win) best = std::min(best, s.dtc);
        if (forced_win(s.wdl)) best_unlimited = std::min(best_unlimited, s.dtc);
      }
      if (best <= limit) {
        if (stored == Wdl::Win && dtc == best) return std::nullopt;
        return "a move converts within the limit in " + std::to_string(best) + " plies";
      }
      if (stored != Wdl::CursedWin) return "no move converts within the limit: a cursed win";
      if (dtc < 1 || dtc > best_unlimited) return "cursed win with a DTC beyond its moves'";
      return std::nullopt;
    }
    unsigned longest = 0, longest_unlimited = 0;
    bool within = true;
    for (const Successor& s : succ) {
      if (s.wdl == Wdl::Loss)
        longest = std::max(longest, s.dtc);
      else
        within = false;
      if (s.wdl == Wdl::BlessedLoss && !s.capture)
        longest_unlimited = std::max(longest_unlimited, s.dtc);
    }
    if (within && longest <= limit) {
      if (stored == Wdl::Loss && dtc == longest) return std::nullopt;
      return "every move converts within the limit, the longest in " + std::to_string(longest) +
             " plies";
    }
    if (stored != Wdl::BlessedLoss) return "a move escapes the limit: a blessed loss";
    if (dtc < std::max(longest_unlimited, 1u)) return "blessed loss with a DTC below its moves'";
    return std::nullopt;
  }

  // Plain (rule-free) consistency: a plain win is the best plain loss of the opponent plus one
  // ply, a plain loss is the longest plain win of the opponent plus one; anything else has
  // neither a move to a plain loss of the opponent nor only moves to plain wins.
  static std::optional<std::string> check_plain(const std::vector<Successor>& succ,
                                                Outcome stored) {
    std::optional<unsigned> best_win, longest_loss;
    bool all_plain_losses = true;
    for (const Successor& s : succ) {
      if (forced_win(s.wdl)) best_win = std::min(best_win.value_or(~0u), s.distance);
      if (forced_loss(s.wdl))
        longest_loss = std::max(longest_loss.value_or(0u), s.distance);
      else
        all_plain_losses = false;
    }
    if (succ.empty()) {
      if (forced_loss(stored.wdl) && stored.distance == 0) return std::nullopt;
      return "no legal move, so lost in 0 plies";
    }
    if (best_win) {
      if (forced_win(stored.wdl) && stored.distance == *best_win) return std::nullopt;
      return "a move wins in " + std::to_string(*best_win) + " plies";
    }
    if (all_plain_losses) {
      if (forced_loss(stored.wdl) && stored.distance == *longest_loss) return std::nullopt;
      return "every move loses, the longest in " + std::to_string(*longest_loss) + " plies";
    }
    if (is_forced(stored.wdl)) return "stored as a plain win/loss but the successors say otherwise";
    return std::nullopt;
  }

  // Rule semantics (docs/metrics.md): the winner has a move that follows the strategy; every
  // move of the loser keeps the winner's win and lowers the potential as the priority demands;
  // a draw has a move to a draw and no move to a loss of the opponent.
  static std::optional<std::string> check_rule(const std::vector<Successor>& succ, Outcome stored) {
    const uint16_t p = stored.distance;
    switch (stored.wdl) {
      case Wdl::RuleWin:
        // The check-rule stage knows no chase values: its strategy's moves lead elsewhere.
        for (const Successor& s : succ)
          if (is_win(s.wdl) && !(is_chase_decided(s.wdl) && !s.capture) &&
              (s.capture || (s.check ? s.distance < p : rule_round(s.distance) <= rule_round(p))))
            return std::nullopt;
        return "rule win without a move that follows the strategy";
      case Wdl::RuleLoss:
        for (const Successor& s : succ) {
          if (!is_loss(s.wdl)) return "rule loss with a move that does not lose";
          if (is_chase_decided(s.wdl) && !s.capture)
            return "rule loss with a move into a position the chase rules decide";
          if (s.wdl == Wdl::RuleLoss && !s.capture &&
              !(s.check ? s.distance < p : rule_round(s.distance) < rule_round(p)))
            return "rule loss with a move that does not lower the potential";
        }
        return std::nullopt;
      case Wdl::Draw: {
        bool draw_move = false;
        for (const Successor& s : succ) {
          if (is_win(s.wdl)) return "draw with a winning move";
          draw_move |= s.wdl == Wdl::Draw;
        }
        if (!draw_move) return "draw without a drawing move";
        return std::nullopt;
      }
      default:
        return std::nullopt;  // plain and chase values are checked elsewhere
    }
  }

  // The chase game's local conditions (rules/chase_game.hpp, docs/metrics.md "The chase
  // potential"), P the winner. ChaseWin (P to move): some move is a capture into a sub-table win,
  // a quiet move into a position of this table won for P by stages 1-2 (the opponent to move
  // there: Loss, BlessedLoss, RuleLoss), or a quiet move into ChaseLoss that keeps the measure
  // for its priority. ChaseLoss (the opponent to move): every move is a capture into a
  // sub-table position P wins, a quiet move into P's win by stages 1-2, or a quiet move into
  // ChaseWin that keeps the measure. Quiet moves into the game are classified under the
  // table's rule set.
  std::optional<std::string> check_chase(const Position& pos, const std::vector<Successor>& succ,
                                         Outcome stored) const {
    if (!is_chase_decided(stored.wdl)) return std::nullopt;
    const bool winner_moves = stored.wdl == Wdl::ChaseWin;
    if (rules_ == RuleSet::Asian) {
      // No measure to follow: here the value's moves, the register game in verify_table.
      if (stored.distance != kAsianChasePotential) return "asian chase value with a measure";
      const auto lost = [](const Successor& s) { return is_loss(s.wdl); };
      if (!winner_moves)
        return std::all_of(succ.begin(), succ.end(), lost)
                   ? std::nullopt
                   : std::optional<std::string>("chase loss with a move that does not lose");
      return std::any_of(succ.begin(), succ.end(), [](const Successor& s) { return is_win(s.wdl); })
                 ? std::nullopt
                 : std::optional<std::string>("chase win without a winning move");
    }
    const uint16_t p = stored.distance;
    // A quiet move within the game keeps the measure.
    const auto progresses = [&](const Successor& s) {
      const MoveClass c = move_class(move_facts(pos, s.move, rules_), rules_);
      return chase_progress(chase_priority(c, winner_moves), p, uint16_t(s.distance));
    };
    if (winner_moves) {
      for (const Successor& s : succ) {
        if (!is_win(s.wdl)) continue;
        if (s.capture || !is_chase_decided(s.wdl)) return std::nullopt;  // an exit
        if (progresses(s)) return std::nullopt;
      }
      return "chase win without a move that keeps the chase measure";
    }
    for (const Successor& s : succ) {
      if (!is_loss(s.wdl)) return "chase loss with a move that does not lose";
      if (s.capture || !is_chase_decided(s.wdl)) continue;
      if (!progresses(s)) return "chase loss with a move that does not keep the chase measure";
    }
    return std::nullopt;
  }

  const SolvedTable& t_;
  const CaptureTargets captures_;
  const RuleSet rules_;
};

}  // namespace

std::vector<Inconsistency> verify_table(
    const SolvedTable& table, const TableSet& set, RuleSet rules, size_t max_reports,
    const std::function<void(uint64_t done, uint64_t total)>& progress) {
  const Checker checker(table, set, rules);
  const uint64_t n = table.index.size();
  std::vector<std::pair<uint64_t, Inconsistency>> found;
  // Slots counted by chunks of the schedule; the calling thread (OpenMP's thread 0) reports.
  constexpr uint64_t kChunk = 4096;
  std::atomic<uint64_t> checked{0};
#pragma omp parallel for schedule(dynamic, kChunk)
  for (uint64_t g = 0; g < 2 * n; ++g) {
    if (progress && g % kChunk == 0) {
      const uint64_t done = checked.fetch_add(std::min(kChunk, 2 * n - g)) + kChunk;
#ifdef _OPENMP
      if (omp_get_thread_num() == 0)
#endif
        progress(std::min(done, 2 * n), 2 * n);
    }
    const int side = int(g / n);
    const uint64_t slot = g % n;
    const Wdl w = table.wdl[side][slot];
    Position pos;
    // Broken slots and illegal positions are "don't care" on disk: nothing to check there.
    if (!table.index.decode(slot, pos)) continue;
    pos.set_side_to_move(Color(side));
    if (pos.in_check(~Color(side))) continue;
    const std::optional<std::string> problem =
        w == Wdl::Illegal
            ? "a legal position without a value"
            : checker.check(pos, {w, table.distance[side][slot]}, table.dtc[side][slot]);
    if (!problem) continue;
#pragma omp critical(verify_found)
    if (found.size() < 64 * max_reports)  // a bounded sample, reported in slot order
      found.push_back({g, {pos.fen(), *problem + " (slot " + std::to_string(slot) + ")"}});
  }
  if (rules == RuleSet::Asian)
    for (const uint64_t g : asian_chase_unwon(table, set)) {
      if (found.size() >= 64 * max_reports) break;
      Position pos;
      table.index.decode(g % n, pos);
      pos.set_side_to_move(Color(g >= n));
      found.push_back({g,
                       {pos.fen(), "an Asian chase value the register game does not win (slot " +
                                       std::to_string(g % n) + ")"}});
    }
  std::sort(found.begin(), found.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<Inconsistency> out;
  for (size_t i = 0; i < found.size() && i < max_reports; ++i) out.push_back(found[i].second);
  return out;
}

}  // namespace xq::gen
