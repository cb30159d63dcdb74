#include "report/adjudication_json.hpp"

#include "core/notation.hpp"

namespace xq::report {

namespace {

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

}  // namespace xq::report
