// Book verdicts (docs/verdicts.md): the classic endings are generated and their verdicts must
// agree with established theory; their statistics must match tables/manifest.tsv.
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <sstream>

#include "support/table_dir.hpp"
#include "verdict/explain.hpp"
#include "verdict/verdict.hpp"

using namespace xq;

namespace {

// The endings of the main test, with the verdict books give (单车对单将 ... 车对炮双士).
const std::pair<const char*, Verdict> kBook[] = {
    {"KRK", Verdict::Win},    {"KNK", Verdict::Win},     {"KCK", Verdict::Draw},
    {"KRKAA", Verdict::Win},  {"KRKBB", Verdict::Win},   {"KRKAABB", Verdict::Draw},
    {"KRKNAA", Verdict::Win}, {"KRKCAA", Verdict::Draw},
};

// One directory for every test here (removed at exit), into which the materials (and their
// sub-tables) that are not there yet are generated.
std::string tables_with(const std::vector<Material>& materials) {
  static const test::TempDir dir("verdicts");
  std::vector<std::string> names;
  for (const Material& m : materials) names.push_back(m.name());
  test::generate_into(dir.str(), names);
  return dir.str();
}

std::string main_dir() {
  std::vector<Material> all;
  for (const auto& [name, v] : kBook) all.push_back(Material::parse(name));
  return tables_with(all);
}

// Typical positions of a material, computed once per run (the tables never change within it).
const TypicalSet& typical(const Tablebase& tb, const Material& m) {
  static std::map<std::string, TypicalSet> done;
  const auto it = done.find(m.name());
  return it != done.end() ? it->second : done[m.name()] = typical_positions(tb, m);
}

// A manifest row: column name -> text (tables/manifest.tsv).
using Row = std::map<std::string, std::string>;

struct Manifest {
  std::vector<std::string> columns;
  std::map<std::string, Row> rows;  // by material
};

Manifest read_manifest() {
  std::ifstream in(std::string(XQTB_TABLES_DIR) + "/manifest.tsv");
  REQUIRE(in);
  Manifest m;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cells;
    std::stringstream ss(line);
    for (std::string cell; std::getline(ss, cell, '\t');) cells.push_back(cell);
    if (m.columns.empty()) {
      m.columns = cells;
      continue;
    }
    REQUIRE(cells.size() == m.columns.size());
    Row row;
    for (size_t i = 0; i < cells.size(); ++i) row[m.columns[i]] = cells[i];
    m.rows[row.at("material")] = row;
  }
  return m;
}

// The manifest columns of a generated table: counts of positions (mirror images counted
// separately) by side to move, from its view; rule-decided ones; the largest DTM in plies.
Row actual_row(const Tablebase& tb, const Material& m) {
  const nlohmann::json stats = nlohmann::json::parse(tb.stats_json(m));
  const TypicalSet& t = typical(tb, m);
  Row row{{"material", m.name()},
          {"name_zh", m.chinese_name()},
          {"rules", stats.at("rules").get<std::string>()},
          {"verdict", verdict_name(decide(t))}};
  for (const std::string side : {"red", "black"}) {
    const nlohmann::json& s = stats.at(side);
    const nlohmann::json& p = s.at("positions");
    for (const char* k : {"win", "draw", "loss"})
      row[side + "_" + k] = std::to_string(p.at(k).get<uint64_t>());
    row[side + "_rule"] =
        std::to_string(p.at("rule_win").get<uint64_t>() + p.at("rule_loss").get<uint64_t>());
    unsigned max_dtm = 0;
    for (const char* h : {"win_dtm_histogram", "loss_dtm_histogram"})
      for (const auto& e : s.at(h)) max_dtm = std::max(max_dtm, e.at(0).get<unsigned>());
    row[side + "_max_dtm"] = std::to_string(max_dtm);
  }
  return row;
}

void check_against_manifest(const Tablebase& tb, const Material& m) {
  const Manifest manifest = read_manifest();
  const auto it = manifest.rows.find(m.name());
  REQUIRE(it != manifest.rows.end());
  const Row actual = actual_row(tb, m);
  std::string line;  // the generated row, ready to paste into the manifest
  for (const std::string& c : manifest.columns)
    line += (line.empty() ? "" : "\t") + (actual.count(c) ? actual.at(c) : "?");
  INFO("generated row: " << line);
  for (const auto& [column, expected] : it->second) {
    INFO(m.name() << " column " << column);
    REQUIRE(actual.count(column));
    CHECK(actual.at(column) == expected);
  }
}

}  // namespace

// One test case, so that CTest (a process per test case) generates the tables once.
TEST_CASE("book endings: verdicts agree with theory, tables match the manifest",
          "[verdict][slow]") {
  const Tablebase tb({main_dir()}, size_t(256) << 20);
  for (const auto& [name, expected] : kBook) {
    const Material m = Material::parse(name);
    const TypicalSet& t = typical(tb, m);
    INFO(name << ": best formation " << formation_text(t.best, Lang::En) << " holds "
              << t.best_hold_pct() << "%, Red to move wins " << t.stronger_to_move.win_pct()
              << "% of " << t.stronger_to_move.positions << " typical positions");
    CHECK(decide(t) == expected);
    CHECK(book_verdict(m) == expected);
    check_against_manifest(tb, m);
  }
}

TEST_CASE("book verdicts are found whatever the spelling of the ending", "[verdict]") {
  CHECK(book_verdict(Material::parse("单车对士象全")) == Verdict::Draw);
  CHECK(book_verdict(Material::parse("士象全对单车")) == Verdict::Draw);  // colours swapped
  CHECK(book_verdict(Material::parse("车对马双士")) == Verdict::Win);
  CHECK(!book_verdict(Material::parse("KRKR")));
}

TEST_CASE("车对炮士象全 (KRKCAABB) is a book draw and matches the manifest", "[verdict][big]") {
  const Material m = Material::parse("KRKCAABB");
  const Tablebase tb({tables_with({m})}, size_t(512) << 20);
  const TypicalSet& t = typical(tb, m);
  INFO("best formation " << formation_text(t.best, Lang::En) << " holds " << t.best_hold_pct()
                         << "%");
  CHECK(decide(t) == Verdict::Draw);
  CHECK(book_verdict(m) == Verdict::Draw);
  check_against_manifest(tb, m);
}
