// The cost model of `gen --plan` and of the run's ETA (generator/cost_model.hpp), and the
// legal-position counts `info` reads from a table's statistics.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/table_file.hpp"
#include "core/table_names.hpp"
#include "generator/cost_model.hpp"
#include "generator/generate.hpp"
#include "generator/legal_count.hpp"
#include "generator/memory_headroom.hpp"
#include "generator/slurm_workflow.hpp"
#include "support/table_dir.hpp"

using namespace xq;

TEST_CASE("the cost model's disk and time come from the documented rates", "[cost]") {
  // KRKCAABB: 44,425,584 slots per side = 88,851,168 positions.
  const uint64_t slots = 44425584;
  // (0.224 + 0.624 + 0.433) bits × 88,851,168 / 8 = 14,227,293.3 bytes (measured with DTC at
  // zstd level 10: 10,353,688).
  CHECK(gen::disk_estimate(slots) == 14227293);
  CHECK(gen::disk_estimate(Material::parse("KRKCAABB")) == 14227293);
  // 0.07 + 88,851,168 / 3.84e6 + 88,851,168 / 7.3e6 + 88,851,168 / 13.2e6
  // = 0.07 + 23.138 + 12.171 + 6.731 s.
  CHECK(gen::modelled_seconds(slots) == Approx(42.111).epsilon(1e-4));
  CHECK(gen::modelled_seconds(0) == Approx(0.07));
}

TEST_CASE("durations are written in s, min and h", "[cost]") {
  CHECK(gen::format_duration(0) == "< 1 s");
  CHECK(gen::format_duration(0.6) == "1 s");
  CHECK(gen::format_duration(59.4) == "59 s");
  CHECK(gen::format_duration(59.6) == "1 min 0 s");
  CHECK(gen::format_duration(200) == "3 min 20 s");
  CHECK(gen::format_duration(7500) == "2 h 05 min");
  CHECK(gen::format_duration(-3) == "< 1 s");
}

TEST_CASE("the ETA predicts each stage from the run's finished tables", "[cost]") {
  CHECK(gen::stage_of("init") == gen::kStagePlies);  // "init 0" is the init's end
  CHECK(gen::stage_of("check rule (Black)") == gen::kStageCheckRule);
  CHECK(gen::stage_of("asian rule (Red), product vertices") == gen::kStageChaseRule);
  CHECK(gen::stage_of("chase rule (Red)") == gen::kStageChaseRule);
  CHECK(gen::stage_of("dtc") == gen::kStageDtc);
  CHECK(gen::stage_of("unlimited dtc") == gen::kStageUnlimitedDtc);

  // Three tables: 1 M, 10 M and 20 M positions, modelled 0.5, 10 and 20 s.
  gen::RunProgress run(30.5, 31'000'000, 3);
  CHECK(run.share_done() == 0.0);
  run.begin(1'000'000, 0.5);
  CHECK_FALSE(run.eta(0.2));  // nothing finished: no speed known, no ETA
  run.finished(0.5);          // a tiny table: mostly overhead, still no ETA
  CHECK_FALSE(run.eta(0));

  // The 10 M table: init 1 s, plies 2 s, rule stage 4 s, DTC 3 s; its lines come late in each
  // stage, as they do, and a second line of a stage changes nothing.
  run.begin(10'000'000, 10);
  run.report("init", 1);
  run.report("plies", 1.5);
  run.report("check rule (Red)", 3);
  run.report("plies", 4);  // a stage once left stays left
  run.report("dtc", 7);
  run.finished(10);
  CHECK(run.share_done() == Approx(10.5 / 30.5));
  // Per position, from both tables (11 M), each one's fixed 0.07 s apart: init
  // (0.5 - 0.07 + 1 - 0.07) / 11 M, plies 2 / 11 M, rule 4 / 11 M, DTC 3 / 11 M; 10.36 s.
  const double per_position = 10.36 / 11e6;
  CHECK(*run.eta(0) == Approx(0.07 + 20e6 * per_position));

  // The 20 M table. In its init, 1 s in: the whole table is left but that second.
  run.begin(20'000'000, 20);
  CHECK(*run.eta(1) == Approx(20e6 * per_position - 1));
  // Its plies, begun at 3 s, at 4 s: plies predicted 20 M × 2 / 11 M = 3.64 s.
  const double plies = 20e6 * 2 / 11e6, rule = 20e6 * 4 / 11e6, dtc = 20e6 * 3 / 11e6;
  run.report("init", 3);
  CHECK(*run.eta(4) == Approx(plies - 1 + rule + dtc));
  // The plies took 1.82 s, half their prediction: this table has fewer decided positions, so
  // its rule stage and DTC are predicted at half too. 0.5 s into its rule stage:
  run.report("check rule (Red)", 3 + plies / 2);
  CHECK(*run.eta(3.5 + plies / 2) == Approx(rule / 2 - 0.5 + dtc / 2));
  // A stage past its prediction is taken to be at least 80 % done: 10 s into the rule stage,
  // 2.5 s more, then the DTC.
  CHECK(*run.eta(13 + plies / 2) == Approx(2.5 + dtc / 2));
  run.finished(20);
  CHECK(run.share_done() == Approx(1.0));
  CHECK(*run.eta(0) == Approx(0));
}

TEST_CASE("plies past their prediction raise the stages after them", "[cost]") {
  gen::RunProgress run(20, 20'000'000, 2);
  run.begin(10'000'000, 10);
  run.report("init", 1);
  run.report("check rule (Red)", 3);
  run.report("asian rule (Red), product vertices", 5);
  run.report("dtc", 7);
  run.finished(10);
  // The second table, as large: plies predicted 2 s, check rule 2 s, asian rule 2 s, DTC 3 s.
  // 3 s into its plies, 1.5 times their prediction: at least 0.75 s more plies, the check
  // rule and the DTC at 1.5 times; the asian rule, on the draws, as predicted.
  run.begin(10'000'000, 10);
  run.report("plies", 1);
  CHECK(*run.eta(4) == Approx(0.75 + 1.5 * (2 + 3) + 2));
  // Plies twice as long as predicted or more: the scale stops at 2.
  CHECK(*run.eta(11) == Approx(2.5 + 2 * (2 + 3) + 2));
}

TEST_CASE("a table's statistics hold the legal counts that info --count finds", "[cost]") {
  const test::TempDir dir("legal-count");
  test::generate_into(dir.str(), {"KRKA"});
  const Material m = Material::parse("KRKA");
  const auto f = TableFile::open(table_path(dir.str(), m, TableKind::Wdl, RuleSet::Check), m.name(),
                                 TableKind::Wdl);
  const nlohmann::json stats = nlohmann::json::parse(f->header().stats_json);
  for (Color c : {Red, Black}) {
    const nlohmann::json& side = stats.at(c == Red ? "red" : "black");
    uint64_t reports = 0, last = 0;
    const gen::LegalCount n =
        gen::count_legal(m, c, [&](uint64_t done) { ++reports, last = done; });
    const auto sum = [](const nlohmann::json& counts) {
      return counts.at("win").get<uint64_t>() + counts.at("draw").get<uint64_t>() +
             counts.at("loss").get<uint64_t>();
    };
    CHECK(sum(side.at("slots")) == n.slots);
    CHECK(sum(side.at("positions")) == n.positions);
    CHECK(last <= Index(m).size());
    CHECK(reports <= 1);  // once a second at most: KRKA takes milliseconds
  }
  CHECK(gen::count_legal(m, Red).positions == 18507);  // tests/data/reference-counts.tsv
}

TEST_CASE("the memory estimate bounds the rule stage whatever share of the table is drawn",
          "[cost]") {
  const Material m = Material::parse("KRKNAABB");
  // 44,425,584 slots per side; capture targets KRKNABB, KRKNAAB, KRKAABB and KNAABBK hold 3
  // bytes per slot and side. Under the check rule the rule stage's bound, 2 × (3 + 49/8) bytes
  // per slot, is the larger: the sub-tables are freed for it.
  const uint64_t n = 44425584, rule = n * 2 * 73 / 8;
  uint64_t targets = 0;
  for (const char* sub : {"KRKNABB", "KRKNAAB", "KRKAABB", "KNAABBK"})
    targets += Index(Material::parse(sub).canonical()).size() * 6;
  CHECK(rule == 810766908);
  CHECK(n * 10 + targets < rule);
  CHECK(gen::memory_estimate(m) == rule);
  CHECK(gen::memory_estimate(m, 1, 0, RuleSet::Check) == rule);
  // The chase stage reads the sub-tables' classes, 1 byte per slot and side: they stay beside
  // the rule stage's arrays.
  CHECK(gen::memory_estimate(m, 1, 0, RuleSet::Chinese) == rule + targets / 3);
  CHECK(gen::memory_estimate(m, 1, 0, RuleSet::Asian) == rule + targets / 3);
  // Without a rule stage the plain stage and the writing decide.
  CHECK(gen::memory_estimate(m, 1, 0, RuleSet::None) == n * 10 + targets);
  // A Slurm job asks for the estimate of its own rule set, a quarter more and 64 MiB.
  const uint64_t mib = 1 << 20;
  CHECK(gen::slurm_memory_mib(m, RuleSet::Check) == (rule * 5 / 4 + mib - 1) / mib + 64);
  CHECK(gen::slurm_memory_mib(m, RuleSet::Chinese) ==
        ((rule + targets / 3) * 5 / 4 + mib - 1) / mib + 64);
}

// The Asian register product's size is known only when its stage starts: it is checked against
// what the machine can still give, so that a run too large stops with a reason.
TEST_CASE("the memory headroom check refuses what the machine cannot give", "[cost]") {
  const uint64_t available = gen::available_memory_bytes();
  REQUIRE(available > (64u << 20));  // /proc/meminfo is read: some memory is free
  REQUIRE(available < UINT64_MAX / 4);
  CHECK_NOTHROW(gen::require_memory(1 << 20, "a small stage"));
  try {
    gen::require_memory(available * 4, "KXKX: the Asian register product of 7 cornered positions");
    FAIL("no error");
  } catch (const std::runtime_error& e) {
    const std::string text = e.what();
    CHECK(text.rfind("KXKX: the Asian register product of 7 cornered positions needs about ", 0) ==
          0);
    CHECK(text.find(" are available") != std::string::npos);
  }
  // The figures: in GiB from 10 GiB, in MiB below, where tenths of a GiB would read "needs
  // about 0.3 GiB, only 0.3 GiB are available".
  const auto refusal = [](uint64_t bytes, uint64_t left) {
    try {
      gen::require_memory(bytes, "KXKX: a stage", left);
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  CHECK(refusal(30ull << 30, 20ull << 30) ==
        "KXKX: a stage needs about 30.0 GiB, only 20.0 GiB are available");
  CHECK(refusal(350ull << 20, 310ull << 20) ==
        "KXKX: a stage needs about 350 MiB, only 310 MiB are available");
  CHECK(refusal(350ull << 20, 350ull << 20) == "accepted");
  // A need rounds up, what is left down: they never read equal.
  CHECK(refusal((300ull << 20) - 1000, (299ull << 20) + 1000) ==
        "KXKX: a stage needs about 300 MiB, only 299 MiB are available");
  CHECK(gen::memory_figure(10ull << 30, true) == "10.0 GiB");
  CHECK(gen::memory_figure((10ull << 30) - 1, true) == "10240 MiB");
  CHECK(gen::memory_figure((61ull << 30) + (900ull << 20), true) == "61.9 GiB");
  CHECK(gen::memory_figure((61ull << 30) + (900ull << 20), false) == "61.8 GiB");
  CHECK(gen::memory_figure(76399789ull << 20, true) == "72.9 TiB");  // KRRNKRRN, 72.86 TiB
  CHECK(gen::memory_figure(0, false) == "0 MiB");
}

// A Slurm job's limit is a cgroup's, under v1 (many clusters) or v2, and may be set on a parent
// of the process's own group: the check reads the least headroom of the groups and their
// ancestors.
TEST_CASE("the memory headroom reads cgroup v1 and v2 limits up the groups' ancestors", "[cost]") {
  const test::TempDir root("cgroups");
  const auto put = [&](const std::string& dir, const std::string& file, const std::string& text) {
    std::filesystem::create_directories(root.path / dir);
    std::ofstream(root.path / dir / file) << text << "\n";
  };
  const auto headroom = [&](const std::string& proc_self_cgroup) {
    std::istringstream text(proc_self_cgroup);
    return gen::cgroup_headroom_bytes(text, root.path.string());
  };
  // v1: the step's group has 600 bytes left, the job's (its parent) 300; the root no limit.
  put("memory", "memory.limit_in_bytes", "9223372036854771712");
  put("memory", "memory.usage_in_bytes", "5000");
  put("memory/job", "memory.limit_in_bytes", "800");
  put("memory/job", "memory.usage_in_bytes", "500");
  put("memory/job/step", "memory.limit_in_bytes", "1000");
  put("memory/job/step", "memory.usage_in_bytes", "400");
  CHECK(headroom("5:cpu,cpuacct:/job/step\n4:memory:/job/step\n0::/\n") == 300);
  CHECK(headroom("4:cpuset,memory:/job/step\n") == 300);  // controllers mounted together
  // A group over its limit has nothing left.
  put("memory/full", "memory.limit_in_bytes", "100");
  put("memory/full", "memory.usage_in_bytes", "150");
  CHECK(headroom("4:memory:/full\n") == 0);
  // v2 alone: "max" is no limit; the parent's 5000 - 4000 holds.
  put("a", "memory.max", "5000");
  put("a", "memory.current", "4000");
  put("a/b", "memory.max", "max");
  put("a/b", "memory.current", "100");
  CHECK(headroom("0::/a/b\n") == 1000);
  // v2 beside v1 (hybrid) is mounted at unified/.
  put("unified/x", "memory.max", "2000");
  put("unified/x", "memory.current", "500");
  CHECK(headroom("0::/x\n4:memory:/job/step\n") == 300);
  CHECK(headroom("0::/x\n") == 1500);
  // The inactive page cache (tables written, read back) is reclaimed before a kill: not used.
  put("unified/x", "memory.stat", "anon 300\nfile 200\ninactive_file 150\nactive_file 50");
  CHECK(headroom("0::/x\n") == 1650);
  put("memory/job", "memory.stat", "cache 300\ninactive_file 10\ntotal_inactive_file 250");
  CHECK(headroom("4:memory:/job/step\n") == 550);  // the job's 800 - (500 - 250), below 600
  // No memory group with a limit, or lines that are not groups: no bound.
  CHECK(headroom("") == UINT64_MAX);
  CHECK(headroom("0::/nowhere\n3:cpuset:/job\nnot a group line\n") == UINT64_MAX);
}

TEST_CASE("a rule-decided table's measured peak is within its memory estimate", "[cost][slow]") {
  // KRKNB: 1,892 rule wins; the run record holds the peak RSS of the process that built it
  // (its sub-tables first, all smaller).
  const test::TempDir dir("memory-estimate");
  test::generate_into(dir.str(), {"KRKNB"}, 2);
  const Material m = Material::parse("KRKNB");
  std::ifstream record(std::filesystem::path(dir.path) / "KRKNB.json");
  const nlohmann::json run = nlohmann::json::parse(record);
  CHECK(run.at("stats").at("red").at("slots").at("rule_win").get<uint64_t>() > 0);
  const uint64_t peak = run.at("peak_rss_bytes").get<uint64_t>();
  CHECK(peak > 0);
  CHECK(peak <= gen::memory_estimate(m));
}
