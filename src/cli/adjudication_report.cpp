#include "cli/adjudication_report.hpp"

#include <sstream>

#include "core/notation.hpp"

namespace xq::cli {

namespace {

// The text report's words for a side's series.
const char* violation_english(Violation v) {
  switch (v) {
    case Violation::None:
      return "allowed";
    case Violation::Check:
      return "perpetual check";
    case Violation::Chase:
      return "perpetual chase";
    case Violation::PinnedRookChase:
      return "perpetual chase of a rook held on a horse's leg";
    case Violation::Kill:
      return "perpetual mate threat";
    case Violation::Mixed:
      break;
  }
  return "perpetual attack, mixed";
}

const char* color_name(Color c) {
  return c == Red ? "red" : "black";
}

// Pieces named by point and FEN letter: [{"point": "c1", "piece": "r"}].
nlohmann::json pieces_json(const Position& at, const geo::SquareSet& points) {
  nlohmann::json out = nlohmann::json::array();
  for (const Square p : points)
    out.push_back({{"point", square_name(p)}, {"piece", std::string(1, piece_to_fen(at.at(p)))}});
  return out;
}

// "c1 (r)" lists for the text report ("车七路二线" in Chinese).
std::string pieces_line(const Position& at, const geo::SquareSet& points, Lang lang) {
  std::string out;
  for (const Square p : points) {
    if (!out.empty()) out += lang == Lang::Zh ? "、" : ", ";
    out += lang == Lang::Zh ? chinese_point(at.at(p), p)
                            : square_name(p) + " (" + piece_name(at.at(p), lang) + ")";
  }
  return out;
}

nlohmann::json side_json(const Position& at, const SideRecord& s) {
  nlohmann::json classes = nlohmann::json::object();
  for (const MoveClass c : {MoveClass::Check, MoveClass::Kill, MoveClass::Chase, MoveClass::Idle})
    classes[move_class_name(c)] = s.class_count[size_t(c)];
  return {{"moves", s.moves},
          {"classes", classes},
          {"violation", violation_name(s.violation)},
          {"violation_zh", violation_chinese(s)},
          {"chased_always", pieces_json(at, s.chased_always)},
          {"chased_sometimes", pieces_json(at, s.chased_sometimes)}};
}

}  // namespace

nlohmann::json adjudication_json(const Position& start, const Adjudication& a) {
  nlohmann::json j = {
      {"rules", rule_set_name(a.rules)},
      {"fen", start.fen()},
      {"plies", a.plies},
      {"verdict", cycle_verdict_name(a.verdict)},
      {"offender", a.judgement.offender ? nlohmann::json(color_name(*a.judgement.offender))
                                        : nlohmann::json(nullptr)},
      {"final", a.is_final()},
      {"reason", adjudication_reason(a)},
      {"reason_zh", adjudication_reason_chinese(a)},
      {"cycle", nullptr}};
  if (!a.repetition) {
    j["occurrences"] = 1;
    return j;
  }
  const Repetition& r = *a.repetition;
  j["occurrences"] = r.occurrences();
  nlohmann::json plies = nlohmann::json::array();
  Position pos = a.cycle_start;
  int ply = r.first;
  for (const CyclePly& c : a.cycle) {
    nlohmann::json p = {{"ply", ++ply},
                        {"side", color_name(c.mover)},
                        {"move", to_iccs(c.move)},
                        {"move_zh", to_chinese(pos, c.move)},
                        {"class", move_class_name(c.cls)},
                        {"class_zh", move_class_chinese(c.cls)},
                        {"check", c.facts.check},
                        {"kill", c.facts.kill}};
    pos.make(c.move);
    p["chased"] = pieces_json(pos, c.facts.chased);
    p["chased_pinned_rook"] = pieces_json(pos, c.facts.chased_pinned_rook);
    plies.push_back(p);
  }
  j["cycle"] = {{"first_ply", r.first + 1},
                {"last_ply", r.last},
                {"repeated_fen", a.cycle_start.fen()},
                {"plies", plies},
                {"followed_to_ply", r.followed_to},
                {"left_at_ply", r.followed_to < a.plies ? nlohmann::json(r.followed_to + 1)
                                                        : nlohmann::json(nullptr)},
                {"red", side_json(a.cycle_start, a.judgement.sides[Red])},
                {"black", side_json(a.cycle_start, a.judgement.sides[Black])}};
  return j;
}

std::string adjudication_text(const Adjudication& a, Lang lang) {
  const bool zh = lang == Lang::Zh;
  std::ostringstream out;
  if (!a.repetition) {
    out << (zh ? adjudication_reason_chinese(a) : adjudication_reason(a)) << " (" << a.plies
        << (zh ? " 步" : " plies") << ")\n";
    return out.str();
  }
  const Repetition& r = *a.repetition;
  const std::string where = r.first == 0
                                ? (zh ? "开始局面" : "the start position")
                                : (zh ? "第 " + std::to_string(r.first) + " 步后的局面"
                                      : "the position after ply " + std::to_string(r.first));
  if (zh)
    out << "循环：第 " << r.first + 1 << "–" << r.last << " 步回到" << where << "（"
        << side_name(a.cycle_start.side_to_move(), lang) << "方走），第 " << r.occurrences()
        << " 次出现\n";
  else
    out << "Cycle: plies " << r.first + 1 << "-" << r.last << " bring back " << where << " ("
        << side_name(a.cycle_start.side_to_move(), lang) << " to move): occurrence "
        << r.occurrences() << "\n";
  Position pos = a.cycle_start;
  int ply = r.first;
  for (const CyclePly& c : a.cycle) {
    out << "  " << ++ply << ". " << to_iccs(c.move) << "  " << to_chinese(pos, c.move) << "  "
        << side_name(c.mover, lang) << "  "
        << (zh ? move_class_chinese(c.cls) : move_class_name(c.cls));
    pos.make(c.move);
    if (!c.facts.chased.empty())
      out << (zh ? "  被捉 " : "  chases ") << pieces_line(pos, c.facts.chased, lang);
    out << "\n";
  }
  for (const Color side : {Red, Black}) {
    const SideRecord& s = a.judgement.sides[side];
    out << side_name(side, lang) << (zh ? "方：" : ": ")
        << (zh ? violation_chinese(s) : violation_english(s.violation));
    if (!s.chased_always.empty())
      out << (zh ? "，每着都捉 " : "; chased on every move: ")
          << pieces_line(a.cycle_start, s.chased_always, lang);
    out << "\n";
  }
  out << (zh ? adjudication_reason_chinese(a) : adjudication_reason(a)) << "\n";
  if (r.followed_to > r.last)
    out << (zh ? "对局继续重复此循环至第 " : "The game goes round the cycle again up to ply ")
        << r.followed_to << (zh ? " 步\n" : "\n");
  if (r.followed_to < a.plies)
    out << (zh ? "对局在第 " : "The game leaves the cycle at ply ") << r.followed_to + 1
        << (zh ? " 步离开此循环；其后的着法不再裁决\n" : "; later moves are not adjudicated\n");
  return out.str();
}

}  // namespace xq::cli
