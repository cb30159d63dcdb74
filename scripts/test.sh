#!/usr/bin/env bash
# The test command (CI runs it through .ci/run), in legs: installs the Debian packages
# (scripts/setup.sh); checks the format of every C/C++ file (scripts/format.sh --check); builds
# Release into build/ with warnings as errors (scripts/build.sh); runs the whole CTest suite
# (the label `big`, the 车对炮士象全 verdict, takes minutes: by hand, `ctest -LE big` skips
# it); runs the thread tests under ThreadSanitizer (scripts/tsan.sh) and the suite but its big
# and slow tests under AddressSanitizer and UndefinedBehaviorSanitizer (scripts/asan.sh).
# Prints each leg's wall time; stops at the first failure with a non-zero exit.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# leg NAME COMMAND...: runs one leg and prints its wall time.
leg() {
  local name=$1 start=$SECONDS
  shift
  "$@"
  echo "test.sh: $name took $((SECONDS - start)) s"
}

leg setup bash scripts/setup.sh
leg format bash scripts/format.sh --check
# -Werror: the build stays free of warnings (XQTB_WERROR, CMakeLists.txt).
leg build bash scripts/build.sh -DXQTB_WERROR=ON
leg suite ctest --test-dir build --output-on-failure -j2
leg tsan bash scripts/tsan.sh
leg asan bash scripts/asan.sh
echo "test.sh: all legs passed in $SECONDS s"
