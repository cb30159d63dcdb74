// `xqtb list [--dir DIR] [--rules R] [--json] [--lang zh|en] [--sample N]`: the tables in a
// directory, one line per material and rule set, with their size on disk, rule set and
// one-line book verdict under that rule set (docs/verdicts.md).
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "core/table_names.hpp"
#include "report/tables_json.hpp"
#include "verdict/explain.hpp"
#include "verdict/verdict.hpp"

namespace xq::cli {

namespace {

// A tenth of `stats`' budget keeps a directory listing fast; on every table tried the
// verdicts are the same (docs/verdicts.md).
constexpr uint64_t kListBudget = kDefaultTypicalBudget / 10;

struct ListOptions {
  std::string dir = "tables";
  Lang lang = Lang::En;
  bool json = false;
  uint64_t sample = kListBudget;
  std::optional<RuleSet> rules;
};

uint64_t file_bytes(const std::string& dir, const TableName& t, TableKind kind) {
  std::error_code ec;
  const auto n = std::filesystem::file_size(table_path(dir, t.material, kind, t.rules), ec);
  return ec ? 0 : n;
}

// The cheap checks of a table's three files: headers, offset tables and whole-file checksums (every
// byte read once, nothing decompressed); `verify` also decodes every block and checks every
// position against its successors. Throws TableError.
void check_files(const std::string& dir, const TableName& t) {
  for (TableKind kind : {TableKind::Wdl, TableKind::Dtm, TableKind::Dtc})
    TableFile::open(table_path(dir, t.material, kind, t.rules), t.material.name(), kind)
        ->verify_file_checksum();
}

// Terminal columns of UTF-8 text: East Asian characters take two.
size_t display_width(const std::string& s) {
  size_t w = 0;
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = s[i];
    const int len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    w += len >= 3 ? 2 : 1;
    i += len;
  }
  return w;
}

std::string pad_right(const std::string& s, size_t width) {
  const size_t w = display_width(s);
  return w >= width ? s + " " : s + std::string(width - w, ' ');
}

// One line on the evidence behind a verdict.
std::string summary(const TypicalSet& t, Verdict v, bool zh) {
  const std::string red_wins = pct(t.stronger_to_move.win_pct());
  const std::string held = pct(t.best_hold_pct());
  if (t.stronger_to_move.positions == 0) return zh ? "无典型局面" : "no typical position";
  if (zh)
    return v == Verdict::Draw ? "有要塞（最好的阵形守和 " + held + "）；典型局面红先胜 " + red_wins
                              : "最好的阵形守和 " + held + "；典型局面红先胜 " + red_wins;
  return v == Verdict::Draw ? "fortress (best formation holds " + held + "); Red to move wins " +
                                  red_wins + " of typical positions"
                            : "best formation holds " + held + "; Red to move wins " + red_wins +
                                  " of typical positions";
}

}  // namespace

void register_list(CLI::App& app) {
  auto o = std::make_shared<ListOptions>();
  CLI::App* sub = add_command(app, "list", "Tables present, with size, rules and verdict", [o] {
    const bool zh = o->lang == Lang::Zh;
    // One tablebase per rule set: each table's verdict is read under its own rule set alone.
    std::map<RuleSet, std::unique_ptr<Tablebase>> by_rules;
    const auto tablebase = [&](RuleSet r) -> const Tablebase& {
      auto& tb = by_rules[r];
      if (!tb)
        tb = std::make_unique<Tablebase>(std::vector<std::string>{o->dir},
                                         BlockCache::kDefaultBytes, r);
      return *tb;
    };
    const std::vector<TableName> materials =
        Tablebase({o->dir}, BlockCache::kDefaultBytes, o->rules).tables();
    nlohmann::json out = nlohmann::json::array();
    if (!o->json && !materials.empty())
      std::cout << pad_right(zh ? "残局" : "material", 11) << pad_right(zh ? "名称" : "name", 18)
                << pad_right(zh ? "大小" : "size", 11) << pad_right(zh ? "规则" : "rules", 8)
                << (zh ? "结论" : "verdict") << "\n";
    uint64_t total = 0;
    int damaged = 0;
    for (const TableName& table : materials) {
      const Material& m = table.material;
      const uint64_t bytes = file_bytes(o->dir, table, TableKind::Wdl) +
                             file_bytes(o->dir, table, TableKind::Dtm) +
                             file_bytes(o->dir, table, TableKind::Dtc);
      total += bytes;
      const std::string rule_name = rule_set_name(table.rules);
      TypicalSet t;
      try {  // one damaged table must not hide the others: listed, counted, exit 3
        const Tablebase& tb = tablebase(table.rules);
        tb.rules(m);  // the header agrees with the name, the pair with each other
        check_files(o->dir, table);
        t = typical_positions(tb, m, o->sample);
      } catch (const TableError& e) {
        ++damaged;
        if (o->json)
          out.push_back(report::damaged_table_json(table, bytes, e.what()));
        else
          std::cout << pad_right(m.name(), 11) << pad_right(m.chinese_name(), 18)
                    << pad_right(human_bytes(bytes), 11) << pad_right(rule_name, 8)
                    << (zh ? "已损坏: " : "damaged: ") << e.what() << "\n";
        continue;
      }
      const Verdict v = decide(t);
      if (o->json) {
        out.push_back(report::table_json(table, bytes, t, v));
        continue;
      }
      std::cout << pad_right(m.name(), 11) << pad_right(m.chinese_name(), 18)
                << pad_right(human_bytes(bytes), 11) << pad_right(rule_name, 8) << verdict_zh(v)
                << " " << (zh ? "" : std::string(verdict_name(v)) + " ") << "(" << summary(t, v, zh)
                << ")\n";
    }
    const auto finish = [&] {
      if (!damaged) return kExitOk;
      std::cerr << "xqtb: " << damaged << " of " << materials.size()
                << " tables damaged or unreadable (xqtb verify MATERIAL checks one in full)\n";
      return kExitTables;
    };
    if (o->json) {
      std::cout << out.dump(2) << "\n";
      return finish();
    }
    if (zh)
      std::cout << o->dir << "：" << materials.size() << " 个残局库，共 " << human_bytes(total)
                << "\n";
    else
      std::cout << materials.size() << (materials.size() == 1 ? " table in " : " tables in ")
                << o->dir << ", " << human_bytes(total) << "\n";
    return finish();
  });
  sub->add_option("--dir", o->dir, "Table directory")->capture_default_str();
  add_rules_option(sub, o->rules);
  sub->add_flag("--json", o->json, "One JSON array");
  add_lang_option(sub, o->lang);
  add_sample_option(sub, o->sample);
}

}  // namespace xq::cli
