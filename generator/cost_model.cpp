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

std::optional<double> RunProgress::eta(double current, double elapsed) const {
  if (done_modelled_ < kMinModelledForEta) return std::nullopt;
  // Actual over modelled seconds so far. The current table, not finished, has taken at least
  // `elapsed`: once that exceeds its share at the observed speed, it raises the ratio.
  const double ratio = std::max(done_actual_ / done_modelled_,
                                (done_actual_ + elapsed) / (done_modelled_ + current));
  return std::max(0.0, left_ * ratio - elapsed);
}

}  // namespace xq::gen
