// `xqtb bench classify [MATERIAL...] [--positions N] [--threads T] [--seed S] [--json]`: the
// move classifier's throughput (rules/move_facts.hpp), in classifications per second per
// thread, on every legal move of random legal positions.
//
// Method (docs/benchmarks-history.md "Move classifier"): N positions are drawn once from a fixed
// seed, in turn from each material (half Red to move), and all their legal moves listed. Each of T
// threads then classifies the whole list under the Chinese rule set (everything computed: the
// same facts as Asian), timed from the common start to its own end; the rate per thread is the
// list length over the slowest thread's time, by the wall clock and by the thread's CPU clock
// (the figure that a machine shared with other work does not distort). It is measured twice: with
// the kill search of the default horizon and without it (kill_depth_plies = 0), so that the cost of
// each part shows.
#include <time.h>

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <thread>

#include "cli/commands.hpp"
#include "core/random_position.hpp"
#include "rules/move_facts.hpp"

namespace xq::cli {

namespace {

using Clock = std::chrono::steady_clock;

struct BenchClassifyOptions {
  // Endings the chase tables will be built for: both sides armed, a few defenders.
  std::vector<std::string> materials = {"KRKCAABB", "KRNKRAB", "KCPKNAB", "KRCKRAA"};
  int positions = 20000;
  int threads = 1;
  uint64_t seed = 20261201;
  bool json = false;
};

struct Edge {
  Position pos;
  Move move;
};

struct ClassifyMeasure {
  double per_thread = 0;      // classifications per second per thread (the slowest thread's rate)
  double per_cpu_second = 0;  // the same by the threads' CPU clocks
  double mean_ns = 0;         // per classification, on the slowest thread
  std::array<uint64_t, 5> classes{};  // by MoveClass, from the first thread
};

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

ClassifyMeasure measure(const std::vector<Edge>& edges, int threads, const ChaseOptions& options) {
  std::vector<double> seconds(static_cast<size_t>(threads)), cpu(static_cast<size_t>(threads));
  std::vector<std::array<uint64_t, 5>> counts(static_cast<size_t>(threads));
  std::vector<std::thread> pool;
  const Clock::time_point start = Clock::now();
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      auto& c = counts[size_t(t)];
      const double cpu_start = thread_cpu_seconds();
      for (const Edge& e : edges)
        ++c[size_t(
            move_class(move_facts(e.pos, e.move, RuleSet::Chinese, options), RuleSet::Chinese))];
      seconds[size_t(t)] = std::chrono::duration<double>(Clock::now() - start).count();
      cpu[size_t(t)] = thread_cpu_seconds() - cpu_start;
    });
  for (std::thread& t : pool) t.join();
  const double slowest = *std::max_element(seconds.begin(), seconds.end());
  ClassifyMeasure m;
  m.per_thread = double(edges.size()) / slowest;
  m.per_cpu_second = double(edges.size()) / *std::max_element(cpu.begin(), cpu.end());
  m.mean_ns = slowest / double(edges.size()) * 1e9;
  m.classes = counts[0];
  return m;
}

nlohmann::json to_json(const ClassifyMeasure& m) {
  nlohmann::json classes;
  for (int c = 0; c < 5; ++c) classes[move_class_name(MoveClass(c))] = m.classes[size_t(c)];
  return {{"classifications_per_second_per_thread", m.per_thread},
          {"classifications_per_cpu_second", m.per_cpu_second},
          {"mean_ns", m.mean_ns},
          {"classes", classes}};
}

int run(const BenchClassifyOptions& o) {
  std::vector<std::string> letters;
  std::vector<std::string> names;
  for (const std::string& text : o.materials) {
    const Material m = Material::parse(text);
    letters.push_back(piece_letters(m));
    names.push_back(m.name());
  }
  std::mt19937_64 rng(o.seed);
  std::vector<Edge> edges;
  for (int i = 0; i < o.positions; ++i) {
    const Position pos = random_position(letters[size_t(i) % letters.size()], Color(i & 1), rng);
    for (const Move m : pos.legal_moves()) edges.push_back({pos, m});
  }
  ChaseOptions no_kill;
  no_kill.kill_depth_plies = 0;
  const ClassifyMeasure full = measure(edges, o.threads, ChaseOptions{});
  const ClassifyMeasure chase_only = measure(edges, o.threads, no_kill);

  if (o.json) {
    const nlohmann::json j = {
        {"materials", names},    {"positions", o.positions},
        {"moves", edges.size()}, {"threads", o.threads},
        {"seed", o.seed},        {"kill_depth_plies", ChaseOptions{}.kill_depth_plies},
        {"full", to_json(full)}, {"without_kill", to_json(chase_only)}};
    std::cout << j.dump(2) << "\n";
    return kExitOk;
  }
  std::cout << "materials";
  for (const std::string& n : names) std::cout << " " << n;
  std::cout << ": " << o.positions << " random legal positions (seed " << o.seed << "), "
            << edges.size() << " legal moves, " << o.threads << " thread(s), rule set chinese\n";
  std::cout
      << "classifier             per thread/s   per CPU s     mean ns  capture   check    kill"
         "   chase     idle\n";
  auto row = [](const char* name, const ClassifyMeasure& m) {
    std::cout << std::left << std::setw(22) << name << std::right << std::fixed
              << std::setprecision(0) << std::setw(13) << m.per_thread << std::setw(12)
              << m.per_cpu_second << std::setw(12) << m.mean_ns;
    for (const uint64_t c : m.classes) std::cout << std::setw(9) << c;
    std::cout << "\n";
  };
  const std::string full_name = "kill horizon " + std::to_string(ChaseOptions{}.kill_depth_plies);
  row(full_name.c_str(), full);
  row("without kill search", chase_only);
  return kExitOk;
}

}  // namespace

void register_bench_classify(CLI::App& bench) {
  auto o = std::make_shared<BenchClassifyOptions>();
  CLI::App* sub =
      add_command(bench, "classify", "Move classifier throughput on random positions (per thread)",
                  [o] { return run(*o); });
  sub->add_option("material", o->materials, "Materials of the random positions")
      ->capture_default_str();
  sub->add_option("--positions", o->positions, "Random positions (all their legal moves)")
      ->check(decimal_integer())
      ->check(CLI::Range(1, 10000000))
      ->capture_default_str();
  sub->add_option("--threads", o->threads, "Threads classifying the same moves at once")
      ->check(decimal_integer())
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  sub->add_option("--seed", o->seed, "Seed of the random positions")
      ->check(decimal_integer())
      ->capture_default_str();
  sub->add_flag("--json", o->json, "Print the results as JSON");
}

}  // namespace xq::cli
