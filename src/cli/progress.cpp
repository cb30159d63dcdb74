#include "cli/progress.hpp"

#include <unistd.h>

#include <iostream>
#include <sstream>

#include "verdict/explain.hpp"

namespace xq::cli {

ProgressLine::ProgressLine(std::string label, bool quiet)
    : label_(std::move(label)), shown_(!quiet && isatty(STDERR_FILENO)) {}

void ProgressLine::update(uint64_t done, uint64_t total) {
  if (!shown_) return;
  const auto now = Clock::now();
  if (drawn_ && now - last_ < std::chrono::milliseconds(250)) return;
  last_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  std::ostringstream line;
  line << label_ << ": ";
  if (total > 0) line << int(100.0 * double(done) / double(total)) << "% (";
  line << with_commas(done);
  if (total > 0) line << " of " << with_commas(total) << ")";
  line << ", " << int(seconds) << " s";
  if (total > 0 && done > 0 && done < total && seconds >= 1)
    line << ", ETA " << int(seconds * double(total - done) / double(done)) << " s";
  std::cerr << "\r\033[K" << line.str() << std::flush;
  drawn_ = true;
}

void ProgressLine::finish() {
  if (drawn_) std::cerr << "\r\033[K" << std::flush;
  drawn_ = false;
}

}  // namespace xq::cli
