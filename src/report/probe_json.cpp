#include "report/probe_json.hpp"

#include "rules/chase_game.hpp"

namespace xq::report {

namespace {

// How a line ended (docs/probe-json.md); a line cut short by a missing table is refused
// before this.
const char* line_end_name(LineEnd e) {
  switch (e) {
    case LineEnd::NoLegalMove:
      return "no_legal_move";
    case LineEnd::Repetition:
      return "repetition";
    case LineEnd::MaxPlies:
      return "max_plies";
    case LineEnd::LimitReached:
      return "limit_reached";
    default:
      return "no_table";
  }
}

}  // namespace

const RootMoveLimit& under_limit(const RootProbe& engine, Move m) {
  for (const RootMoveLimit& e : engine)
    if (e.move == m) return e;
  throw std::logic_error("the root probe lacks the legal move " + to_iccs(m));
}

std::string numbered_line(const Position& start, const std::vector<Move>& line, Lang lang) {
  std::string out;
  Position pos = start;
  int number = 1;
  for (size_t i = 0; i < line.size(); ++i) {
    const bool red = pos.side_to_move() == Red;
    if (red || i == 0) {
      if (!out.empty()) out += ' ';
      out += std::to_string(number) + (red ? ". " : ". ... ");
    } else {
      out += ' ';
    }
    out += lang == Lang::Zh ? to_chinese(pos, line[i]) : to_iccs(line[i]);
    if (!red) ++number;
    pos.make(line[i]);
  }
  return out;
}

nlohmann::json result_json(const Position& pos, const ProbeResult& r,
                           std::optional<Ending> ending) {
  nlohmann::json j = value_json(r, ending);
  j["fen"] = pos.fen();
  j["side_to_move"] = pos.side_to_move() == Red ? "red" : "black";
  return j;
}

nlohmann::json value_json(const ProbeResult& r, std::optional<Ending> ending) {
  nlohmann::json j;
  j["wdl"] = is_win(r.wdl) ? "win" : is_loss(r.wdl) ? "loss" : "draw";
  j["rule_decided"] = is_rule_decided(r.wdl);
  j["dtm"] = is_forced(r.wdl) ? nlohmann::json(r.distance) : nullptr;
  if (ending) j["ending"] = ending_name(*ending);
  j["decided_by"] = r.wdl == Wdl::Draw        ? nlohmann::json(nullptr)
                    : is_chase_decided(r.wdl) ? nlohmann::json("chase_rules")
                    : is_rule_decided(r.wdl)  ? nlohmann::json("check_rule")
                                              : nlohmann::json("mate");
  if (is_chase_decided(r.wdl))
    j["chase_potential"] = {
        {"r5", chase_r5(r.distance)}, {"r3", chase_r3(r.distance)}, {"r1", chase_r1(r.distance)}};
  else if (is_rule_decided(r.wdl))
    j["rule_potential"] = {{"round", rule_round(r.distance)}, {"layer", rule_layer(r.distance)}};
  return j;
}

const char* class_name(Wdl w) {
  switch (w) {
    case Wdl::Win:
      return "win";
    case Wdl::Loss:
      return "loss";
    case Wdl::CursedWin:
      return "cursed_win";
    case Wdl::BlessedLoss:
      return "blessed_loss";
    case Wdl::RuleWin:
      return "rule_win";
    case Wdl::RuleLoss:
      return "rule_loss";
    case Wdl::ChaseWin:
      return "chase_win";
    case Wdl::ChaseLoss:
      return "chase_loss";
    default:
      return "draw";
  }
}

void add_limit_json(nlohmann::json& j, Wdl stored, std::optional<uint16_t> dtc,
                    const LimitedValue& v) {
  j["class"] = class_name(stored);
  j["dtc"] = dtc ? nlohmann::json(*dtc) : nullptr;
  j["limit_wdl"] = limit_verdict_name(v.verdict);
  j["limit_reason"] = limit_reason_name(v.reason);
}

nlohmann::json probe_json(const Tablebase& tb, const Position& pos, int counter,
                          const ProbeJsonOptions& o) {
  return probe_json(tb, pos, counter,
                    gather_probe(tb, pos, counter, {o.pv, o.requested_rules, o.memo}), o);
}

nlohmann::json probe_json(const Tablebase& tb, const Position& pos, int counter,
                          const ProbeFacts& f, const ProbeJsonOptions& o) {
  const ProbeResult& r = f.limit.unlimited;
  const RuleSet rules = f.rules;
  const std::vector<MoveValue>& moves = f.moves;  // empty: mated or stalemated
  const RootProbe& engine = f.engine;
  const bool decided = f.decided();
  const Line& pv = f.pv;
  const Line& pv_limit = f.pv_limit;
  nlohmann::json j = result_json(pos, r, f.ending);
  j["rules"] = rule_set_name(rules);
  j["best_move"] = moves.empty() ? nullptr : nlohmann::json(to_iccs(moves.front().move));
  j["best_move_zh"] = moves.empty() ? nullptr : nlohmann::json(to_chinese(pos, moves.front().move));
  j["counter"] = counter;
  add_limit_json(j, r.wdl, f.limit.dtc, f.limit.limited);
  const bool none = engine.size == 0;
  j["best_move_limit"] = none ? nullptr : nlohmann::json(to_iccs(engine.moves[0].move));
  j["best_move_limit_zh"] = none ? nullptr : nlohmann::json(to_chinese(pos, engine.moves[0].move));
  if (o.moves) {
    j["moves"] = nlohmann::json::array();
    for (const MoveValue& mv : moves) {
      nlohmann::json m = value_json(
          mv.value, o.move_endings ? ending_after(tb, pos, mv.move, mv.value) : std::nullopt);
      m["move"] = to_iccs(mv.move);
      m["move_zh"] = to_chinese(pos, mv.move);
      const RootMoveLimit& e = under_limit(engine, mv.move);
      add_limit_json(m, mv.value.wdl, e.dtc, e.limited);
      m["rank"] = e.rank;
      j["moves"].push_back(std::move(m));
    }
  }
  if (o.pv) {
    j["pv"] = nlohmann::json::array();
    for (Move m : pv.moves) j["pv"].push_back(to_iccs(m));
    j["pv_end"] = decided ? nlohmann::json(line_end_name(pv.end)) : nlohmann::json(nullptr);
    j["pv_limit"] = nlohmann::json::array();
    for (Move m : pv_limit.moves) j["pv_limit"].push_back(to_iccs(m));
  }
  return j;
}

}  // namespace xq::report
