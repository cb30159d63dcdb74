#include "cli/verdict.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "cli/board_diagram.hpp"
#include "core/position.hpp"
#include "core/table_file.hpp"

namespace xq::cli {

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

// Material values in half points (RULES.md "chase": rook = two horses, horse = cannon;
// docs/material.md uses cannon 9 and horse 8 for strength, a finer order the rules ignore).
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

// Share (percent) Red wins among all legal positions with Red to move, from a table's
// statistics JSON; their number goes to positions.
double red_to_move_win_pct(const nlohmann::json& stats, uint64_t& positions) {
  const nlohmann::json& c = stats.at("red").at("positions");
  const uint64_t win = c.at("win"), draw = c.at("draw"), loss = c.at("loss");
  positions = win + draw + loss;
  return share(win, positions);
}

}  // namespace

double Tally::win_pct() const {
  return share(wins, positions);
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

Verdict decide(const TypicalSet& t) {
  if (t.fortresses > 0) return Verdict::Draw;
  if (t.stronger_to_move.positions > 0 && t.stronger_to_move.win_pct() >= kBookWinPct)
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

std::string formation_text(const std::vector<Placed>& f, Lang lang) {
  std::string out;
  for (const Placed& p : f) {
    if (!out.empty()) out += lang == Lang::Zh ? " " : ", ";
    out += piece_name(p.piece, lang) + (lang == Lang::Zh ? "" : " ") + square_name(p.square);
  }
  return out;
}

std::string explain(const Material& m, const TypicalSet& t, Verdict v,
                    const nlohmann::json& all_stats, Lang lang) {
  const bool zh = lang == Lang::Zh;
  const Tally &s = t.stronger_to_move, &w = t.weaker_to_move;
  if (s.positions == 0)
    return zh ? "没有典型局面可供判断（见 docs/verdicts.md），结论待定。"
              : "No typical position could be formed (docs/verdicts.md), so the tables give no "
                "book verdict.";
  uint64_t all_red = 0;
  const double all_pct = red_to_move_win_pct(all_stats, all_red);
  const std::string best = formation_text(t.best, lang);
  const std::string held = pct(t.best_hold_pct()),
                    held_moving = pct(100 - t.best_weaker_to_move.win_pct());
  const std::string n_best = with_commas(t.best_stronger_to_move.positions);
  std::string out;
  if (zh) {
    const std::string sample =
        t.sampled ? "（均匀抽样 " + with_commas(t.examined) + " 个摆法）" : "";
    const std::string typical = "红先时红方在 " + with_commas(s.positions) + " 个典型局面" +
                                sample + "中胜 " + pct(s.win_pct()) + "，黑先时胜 " +
                                pct(w.win_pct()) + "；在全部 " + with_commas(all_red) +
                                " 个合法局面（红先）中胜 " + pct(all_pct) + "。";
    if (v == Verdict::Draw)
      out = "例和：黑方有守和的阵形（要塞）。" + with_commas(t.formations) + " 种阵形中有 " +
            with_commas(t.fortresses) + " 种无论哪方先走都守和至少 " + pct(kFortressPct) +
            " 的局面；最好的（" + best + "）红先时守和 " + held + "（共 " + n_best +
            " 个局面），黑先时守和 " + held_moving + "。红方只在黑方阵形不整时取胜：" + typical;
    else if (v == Verdict::Win)
      out = "例胜：黑方没有要塞。" + with_commas(t.formations) + " 种阵形中没有一种能守和 " +
            pct(kFortressPct) + " 的局面；最好的（" + best + "）红先时也只守和 " + held + "（共 " +
            n_best + " 个局面）。" + typical;
    else
      out = "视局面而定：黑方没有要塞（最好的阵形 " + best + " 红先时守和 " + held +
            "），红方也不能在至少 " + pct(kBookWinPct) +
            " 的典型局面中取胜，胜负取决于双方子力的位置。" + typical;
  } else {
    const std::string sample =
        t.sampled ? " (an evenly spread sample of " + with_commas(t.examined) + " placements)" : "";
    const std::string typical = "Red to move wins " + pct(s.win_pct()) + " of the " +
                                with_commas(s.positions) + " typical positions" + sample +
                                ", and " + pct(w.win_pct()) + " with Black to move; over all " +
                                with_commas(all_red) + " legal positions with Red to move, " +
                                pct(all_pct) + ".";
    if (v == Verdict::Draw)
      out = "Book draw (例和): Black has a fortress. " + with_commas(t.fortresses) + " of its " +
            with_commas(t.formations) + " home formations hold at least " + pct(kFortressPct) +
            " of their positions with either side to move; the best (" + best + ") holds " + held +
            " of " + n_best + " with Red to move, " + held_moving +
            " with Black to move. Red wins only when the defence is out of formation: " + typical;
    else if (v == Verdict::Win)
      out = "Book win (例胜): Black has no fortress. None of its " + with_commas(t.formations) +
            " home formations holds " + pct(kFortressPct) + " of its positions; the best (" + best +
            ") holds " + held + " of " + n_best + " with Red to move. " + typical;
    else
      out = "It depends (视局面而定): Black has no fortress (its best formation, " + best +
            ", holds " + held + " of its positions with Red to move), yet Red does not win " +
            pct(kBookWinPct) +
            " of the typical positions either: the result depends on where the pieces stand. " +
            typical;
  }
  if (const auto book = book_verdict(m)) {
    if (*book == v)
      out += zh ? "与棋谱结论（" + std::string(verdict_zh(*book)) + "）一致。"
                : " The books agree (" + std::string(verdict_zh(*book)) + ").";
    else
      out += zh ? "注意：棋谱的结论是" + std::string(verdict_zh(*book)) +
                      "，与残局库的数据不一致（见 docs/verdicts.md）。"
                : " Note: the books say " + std::string(verdict_zh(*book)) + " (" +
                      verdict_name(*book) +
                      "); the tables disagree, and the verdict above follows the tables "
                      "(docs/verdicts.md).";
  }
  return out;
}

std::string pct(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", x);
  return buf;
}

double share(uint64_t part, uint64_t whole) {
  return whole ? 100.0 * double(part) / double(whole) : 0;
}

std::string with_commas(uint64_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

nlohmann::json tally_json(const Tally& t) {
  return {{"positions", t.positions},
          {"win", t.wins},
          {"draw", t.draws},
          {"loss", t.losses},
          {"rule_decided", t.rule_decided},
          {"win_pct", t.win_pct()},
          {"draw_pct", t.draw_pct()},
          {"loss_pct", t.loss_pct()}};
}

}  // namespace xq::cli
