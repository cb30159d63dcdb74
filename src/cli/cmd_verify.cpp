// `xqtb verify MATERIAL|FILE [--dir DIR]`: checksums of the table and its sub-tables, then
// every position against its successors and the rule semantics (generator/verify.hpp).
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "core/table_file.hpp"
#include "core/table_names.hpp"
#include "generator/generate.hpp"
#include "generator/verify.hpp"

namespace xq::cli {

void register_verify(CLI::App& app) {
  struct Options {
    std::string target, dir = "tables";
  };
  auto o = std::make_shared<Options>();
  CLI::App* sub =
      add_command(app, "verify", "Verify a table: checksums and successor consistency", [o] {
        std::string dir = o->dir, name = o->target;
        const std::filesystem::path path(o->target);
        if (path.has_extension()) {  // a file: its directory holds the sub-tables too
          dir = path.parent_path().empty() ? "." : path.parent_path().string();
          name = path.stem().string();
        }
        const Material m = parse_material(name);
        const RuleSet rules =
            TableFile::open(table_path(dir, m, TableKind::Wdl), m.name(), TableKind::Wdl)
                ->header()
                .rules;
        // Checksums of the whole closure; values of the tables one capture away, which the
        // successors of m's positions read.
        const std::set<Material> targets = capture_targets(m);
        gen::TableSet set;
        for (const Material& sub_material : capture_closure(m)) {
          if (sub_material == m) continue;
          if (targets.count(sub_material))
            set.add(gen::load_table(dir, sub_material, rules));
          else
            gen::check_table(dir, sub_material, rules);
        }
        const auto table = gen::load_table(dir, m, rules, true);
        std::cout << m.name() << ": checksums of " << capture_closure(m).size()
                  << " tables verified\n";
        const auto problems = gen::verify_table(*table, set, rules);
        if (problems.empty()) {
          std::cout << m.name() << ": all " << 2 * table->index.size()
                    << " slots consistent with their successors\n";
          return kExitOk;
        }
        for (const auto& p : problems) std::cout << p.fen << "  " << p.problem << "\n";
        std::cerr << "xqtb: " << m.name() << ": inconsistent values (first ones listed above)\n";
        return kExitTables;
      });
  sub->add_option("table", o->target, "Material (e.g. KRKCAABB) or table file")->required();
  sub->add_option("--dir", o->dir, "Table directory")->capture_default_str();
}

}  // namespace xq::cli
