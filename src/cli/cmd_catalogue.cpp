// `xqtb catalogue [--dir DIR] [--rules R] [--format md|json|html] [--out FILE] [--books FILE]
// [--sample N]`: the 例胜 / 例和 catalogue of the tables in a directory (docs/endings.md),
// built by the catalogue library; this file only reads the options and writes the result.
#include <iostream>
#include <memory>

#include "catalogue/atomic_file.hpp"
#include "catalogue/catalogue.hpp"
#include "catalogue/render.hpp"
#include "cli/commands.hpp"

namespace xq::cli {

namespace {

struct CatalogueCliOptions {
  CatalogueOptions catalogue;
  std::string format = "md", out;
  bool quiet = false;
};

int run_catalogue(const CatalogueCliOptions& o) {
  const auto progress = [&o](const std::string& material, size_t i, size_t n) {
    if (!o.quiet) std::cerr << "catalogue: [" << i << "/" << n << "] " << material << "\n";
  };
  const nlohmann::json catalogue = build_catalogue(o.catalogue, progress);
  const std::string text = o.format == "json"   ? catalogue.dump(1) + "\n"
                           : o.format == "html" ? render_html(catalogue_page(catalogue))
                                                : render_markdown(catalogue_page(catalogue));
  if (o.out.empty())
    std::cout << text;
  else
    write_file_atomically(o.out, text);
  return kExitOk;
}

}  // namespace

void register_catalogue(CLI::App& app) {
  auto o = std::make_shared<CatalogueCliOptions>();
  CLI::App* sub =
      add_command(app, "catalogue", "The 例胜 / 例和 catalogue of the tables in a directory",
                  [o] { return run_catalogue(*o); });
  sub->add_option("--dir", o->catalogue.dir, "Table directory")->capture_default_str();
  add_rules_option(sub, o->catalogue.rules);
  sub->add_option("--format", o->format, "md, json or html")
      ->check(CLI::IsMember({"md", "json", "html"}))
      ->capture_default_str();
  sub->add_option("--out", o->out, "Write to this file (atomically) instead of stdout");
  sub->add_option("--books", o->catalogue.books,
                  "Published verdicts to set beside the tables' (TSV, docs/endings.md)");
  add_sample_option(sub, o->catalogue.sample);
  sub->add_flag("--quiet", o->quiet, "No progress on stderr");
}

}  // namespace xq::cli
