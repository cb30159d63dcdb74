// What building a table costs, before it is built: memory (generate.hpp's memory_estimate),
// bytes on disk and a rough time, from rates measured on the reference machine
// (docs/generation.md "Cost model"). `gen --plan` prints them; the run's ETA learns its own
// rates from the tables it has built.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/material.hpp"

namespace xq::gen {

// Bits per position (slot and side) of each file, the KRKCAABB family's at 59d43ab
// (docs/benchmarks.md): 6,147,934 WDL and 17,156,143 DTM bytes for 219,849,324 positions.
// Single tables range from 0.05 to 0.28 (WDL) and 0.44 to 0.90 (DTM) bits.
constexpr double kWdlBitsPerPosition = 0.224;
constexpr double kDtmBitsPerPosition = 0.624;
// DTC: the same family at zstd level 10 (kDtcCompression), 11,904,986 bytes (KRKCAABB:
// 0.27 bits).
constexpr double kDtcBitsPerPosition = 0.433;

// Seconds per table on the reference machine (2 vCPUs, 2 threads), from the same run's
// records: the eight tables above 2 M positions solved 214.0 M positions in 55.75 s and wrote
// them in 16.17 s; the 28 smaller ones took about 0.07 s each whatever their size (thread
// start, statistics, two fsyncs).
constexpr double kSolvePositionsPerSecond = 3.84e6;
constexpr double kWritePositionsPerSecond = 13.2e6;
constexpr double kSecondsPerTable = 0.07;
// The DTC stage (generator/dtc_solver.hpp), from the CPU time it added to the family at
// e72a3e4 (186.0 s against 122.5 s without it on the same VM, docs/benchmarks.md), with the 2
// vCPUs giving 1.6 times one: 219.8 M positions in 39.7 s, 5.5 M/s; since the prefetching
// passes and DTC's zstd level 10, 0.75 times that CPU (docs/generation.md "Cost model").
constexpr double kDtcPositionsPerSecond = 7.3e6;

// Bytes of the three files of a table of `slots_per_side` slots, estimated.
uint64_t disk_estimate(uint64_t slots_per_side);
// Seconds to solve and write a table of `slots_per_side` slots on the reference machine.
double modelled_seconds(uint64_t slots_per_side);
// The same for a material (its index size).
uint64_t disk_estimate(const Material& m);
double modelled_seconds(const Material& m);

// A duration as progress lines and the plan show it: "< 1 s", "45 s", "3 min 20 s",
// "2 h 05 min".
std::string format_duration(double seconds);

// The stages of a table's build as its progress lines name them: each begins with its first
// line ("init 0" ends the init, so it opens the plies) and ends where the next begins; the
// last runs until the files are written. The ETA learns their times from the run's finished
// tables.
enum Stage : int {
  kStageInit,       // reading sub-tables back, move counts, capture probes
  kStagePlies,      // "init", "plies N"
  kStageCheckRule,  // "check rule ...": the rule stage, the DTM file and the statistics
  kStageChaseRule,  // "asian rule ...", "chase rule ..."
  kStageDtc,        // "dtc N": the capped DTC passes, the DTC and WDL files
  kStageUnlimitedDtc,
  kStages
};
Stage stage_of(std::string_view phase);

// Progress of a run: the share of its modelled cost in finished tables, and an ETA.
//
// The ETA predicts each stage of a table as seconds per position learned from the finished
// tables of the run (their sums, so the largest weigh most), plus kSecondsPerTable. Within
// the current table the stages done count as they took, and the check rule's and DTC stages
// are scaled by how its plies went against their prediction: all three grow with the decided
// positions, which the plies find (a table of draws is cheap after its init). The chase
// stages, which work on the draws, are not. A stage that runs past its prediction is taken
// to be at least 80 % done.
class RunProgress {
 public:
  RunProgress(double modelled_total, uint64_t positions_total, size_t tables)
      : modelled_left_(modelled_total), positions_left_(positions_total), tables_left_(tables) {}

  // A table of `positions` (slots × 2) and modelled cost `modelled` begins.
  void begin(uint64_t positions, double modelled);
  // Its progress line names `phase`, `elapsed` seconds after it began.
  void report(std::string_view phase, double elapsed);
  // It was built in `actual` seconds.
  void finished(double actual);
  // Share of the run's modelled cost in finished tables, 0..1.
  double share_done() const;
  // Seconds left while the current table has run `elapsed` seconds; none until the finished
  // tables amount to kMinModelledForEta (a few tiny tables say nothing about the speed: their
  // cost is mostly fixed overhead).
  std::optional<double> eta(double elapsed) const;

  static constexpr double kMinModelledForEta = 1.0;

 private:
  // Seconds per position of each stage in the finished tables.
  double rate(int stage) const;
  // The current table's seconds in each stage so far, at `elapsed`.
  std::array<double, kStages> current_stages(double elapsed) const;

  double modelled_left_, modelled_done_ = 0;
  uint64_t positions_left_;
  size_t tables_left_;
  std::array<double, kStages> done_seconds_{};  // of the finished tables, by stage
  double done_positions_ = 0;
  // The current table: its size, cost, and when each stage began (negative: not yet).
  uint64_t positions_ = 0;
  double modelled_ = 0;
  std::array<double, kStages> began_{};
  int stage_ = kStageInit;
};

}  // namespace xq::gen
