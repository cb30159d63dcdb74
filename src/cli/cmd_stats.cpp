// `xqtb stats ENDING [--dir DIR] [--rules R] [--json] [--lang zh|en] [--sample N]`: what a
// table says about an ending for players: results by side to move, how many the repetition
// rules decide (check rule, chase and kill rules), the longest wins with their lines, the mate
// distance histogram, and the book verdict (例胜 / 例和, docs/verdicts.md) under the table's
// rule set, beside the verdict under the directory's other rule sets when it differs.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/board_diagram.hpp"
#include "cli/commands.hpp"
#include "cli/describe.hpp"
#include "report/stats_json.hpp"
#include "verdict/explain.hpp"
#include "verdict/verdict.hpp"

namespace xq::cli {

namespace {

constexpr size_t kStatsCacheBytes = size_t(256) << 20;  // holds a 5-piece WDL table decompressed
constexpr int kBarWidth = 40;
constexpr size_t kMaxHistogramRows = 24;

struct StatsOptions {
  std::string ending, dir = "tables";
  Lang lang = Lang::En;
  bool json = false;
  uint64_t sample = kDefaultTypicalBudget;
  std::optional<RuleSet> rules;
};

std::string side_key(Color c) {
  return c == Red ? "red" : "black";
}

// A percentage in a column five characters wide: " 52.3%".
std::string pct_column(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%5.1f%%", x);
  return buf;
}

std::string pad(const std::string& s, size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

// The natural limit (docs/metrics.md): wins it draws from a fresh counter (cursed), losses it
// saves (blessed), and the longest DTC of the wins within it, per side to move.
void print_limit(const nlohmann::json& stats, Lang lang) {
  const bool zh = lang == Lang::Zh;
  for (Color c : {Red, Black}) {
    const nlohmann::json& side = stats.at(side_key(c));
    const nlohmann::json& p = side.at("positions");
    const uint64_t cursed = p.value("cursed_win", uint64_t(0)),
                   blessed = p.value("blessed_loss", uint64_t(0));
    const std::string who = side_name(c, lang);
    const std::string longest =
        side.contains("longest_dtc")
            ? std::to_string(side["longest_dtc"].at("plies").get<unsigned>())
            : std::string("-");
    if (zh)
      std::cout << "  六十回合自然限着（" << who << "先）：超限的胜局 " << with_commas(cursed)
                << " 局，因限着得和的负局 " << with_commas(blessed) << " 局，限着内胜局最长 "
                << longest << " 步到吃子或杀\n";
    else
      std::cout << "  natural limit, " << who << " to move: " << with_commas(cursed)
                << " cursed wins, " << with_commas(blessed)
                << " blessed losses; longest DTC of a win within it " << longest << " plies\n";
  }
}

void print_counts(const nlohmann::json& stats, Lang lang) {
  const bool zh = lang == Lang::Zh;
  std::cout << (zh ? "合法局面（左右镜像分别计数）：\n"
                   : "Legal positions (mirror images counted separately):\n");
  const std::string red_wins = zh ? "红胜" : "Red wins", draw = zh ? "和" : "draw",
                    black_wins = zh ? "黑胜" : "Black wins";
  uint64_t rule[2] = {}, chase[2] = {};
  for (Color c : {Red, Black}) {
    const nlohmann::json& p = stats.at(side_key(c)).at("positions");
    const uint64_t win = p.at("win"), drawn = p.at("draw"), loss = p.at("loss");
    const uint64_t total = win + drawn + loss;
    rule[c] = p.at("rule_win").get<uint64_t>() + p.at("rule_loss").get<uint64_t>();
    // Tables built before the chase rules lack the fields: they decide nothing by them.
    chase[c] = p.value("chase_win", uint64_t(0)) + p.value("chase_loss", uint64_t(0));
    const uint64_t red = c == Red ? win : loss, black = c == Red ? loss : win;
    std::cout << "  "
              << (zh         ? side_name(c, lang) + "先"
                  : c == Red ? "Red to move  "
                             : "Black to move")
              << pad(with_commas(total), 12) << "  " << red_wins << pad(with_commas(red), 12) << " "
              << pct_column(share(red, total)) << "  " << draw << pad(with_commas(drawn), 12) << " "
              << pct_column(share(drawn, total)) << "  " << black_wins
              << pad(with_commas(black), 12) << " " << pct_column(share(black, total)) << "\n";
  }
  if (zh)
    std::cout << "  其中由长将判负规则决定胜负的：红先 " << with_commas(rule[Red]) << " 局，黑先 "
              << with_commas(rule[Black]) << " 局\n";
  else
    std::cout << "  decided by the perpetual-check rule (not by mate alone): "
              << with_commas(rule[Red]) << " with Red to move, " << with_commas(rule[Black])
              << " with Black to move\n";
  const std::string rules = stats.at("rules");
  if (rules == "asian" || rules == "chinese") {
    // Kills are idle under the Asian rules (docs/rules.md R3a): only chases decide there.
    const bool asian = rules == "asian";
    if (zh)
      std::cout << (asian ? "  其中仅由长捉判负规则决定胜负的：红先 "
                          : "  其中仅由长捉、长杀判负规则决定胜负的：红先 ")
                << with_commas(chase[Red]) << " 局，黑先 " << with_commas(chase[Black]) << " 局\n";
    else
      std::cout << (asian
                        ? "  decided by the chase rule (drawn by the check rule alone): "
                        : "  decided by the chase and kill rules (drawn by the check rule alone): ")
                << with_commas(chase[Red]) << " with Red to move, " << with_commas(chase[Black])
                << " with Black to move\n";
  }
  print_limit(stats, lang);
}

void print_longest(const Tablebase& tb, const nlohmann::json& stats, Lang lang) {
  const bool zh = lang == Lang::Zh;
  for (Color c : {Red, Black}) {
    const nlohmann::json j = report::longest_win(tb, stats.at(side_key(c)));
    const std::string who = side_name(c, lang);
    std::cout << "\n";
    if (j.is_null()) {
      std::cout << (zh ? who + "先：" + who + "方没有胜局\n"
                       : "Longest win, " + who + " to move: none (" + who + " never wins)\n");
      continue;
    }
    const unsigned plies = j["plies"];
    const Position pos = Position::from_fen(j["fen"].get<std::string>());
    const bool stale = j.value("ending", "") == std::string("stalemate");
    if (zh)
      std::cout << who << "先最长的胜局：" << plies << " 步（" << (plies + 1) / 2 << " 回合）"
                << (stale ? "困毙" : "杀") << "\n";
    else
      std::cout << "Longest win, " << who << " to move: " << (stale ? "stalemate" : "mate")
                << " in " << plies << " plies (" << (plies + 1) / 2 << " moves)\n";
    std::cout << "  FEN " << pos.fen() << "\n" << board_diagram(pos, lang);
    std::cout << (zh ? "  着法：" : "  Line: ") << j["pv_zh"].get<std::string>() << "\n";
    if (!zh) std::cout << "        " << j["pv"].get<std::string>() << "\n";
  }
}

// One histogram as bars; rows grouped into ranges of plies when there are too many.
void print_histogram(const nlohmann::json& h, const std::string& title) {
  if (h.empty()) return;
  std::vector<std::pair<unsigned, uint64_t>> rows;
  for (const auto& e : h) rows.push_back({e.at(0).get<unsigned>(), e.at(1).get<uint64_t>()});
  const unsigned max_plies = rows.back().first;
  unsigned width = 1;
  while (rows.size() > kMaxHistogramRows && (max_plies / width + 1) > kMaxHistogramRows) width *= 2;
  std::vector<std::pair<std::string, uint64_t>> bars;
  if (width == 1) {
    for (const auto& [p, n] : rows) bars.push_back({std::to_string(p), n});
  } else {
    for (unsigned lo = 0; lo <= max_plies; lo += width) {
      uint64_t n = 0;
      for (const auto& [p, c] : rows)
        if (p >= lo && p < lo + width) n += c;
      bars.push_back({std::to_string(lo) + "-" + std::to_string(lo + width - 1), n});
    }
  }
  uint64_t top = 1;
  for (const auto& b : bars) top = std::max(top, b.second);
  std::cout << title << "\n";
  for (const auto& [label, n] : bars) {
    const int len = int((n * kBarWidth + top - 1) / top);
    std::string bar;
    for (int i = 0; i < len; ++i) bar += "█";
    std::cout << pad(label, 9) << " │" << bar << " " << with_commas(n) << "\n";
  }
}

void print_histograms(const nlohmann::json& stats, Lang lang) {
  const bool zh = lang == Lang::Zh;
  std::cout << "\n"
            << (zh ? "杀棋步数分布（步 = 半回合；局面数）：\n"
                   : "Mate distances (DTM in plies; positions):\n");
  for (Color c : {Red, Black}) {
    const nlohmann::json& s = stats.at(side_key(c));
    const std::string who = side_name(c, lang), other = side_name(~c, lang);
    print_histogram(s.at("win_dtm_histogram"),
                    zh ? who + "先" + who + "胜：" : who + " to move, " + who + " wins:");
    print_histogram(s.at("loss_dtm_histogram"),
                    zh ? who + "先" + other + "胜：" : who + " to move, " + other + " wins:");
  }
}

void print_verdict(const Tablebase& tb, const Material& m, const nlohmann::json& stats,
                   const TypicalSet& t, Verdict v, const std::map<std::string, Verdict>& others,
                   Lang lang) {
  const bool zh = lang == Lang::Zh;
  const std::string rules = stats.at("rules");
  std::cout << "\n"
            << (zh ? "结论（红方，即强方的角度；" + rule_set_label(parse_rule_set(rules), lang) +
                         "）："
                   : "Verdict (for Red, the stronger side; --rules " + rules + "): ")
            << verdict_zh(v);
  if (!zh)
    std::cout << " — "
              << (v == Verdict::Win    ? "book win"
                  : v == Verdict::Draw ? "book draw"
                                       : "depends on the position");
  std::cout << "\n  " << explain(m, t, v, stats, lang) << "\n";
  for (const auto& [name, other] : others) {
    if (other == v) continue;
    if (zh)
      std::cout << "  " << rule_set_label(parse_rule_set(name), lang) << "下结论不同："
                << verdict_zh(other) << "\n";
    else
      std::cout << "  under --rules " << name << " the verdict differs: " << verdict_zh(other)
                << " — " << verdict_name(other) << "\n";
  }
  if (const Verdict limited = decide(t, true); limited != v) {
    const Tally& s = t.stronger_to_move;
    if (zh)
      std::cout << "  按六十回合自然限着（从吃子后起算）：" << verdict_zh(limited)
                << "（红先典型局面胜 " << pct_column(s.win_pct(true))
                << "，其余超限或由规则决定）\n";
    else
      std::cout << "  under the natural limit (fresh counter): " << verdict_zh(limited) << " — "
                << verdict_name(limited) << ": Red to move wins" << pct_column(s.win_pct(true))
                << " of typical positions within it (the other wins are cursed or rule-decided)\n";
  }
  if (t.best_example_fen.empty()) return;
  const Position pos = Position::from_fen(t.best_example_fen);
  const auto r = tb.probe(pos);
  const std::string value =
      r ? describe_result(pos, *r, *tb.rules(m), lang, ending_of(tb, pos, *r)) : "";
  std::cout << "\n"
            << (zh ? "黑方最好的阵形，例如（" + value + "）：\n"
                   : "Black's best formation, for example (" + value + "):\n")
            << "  FEN " << pos.fen() << "\n"
            << board_diagram(pos, lang);
}

// The statistics a table's header holds were written by `gen` (checksummed with the header);
// other JSON there is a table problem, reported as one by the caller.
int run_stats(const StatsOptions& o) {
  const Lang lang = o.lang;
  const Material m = parse_material(o.ending);
  const Tablebase tb({o.dir}, kStatsCacheBytes, o.rules);
  if (!tb.has(m))
    throw TableError(
        m.name(),
        "no table in " + o.dir + " (generate it: xqtb gen " + m.name() + " --dir " + o.dir +
            (o.rules ? std::string(" --rules ") + rule_set_name(*o.rules) : std::string()) + ")");
  const nlohmann::json stats = nlohmann::json::parse(tb.stats_json(m));
  const TypicalSet t = typical_positions(tb, m, o.sample);
  const Verdict v = decide(t);
  const auto others = report::other_verdicts(o.dir, m, *tb.rules(m), o.sample, kStatsCacheBytes);
  if (o.json) {
    std::cout << report::stats_json(tb, m, o.ending, stats, t, v, others).dump(2) << "\n";
    return kExitOk;
  }
  const bool zh = lang == Lang::Zh;
  std::cout << (zh ? m.chinese_name() + "（" + m.name() + "）"
                   : m.name() + " (" + m.chinese_name() + ")")
            << (zh ? "，规则：" : ", rules: ")
            << describe_rules(parse_rule_set(stats.at("rules")), lang)
                   .substr(zh ? std::string("规则：").size() : std::string("Rules: ").size())
            << "\n";
  if (Material::parse(o.ending) != m)
    std::cout << (zh ? "（按强方为红方列出）\n" : "(shown with the stronger side as Red)\n");
  print_counts(stats, lang);
  print_longest(tb, stats, lang);
  print_histograms(stats, lang);
  print_verdict(tb, m, stats, t, v, others, lang);
  return kExitOk;
}

}  // namespace

void register_stats(CLI::App& app) {
  auto o = std::make_shared<StatsOptions>();
  CLI::App* sub =
      add_command(app, "stats", "Results, longest wins and the book verdict of an ending", [o] {
        try {
          return run_stats(*o);
        } catch (const nlohmann::json::exception& e) {  // not the statistics gen writes
          throw TableError(o->ending, std::string("the statistics in the table's header are not "
                                                  "the ones gen writes (") +
                                          e.what() + ")");
        }
      });
  sub->add_option("ending", o->ending, "Ending, e.g. KRKCAABB or 车对炮士象全")->required();
  sub->add_option("--dir", o->dir, "Table directory")->capture_default_str();
  add_rules_option(sub, o->rules);
  sub->add_flag("--json", o->json, "One JSON object");
  add_lang_option(sub, o->lang);
  add_sample_option(sub, o->sample);
}

}  // namespace xq::cli
