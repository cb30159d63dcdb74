// What building a table costs, before it is built: memory (generate.hpp's memory_estimate),
// bytes on disk and a rough time, from rates measured on the reference machine
// (docs/generation.md "Cost model"). `gen --plan` prints them; the run's ETA scales the model
// by the speed observed so far.
#pragma once

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

// How far a table is at least once its progress line reports `phase` ("init", "plies",
// "check rule (Red)", "asian rule ...", "chase rule ...", "dtc", "unlimited dtc"): the share of its
// time spent before the phase starts, from KRKCAABB's stages (docs/generation.md "Where a table's
// CPU goes"); 0 for others.
double share_before_phase(std::string_view phase);

// Progress of a run measured in modelled seconds: the share done, and an ETA that scales the
// model by the speed observed on the tables finished so far.
class RunProgress {
 public:
  explicit RunProgress(double modelled_total) : left_(modelled_total) {}

  // A table of modelled cost `modelled` was built in `actual` seconds.
  void finished(double modelled, double actual);
  // Share of the run's modelled cost in finished tables, 0..1.
  double share_done() const;
  // Seconds left while a table of modelled cost `current` has run `elapsed` seconds and is
  // `share` done at least (share_before_phase); none until the finished tables amount to
  // kMinModelledForEta (a few tiny tables say nothing about the speed: their cost is mostly
  // fixed overhead).
  std::optional<double> eta(double current, double elapsed, double share = 0) const;

  static constexpr double kMinModelledForEta = 1.0;

 private:
  double done_modelled_ = 0, done_actual_ = 0, left_;
};

}  // namespace xq::gen
