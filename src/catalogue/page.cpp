// The catalogue's page: one table per attacking group, then what the chase rule sets change,
// then the published verdicts beside the tables'.
#include <cstdio>

#include "catalogue/render.hpp"
#include "verdict/explain.hpp"

namespace xq {

namespace {

using nlohmann::json;

// Beyond this many, the missing materials of the one-attacker set are counted, not named.
constexpr size_t kMissingListed = 60;

std::string pct1(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", x);
  return buf;
}

std::string count(const json& j) {
  return with_commas(j.get<uint64_t>());
}

std::string signed_count(int64_t n) {
  return n == 0 ? "0" : (n > 0 ? "+" : "−") + with_commas(uint64_t(n > 0 ? n : -n));
}

// Red wins · draw · Black wins, percent of the positions with that side to move.
std::string shares(const json& positions, bool red_to_move) {
  const double red = positions.at(red_to_move ? "win_pct" : "loss_pct");
  const double black = positions.at(red_to_move ? "loss_pct" : "win_pct");
  return pct1(red) + " · " + pct1(positions.at("draw_pct")) + " · " + pct1(black);
}

Cell distance(const json& longest) {
  if (longest.is_null()) return {"–", ""};
  return {count(longest.at("plies")), longest.at("fen").get<std::string>()};
}

std::string verdict_text(const json& e) {
  return e.at("verdict_zh").get<std::string>() + " " + e.at("verdict").get<std::string>();
}

std::string evidence(const json& e) {
  const json& t = e.at("typical");
  return count(t.at("fortresses")) + " of " + count(t.at("formations")) +
         " formations are fortresses; best holds " + pct(t.at("best_formation").at("held_pct")) +
         "; Red to move wins " + pct(t.at("stronger_to_move").at("win_pct")) + " of " +
         count(t.at("stronger_to_move").at("positions")) + " typical positions" +
         (t.at("sampled").get<bool>() ? " (sampled)" : "");
}

std::string limit_counts(const json& e) {
  const json &r = e.at("red_to_move").at("positions"), &b = e.at("black_to_move").at("positions");
  return count(r.value("cursed_win", json(0))) + " · " + count(b.value("cursed_win", json(0))) +
         " / " + count(r.value("blessed_loss", json(0))) + " · " +
         count(b.value("blessed_loss", json(0)));
}

// How the published statements on an ending compare with the tables' verdict.
std::string published_summary(const json& ending, const std::string& verdict) {
  const json& p = ending.at("published");
  if (p.empty()) return "";
  size_t agree = 0;
  for (const json& s : p) agree += s.at("verdict") == verdict;
  if (agree == p.size()) return "agree (" + std::to_string(agree) + ")";
  return "DISAGREE (" + std::to_string(p.size() - agree) + " of " + std::to_string(p.size()) + ")";
}

PageTable group_table(const json& group) {
  PageTable t;
  const size_t n = group.at("endings").size();
  t.heading = group.at("title").get<std::string>() + " (" + std::to_string(n) +
              (n == 1 ? " ending)" : " endings)");
  t.columns = {"ending",
               "legal positions, Red · Black to move",
               "Red to move: Red wins · draw · Black wins (%)",
               "Black to move: Red wins · draw · Black wins (%)",
               "verdict",
               "evidence",
               "under the limit",
               "longest win, Red to move: DTM plies, FEN",
               "longest DTC, Red to move: plies, FEN",
               "longest win, Black to move: DTM plies, FEN",
               "cursed wins / blessed losses, Red · Black to move",
               "rules",
               "published"};
  for (const json& ending : group.at("endings")) {
    const std::string rules = ending.at("main_rules");
    const json& e = ending.at("by_rules").at(rules);
    const json &red = e.at("red_to_move"), &black = e.at("black_to_move");
    t.rows.push_back(
        {{ending.at("material").get<std::string>() + " " +
              ending.at("material_zh").get<std::string>(),
          ""},
         {count(red.at("positions").at("total")) + " · " + count(black.at("positions").at("total")),
          ""},
         {shares(red.at("positions"), true), ""},
         {shares(black.at("positions"), false), ""},
         {verdict_text(e), ""},
         {evidence(e), ""},
         {e.at("verdict_under_limit_zh").get<std::string>(), ""},
         distance(red.at("longest_win")),
         distance(red.at("longest_dtc")),
         distance(black.at("longest_win")),
         {limit_counts(e), ""},
         {rules, ""},
         {published_summary(ending, e.at("verdict")), ""}});
  }
  return t;
}

PageTable changes_table(const json& catalogue) {
  PageTable t;
  t.heading = "What the asian and chinese rule sets change against check";
  t.columns = {"ending",
               "rule set",
               "verdict: check → this",
               "Red to move: Red wins · draws · Black wins (positions)",
               "Black to move: Red wins · draws · Black wins (positions)",
               "chase-decided wins / losses, Red · Black to move"};
  size_t compared = 0, unchanged = 0;
  for (const json& group : catalogue.at("groups"))
    for (const json& ending : group.at("endings"))
      for (const auto& [rules, c] : ending.at("changes_against_check").items()) {
        ++compared;
        const json &r = c.at("red_to_move"), &b = c.at("black_to_move");
        const bool same = !c.at("verdict_changed").get<bool>() && r.at("win") == 0 &&
                          r.at("loss") == 0 && b.at("win") == 0 && b.at("loss") == 0;
        if (same) {
          ++unchanged;
          continue;
        }
        t.rows.push_back({{ending.at("material").get<std::string>() + " " +
                               ending.at("material_zh").get<std::string>(),
                           ""},
                          {rules, ""},
                          {c.at("verdict_check").get<std::string>() + " → " +
                               c.at("verdict").get<std::string>() +
                               (c.at("verdict_changed").get<bool>() ? " (changed)" : ""),
                           ""},
                          {signed_count(r.at("win")) + " · " + signed_count(r.at("draw")) + " · " +
                               signed_count(r.at("loss")),
                           ""},
                          {signed_count(b.at("loss")) + " · " + signed_count(b.at("draw")) + " · " +
                               signed_count(b.at("win")),
                           ""},
                          {count(r.at("chase_win")) + " · " + count(b.at("chase_win")) + " / " +
                               count(r.at("chase_loss")) + " · " + count(b.at("chase_loss")),
                           ""}});
      }
  t.paragraphs.push_back(
      compared == 0
          ? "No material here has tables of check and of a chase rule set, so nothing is compared."
          : std::to_string(compared) +
                " pairs of tables (a material under check and under "
                "asian or chinese) compared; " +
                std::to_string(unchanged) + " change no position's result." +
                (t.rows.empty() ? "" : " The others:"));
  return t;
}

PageTable published_table(const json& catalogue) {
  PageTable t;
  t.heading = "Published verdicts beside the tables";
  t.columns = {"ending", "published", "source", "tables", "agree", "why they differ"};
  size_t statements = 0, agree = 0;
  for (const json& group : catalogue.at("groups"))
    for (const json& ending : group.at("endings")) {
      const std::string rules = ending.at("main_rules");
      const json& e = ending.at("by_rules").at(rules);
      for (const json& s : ending.at("published")) {
        ++statements;
        const bool same = s.at("verdict") == e.at("verdict");
        agree += same;
        t.rows.push_back({{ending.at("material").get<std::string>() + " " +
                               ending.at("material_zh").get<std::string>(),
                           ""},
                          {s.at("verdict_zh").get<std::string>(), ""},
                          {s.at("source").get<std::string>(), ""},
                          {e.at("verdict_zh").get<std::string>() + " (" + rules + ")", ""},
                          {same ? "yes" : "NO", ""},
                          {s.at("note").get<std::string>(), ""}});
      }
    }
  if (statements == 0) return t;
  t.paragraphs.push_back(std::to_string(statements) + " published statements on endings in " +
                         "this catalogue: " + std::to_string(agree) + " agree with the tables, " +
                         std::to_string(statements - agree) + " disagree.");
  std::string missing;
  for (const json& s : catalogue.at("published_without_table"))
    missing += (missing.empty() ? "" : ", ") + s.at("material").get<std::string>();
  if (!missing.empty())
    t.paragraphs.push_back("Statements on endings without a table here (not compared): " + missing +
                           ".");
  return t;
}

}  // namespace

Page catalogue_page(const json& catalogue) {
  Page page;
  page.title = "例胜 / 例和: xiangqi endings by their tables";
  std::string rule_sets;
  for (const json& r : catalogue.at("rule_sets"))
    rule_sets += (rule_sets.empty() ? "`" : ", `") + r.get<std::string>() + "`";
  const json& v = catalogue.at("verdicts");
  page.paragraphs.push_back(
      "Written by `xqtb catalogue` from the tables of " + count(catalogue.at("materials")) +
      " materials (rule sets " + rule_sets + "): " + count(v.value("win", json(0))) +
      " 例胜 (book win), " + count(v.value("draw", json(0))) + " 例和 (book draw), " +
      count(v.value("depends", json(0))) +
      " 视局面而定 (depends), each under `check` where that table is present. Verdicts follow "
      "docs/verdicts.md on the typical positions (at most " +
      count(catalogue.at("sample")) +
      " placements each, as `xqtb stats --sample`), from the stronger side's (Red's) view.");
  const json& set = catalogue.at("one_attacker_set");
  std::string missing;
  for (const json& m : set.at("missing"))
    missing += (missing.empty() ? "" : ", ") + m.get<std::string>();
  page.paragraphs.push_back(
      "Coverage: " + count(set.at("present")) + " of the " + count(set.at("total")) +
      " endings with one attacking piece and at most " + count(set.at("max_pieces")) +
      " pieces besides the kings (`xqtb gen --all --max-pieces " + count(set.at("max_pieces")) +
      " --max-attackers 1`), and " + count(set.at("others_present")) + " endings beyond that set." +
      (missing.empty() ? ""
       : set.at("missing").size() <= kMissingListed
           ? " Not yet built from the set: " + missing + "."
           : " " + count(json(set.at("missing").size())) +
                 " of the set are not yet built (listed in the JSON)."));
  page.paragraphs.push_back(
      "Results are shares of the legal positions with the given side to move (mirror images "
      "counted separately), Red's wins first. Distances are in plies. DTM: the longest win by "
      "mate distance; DTC: the longest distance to conversion (capture or mate) of a win within "
      "the natural limit. Cursed wins are wins the natural limit (120 plies without a capture) "
      "draws from a fresh counter, blessed losses losses it saves. \"Under the limit\" is the "
      "verdict on the values under the limit. Endings are grouped by Red's attacking pieces, "
      "then ordered by the defence.");
  for (const json& group : catalogue.at("groups")) page.tables.push_back(group_table(group));
  page.tables.push_back(changes_table(catalogue));
  page.tables.push_back(published_table(catalogue));
  return page;
}

}  // namespace xq
