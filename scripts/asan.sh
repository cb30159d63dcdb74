#!/usr/bin/env bash
# Runs the unit, property and small brute-force tests under AddressSanitizer and
# UndefinedBehaviorSanitizer: a Debug build (asserts on) into build-asan/ with clang 14, then
# CTest without the labels big, slow and cluster (tests/README.md). clang, not GCC 12: it builds
# this in less CPU time and its tests run faster (docs/benchmarks.md, "CI"). -O1, as the
# sanitizers' manuals advise: -O0 runs the suite several times slower and finds nothing more;
# but -O0 for the cold code (XQTB_COLD_CODE_OPTIONS: the CLI's files and the test files, still
# instrumented), and -g1 (line tables: reports still name file and line) instead of Debug's -g,
# which the reports do not use. -fno-sanitize-recover=all makes the first report of either
# sanitizer end its test with an error. install_and_example is left out: it links the
# installed (here instrumented) library into an uninstrumented example.
# scripts/test.sh builds it beside the main suite (--build-only), then runs it (--test-only).
# Other arguments go to the configure step.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

step=all
case ${1:-} in
  --build-only) step=build; shift ;;
  --test-only) step=test; shift ;;
esac

sanitize="-fsanitize=address,undefined -fno-sanitize-recover=all"
if [ "$step" != test ]; then
  cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DXQTB_WERROR=ON \
    -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
    -DCMAKE_C_FLAGS_DEBUG=-g1 -DCMAKE_CXX_FLAGS_DEBUG=-g1 -DXQTB_COLD_CODE_OPTIONS=-O0 \
    -DCMAKE_C_FLAGS="$sanitize -O1 -fno-omit-frame-pointer" \
    -DCMAKE_CXX_FLAGS="$sanitize -O1 -fno-omit-frame-pointer" \
    -DCMAKE_EXE_LINKER_FLAGS="$sanitize" "$@"
  # Every default target: the test programs the suite runs, whatever they are.
  cmake --build build-asan
fi
[ "$step" != build ] || exit 0

# detect_leaks: a leak fails the test too; strict_string_checks and the init-order checks catch
# more than the defaults; UBSan prints where.
export ASAN_OPTIONS="detect_leaks=1:strict_string_checks=1:check_initialization_order=1:strict_init_order=1 ${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1 ${UBSAN_OPTIONS:-}"
ctest --test-dir build-asan --output-on-failure -j2 -LE 'big|slow|cluster' -E '^install_and_example$'
echo "asan: no AddressSanitizer or UndefinedBehaviorSanitizer report"
