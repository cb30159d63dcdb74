// `xqtb gen MATERIAL... [--dir DIR] [--threads N] [--memory-limit GiB] [--rules check|chinese|none]
// [--force] [--quiet] [--plan]`: builds the tables of the materials and of every material their
// captures lead to, in dependency order. `xqtb gen --all --max-pieces N [--max-attackers K]`
// builds every material in range instead.
#include <unistd.h>

#include <array>
#include <chrono>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/commands.hpp"
#include "core/index.hpp"
#include "core/table_names.hpp"
#include "generator/asian_rule_stage.hpp"
#include "generator/chinese_rule_stage.hpp"
#include "generator/cost_model.hpp"
#include "generator/generate.hpp"
#include "generator/memory_headroom.hpp"
#include "generator/mpi/process_partition.hpp"
#include "generator/slurm_workflow.hpp"

namespace xq::cli {

namespace {

std::vector<Material> parse_materials(const std::vector<std::string>& texts) {
  std::vector<Material> out;
  for (const std::string& t : texts) out.push_back(parse_material(t));
  return out;
}

// Progress on one terminal line per table (rewritten in place on a terminal). Into a file or
// pipe, a table's lines every 10 s at most (its first and last always), to keep logs short.
void print_progress(const std::string& line) {
  static const bool tty = isatty(STDERR_FILENO);
  static std::string last_table;
  static auto last_time = std::chrono::steady_clock::now();
  const std::string table = line.substr(0, line.find(':'));
  const auto now = std::chrono::steady_clock::now();
  const bool final =
      line.find(": written") != std::string::npos || line.find(": present") != std::string::npos;
  if (!tty && table == last_table && !final && now - last_time < std::chrono::seconds(10)) return;
  last_time = now;
  if (tty && table == last_table)
    std::cerr << "\r\033[K" << line << std::flush;
  else
    std::cerr << (last_table.empty() || !tty ? "" : "\n") << line << (tty ? "" : "\n")
              << std::flush;
  last_table = table;
}

// `gen --plan`: per table in generation order its slots, the memory its generation needs
// (sub-tables included; per rank with --ranks N above 1), its estimated bytes on disk and rough
// time, and whether it is in the directory already; then the totals of the tables to build.
// Estimates: cost_model.hpp.
void print_plan(const std::vector<Material>& order, const gen::GenOptions& o, int ranks) {
  // Rows first, then columns as wide as their widest cell (huge materials have long figures).
  std::vector<std::array<std::string, 6>> rows{
      {"material", "slots/side", ranks > 1 ? "mem/rank" : "memory", "disk", "time", "status"}};
  uint64_t peak = 0, disk = 0;
  double seconds = 0;
  size_t to_build = 0;
  for (const Material& m : order) {
    const uint64_t slots = Index(m).size(),
                   memory = gen::memory_estimate(m, ranks, o.cache_bytes, o.rules);
    const std::string wdl = table_path(o.dir, m, TableKind::Wdl, o.rules);
    std::string status = "to build";
    if (!o.force && std::filesystem::exists(wdl)) {
      const RuleSet rules = TableFile::open(wdl)->header().rules;
      status =
          rules == o.rules ? "present" : std::string("present, --rules ") + rule_set_name(rules);
    } else {
      ++to_build;
      peak = std::max(peak, memory);
      disk += gen::disk_estimate(slots);
      seconds += gen::modelled_seconds(slots);
    }
    rows.push_back({m.name(), std::to_string(slots), human_bytes(memory),
                    human_bytes(gen::disk_estimate(slots)),
                    gen::format_duration(gen::modelled_seconds(slots)), status});
  }
  std::array<size_t, 6> width{};
  for (const auto& row : rows)
    for (size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  for (const auto& row : rows) {
    std::cout << std::left << std::setw(int(width[0])) << row[0] << std::right;
    for (size_t c = 1; c + 1 < row.size(); ++c)
      std::cout << "  " << std::setw(int(width[c])) << row[c];
    std::cout << "  " << row.back() << "\n";
  }
  std::cout << order.size() << (order.size() == 1 ? " table, " : " tables, ") << to_build
            << " to build in " << o.dir << ": peak memory " << human_bytes(peak)
            << (ranks > 1 ? " per rank over " + std::to_string(ranks) + " ranks" : "")
            << ", disk about " << human_bytes(disk) << ", time " << (seconds < 0.5 ? "" : "about ")
            << gen::format_duration(seconds)
            << " (rough: rates of a 2-vCPU machine, docs/generation.md)\n";
  if (const uint64_t available = gen::available_memory_bytes();
      ranks == 1 && !o.memory_limit_gib && peak > available)
    std::cout << "the peak is above the " << human_bytes(available)
              << " available here: gen refuses the run (--memory-limit 0 to try anyway)\n";
  if (o.rules == RuleSet::Asian)
    std::cout << "not counted: the Asian register product, about "
              << gen::kAsianProductBytesPerCornered
              << " bytes per cornered position, checked when each table's Asian stage starts"
                 " (docs/generation.md)\n";
  if (o.rules == RuleSet::Chinese)
    std::cout << "not counted: the chase game, about " << gen::kChineseGameBytesPerCornered
              << " bytes per cornered position, checked when each table's chase stage starts"
                 " (docs/generation.md)\n";
}

// gen::generate, its table errors with the command's way out.
gen::GenSummary generate_with_advice(const std::vector<Material>& requested,
                                     const gen::GenOptions& o) {
  try {
    return gen::generate(requested, o);
  } catch (const gen::StaleTableError& e) {
    throw TableError(e.what(), "delete the table or rerun with --force");
  } catch (const gen::MissingTableError& e) {
    throw TableError(e.what(), "--only builds the named tables alone; build this one first");
  }
}

}  // namespace

void register_gen(CLI::App& app) {
  struct Options {
    std::vector<std::string> materials;
    gen::GenOptions gen;
    std::string rules = "check", format = "text";
    bool plan_only = false, all = false, quiet = false;
    int max_pieces = -1, max_attackers = 99, ranks = 1;
    uint64_t cache_mib = 0;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* sub = add_command(app, "gen", "Generate tables (and their sub-tables)", [opt] {
    if (opt->all && !opt->materials.empty())
      throw std::invalid_argument("give materials or --all, not both");
    if (!opt->all && opt->materials.empty())
      throw std::invalid_argument("give materials (e.g. KRKCAABB), or --all with --max-pieces");
    if (opt->all && opt->max_pieces < 0) throw std::invalid_argument("--all needs --max-pieces");
    if (!opt->all && (opt->max_pieces >= 0 || opt->max_attackers != 99))
      throw std::invalid_argument("--max-pieces and --max-attackers go with --all");
    const std::vector<Material> requested =
        opt->all ? materials_up_to(opt->max_pieces, opt->max_attackers)
                 : parse_materials(opt->materials);
    if (opt->ranks != 1 && (!opt->plan_only || opt->format != "text"))
      throw std::invalid_argument("--ranks goes with --plan (the ranks of a run are mpirun's -np)");
    if (opt->format != "text" && !opt->plan_only)
      throw std::invalid_argument("--format goes with --plan");
    opt->gen.rules = opt->rules == "none"      ? RuleSet::None
                     : opt->rules == "chinese" ? RuleSet::Chinese
                     : opt->rules == "asian"   ? RuleSet::Asian
                                               : RuleSet::Check;
    opt->gen.cache_bytes = opt->cache_mib << 20;
    if (opt->plan_only && opt->format == "slurm") {
      gen::SlurmOptions slurm;
      slurm.xqtb = std::filesystem::read_symlink("/proc/self/exe").string();
      slurm.dir = std::filesystem::absolute(opt->gen.dir).lexically_normal().string();
      slurm.rules = opt->gen.rules;
      slurm.threads = opt->gen.threads > 0 ? opt->gen.threads : 1;
      std::ostringstream made;
      made << "xqtb gen";
      for (const Material& m : requested) made << " " << m.name();
      made << " --dir " << slurm.dir << " --rules " << opt->rules << " --threads " << slurm.threads
           << " --plan --format slurm";
      slurm.command_line = made.str();
      std::cout << gen::slurm_workflow(gen::plan(requested), slurm);
      return kExitOk;
    }
    if (opt->plan_only) {
      print_plan(gen::plan(requested), opt->gen, opt->ranks);
      return kExitOk;
    }
    if (!opt->quiet) opt->gen.log = print_progress;
    gen::GenSummary done;
    if (!gen::under_mpirun()) {
      done = generate_with_advice(requested, opt->gen);
    } else {
      // The chase stages work on whole tables: refused before any rank starts.
      if (opt->gen.rules == RuleSet::Chinese || opt->gen.rules == RuleSet::Asian)
        throw std::invalid_argument("--rules " + opt->rules + ": not built over MPI ranks yet");
      // One table over the ranks of the mpirun job. A rank that fails alone would leave the
      // others waiting in a collective: it ends the whole job, with its reason.
      gen::Partition& part = gen::process_partition();
      opt->gen.partition = &part;
      try {
        done = generate_with_advice(requested, opt->gen);
      } catch (...) {
        gen::abort_ranks(fail_current_exception("rank " + std::to_string(part.rank()) + ": "));
      }
      if (part.rank() != 0) return kExitOk;  // rank 0 reports for the job
    }
    if (opt->quiet) return kExitOk;
    if (isatty(STDERR_FILENO)) std::cerr << "\n";
    std::cerr << "done: " << done.built << (done.built == 1 ? " table" : " tables") << " built"
              << (done.present ? ", " + std::to_string(done.present) + " present" : "") << " in "
              << gen::format_duration(done.seconds) << ", " << human_bytes(done.bytes)
              << " written, peak memory " << human_bytes(done.peak_rss_bytes) << "\n";
    return kExitOk;
  });
  sub->add_option("materials", opt->materials, "Materials, e.g. KRKCAABB or 车对炮士象全");
  sub->add_flag("--all", opt->all, "Every material in range (with --max-pieces)");
  sub->add_option("--max-pieces", opt->max_pieces, "With --all: pieces besides the kings")
      ->check(decimal_integer())
      ->check(CLI::Range(0, 8));
  sub->add_option("--max-attackers", opt->max_attackers,
                  "With --all: rooks, horses, cannons and pawns of both sides together")
      ->check(decimal_integer())
      ->check(CLI::Range(0, 8));
  sub->add_option("--dir", opt->gen.dir, "Output directory")->capture_default_str();
  sub->add_option("--threads", opt->gen.threads, "Threads (0: all cores)")
      ->check(decimal_integer())
      ->check(CLI::Range(0, 1024));
  sub->add_option("--memory-limit", opt->gen.memory_limit_gib,
                  "Refuse tables needing more memory (GiB; 0: no limit; default: what the "
                  "machine or the job's cgroup can give)")
      ->check(decimal_fraction())
      ->check(CLI::Range(0.0, 1048576.0));
  sub->add_option("--rules", opt->rules,
                  "Repetition rules: check (perpetual check loses), chinese (perpetual check, "
                  "chase and kill lose, CXA), asian (perpetual check and perpetual chase of one "
                  "piece lose, AXF), or none")
      ->check(CLI::IsMember({"check", "chinese", "asian", "none"}))
      ->capture_default_str();
  sub->add_flag("--force", opt->gen.force, "Regenerate tables that exist already");
  sub->add_flag("--quiet", opt->quiet, "No progress lines and no closing summary on stderr");
  sub->add_flag("--plan", opt->plan_only,
                "Print the materials in generation order with slots per side, memory, disk and "
                "rough time (present ones marked), and the totals; then stop");
  sub->add_option("--format", opt->format,
                  "With --plan: text, or slurm (a script submitting one Slurm job per table, "
                  "docs/generation.md)")
      ->check(CLI::IsMember({"text", "slurm"}))
      ->capture_default_str();
  sub->add_option("--ranks", opt->ranks,
                  "With --plan: the memory per rank of tables built by mpirun -np N xqtb gen")
      ->check(decimal_integer())
      ->check(CLI::Range(1, 1 << 20));
  sub->add_option("--cache-mib", opt->cache_mib,
                  "Read sub-tables through a block cache of this many MiB instead of holding them "
                  "whole (less memory per MPI rank, slower; 0: whole)")
      ->check(decimal_integer())
      ->check(CLI::Range(uint64_t(0), uint64_t(1) << 30));
  sub->add_flag("--only", opt->gen.only_requested,
                "Build the named tables alone; the rest of their plan must exist (cluster jobs)");
}

}  // namespace xq::cli
