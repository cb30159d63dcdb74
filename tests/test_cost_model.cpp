// The cost model of `gen --plan` and of the run's ETA (generator/cost_model.hpp), and the
// legal-position counts `info` reads from a table's statistics.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

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

TEST_CASE("the ETA scales the remaining modelled cost by the speed observed", "[cost]") {
  gen::RunProgress run(100.0);  // modelled seconds of the whole run
  CHECK(run.share_done() == 0.0);
  CHECK_FALSE(run.eta(0.5, 3.0));  // nothing finished: no speed known, no ETA
  run.finished(0.5, 20.0);         // tiny tables: mostly overhead, still no ETA
  CHECK_FALSE(run.eta(10, 1.0));
  run.finished(9.5, 20.0);  // 10 modelled seconds took 40 actual: ratio 4
  CHECK(run.share_done() == Approx(0.1));
  // 90 modelled left (current table 30 of them), 12 s into the current table: 90 × 4 - 12.
  CHECK(*run.eta(30, 12) == Approx(348));
  // The current table has run 200 s, past its 30 × 4 = 120: the ratio rises to
  // (40 + 200) / (10 + 30) = 6, so the 60 modelled after it take 360 s. Of the current table
  // itself (30 × 6 = 180 < 200) nothing is known to be left in a phase of share 0, ...
  CHECK(*run.eta(30, 200) == Approx(360));
  // ... but in its DTC passes, at least 76 % done, 200 × 0.24 / 0.76 more: never "< 1 s" while
  // a table past its model still runs.
  CHECK(gen::share_before_phase("dtc") == Approx(0.76));
  CHECK(gen::share_before_phase("asian rule (Red), Büchi rounds") == Approx(0.44));
  CHECK(gen::share_before_phase("init") == 0);
  CHECK(*run.eta(30, 200, gen::share_before_phase("dtc")) == Approx(360 + 200 * 0.24 / 0.76));
  // Within its modelled time the phase changes nothing: 90 × 4 - 12.
  CHECK(*run.eta(30, 12, gen::share_before_phase("plies")) == Approx(348));
  run.finished(90, 360);
  CHECK(run.share_done() == Approx(1.0));
  CHECK(*run.eta(0, 0) == Approx(0));
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
    CHECK(text.find(" GiB are available") != std::string::npos);
  }
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
