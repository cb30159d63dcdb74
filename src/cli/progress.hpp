// One progress line on stderr for long reads (`verify`, `probe --epd`), like gen's: rewritten in
// place, and shown only when stderr is a terminal and --quiet is not given, so that files,
// pipes and scripts get the results alone.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace xq::cli {

class ProgressLine {
 public:
  // `label` starts the line ("KRKCAABB: verifying"); nothing is shown when `quiet`.
  ProgressLine(std::string label, bool quiet);
  ~ProgressLine() { finish(); }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // "LABEL: 45% (1,234 of 2,742), 12 s, ETA 15 s", at most every quarter second. total 0:
  // the count alone.
  void update(uint64_t done, uint64_t total);
  // Clears the line (the results printed next start on a clean line).
  void finish();

 private:
  using Clock = std::chrono::steady_clock;
  std::string label_;
  bool shown_;
  bool drawn_ = false;
  Clock::time_point start_ = Clock::now(), last_{};
};

}  // namespace xq::cli
