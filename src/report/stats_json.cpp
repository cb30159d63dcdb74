#include "report/stats_json.hpp"

#include "report/probe_json.hpp"
#include "verdict/explain.hpp"

namespace xq::report {

namespace {

std::string side_key(Color c) {
  return c == Red ? "red" : "black";
}

}  // namespace

std::map<std::string, Verdict> other_verdicts(const std::string& dir, const Material& m,
                                              RuleSet mine, uint64_t sample, size_t cache_bytes) {
  std::map<std::string, Verdict> out;
  for (const RuleSet r : Tablebase({dir}).rule_sets(m)) {
    if (r == mine) continue;
    const Tablebase tb({dir}, cache_bytes, r);
    out[rule_set_name(r)] = decide(typical_positions(tb, m, sample));
  }
  return out;
}

nlohmann::json longest_win(const Tablebase& tb, const nlohmann::json& side) {
  if (!side.contains("longest_win")) return nullptr;
  nlohmann::json j = side["longest_win"];
  const Position pos = Position::from_fen(j.at("fen").get<std::string>());
  const std::vector<Move> pv = tb.principal_variation(pos).moves;
  j["moves"] = (j.at("plies").get<unsigned>() + 1) / 2;
  j["pv"] = numbered_line(pos, pv, Lang::En);
  j["pv_zh"] = numbered_line(pos, pv, Lang::Zh);
  if (const auto ending = line_ending(pos, pv)) j["ending"] = ending_name(*ending);
  return j;
}

nlohmann::json stats_json(const Tablebase& tb, const Material& m, const std::string& ending,
                          const nlohmann::json& stats, const TypicalSet& t, Verdict v,
                          const std::map<std::string, Verdict>& others) {
  nlohmann::json j;
  j["ending"] = ending;
  j["material"] = m.name();
  j["material_zh"] = m.chinese_name();
  j["rules"] = stats.at("rules");
  j["stronger_side"] = "red";
  j["counting"] =
      "positions: legal positions on the full board, mirror images counted "
      "separately; slots: index slots (a position and its mirror image share one)";
  for (Color c : {Red, Black}) {
    const nlohmann::json& s = stats.at(side_key(c));
    nlohmann::json side;
    side["positions"] = counts_with_shares(s.at("positions"));
    side["slots"] = counts_with_shares(s.at("slots"));
    side["longest_win"] = longest_win(tb, s);
    side["longest_dtc"] = s.value("longest_dtc", nlohmann::json());
    side["win_dtm_histogram"] = s.at("win_dtm_histogram");
    side["loss_dtm_histogram"] = s.at("loss_dtm_histogram");
    // Wins within the limit by DTC (null for tables generated before gen counted them).
    side["win_dtc_histogram"] = s.value("win_dtc_histogram", nlohmann::json());
    j[side_key(c) + "_to_move"] = side;
  }
  j.update(verdict_json(m, t, v, stats));
  // The same ending's verdict under the other rule sets whose tables are in the directory.
  nlohmann::json by_rules = nlohmann::json::object();
  for (const auto& [name, other] : others) by_rules[name] = verdict_name(other);
  j["verdict_other_rules"] = by_rules;
  return j;
}

}  // namespace xq::report
