// `xqtb info MATERIAL [--dir DIR] [--rules R] [--count]`: index size, legal positions and table
// bytes of a material, per rule set whose tables are in the directory (or the one --rules
// names). The legal counts come from a table's statistics when one exists (legality does not
// depend on the rule set); counting them (--count) decodes every slot, which takes minutes for
// big materials, so only on request.
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "core/index.hpp"
#include "core/table_file.hpp"
#include "core/table_names.hpp"
#include "generator/cost_model.hpp"
#include "generator/legal_count.hpp"

namespace xq::cli {

namespace {

void print_file(const std::string& path, const Material& m, TableKind kind, uint64_t slots) {
  if (!std::filesystem::exists(path)) {
    std::cout << "  " << path << ": not generated\n";
    return;
  }
  const auto f = TableFile::open(path, m.name(), kind);
  const double bits = slots ? 8.0 * double(f->file_size()) / double(2 * slots) : 0;
  std::cout << "  " << path << ": " << f->file_size() << " bytes, " << bits
            << " bits per slot, rules " << rule_set_name(f->header().rules);
  // docs/format.md "One side's distances"
  if (const int side = f->header().omitted_side; side >= 0)
    std::cout << ", " << (side == 0 ? "Red" : "Black")
              << " to move's forced distances one ply away";
  std::cout << "\n";
}

void print_counts(Color c, uint64_t slots, uint64_t positions, const char* source) {
  std::cout << "  " << (c == Red ? "Red" : "Black") << " to move: " << slots << " legal slots, "
            << positions << " legal positions (mirror images counted separately; " << source
            << ")\n";
}

// Legal slots and positions of a side from the WDL file's statistics (generator/stats.hpp:
// win, draw and loss counts of the legal ones); false when the file has none.
bool print_stored_counts(const TableFile& wdl, Color c) {
  const nlohmann::json stats = nlohmann::json::parse(wdl.header().stats_json, nullptr, false);
  const char* key = c == Red ? "red" : "black";
  if (stats.is_discarded() || !stats.contains(key)) return false;
  const auto legal = [&](const char* counting) {
    const nlohmann::json& n = stats.at(key).at(counting);
    return n.at("win").get<uint64_t>() + n.at("draw").get<uint64_t>() +
           n.at("loss").get<uint64_t>();
  };
  print_counts(c, legal("slots"), legal("positions"), "from the table's statistics");
  return true;
}

// Counts by decoding every slot, with progress on stderr: in place on a terminal, else a line
// every 10 s (as gen's progress).
void count_and_print(const Material& m, Color c, uint64_t slots) {
  const bool tty = isatty(STDERR_FILENO);
  const char* side = c == Red ? "Red" : "Black";
  auto last = std::chrono::steady_clock::now();
  const auto progress = [&](uint64_t done) {
    if (!tty && std::chrono::steady_clock::now() - last < std::chrono::seconds(10)) return;
    last = std::chrono::steady_clock::now();
    std::cerr << (tty ? "\r\033[K" : "") << "counting legal positions, " << side
              << " to move: " << 100 * done / slots << "% of " << slots << " slots"
              << (tty ? "" : "\n") << std::flush;
  };
  const gen::LegalCount n = gen::count_legal(m, c, progress);
  if (tty) std::cerr << "\r\033[K" << std::flush;
  print_counts(c, n.slots, n.positions, "counted");
}

}  // namespace

void register_info(CLI::App& app) {
  struct Options {
    std::string material, dir = "tables";
    bool count = false;
    std::optional<RuleSet> rules;
  };
  auto o = std::make_shared<Options>();
  auto dir_given = std::make_shared<const CLI::Option*>(nullptr);
  CLI::App* sub = add_command(
      app, "info", "Index size, legal positions (from the table, or --count) and table files",
      [o, dir_given] {
        const Material m = parse_material(o->material);
        const Index index(m);
        // Sizes need no table, but a directory named on the command line must be there.
        const bool have_dir = std::filesystem::is_directory(o->dir);
        if (!have_dir && (*dir_given)->count())
          throw TableError(o->dir, "no such directory (--dir names the table directory)");
        std::cout << m.name() << " (" << m.chinese_name() << ")\n";
        std::cout << "  slots per side: " << index.size() << "\n";
        // The rule sets to show: --rules, else those with a WDL file here (else the check rule's
        // names, reported as not generated).
        std::vector<RuleSet> shown;
        for (const RuleSet r : {RuleSet::None, RuleSet::Check, RuleSet::Asian, RuleSet::Chinese})
          if (o->rules ? r == *o->rules
                       : std::filesystem::exists(table_path(o->dir, m, TableKind::Wdl, r)))
            shown.push_back(r);
        if (shown.empty()) shown.push_back(RuleSet::Check);
        const std::string first_wdl = table_path(o->dir, m, TableKind::Wdl, shown.front());
        const bool have_wdl = std::filesystem::exists(first_wdl);
        const auto wdl_file =
            have_wdl ? TableFile::open(first_wdl, m.name(), TableKind::Wdl) : nullptr;
        for (Color c : {Red, Black}) {
          if (o->count)
            count_and_print(m, c, index.size());
          else if (!wdl_file || !print_stored_counts(*wdl_file, c))
            std::cout << "  " << (c == Red ? "Red" : "Black")
                      << " to move: legal positions not counted (no table; --count counts them, "
                         "about "
                      << gen::format_duration(double(index.size()) / gen::kCountSlotsPerSecond)
                      << " per side on 2 threads)\n";
        }
        // How long a recount would take, where the counts came from the table.
        if (!o->count && wdl_file)
          std::cout << "  --count recounts them by decoding every slot: about "
                    << gen::format_duration(double(index.size()) / gen::kCountSlotsPerSecond)
                    << " per side on 2 threads\n";
        std::cout << "  uncompressed bytes per side: WDL " << index.size() << ", DTM "
                  << 2 * index.size() << ", DTC " << 2 * index.size() << "\n";
        if (!have_dir) {
          std::cout << "  no table directory " << o->dir << "\n";
          return kExitOk;
        }
        for (const RuleSet r : shown) {
          const std::string wdl = table_path(o->dir, m, TableKind::Wdl, r),
                            dtm = table_path(o->dir, m, TableKind::Dtm, r),
                            dtc = table_path(o->dir, m, TableKind::Dtc, r);
          print_file(wdl, m, TableKind::Wdl, index.size());
          print_file(dtm, m, TableKind::Dtm, index.size());
          print_file(dtc, m, TableKind::Dtc, index.size());
          const bool wdl_there = std::filesystem::exists(wdl);
          for (const std::string& other : {dtm, dtc})
            if (wdl_there != std::filesystem::exists(other))
              throw TableError(wdl_there ? other : wdl,
                               "missing: the table is incomplete (xqtb gen --force rebuilds it)");
        }
        return kExitOk;
      });
  sub->add_option("material", o->material, "Material, e.g. KRKCAABB or 车对炮士象全")->required();
  *dir_given = sub->add_option("--dir", o->dir, "Table directory (must exist when given)")
                   ->capture_default_str();
  add_rules_option(sub, o->rules);
  sub->add_flag("--count", o->count,
                "Count the legal positions by decoding every slot (in parallel, progress on "
                "stderr; minutes for 7 pieces) instead of reading them from the table");
}

}  // namespace xq::cli
