#include "cli/commands.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "core/index.hpp"
#include "core/material.hpp"
#include "core/position.hpp"
#include "core/table_file.hpp"

namespace xq::cli {

namespace {
std::map<const CLI::App*, Action>& actions() {
  static std::map<const CLI::App*, Action> table;
  return table;
}

// One line whatever the reason quotes (a FEN or path holding a newline): control characters
// are shown as \n, \t or \xNN.
int fail(int code, const std::string& why) {
  std::string line;
  for (const char c : why) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u != 0x7f) {
      line += c;
    } else if (c == '\n') {
      line += "\\n";
    } else if (c == '\t') {
      line += "\\t";
    } else {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", u);
      line += hex;
    }
  }
  std::cerr << "xqtb: " << line << "\n";
  return code;
}
}  // namespace

std::string human_bytes(uint64_t n) {
  if (n == UINT64_MAX) return "over 16 EiB";  // a saturated estimate (memory_estimate)
  static const char* const kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double x = double(n);
  int unit = 0;
  while (x >= 1024 && unit < 4) x /= 1024, ++unit;
  char buf[32];
  std::snprintf(buf, sizeof buf, unit ? "%.1f %s" : "%.0f %s", x, kUnits[unit]);
  return buf;
}

Material parse_material(const std::string& text) {
  const Material m = Material::parse(text).canonical();
  try {
    Index{m};  // sizes the index: throws when it does not fit 64 bits
  } catch (const MaterialError& e) {
    throw MaterialError(m.name() + ": impossible to tabulate: " + e.what());
  }
  return m;
}

void add_lang_option(CLI::App* sub, Lang& lang) {
  sub->add_option_function<std::string>(
         "--lang", [&lang](const std::string& name) { lang = name == "zh" ? Lang::Zh : Lang::En; },
         "Language of the text: en or zh")
      ->check(CLI::IsMember({"en", "zh"}));
}

RuleSet parse_rule_set(const std::string& name) {
  for (const RuleSet r : {RuleSet::None, RuleSet::Check, RuleSet::Asian, RuleSet::Chinese})
    if (name == rule_set_name(r)) return r;
  throw std::invalid_argument("unknown rule set " + name + " (none, check, asian or chinese)");
}

void add_rules_option(CLI::App* sub, std::optional<RuleSet>& rules) {
  sub->add_option_function<std::string>(
         "--rules", [&rules](const std::string& name) { rules = parse_rule_set(name); },
         "Rule set of the tables to read: none, check, asian or chinese (default: the one "
         "the material's tables have)")
      ->check(CLI::IsMember({"none", "check", "asian", "chinese"}));
}

namespace {
CLI::Validator digits_validator(bool fraction) {
  return CLI::Validator(
      [fraction](std::string& text) -> std::string {
        const size_t point = fraction ? text.find('.') : std::string::npos;
        const auto all_digits = [](std::string_view part) {
          return !part.empty() &&
                 std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; });
        };
        const std::string_view whole(text);
        const bool ok = point == std::string::npos ? all_digits(whole)
                                                   : all_digits(whole.substr(0, point)) &&
                                                         all_digits(whole.substr(point + 1));
        if (ok) return {};
        return "'" + text + "' is not a " + (fraction ? "decimal number" : "whole number") +
               " in plain digits";
      },
      "");
}
}  // namespace

CLI::Validator decimal_integer() {
  return digits_validator(false);
}
CLI::Validator decimal_fraction() {
  return digits_validator(true);
}

void add_sample_option(CLI::App* sub, uint64_t& sample) {
  sub->add_option("--sample", sample,
                  "Most placements examined per verdict (more are sampled evenly)")
      ->check(decimal_integer())
      ->check(CLI::Range(uint64_t(1000), uint64_t(1) << 40))
      ->capture_default_str();
}

CLI::App* add_command(CLI::App& app, const std::string& name, const std::string& help,
                      Action action) {
  CLI::App* sub = app.add_subcommand(name, help);
  actions()[sub] = std::move(action);
  return sub;
}

void register_commands(CLI::App& app) {
  register_perft(app);
  register_gen(app);
  register_probe(app);
  register_verify(app);
  register_info(app);
  register_stats(app);
  register_list(app);
  register_bench(app);
  register_adjudicate(app);
  register_serve(app);
  register_export(app);
  register_engine(app);
  register_catalogue(app);
}

int fail_current_exception(const std::string& prefix) {
  try {
    throw;
  } catch (const FenError& e) {
    return fail(kExitBadInput, prefix + e.what());
  } catch (const MaterialError& e) {
    return fail(kExitBadInput, prefix + e.what());
  } catch (const RuleSetChoiceError& e) {
    return fail(kExitTables, prefix + e.what() + " (--rules)");
  } catch (const TableError& e) {
    return fail(kExitTables, prefix + e.what());
  } catch (const std::invalid_argument& e) {
    return fail(kExitBadInput, prefix + e.what());
  } catch (const std::filesystem::filesystem_error& e) {
    // Every path the commands touch is a table's or its directory's: say which and why.
    const std::string path = e.path1().empty() ? "tables" : e.path1().string();
    return fail(kExitTables, prefix + path + ": " + e.code().message());
  } catch (const std::bad_alloc&) {
    return fail(kExitFailure, prefix + "out of memory");
  } catch (const std::exception& e) {
    return fail(kExitFailure, prefix + e.what());
  }
}

int run_selected(CLI::App& app) {
  for (CLI::App* sub : app.get_subcommands()) {
    // A command group (`bench`) has no action of its own: run its selected subcommand.
    if (!actions().count(sub)) return run_selected(*sub);
    try {
      return actions().at(sub)();
    } catch (...) {
      return fail_current_exception();
    }
  }
  return fail(kExitBadInput, "no command given (try --help)");
}

}  // namespace xq::cli
