// `xqtb serve [--dir DIR] [--host H] [--port P] [--threads N] [--rules R] [--cache-mib M]
// [--quiet]`: the tables as a web service, a JSON API and a board page (docs/http-api.md).
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "serve/server.hpp"

namespace xq::cli {

void register_serve(CLI::App& app) {
  auto o = std::make_shared<serve::ServerOptions>();
  CLI::App* sub =
      add_command(app, "serve", "Serve the tables over HTTP: JSON API and board page",
                  [o] { return serve::run_server(*o, std::cout) ? kExitOk : kExitFailure; });
  sub->add_option("--dir", o->dir, "Table directory")->capture_default_str();
  sub->add_option("--host", o->host, "Address to listen on (0.0.0.0: every interface)")
      ->capture_default_str();
  sub->add_option("--port", o->port, "Port (0: any free port)")
      ->check(decimal_integer())
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  sub->add_option("--threads", o->threads, "Worker threads")
      ->check(decimal_integer())
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  add_rules_option(sub, o->rules);
  sub->add_option("--cache-mib", o->cache_mib, "Block cache of each rule set's tables, MiB")
      ->check(decimal_integer())
      ->check(CLI::Range(1, 1 << 20))
      ->capture_default_str();
  sub->add_flag("--quiet", o->quiet, "No log line per request");
}

}  // namespace xq::cli
