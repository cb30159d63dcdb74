// `xqtb verify MATERIAL|FILE [--dir DIR] [--rules R]`: checksums of the table and its
// sub-tables (of the same rule set), then every position against its successors and the rule
// semantics (generator/verify.hpp). A file names its rule set; a material's is --rules, else
// the one rule set its tables in the directory have.
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "cli/progress.hpp"
#include "core/table_file.hpp"
#include "core/table_names.hpp"
#include "generator/generate.hpp"
#include "generator/verify.hpp"

namespace xq::cli {

namespace {

// The rule set of m's table in dir: `chosen`, else the only one there (TableError when there
// are none or several).
RuleSet rules_in(const std::string& dir, const Material& m, std::optional<RuleSet> chosen) {
  if (chosen) return *chosen;
  std::vector<RuleSet> found;
  std::string names;
  for (const RuleSet r : {RuleSet::None, RuleSet::Check, RuleSet::Asian, RuleSet::Chinese})
    if (std::filesystem::exists(table_path(dir, m, TableKind::Wdl, r))) {
      names += std::string(found.empty() ? "" : ", ") + rule_set_name(r);
      found.push_back(r);
    }
  if (found.size() > 1)
    throw RuleSetChoiceError(
        m.name(), "tables of several rule sets in " + dir + " (" + names + "): choose one");
  // None: the check rule's name, whose opening reports the missing file.
  return found.empty() ? RuleSet::Check : found.front();
}

}  // namespace

void register_verify(CLI::App& app) {
  struct Options {
    std::string target, dir = "tables";
    std::optional<RuleSet> rules;
    CLI::Option* dir_option = nullptr;  // whether --dir was given
    bool quiet = false;
  };
  auto o = std::make_shared<Options>();
  CLI::App* sub =
      add_command(app, "verify", "Verify a table: checksums and successor consistency", [o] {
        std::string dir = o->dir;
        const std::filesystem::path path(o->target);
        std::optional<Material> named;
        std::optional<RuleSet> chosen = o->rules;
        if (path.has_extension()) {  // a file: its directory holds the sub-tables too
          dir = path.parent_path().empty() ? "." : path.parent_path().string();
          if (o->dir_option->count() > 0 &&
              std::filesystem::weakly_canonical(o->dir) != std::filesystem::weakly_canonical(dir))
            throw std::invalid_argument("--dir " + o->dir + " with the file " + o->target +
                                        ": a file's sub-tables are read from its own directory (" +
                                        dir + "); name the material to verify in --dir");
          // Any of the table's three files names it.
          std::optional<TableName> n;
          for (const TableKind kind : {TableKind::Wdl, TableKind::Dtm, TableKind::Dtc})
            if (!n) n = table_name(path.filename(), kind);
          if (!n)
            throw std::invalid_argument(o->target +
                                        " is not a table file's name (MATERIAL[.RULES].xqw)");
          if (o->rules && *o->rules != n->rules)
            throw std::invalid_argument(o->target + " is a table of --rules " +
                                        rule_set_name(n->rules) + ", not " +
                                        rule_set_name(*o->rules));
          named = n->material;
          chosen = n->rules;
        }
        const Material m = named ? *named : parse_material(o->target);
        const RuleSet rules = rules_in(dir, m, chosen);
        const RuleSet stored =
            TableFile::open(table_path(dir, m, TableKind::Wdl, rules), m.name(), TableKind::Wdl)
                ->header()
                .rules;
        if (stored != rules)
          throw TableError(table_path(dir, m, TableKind::Wdl, rules),
                           std::string("built under --rules ") + rule_set_name(stored) +
                               ", but its name says " + rule_set_name(rules));
        // Checksums of the whole closure; values of the tables one capture away, which the
        // successors of m's positions read.
        const std::set<Material> targets = capture_targets(m);
        gen::TableSet set;
        std::unique_ptr<gen::SolvedTable> table;
        try {
          for (const Material& sub_material : capture_closure(m)) {
            if (sub_material == m) continue;
            if (targets.count(sub_material))
              set.add(gen::load_table(dir, sub_material, rules));
            else
              gen::check_table(dir, sub_material, rules);
          }
          table = gen::load_table(dir, m, rules, true);
        } catch (const gen::StaleTableError& e) {
          throw TableError(e.what(), "xqtb gen --force rebuilds it");
        }
        std::cout << m.name() << ": checksums of " << capture_closure(m).size()
                  << " tables of --rules " << rule_set_name(rules) << " verified\n";
        ProgressLine progress(m.name() + ": checking every position", o->quiet);
        const auto problems =
            gen::verify_table(*table, set, rules, 10,
                              [&](uint64_t done, uint64_t all) { progress.update(done, all); });
        progress.finish();
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
  o->dir_option =
      sub->add_option("--dir", o->dir, "Table directory (for a material; a file's is its own)")
          ->capture_default_str();
  add_rules_option(sub, o->rules);
  sub->add_flag("--quiet", o->quiet, "No progress line on stderr (shown only on a terminal)");
}

}  // namespace xq::cli
