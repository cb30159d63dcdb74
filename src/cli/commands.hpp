// Registration of the xqtb subcommands and the shared error-to-exit-code policy.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <optional>

#include "cli/describe.hpp"
#include "core/material.hpp"
#include "core/values.hpp"

namespace xq::cli {

constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;
constexpr int kExitBadInput = 2;
constexpr int kExitTables = 3;

// Adds `--lang en|zh` (the language of the text output; Chinese names and notation with zh).
void add_lang_option(CLI::App* sub, Lang& lang);
// Adds `--rules none|check|asian|chinese`: the rule set whose tables a command reads (unset:
// the one rule set a material's tables have, refused when there are several).
void add_rules_option(CLI::App* sub, std::optional<RuleSet>& rules);
// The rule set named "none", "check", "asian" or "chinese" (std::invalid_argument otherwise).
RuleSet parse_rule_set(const std::string& name);

// Validators for numeric options: plain decimal digits ("12"; with `fraction`, also "1.5"), so
// that "0x10", "1e3", "nan", "" and "-0" are refused rather than read as some number.
CLI::Validator decimal_integer();
CLI::Validator decimal_fraction();

// Adds `--sample N` (1000..2^40): the most placements a verdict examines (stats, list).
void add_sample_option(CLI::App* sub, uint64_t& sample);

// A material named on the command line, canonical. MaterialError for bad text and for a
// material no table can exist for (its index would not fit 64 bits), named.
Material parse_material(const std::string& text);

// Bytes for people: "950 B", "12.3 KiB", "1.5 GiB".
std::string human_bytes(uint64_t n);

// A subcommand's body; returns the exit code. Exceptions are mapped by run_selected.
using Action = std::function<int()>;

void register_commands(CLI::App& app);
// Adds a subcommand whose action runs when it is selected (app may itself be a subcommand).
CLI::App* add_command(CLI::App& app, const std::string& name, const std::string& help,
                      Action action);
// Runs the selected subcommand, turning exceptions into one-line errors and exit codes.
int run_selected(CLI::App& app);
// Within a catch block: prints the exception as one line "xqtb: PREFIXreason" and returns its
// exit code (2 bad input, 3 tables, 1 other), as run_selected does for every command.
int fail_current_exception(const std::string& prefix = "");

// Subcommand registrations, one file each.
void register_perft(CLI::App& app);
void register_gen(CLI::App& app);
void register_probe(CLI::App& app);
void register_verify(CLI::App& app);
void register_info(CLI::App& app);
void register_stats(CLI::App& app);
void register_list(CLI::App& app);
void register_bench(CLI::App& app);
void register_bench_probe(CLI::App& bench);     // `xqtb bench probe`
void register_bench_classify(CLI::App& bench);  // `xqtb bench classify`
void register_adjudicate(CLI::App& app);
void register_serve(CLI::App& app);
void register_export(CLI::App& app);
void register_engine(CLI::App& app);
void register_catalogue(CLI::App& app);

}  // namespace xq::cli
