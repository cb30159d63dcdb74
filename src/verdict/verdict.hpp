// Book verdicts of an ending (例胜 book win, 例和 book draw, or "depends"), decided from the
// values of its typical positions (docs/verdicts.md). Domain logic on top of the probe library,
// for any front end (the CLI's stats and list today); the evidence in words is explain.hpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/material.hpp"
#include "probe/tablebase.hpp"

namespace xq {

enum class Verdict { Win, Draw, Depends };

// Positions by value from the stronger side's view (Red of the canonical material); wins and
// losses include rule-decided ones, which are also counted in rule_decided.
struct Tally {
  uint64_t positions = 0, wins = 0, draws = 0, losses = 0, rule_decided = 0;
  // Wins and losses that the natural limit draws from a fresh counter (docs/metrics.md): the
  // cursed wins and blessed losses, and the rule-decided ones, which are not claimed under it.
  uint64_t limit_drawn_wins = 0, limit_drawn_losses = 0;
  // Percentages of positions (0 when there are none).
  double win_pct(bool under_limit = false) const;
  double draw_pct() const;
  double loss_pct() const;
};

// A piece of a formation on its point.
struct Placed {
  Piece piece;
  Square square;
};

// The typical positions of an ending (docs/verdicts.md "Typical positions"), grouped by the
// defender's formation: the weaker side's (Black's) king in its palace, its advisors and
// elephants on their home points, its other pieces anywhere; the stronger side's pieces
// likewise; both sides to move; neither side able to win material by an immediate capture.
// Positions are on the full board (mirror images counted separately).
struct TypicalSet {
  Tally stronger_to_move, weaker_to_move;  // every typical position examined
  uint64_t formations = 0;                 // defender formations judged
  uint64_t examined = 0;                   // placements examined (formation and attackers)
  bool sampled = false;                    // a deterministic sample, not every placement
  // Formations judged (any with positions with the stronger side to move; at least 16 when
  // sampled) that are fortresses, holding (the defender avoids loss) at least kFortressPct of
  // their positions with either side to move; and those lost in at least kBookWinPct with the
  // stronger side to move.
  uint64_t fortresses = 0, lost_formations = 0;
  uint64_t fortresses_under_limit = 0;  // the same test with the values under the natural limit
  // The defender's best formation: highest share held with the stronger side to move (ties:
  // with the weaker side to move). Its positions by side to move, and one held position.
  std::vector<Placed> best;
  Tally best_stronger_to_move, best_weaker_to_move;
  std::string best_example_fen;
  // Share of the best formation's positions (stronger side to move) the defender holds.
  double best_hold_pct() const;
};

// Default bound on the placements typical_positions examines (larger sets are sampled).
constexpr uint64_t kDefaultTypicalBudget = 2000000;

// Enumerates the typical positions of material m (in its canonical orientation) or, beyond
// `budget` placements, an evenly spread deterministic sample of them (every formation, fewer
// attacker placements each), and probes their WDL values in tb. Throws TableError when a
// table is missing.
TypicalSet typical_positions(const Tablebase& tb, const Material& m,
                             uint64_t budget = kDefaultTypicalBudget);

// Thresholds of the verdict rule, in percent of positions (docs/verdicts.md).
constexpr double kBookWinPct = 90;   // the stronger side to move wins at least this share
constexpr double kFortressPct = 90;  // a formation holding this share is a fortress

// The verdict (docs/verdicts.md "The rule"): Draw when the defender has a fortress; otherwise
// Win when the stronger side to move wins at least kBookWinPct of the typical positions;
// Depends otherwise. under_limit: the same rule on the values under the natural limit from a
// fresh counter (cursed wins, blessed losses and rule values drawn), which stats reports when
// it differs.
Verdict decide(const TypicalSet& t, bool under_limit = false);

// "win" / "draw" / "depends"; 例胜 / 例和 / 视局面而定.
const char* verdict_name(Verdict v);
const char* verdict_zh(Verdict v);

// The verdict chess books give for a canonical material, when this project records one
// (docs/verdicts.md "Book verdicts"); nullopt otherwise.
std::optional<Verdict> book_verdict(const Material& m);

// part as a percentage of whole (0 when whole is 0).
double share(uint64_t part, uint64_t whole);

}  // namespace xq
