#include "verdict/verdict.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "core/position.hpp"
#include "core/table_file.hpp"

namespace xq {

namespace {

// Home points of the defence (docs/verdicts.md), given for Black; Red's are rank-flipped.
constexpr Square kHomeAdvisors[] = {make_square(3, 9), make_square(4, 8), make_square(5, 9)};
constexpr Square kHomeElephants[] = {make_square(2, 9), make_square(4, 7), make_square(6, 9),
                                     make_square(0, 7), make_square(8, 7)};
// Fewest attacker placements examined per defender formation when sampling.
constexpr uint64_t kMinAttackSample = 64;
// Fewest positions (stronger side to move) a formation needs to be judged when its attacker
// placements are sampled.
constexpr uint64_t kMinFormationPositions = 16;
// Most defender placement numbers scanned for valid formations.
constexpr uint64_t kMaxRawFormations = uint64_t(1) << 24;

// One piece of a material and the points it may take in a typical position.
struct Slot {
  Piece piece;
  std::vector<Square> points;
  bool follows_like = false;  // same kind as the previous slot: its point must be larger
};

std::vector<Slot> piece_slots(const Material& m) {
  std::vector<Slot> slots;
  for (Color c : {Red, Black})
    for (PieceType t : {King, Advisor, Elephant, Rook, Horse, Cannon, Pawn})
      for (int i = 0; i < m.count[c][t]; ++i) {
        Slot s{make_piece(c, t), {}, i > 0};
        const auto home = [&](const auto& points) {
          for (Square p : points) s.points.push_back(c == Black ? p : flip_ranks(p));
        };
        if (t == Advisor)
          home(kHomeAdvisors);
        else if (t == Elephant)
          home(kHomeElephants);
        else
          for (Square p = 0; p < kSquares; ++p)
            if (can_stand_on(c, t, p)) s.points.push_back(p);
        slots.push_back(std::move(s));
      }
  return slots;
}

// Material values in half points (docs/rules.md "Chase (捉)" R4.4: rook = two horses, horse =
// cannon; docs/material.md uses cannon 9 and horse 8 for strength, a finer order the rules ignore).
int value(Piece p, Square s) {
  switch (type_of(p)) {
    case Rook:
      return 18;
    case Horse:
    case Cannon:
      return 9;
    case Advisor:
    case Elephant:
      return 4;
    case Pawn:
      return (rank_of(s) >= 5) == (color_of(p) == Red) ? 4 : 2;  // doubled across the river
    default:
      return 1000;  // the king: any capture by it must be safe to gain
  }
}

// Whether side c, to move, can win material at once: capture a piece worth more than the
// capturer, or one the opponent cannot take back on its point.
bool wins_material(Position& pos, Color c) {
  const Color saved = pos.side_to_move();
  pos.set_side_to_move(c);
  bool gain = false;
  for (Move m : pos.legal_moves()) {
    if (!pos.is_capture(m)) continue;
    const Piece attacker = pos.at(m.from), victim = pos.at(m.to);
    if (value(victim, m.to) > value(attacker, m.from)) {
      gain = true;
      break;
    }
    const Piece captured = pos.make(m);
    bool recapture = false;
    for (Move r : pos.legal_moves())
      if (r.to == m.to) {
        recapture = true;
        break;
      }
    pos.unmake(m, captured);
    if (!recapture) {
      gain = true;
      break;
    }
  }
  pos.set_side_to_move(saved);
  return gain;
}

void count(Tally& t, Wdl stronger_view) {
  ++t.positions;
  if (is_win(stronger_view))
    ++t.wins;
  else if (is_loss(stronger_view))
    ++t.losses;
  else
    ++t.draws;
  if (is_rule_decided(stronger_view)) ++t.rule_decided;
  const bool limit_drawn = is_rule_decided(stronger_view) || is_limit_drawn(stronger_view);
  t.limit_drawn_wins += limit_drawn && is_win(stronger_view);
  t.limit_drawn_losses += limit_drawn && is_loss(stronger_view);
}

// Decodes a mixed-radix placement number onto pos (cleared first when `fresh`); false when
// pieces overlap or like pieces are out of order (each unordered placement is counted once).
bool place(const std::vector<Slot>& slots, uint64_t number, Position& pos, bool fresh = true) {
  if (fresh) pos = Position();
  Square previous = kNoSquare;
  for (const Slot& s : slots) {
    const Square sq = s.points[number % s.points.size()];
    number /= s.points.size();
    if (pos.at(sq) != kNoPiece || (s.follows_like && sq <= previous)) return false;
    pos.put(sq, s.piece);
    previous = sq;
  }
  return true;
}

// Number of placements of some slots (overlapping ones included).
struct Radix {
  uint64_t total = 1;
  explicit Radix(const std::vector<Slot>& slots) {
    for (const Slot& s : slots) {
      if (total > UINT64_MAX / 128) throw MaterialError("too many pieces for a verdict");
      total *= s.points.size();
    }
  }
};

uint64_t splitmix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// The first `count` of the numbers 0..total-1 in an evenly spread order: all of them in order
// when count >= total, otherwise offset + i * step mod total with step near total / golden
// ratio and coprime to total (no number twice).
class Sequence {
 public:
  Sequence(uint64_t total, uint64_t count, uint64_t offset = 0)
      : total_(total), count_(std::min(count, total)), offset_(total ? offset % total : 0) {
    if (count_ < total_) {
      step_ = uint64_t(double(total_) * 0.6180339887498949) | 1;
      while (std::gcd(step_, total_) != 1) step_ += 2;
    } else {
      offset_ = 0;
    }
  }
  struct Iterator {
    const Sequence* s;
    uint64_t i;
    uint64_t operator*() const {
      return uint64_t((s->offset_ + (unsigned __int128)i * s->step_) % s->total_);
    }
    Iterator& operator++() {
      ++i;
      return *this;
    }
    bool operator!=(const Iterator& o) const { return i != o.i; }
  };
  Iterator begin() const { return {this, 0}; }
  Iterator end() const { return {this, count_}; }

 private:
  uint64_t total_, count_, offset_, step_ = 1;
};

// How far the defender's pieces stand from their king, in king steps (ties between equally
// good formations go to the most compact one).
int spread(const Position& pos) {
  Square king = kNoSquare;
  for (Square s = 0; s < kSquares; ++s)
    if (pos.at(s) != kNoPiece && type_of(pos.at(s)) == King) king = s;
  int steps = 0;
  for (Square s = 0; s < kSquares; ++s)
    if (pos.at(s) != kNoPiece)
      steps += std::abs(file_of(s) - file_of(king)) + std::abs(rank_of(s) - rank_of(king));
  return steps;
}

}  // namespace

double Tally::win_pct(bool under_limit) const {
  return share(under_limit ? wins - limit_drawn_wins : wins, positions);
}
double Tally::draw_pct() const {
  return share(draws, positions);
}
double Tally::loss_pct() const {
  return share(losses, positions);
}

double TypicalSet::best_hold_pct() const {
  return best_stronger_to_move.positions ? 100 - best_stronger_to_move.win_pct() : 0;
}

TypicalSet typical_positions(const Tablebase& tb, const Material& material, uint64_t budget) {
  const Material m = material.canonical();  // the stronger side is Red
  if (!tb.has(m)) throw TableError(m.name(), "no table for this material");
  const std::vector<Slot> all = piece_slots(m);
  std::vector<Slot> defence, attack;
  for (const Slot& s : all) (color_of(s.piece) == Black ? defence : attack).push_back(s);
  const Radix def(defence), att(attack);

  // Defender formations: every valid one, or an even sample when there are too many.
  std::vector<uint64_t> formations;
  const uint64_t max_formations = std::max<uint64_t>(1, budget / kMinAttackSample);
  Position pos;
  for (const uint64_t f : Sequence(def.total, kMaxRawFormations))
    if (place(defence, f, pos)) formations.push_back(f);
  TypicalSet t;
  t.sampled = def.total > kMaxRawFormations;
  if (formations.size() > max_formations) {
    std::vector<uint64_t> kept;
    for (const uint64_t i : Sequence(formations.size(), max_formations))
      kept.push_back(formations[i]);
    formations.swap(kept);
    t.sampled = true;
  }
  const uint64_t per_formation = std::min(
      att.total, std::max(kMinAttackSample, budget / std::max<uint64_t>(1, formations.size())));
  t.sampled |= per_formation < att.total;

  double best_key = -std::numeric_limits<double>::infinity();
  for (const uint64_t f : formations) {
    Position formation;
    place(defence, f, formation);  // valid: the formations were filtered above
    Tally held[2];                 // by side to move
    std::string example;
    for (const uint64_t a : Sequence(att.total, per_formation, splitmix64(f))) {
      ++t.examined;
      pos = formation;
      if (!place(attack, a, pos, false)) continue;
      if (wins_material(pos, Red) || wins_material(pos, Black)) continue;
      for (const Color stm : {Red, Black}) {
        pos.set_side_to_move(stm);
        if (!pos.legality_error().empty()) continue;
        const auto w = tb.probe_wdl(pos);
        if (!w) throw TableError(m.name(), "no table for a sub-material");
        const Wdl stronger = stm == Red ? *w : negate(*w);
        count(stm == Red ? t.stronger_to_move : t.weaker_to_move, stronger);
        count(held[stm], stronger);
        if (stm == Red && example.empty() && !is_win(stronger)) example = pos.fen();
      }
    }
    // Too few sampled positions to judge the formation (they still count in the totals); an
    // exhaustive enumeration judges every formation.
    const bool exhaustive = per_formation == att.total;
    if (held[Red].positions == 0 || (!exhaustive && held[Red].positions < kMinFormationPositions))
      continue;
    ++t.formations;
    const double hold = 100 - held[Red].win_pct();
    const double hold_moving = held[Black].positions ? 100 - held[Black].win_pct() : 100;
    t.fortresses += hold >= kFortressPct && hold_moving >= kFortressPct;
    const double hold_limit = 100 - held[Red].win_pct(true);
    const double hold_moving_limit = held[Black].positions ? 100 - held[Black].win_pct(true) : 100;
    t.fortresses_under_limit += hold_limit >= kFortressPct && hold_moving_limit >= kFortressPct;
    t.lost_formations += held[Red].win_pct() >= kBookWinPct;
    // Best: highest share held with the stronger side to move, then with the weaker, then
    // the most compact formation.
    const double key = hold * 1e6 + hold_moving * 1e3 - spread(formation);
    if (key > best_key) {
      best_key = key;
      t.best.clear();
      for (Square s = 0; s < kSquares; ++s)
        if (formation.at(s) != kNoPiece) t.best.push_back({formation.at(s), s});
      std::stable_sort(t.best.begin(), t.best.end(), [](const Placed& a, const Placed& b) {
        return type_of(a.piece) < type_of(b.piece);
      });
      t.best_stronger_to_move = held[Red];
      t.best_weaker_to_move = held[Black];
      t.best_example_fen = example;
    }
  }
  return t;
}

Verdict decide(const TypicalSet& t, bool under_limit) {
  if ((under_limit ? t.fortresses_under_limit : t.fortresses) > 0) return Verdict::Draw;
  if (t.stronger_to_move.positions > 0 && t.stronger_to_move.win_pct(under_limit) >= kBookWinPct)
    return Verdict::Win;
  return Verdict::Depends;
}

const char* verdict_name(Verdict v) {
  return v == Verdict::Win ? "win" : v == Verdict::Draw ? "draw" : "depends";
}

const char* verdict_zh(Verdict v) {
  return v == Verdict::Win ? "例胜" : v == Verdict::Draw ? "例和" : "视局面而定";
}

std::optional<Verdict> book_verdict(const Material& m) {
  static const std::pair<const char*, Verdict> kBook[] = {
      {"KRK", Verdict::Win},    {"KNK", Verdict::Win},     {"KCK", Verdict::Draw},
      {"KRKAA", Verdict::Win},  {"KRKBB", Verdict::Win},   {"KRKAABB", Verdict::Draw},
      {"KRKNAA", Verdict::Win}, {"KRKCAA", Verdict::Draw}, {"KRKCAABB", Verdict::Draw},
  };
  const std::string name = m.canonical().name();
  for (const auto& [n, v] : kBook)
    if (name == n) return v;
  return std::nullopt;
}

double share(uint64_t part, uint64_t whole) {
  return whole ? 100.0 * double(part) / double(whole) : 0;
}

}  // namespace xq
