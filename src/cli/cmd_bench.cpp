// `xqtb bench ...`: benchmarks run as commands (never as timed tests); docs/benchmarks.md says
// how to run them and records their results with machine and commit.
#include "cli/commands.hpp"

namespace xq::cli {

void register_bench(CLI::App& app) {
  CLI::App* bench = app.add_subcommand("bench", "Benchmarks (docs/benchmarks.md)");
  bench->require_subcommand(1);
  register_bench_probe(*bench);
  register_bench_classify(*bench);
}

}  // namespace xq::cli
