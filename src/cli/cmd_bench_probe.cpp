// `xqtb bench probe [MATERIAL] [--dir DIR] [--rules R] [--positions N] [--cache-mib M] [--seed S]
// [--json]`: single-thread latency of WDL probes and WDL+DTM probes on random legal positions of
// one material, with a warm and a cold block cache.
//
// Method (docs/benchmarks.md): N positions are drawn once from a fixed seed (half Red to move).
// Each measurement runs the N probes in order twice: once reading steady_clock between
// consecutive probes (one clock read per probe; the clock's own cost, measured the same way
// with no probe, is subtracted) for the median, and once untimed inside for the mean and the
// rate (total time / N). Warm: one untimed pass first on the same Tablebase. Cold: each of the
// two runs uses a fresh Tablebase, so its first probes open the files (already in the page
// cache) and build the index, and every block is decompressed on its first use.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>

#include "cli/commands.hpp"
#include "core/random_position.hpp"
#include "probe/tablebase.hpp"

namespace xq::cli {

namespace {

using Clock = std::chrono::steady_clock;

struct BenchProbeOptions {
  std::string material = "KRKCAABB", dir = "tables";
  int positions = 100000;
  double cache_mib = double(BlockCache::kDefaultBytes >> 20);
  uint64_t seed = 20240601;
  std::optional<RuleSet> rules;  // --rules: that rule set's tables, where a directory has several
  bool json = false;
};

struct ProbeMeasure {
  double median_us = 0, mean_us = 0, probes_per_second = 0;
  uint64_t hits = 0, misses = 0;  // block cache, both runs together
  size_t cache_bytes = 0;         // decompressed blocks held after the runs
  uint64_t checksum = 0;          // of the results: equal across builds that agree
};

// Kilobytes in a /proc/self/status line ("VmRSS:", "VmHWM:"), as bytes.
uint64_t status_bytes(const std::string& key) {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(key, 0) == 0) return std::stoull(line.substr(key.size())) * 1024;
  return 0;
}

double median(std::vector<double> v) {
  std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
  return v[v.size() / 2];
}

// Median cost of one steady_clock read, measured as between probes.
double clock_overhead_ns() {
  std::vector<double> d(10001);
  Clock::time_point last = Clock::now();
  for (double& x : d) {
    const Clock::time_point now = Clock::now();
    x = std::chrono::duration<double, std::nano>(now - last).count();
    last = now;
  }
  return median(std::move(d));
}

// One probe; returns a value folded into the checksum (so no probe can be optimised away).
uint64_t probe_once(const Tablebase& tb, const Position& pos, bool dtm) {
  if (!dtm) return uint64_t(*tb.probe_wdl(pos));
  const ProbeResult r = *tb.probe(pos);
  return uint64_t(r.wdl) | uint64_t(r.distance) << 3;
}

// Per-probe latencies in ns (clock overhead subtracted) of one run over the positions.
std::vector<double> timed_each(const Tablebase& tb, const std::vector<Position>& ps, bool dtm,
                               double overhead, uint64_t& sum) {
  std::vector<double> ns(ps.size());
  Clock::time_point last = Clock::now();
  for (size_t i = 0; i < ps.size(); ++i) {
    sum = sum * 31 + probe_once(tb, ps[i], dtm);
    const Clock::time_point now = Clock::now();
    ns[i] = std::chrono::duration<double, std::nano>(now - last).count() - overhead;
    last = now;
  }
  return ns;
}

// Seconds for one run over the positions, no clock read inside.
double timed_total(const Tablebase& tb, const std::vector<Position>& ps, bool dtm, uint64_t& sum) {
  const Clock::time_point start = Clock::now();
  for (const Position& p : ps) sum = sum * 31 + probe_once(tb, p, dtm);
  return std::chrono::duration<double>(Clock::now() - start).count();
}

ProbeMeasure measure(const BenchProbeOptions& o, const std::vector<Position>& ps, bool dtm,
                     bool warm, double overhead) {
  const size_t cache = size_t(o.cache_mib * double(1 << 20));
  ProbeMeasure m;
  uint64_t sum = 0, hits = 0, misses = 0;
  std::vector<double> ns;
  double seconds = 0;
  if (warm) {
    const Tablebase tb({o.dir}, cache, o.rules);
    uint64_t unused = 0;
    timed_total(tb, ps, dtm, unused);
    const uint64_t h0 = tb.cache().hits(), m0 = tb.cache().misses();
    ns = timed_each(tb, ps, dtm, overhead, sum);
    seconds = timed_total(tb, ps, dtm, sum);
    hits = tb.cache().hits() - h0;
    misses = tb.cache().misses() - m0;
    m.cache_bytes = tb.cache().used_bytes();
  } else {
    {
      const Tablebase tb({o.dir}, cache, o.rules);
      ns = timed_each(tb, ps, dtm, overhead, sum);
      hits += tb.cache().hits();
      misses += tb.cache().misses();
    }
    const Tablebase tb({o.dir}, cache, o.rules);
    seconds = timed_total(tb, ps, dtm, sum);
    hits += tb.cache().hits();
    misses += tb.cache().misses();
    m.cache_bytes = tb.cache().used_bytes();
  }
  m.median_us = median(ns) / 1000;
  m.mean_us = seconds / double(ps.size()) * 1e6;
  m.probes_per_second = double(ps.size()) / seconds;
  m.hits = hits;
  m.misses = misses;
  m.checksum = sum;
  return m;
}

nlohmann::json to_json(const ProbeMeasure& m) {
  return {{"median_us", m.median_us},
          {"mean_us", m.mean_us},
          {"probes_per_second", m.probes_per_second},
          {"cache_hits", m.hits},
          {"cache_misses", m.misses},
          {"cache_bytes", m.cache_bytes},
          {"checksum", m.checksum}};
}

int run(const BenchProbeOptions& o) {
  const Material m = Material::parse(o.material).canonical();
  const Tablebase listed({o.dir}, BlockCache::kDefaultBytes, o.rules);
  if (!listed.has(m))
    throw TableError(o.dir,
                     "no table for " + m.name() +
                         (o.rules ? std::string(" under --rules ") + rule_set_name(*o.rules) : ""));
  const std::string rules = rule_set_name(*listed.rules(m));  // refuses a choice left open
  std::mt19937_64 rng(o.seed);
  const std::string letters = piece_letters(m);
  std::vector<Position> ps;
  ps.reserve(size_t(o.positions));
  for (int i = 0; i < o.positions; ++i) ps.push_back(random_position(letters, Color(i & 1), rng));
  const double overhead = clock_overhead_ns();

  const char* names[] = {"wdl_warm", "wdl_cold", "dtm_warm", "dtm_cold"};
  std::vector<ProbeMeasure> results;
  for (int k = 0; k < 4; ++k) results.push_back(measure(o, ps, k >= 2, k % 2 == 0, overhead));
  const uint64_t rss = status_bytes("VmRSS:"), peak = status_bytes("VmHWM:");

  if (o.json) {
    nlohmann::json j = {{"material", m.name()},
                        {"rules", rules},
                        {"positions", o.positions},
                        {"seed", o.seed},
                        {"cache_capacity_bytes", size_t(o.cache_mib * double(1 << 20))},
                        {"clock_overhead_ns", overhead},
                        {"rss_bytes", rss},
                        {"peak_rss_bytes", peak}};
    for (int k = 0; k < 4; ++k) j[names[k]] = to_json(results[k]);
    std::cout << j.dump(2) << "\n";
    return kExitOk;
  }
  std::cout << m.name() << " (" << rules << "): " << o.positions << " random legal positions (seed "
            << o.seed << "), one thread, cache " << o.cache_mib << " MiB, clock read " << std::fixed
            << std::setprecision(0) << overhead << " ns (subtracted)\n";
  std::cout << "probe      median us   mean us    probes/s   hits/misses      cache MiB\n";
  for (int k = 0; k < 4; ++k) {
    const ProbeMeasure& r = results[k];
    std::cout << std::left << std::setw(10) << names[k] << std::right << std::fixed
              << std::setprecision(3) << std::setw(10) << r.median_us << std::setw(10) << r.mean_us
              << std::setprecision(0) << std::setw(12) << r.probes_per_second << std::setw(10)
              << r.hits << "/" << std::left << std::setw(10) << r.misses << std::right
              << std::setprecision(1) << std::setw(6) << double(r.cache_bytes) / double(1 << 20)
              << "\n";
  }
  std::cout << std::setprecision(1) << "process RSS " << double(rss) / double(1 << 20)
            << " MiB, peak " << double(peak) / double(1 << 20) << " MiB\n";
  return kExitOk;
}

}  // namespace

void register_bench_probe(CLI::App& bench) {
  auto o = std::make_shared<BenchProbeOptions>();
  CLI::App* sub = add_command(bench, "probe", "Probe latency on random positions (one thread)",
                              [o] { return run(*o); });
  sub->add_option("material", o->material, "Material, e.g. KRKCAABB or 车对炮士象全")
      ->capture_default_str();
  sub->add_option("--dir", o->dir, "Table directory")->capture_default_str();
  add_rules_option(sub, o->rules);
  sub->add_option("--positions", o->positions, "Random positions to probe")
      ->check(decimal_integer())
      ->check(CLI::Range(1, 100000000))
      ->capture_default_str();
  sub->add_option("--cache-mib", o->cache_mib, "Block cache size in MiB")
      ->check(decimal_fraction())
      ->check(CLI::Range(1.0, 1048576.0))
      ->capture_default_str();
  sub->add_option("--seed", o->seed, "Seed of the random positions")
      ->check(decimal_integer())
      ->capture_default_str();
  sub->add_flag("--json", o->json, "Print the results as JSON");
}

}  // namespace xq::cli
