#!/usr/bin/env bash
# The test command (CI runs it through .ci/run), in legs: installs the Debian packages
# (scripts/setup.sh); checks the format of every C/C++ file (scripts/format.sh --check); builds
# Release into build/ with warnings as errors (scripts/build.sh); runs the whole CTest suite
# (the label `big`, the 车对炮士象全 verdict, takes minutes: by hand, `ctest -LE big` skips
# it); runs the thread tests under ThreadSanitizer (scripts/tsan.sh) and the suite but its big
# and slow tests under AddressSanitizer and UndefinedBehaviorSanitizer (scripts/asan.sh); runs
# each libFuzzer target from its committed corpus for a bounded time (scripts/fuzz.sh).
# The three sanitizer builds run beside the suite. Prints each leg's wall and CPU time (a
# background build's CPU counts where it is waited for); stops at the first failure with a
# non-zero exit.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# CPU seconds (user + system) of this script's finished child processes so far: fields 16 and
# 17 (cutime, cstime, in clock ticks) of /proc/$$/stat.
children_cpu() {
  awk -v hz="$(getconf CLK_TCK)" '{ printf "%.0f", ($16 + $17) / hz }' "/proc/$$/stat"
}

# leg NAME COMMAND...: runs one leg and prints its wall time and CPU time (the machine may be
# shared: CPU seconds compare runs that wall seconds cannot).
leg() {
  local name=$1 start=$SECONDS cpu
  shift
  cpu=$(children_cpu)
  "$@"
  echo "test.sh: $name took $((SECONDS - start)) s ($(($(children_cpu) - cpu)) s CPU)"
}

leg setup bash scripts/setup.sh
leg format bash scripts/format.sh --check
# -Werror: the build stays free of warnings (XQTB_WERROR, CMakeLists.txt). -O1 for the CLI's
# files and the test files (XQTB_COLD_CODE_OPTIONS), never hot: a third less of their compile
# time than Release's -O3.
leg build bash scripts/build.sh -DXQTB_WERROR=ON -DXQTB_COLD_CODE_OPTIONS=-O1
# The sanitizer and fuzz builds run beside the suite, at low priority: the suite leaves about
# a third of the cores idle (its serial tests, its tail of long ones), which they take. Their
# own session, so that a failing suite stops them; their output in build/sanitizer-builds.log.
# A session is an autogroup of the scheduler, against which the suite's weighs as a whole
# whatever the nice values inside: the group's own nice value is lowered too.
setsid bash -c '(echo 19 >/proc/self/autogroup) 2>/dev/null
  nice -n 10 bash scripts/asan.sh --build-only &&
  nice -n 10 bash scripts/tsan.sh --build-only &&
  nice -n 10 bash scripts/fuzz.sh --build-only' >build/sanitizer-builds.log 2>&1 &
builds=$!
trap 'kill -- -$builds 2>/dev/null || true' EXIT
sanitizer_builds() {
  wait "$builds" || { tail -n 40 build/sanitizer-builds.log; echo "test.sh: a sanitizer build failed"; exit 1; }
}
# Two tests at once, each with OpenMP threads: idle threads sleep instead of spinning on the
# cores the other test needs.
leg suite env OMP_WAIT_POLICY=passive ctest --test-dir build --output-on-failure -j2
leg "sanitizer builds (the rest after the suite)" sanitizer_builds
leg tsan bash scripts/tsan.sh --test-only
leg asan bash scripts/asan.sh --test-only
leg fuzz bash scripts/fuzz.sh --run-only
echo "test.sh: all legs passed in $SECONDS s"
