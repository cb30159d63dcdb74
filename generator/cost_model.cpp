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

Stage stage_of(std::string_view phase) {
  if (phase.starts_with("unlimited dtc")) return kStageUnlimitedDtc;
  if (phase.starts_with("dtc")) return kStageDtc;
  if (phase.starts_with("asian rule") || phase.starts_with("chase rule")) return kStageChaseRule;
  if (phase.starts_with("check rule")) return kStageCheckRule;
  if (phase.starts_with("init") || phase.starts_with("plies")) return kStagePlies;
  return kStageInit;
}

void RunProgress::begin(uint64_t positions, double modelled) {
  positions_ = positions;
  modelled_ = modelled;
  positions_left_ -= std::min(positions_left_, positions);
  tables_left_ -= std::min<size_t>(tables_left_, 1);
  began_.fill(-1);
  began_[kStageInit] = 0;
  stage_ = kStageInit;
}

void RunProgress::report(std::string_view phase, double elapsed) {
  const int s = stage_of(phase);
  if (s <= stage_) return;  // stages only move on; a line of the current one changes nothing
  stage_ = s;
  began_[s] = elapsed;
}

std::array<double, kStages> RunProgress::current_stages(double elapsed) const {
  std::array<double, kStages> took{};
  for (int s = 0; s <= stage_; ++s) {
    if (began_[s] < 0) continue;
    int next = s + 1;
    while (next <= stage_ && began_[next] < 0) ++next;
    took[s] = (next <= stage_ ? began_[next] : elapsed) - began_[s];
  }
  return took;
}

void RunProgress::finished(double actual) {
  const auto took = current_stages(actual);
  for (int s = 0; s < kStages; ++s) done_seconds_[s] += took[s];
  // The fixed cost is predicted apart: a run's many tiny tables would inflate the rates.
  done_seconds_[kStageInit] -= std::min(took[kStageInit], kSecondsPerTable);
  done_positions_ += double(positions_);
  modelled_done_ += modelled_;
  modelled_left_ = std::max(0.0, modelled_left_ - modelled_);
  // The sum's rounding: the last table ends at 100 %.
  if (modelled_left_ < 1e-9 * modelled_done_) modelled_left_ = 0;
  positions_ = 0;
  modelled_ = 0;
  stage_ = kStageInit;
}

double RunProgress::share_done() const {
  const double total = modelled_done_ + modelled_left_;
  return total > 0 ? modelled_done_ / total : 1.0;
}

double RunProgress::rate(int stage) const {
  return done_positions_ > 0 ? done_seconds_[stage] / done_positions_ : 0;
}

std::optional<double> RunProgress::eta(double elapsed) const {
  if (modelled_done_ < kMinModelledForEta) return std::nullopt;
  double per_position = 0;
  for (int s = 0; s < kStages; ++s) per_position += rate(s);
  double left = double(tables_left_) * kSecondsPerTable + per_position * double(positions_left_);
  if (positions_ == 0) return left;  // between tables
  const auto took = current_stages(elapsed);
  const double plies = rate(kStagePlies) * double(positions_);
  // How the plies went against their prediction, once they are over (or past it already).
  double scale = 1;
  if (plies > 0 && stage_ >= kStagePlies)
    scale = std::clamp(took[kStagePlies] / plies, stage_ > kStagePlies ? 0.5 : 1.0, 2.0);
  for (int s = stage_; s < kStages; ++s) {
    const bool scaled = s == kStageCheckRule || s == kStageDtc || s == kStageUnlimitedDtc;
    const double predicted = rate(s) * double(positions_) * (scaled ? scale : 1);
    left += s > stage_ ? predicted : std::max(predicted - took[s], 0.25 * took[s]);
  }
  return left;
}

}  // namespace xq::gen
