// `xqtb info MATERIAL [--dir DIR]`: index size, legal positions and table bytes of a material.
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "core/index.hpp"
#include "core/table_file.hpp"
#include "core/table_names.hpp"

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
            << " bits per slot, rules " << (f->header().rules == RuleSet::Check ? "check" : "none")
            << "\n";
}

}  // namespace

void register_info(CLI::App& app) {
  struct Options {
    std::string material, dir = "tables";
  };
  auto o = std::make_shared<Options>();
  CLI::App* sub = add_command(app, "info", "Index size, legal positions and table files", [o] {
    const Material m = Material::parse(o->material).canonical();
    const Index index(m);
    std::cout << m.name() << " (" << m.chinese_name() << ")\n";
    std::cout << "  slots per side: " << index.size() << "\n";
    for (Color c : {Red, Black}) {
      const LegalCount n = count_legal(m, c);
      std::cout << "  " << (c == Red ? "Red" : "Black") << " to move: " << n.slots
                << " legal slots, " << n.positions
                << " legal positions (mirror images counted separately)\n";
    }
    std::cout << "  uncompressed bytes per side: WDL " << index.size() << ", DTM "
              << 2 * index.size() << "\n";
    const std::string wdl = table_path(o->dir, m, TableKind::Wdl),
                      dtm = table_path(o->dir, m, TableKind::Dtm);
    print_file(wdl, m, TableKind::Wdl, index.size());
    print_file(dtm, m, TableKind::Dtm, index.size());
    if (std::filesystem::exists(wdl) != std::filesystem::exists(dtm))
      throw TableError(std::filesystem::exists(wdl) ? dtm : wdl,
                       "missing: the pair is incomplete (xqtb gen --force rebuilds it)");
    return kExitOk;
  });
  sub->add_option("material", o->material, "Material, e.g. KRKCAABB or 车对炮士象全")->required();
  sub->add_option("--dir", o->dir, "Table directory")->capture_default_str();
}

}  // namespace xq::cli
