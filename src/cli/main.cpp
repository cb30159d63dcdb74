// xqtb command-line tool: one subcommand per job (perft, info, gen, probe, verify, bench).
// Every failure prints one line "xqtb: reason" on stderr and exits non-zero:
// 2 for bad input (FEN, material, options), 3 for missing or corrupt tables, 1 otherwise.
#include <CLI/CLI.hpp>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <string>

#include "cli/commands.hpp"

namespace {

bool is_command(const CLI::App& app, const std::string& name) {
  for (const CLI::App* sub : app.get_subcommands({}))
    if (sub->check_name(name)) return true;
  return false;
}

int run(int argc, char** argv) {
  // Past a file-size limit (ulimit -f) a write fails with EFBIG, which the writers report and
  // clean up after, instead of the signal killing the run silently with a partial .tmp file.
  std::signal(SIGXFSZ, SIG_IGN);
  CLI::App app{"xqtb: Xiangqi endgame tablebases (generator, probe, statistics)"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "xqtb " XQTB_PROJECT_VERSION);  // CMakeLists.txt
  xq::cli::register_commands(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {  // --help, --help-all, --version
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // One line, like every other failure; CLI11's own report spans two.
    std::string reason = e.what();
    if (argc > 1 && argv[1][0] != '-' && !is_command(app, argv[1]))
      reason = std::string("unknown command '") + argv[1] + "'";
    std::cerr << "xqtb: " << reason << " (try xqtb --help)\n";
    return xq::cli::kExitBadInput;
  }
  return xq::cli::run_selected(app);
}

}  // namespace

int main(int argc, char** argv) {
  // Setting up the commands allocates too: under a small address space (ulimit -v) that fails
  // before any command runs, and it must end with the same one-line reason.
  try {
    return run(argc, argv);
  } catch (...) {
    try {
      return xq::cli::fail_current_exception();
    } catch (...) {
      // Composing the reason allocates too: out of memory again, say so without allocating.
      std::fputs("xqtb: out of memory\n", stderr);
      return xq::cli::kExitFailure;
    }
  }
}
