// `xqtb export MATERIAL [--format epd|csv|npy] [--dir DIR] [--rules R] [--side red|black]
// [--out FILE]`: every legal position of a table with its class, DTM and DTC, as training
// data for users outside Python (src/export/, docs/python.md "Export"). EPD and CSV go to
// standard output unless --out is given; every file is written to FILE.tmp and renamed.
#include <iostream>
#include <memory>
#include <optional>

#include "cli/commands.hpp"
#include "export/atomic_file.hpp"
#include "export/npy_writer.hpp"
#include "export/table_export.hpp"
#include "report/probe_json.hpp"

namespace xq::cli {

namespace {

constexpr size_t kChunkRows = 1 << 16;
constexpr size_t kExportCacheBytes = size_t(64) << 20;

struct ExportOptions {
  std::string material, dir = "tables", format = "epd", side, out;
  std::optional<RuleSet> rules;
};

// A row as text: "FEN; class win; dtm 5; dtc 5;" (EPD: board and side, then operations) or
// "FEN,side,class,dtm,dtc" (CSV, empty distances for the classes without one).
void append_text(std::string& out, const ExportRow& row, bool csv) {
  const std::string fen = row_position(row).fen();
  const std::string category = report::class_name(Wdl(row.category));
  if (csv) {
    out += fen + ',' + (row.side == Red ? "red" : "black") + ',' + category + ',';
    if (row.dtm >= 0) out += std::to_string(row.dtm);
    out += ',';
    if (row.dtc >= 0) out += std::to_string(row.dtc);
    out += '\n';
    return;
  }
  out += fen.substr(0, fen.size() - 4) + " class " + category + ';';  // without "0 1"
  if (row.dtm >= 0) out += " dtm " + std::to_string(row.dtm) + ';';
  if (row.dtc >= 0) out += " dtc " + std::to_string(row.dtc) + ';';
  out += '\n';
}

int run_export(const ExportOptions& o) {
  const Material m = Material::parse(o.material);  // as named: KNKR gives flipped positions
  if (o.format == "npy" && o.out.empty())          // bad input before missing tables
    throw std::invalid_argument("--format npy needs --out FILE");
  const Tablebase tb({o.dir}, kExportCacheBytes, o.rules);
  if (!tb.has(m))
    throw TableError(m.name(), "no table in " + o.dir + " (generate it: xqtb gen " + m.name() +
                                   " --dir " + o.dir + ")");
  std::optional<Color> side;
  if (!o.side.empty()) side = o.side == "red" ? Red : Black;
  TableExport walk(tb, m, side);
  std::vector<ExportRow> rows;
  rows.reserve(kChunkRows);
  if (o.format == "npy") {
    NpyWriter npy(o.out);
    while (walk.next(rows, kChunkRows) > 0) {
      npy.append(rows);
      rows.clear();
    }
    npy.commit();
    return kExitOk;
  }
  const bool csv = o.format == "csv";
  std::optional<AtomicFile> file;
  if (!o.out.empty()) file.emplace(o.out);
  std::string text = csv ? "fen,side,class,dtm,dtc\n" : "";
  const auto flush = [&] {
    if (file) {
      file->append(text.data(), text.size());
    } else if (!(std::cout << text)) {
      throw std::runtime_error("standard output: write failed");
    }
    text.clear();
  };
  while (walk.next(rows, kChunkRows) > 0) {
    for (const ExportRow& row : rows) append_text(text, row, csv);
    rows.clear();
    flush();
  }
  flush();
  std::cout.flush();
  if (file) file->commit();
  return kExitOk;
}

}  // namespace

void register_export(CLI::App& app) {
  auto o = std::make_shared<ExportOptions>();
  CLI::App* sub = add_command(app, "export",
                              "Every legal position of a table with its class, DTM and DTC "
                              "(training data: EPD, CSV or NumPy .npy)",
                              [o] { return run_export(*o); });
  sub->add_option("material", o->material, "Material, e.g. KRKN or 车对马")->required();
  sub->add_option("--format", o->format, "epd, csv or npy")
      ->check(CLI::IsMember({"epd", "csv", "npy"}))
      ->capture_default_str();
  sub->add_option("--dir", o->dir, "Table directory")->capture_default_str();
  add_rules_option(sub, o->rules);
  sub->add_option("--side", o->side, "Only positions with this side to move: red or black")
      ->check(CLI::IsMember({"red", "black"}));
  sub->add_option("--out", o->out, "Output file (npy: required; else standard output)");
}

}  // namespace xq::cli
