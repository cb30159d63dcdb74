// xqtb command-line tool: one subcommand per job (perft, info, gen, probe, verify, bench).
// Every failure prints one line "xqtb: reason" on stderr and exits non-zero:
// 2 for bad input (FEN, material, options), 3 for missing or corrupt tables, 1 otherwise.
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"xqtb: Xiangqi endgame tablebases (generator, probe, statistics)"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "xqtb 0.1.0");
  xq::cli::register_commands(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : xq::cli::kExitBadInput;
  }
  return xq::cli::run_selected(app);
}
