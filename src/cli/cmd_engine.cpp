// `xqtb engine [--dir tables] [--rules R] [--child PATH [ARGS...]]`: the UCI / UCCI engine
// (docs/engine.md) on standard input and output.
#include <csignal>
#include <iostream>

#include "cli/commands.hpp"
#include "engine/engine.hpp"

namespace xq::cli {

void register_engine(CLI::App& app) {
  auto o = std::make_shared<engine::EngineOptions>();
  auto rules = std::make_shared<std::optional<RuleSet>>();
  auto limit = std::make_shared<std::string>("on");
  CLI::App* sub = add_command(
      app, "engine", "A UCI / UCCI engine that plays endings from the tables", [o, rules, limit] {
        o->rules = *rules;
        o->natural_limit = *limit == "on";
        // A child engine that dies must not take the engine with it.
        std::signal(SIGPIPE, SIG_IGN);
        engine::Engine e(*o, std::cout);
        e.run(0);
        return kExitOk;
      });
  sub->add_option("--dir", o->table_path, "Table directory (UCI option TablePath)")
      ->capture_default_str();
  add_rules_option(sub, *rules);
  sub->add_option("--natural-limit", *limit,
                  "Play under the natural limit: on or off (NaturalLimit)")
      ->check(CLI::IsMember({"on", "off"}))
      ->capture_default_str();
  sub->add_option("--child", o->child,
                  "Child engine outside the tables: program and arguments (ChildEngine), e.g. "
                  "/usr/games/fairy-stockfish")
      ->expected(1, -1);
  sub->add_option("--child-options", o->child_options,
                  "Options for the child: Name=Value;Name=Value (ChildOptions)");
  sub->add_option("--threads", o->threads, "Threads, forwarded to the child")
      ->check(decimal_integer())
      ->check(CLI::Range(1, 1024));
  sub->add_option("--hash", o->hash_mib, "Hash in MiB, forwarded to the child")
      ->check(decimal_integer())
      ->check(CLI::Range(1, 65536));
}

}  // namespace xq::cli
