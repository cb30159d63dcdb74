#include "catalogue/catalogue.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>

#include "catalogue/book_sources.hpp"
#include "catalogue/grouping.hpp"
#include "probe/tablebase.hpp"
#include "verdict/explain.hpp"

namespace xq {

namespace {

// As stats': holds a 5-piece WDL table decompressed.
constexpr size_t kCacheBytes = size_t(256) << 20;
// The one-attacker set the catalogue reports its coverage of: up to 8 pieces besides the kings.
constexpr int kOneAttackerMaxPieces = 8;

const char* side_key(Color c) {
  return c == Red ? "red" : "black";
}

// {plies, fen} of a longest win or DTC in a table's statistics, or null.
nlohmann::json longest(const nlohmann::json& side, const char* key) {
  if (!side.contains(key)) return nullptr;
  const nlohmann::json& j = side.at(key);
  return {{"plies", j.at("plies")}, {"fen", j.at("fen")}};
}

// One material under one rule set: the fields it shares with stats --json keep its names.
nlohmann::json entry(const Tablebase& tb, const Material& m, uint64_t sample) {
  const nlohmann::json stats = nlohmann::json::parse(tb.stats_json(m));
  const TypicalSet t = typical_positions(tb, m, sample);
  const Verdict v = decide(t), limited = decide(t, true);
  nlohmann::json j;
  j["rules"] = stats.at("rules");
  for (const Color c : {Red, Black}) {
    const nlohmann::json& s = stats.at(side_key(c));
    j[std::string(side_key(c)) + "_to_move"] = {
        {"positions", counts_with_shares(s.at("positions"))},
        {"longest_win", longest(s, "longest_win")},
        {"longest_dtc", longest(s, "longest_dtc")}};
  }
  j["typical"] = typical_json(t);
  j["verdict"] = verdict_name(v);
  j["verdict_zh"] = verdict_zh(v);
  j["verdict_under_limit"] = verdict_name(limited);
  j["verdict_under_limit_zh"] = verdict_zh(limited);
  j["explanation"] = explain(m, t, v, stats, Lang::En);
  j["explanation_zh"] = explain(m, t, v, stats, Lang::Zh);
  return j;
}

int64_t difference(const nlohmann::json& a, const nlohmann::json& b, const char* key) {
  return int64_t(a.value(key, uint64_t(0))) - int64_t(b.value(key, uint64_t(0)));
}

// What a chase rule set changes against check: the verdicts, and per side to move the
// positions that change result (chase-decided ones: drawn under check alone).
nlohmann::json change(const nlohmann::json& other, const nlohmann::json& check) {
  nlohmann::json j;
  j["verdict_check"] = check.at("verdict");
  j["verdict"] = other.at("verdict");
  j["verdict_changed"] = other.at("verdict") != check.at("verdict");
  for (const char* side : {"red_to_move", "black_to_move"}) {
    const nlohmann::json& o = other.at(side).at("positions");
    const nlohmann::json& c = check.at(side).at("positions");
    j[side] = {{"win", difference(o, c, "win")},
               {"draw", difference(o, c, "draw")},
               {"loss", difference(o, c, "loss")},
               {"chase_win", o.value("chase_win", uint64_t(0))},
               {"chase_loss", o.value("chase_loss", uint64_t(0))}};
  }
  return j;
}

nlohmann::json published(const std::vector<BookStatement>& books, const Material& m) {
  nlohmann::json out = nlohmann::json::array();
  for (const BookStatement& b : books)
    if (b.material == m)
      out.push_back({{"verdict", verdict_name(b.verdict)},
                     {"verdict_zh", verdict_zh(b.verdict)},
                     {"source", b.source},
                     {"note", b.note}});
  return out;
}

}  // namespace

nlohmann::json build_catalogue(const CatalogueOptions& o, const CatalogueProgress& progress) {
  const std::vector<BookStatement> books =
      o.books.empty() ? std::vector<BookStatement>{} : read_book_statements(o.books);
  const Tablebase listing({o.dir}, kCacheBytes, o.rules);
  std::vector<Material> materials = listing.materials();
  if (materials.empty())
    throw std::invalid_argument(
        "no table in " + o.dir +
        (o.rules ? std::string(" under --rules ") + rule_set_name(*o.rules) : std::string()) +
        " (generate some: xqtb gen --all --max-pieces 2 --dir " + o.dir + ")");
  std::sort(materials.begin(), materials.end(), catalogue_before);
  // One tablebase per rule set: each table is read under its own rule set alone.
  std::map<RuleSet, std::unique_ptr<Tablebase>> by_rules;
  nlohmann::json groups = nlohmann::json::array();
  std::map<std::string, int> verdicts;
  std::set<std::string> rule_sets;
  for (size_t i = 0; i < materials.size(); ++i) {
    const Material& m = materials[i];
    if (progress) progress(m.name(), i + 1, materials.size());
    nlohmann::json e;
    e["material"] = m.name();
    e["material_zh"] = m.chinese_name();
    e["pieces"] = m.piece_count();
    nlohmann::json per_rules = nlohmann::json::object();
    for (const RuleSet r : listing.rule_sets(m)) {
      auto& tb = by_rules[r];
      if (!tb) tb = std::make_unique<Tablebase>(std::vector<std::string>{o.dir}, kCacheBytes, r);
      per_rules[rule_set_name(r)] = entry(*tb, m, o.sample);
      rule_sets.insert(rule_set_name(r));
    }
    // The verdict players read first: under check where it was built, else the first present.
    const std::string main_rules =
        per_rules.contains("check") ? std::string("check") : per_rules.begin().key();
    e["main_rules"] = main_rules;
    ++verdicts[per_rules[main_rules].at("verdict").get<std::string>()];
    nlohmann::json changes = nlohmann::json::object();
    if (per_rules.contains("check"))
      for (const char* other : {"asian", "chinese"})
        if (per_rules.contains(other))
          changes[other] = change(per_rules[other], per_rules["check"]);
    e["by_rules"] = per_rules;
    e["changes_against_check"] = changes;
    const auto book = book_verdict(m);
    e["book_verdict"] = book ? nlohmann::json(verdict_name(*book)) : nullptr;
    e["published"] = published(books, m);
    const std::string group = attack_group(m);
    if (groups.empty() || groups.back().at("attackers") != group)
      groups.push_back(
          {{"attackers", group}, {"title", attack_group_title(group)}, {"endings", {}}});
    groups.back()["endings"].push_back(e);
  }
  nlohmann::json missing = nlohmann::json::array();
  for (const BookStatement& b : books)
    if (std::find(materials.begin(), materials.end(), b.material) == materials.end())
      missing.push_back({{"material", b.material.name()},
                         {"verdict", verdict_name(b.verdict)},
                         {"source", b.source}});
  // How much of the one-attacker set (issue 36: gen --all --max-pieces 8 --max-attackers 1)
  // is here, and how many endings beyond it.
  nlohmann::json one_attacker = {{"max_pieces", kOneAttackerMaxPieces},
                                 {"missing", nlohmann::json::array()}};
  size_t in_set = 0;
  for (const Material& m : materials_up_to(kOneAttackerMaxPieces, 1)) {
    ++in_set;
    if (std::find(materials.begin(), materials.end(), m) == materials.end())
      one_attacker["missing"].push_back(m.name());
  }
  one_attacker["total"] = in_set;
  one_attacker["present"] = in_set - one_attacker["missing"].size();
  one_attacker["others_present"] = materials.size() - one_attacker["present"].get<size_t>();
  nlohmann::json out;
  out["one_attacker_set"] = one_attacker;
  out["rule_sets"] = rule_sets;
  out["sample"] = o.sample;
  out["materials"] = materials.size();
  out["verdicts"] = verdicts;
  out["groups"] = groups;
  out["published_without_table"] = missing;
  return out;
}

}  // namespace xq
