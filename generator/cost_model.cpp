#include "generator/cost_model.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/index.hpp"

namespace xq::gen {

uint64_t disk_estimate(uint64_t slots_per_side) {
  const double positions = 2.0 * double(slots_per_side);
  return uint64_t(positions * (kWdlBitsPerPosition + kDtmBitsPerPosition + kDtcBitsPerPosition) /
                  8.0);
}

double modelled_seconds(uint64_t slots_per_side) {
  const double positions = 2.0 * double(slots_per_side);
  return kSecondsPerTable + positions / kSolvePositionsPerSecond +
         positions / kDtcPositionsPerSecond + positions / kWritePositionsPerSecond;
}

uint64_t disk_estimate(const Material& m) {
  return disk_estimate(Index(m).size());
}

double modelled_seconds(const Material& m) {
  return modelled_seconds(Index(m).size());
}

std::string format_duration(double seconds) {
  const uint64_t s = uint64_t(std::llround(std::max(0.0, seconds)));
  char buf[48];
  if (seconds < 0.5) return "< 1 s";
  if (s < 60)
    std::snprintf(buf, sizeof buf, "%llu s", (unsigned long long)s);
  else if (s < 3600)
    std::snprintf(buf, sizeof buf, "%llu min %llu s", (unsigned long long)(s / 60),
                  (unsigned long long)(s % 60));
  else
    std::snprintf(buf, sizeof buf, "%llu h %02llu min", (unsigned long long)(s / 3600),
                  (unsigned long long)(s / 60 % 60));
  return buf;
}

void RunProgress::finished(double modelled, double actual) {
  done_modelled_ += modelled;
  done_actual_ += actual;
  left_ = std::max(0.0, left_ - modelled);
  if (left_ < 1e-9 * done_modelled_) left_ = 0;  // the sum's rounding: the last table ends at 100%
}

double RunProgress::share_done() const {
  const double total = done_modelled_ + left_;
  return total > 0 ? done_modelled_ / total : 1.0;
}

double share_before_phase(std::string_view phase) {
  // KRKCAABB's CPU seconds by stage, 65.4 in all: sub-tables 0.8 and plain init 21.4 before
  // the plies; plain passes 15.0 before the rule stage; rule stage 4.3, DTM file 4.5,
  // statistics 0.5 and DTC init 3.5 before the DTC passes. An uncapped DTC run, which only
  // tables with cursed wins make, follows capped passes of about 8.7 more (in 74.1). The
  // chase stages (asian, chinese) start later, after the check rule's, in families that take
  // up to 1.37 times as long (docs/benchmarks.md): 37.2 of about 85.
  if (phase.starts_with("unlimited dtc")) return 0.79;
  if (phase.starts_with("dtc")) return 0.76;
  if (phase.starts_with("check rule")) return 0.57;
  if (phase.starts_with("asian rule") || phase.starts_with("chase rule")) return 0.44;
  if (phase.starts_with("plies")) return 0.34;
  return 0;
}

std::optional<double> RunProgress::eta(double current, double elapsed, double share) const {
  if (done_modelled_ < kMinModelledForEta) return std::nullopt;
  // Actual over modelled seconds so far. The current table, not finished, has taken at least
  // `elapsed`: once that exceeds its share at the observed speed, it raises the ratio.
  const double ratio = std::max(done_actual_ / done_modelled_,
                                (done_actual_ + elapsed) / (done_modelled_ + current));
  // A table past its modelled time is not nearly done: its phase says how much is left at
  // least (a 785 M-slot table showed "ETA < 1 s" through its last four minutes before this).
  double current_left = current * ratio - elapsed;
  if (current_left <= 0) current_left = share > 0 ? elapsed * (1 - share) / share : 0;
  return std::max(0.0, (left_ - current) * ratio + current_left);
}

}  // namespace xq::gen
