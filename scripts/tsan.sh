#!/usr/bin/env bash
# Runs the multi-threaded tests under ThreadSanitizer: builds the thread tests into build-tsan/
# (-fsanitize=thread, RelWithDebInfo, OpenMP off: libgomp is not instrumented, so its barriers
# would show up as false races in the generator that the tests call to make their tables; -g1,
# line tables, enough for the reports' stacks; -O0 for the test files, XQTB_COLD_CODE_OPTIONS), then
# runs them: 8 threads probing one Tablebase ([threads]), the C API shared by threads, and the
# format tests ([format], with concurrent reads through a shared block cache). Exits non-zero
# on any race or test failure. scripts/test.sh calls it after the main suite. clang 14, as
# scripts/asan.sh. The small tables the probe tests read are written by the Release build when
# there is one (XQTB_SMALL_TABLES, tests/support/table_dir.hpp): generated here, under TSan
# with one thread, they took a fifth of the leg and could race on nothing. Extra arguments are
# passed to the configure step; --build-only and --test-only (first) do one half, as
# scripts/test.sh does: the build beside the main suite.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

step=all
case ${1:-} in
  --build-only) step=build; shift ;;
  --test-only) step=test; shift ;;
esac

if [ "$step" != test ]; then
  cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DXQTB_OPENMP=OFF \
    -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" -DXQTB_COLD_CODE_OPTIONS=-O0 \
    -DCMAKE_CXX_FLAGS="-fsanitize=thread" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=thread" "$@"
  cmake --build build-tsan --target xqtb_thread_tests
fi
[ "$step" != build ] || exit 0

# halt_on_error: the first race fails the run (TSan's exit code 66), with both stacks shown.
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 ${TSAN_OPTIONS:-}"
run() {
  # Some TSan runtimes (GCC 12's; clang 14's on kernels with more random mmap bits) cannot map
  # their shadow memory under the high-entropy address randomization of newer kernels
  # ("unexpected memory mapping"); without randomization they can.
  if command -v setarch >/dev/null 2>&1; then
    setarch "$(uname -m)" -R "$@"
  else
    "$@"
  fi
}
if [ -x build/xqtb ]; then
  rm -rf build-tsan/small-tables
  build/xqtb gen KRKN KRKAA KNKA --dir build-tsan/small-tables --quiet
  export XQTB_SMALL_TABLES=$PWD/build-tsan/small-tables
fi
run build-tsan/tests/xqtb_thread_tests
echo "tsan: no data race reported"
