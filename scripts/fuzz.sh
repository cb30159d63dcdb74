#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ with clang 14, AddressSanitizer and
# UndefinedBehaviorSanitizer into build-fuzz/ (the core and rules libraries only), then runs
# each from its committed corpus (fuzz/corpus/TARGET/) for a bounded time. New inputs go to
# build-fuzz/corpus/TARGET/ (fuzz/README.md: how to keep one); a crash stops the run with the
# reproducer saved as build-fuzz/crash-*.
#   scripts/fuzz.sh                 each target 10 s (the leg of scripts/test.sh)
#   scripts/fuzz.sh --time S        each target S seconds
#   scripts/fuzz.sh --long          each target 600 s: the long run of docs/benchmarks.md
#   scripts/fuzz.sh ... TARGET...   only these targets (fen material notation game table serve
#                                   engine)
#   scripts/fuzz.sh --build-only    the targets and the table seeds, no run (scripts/test.sh:
#                                   beside the main suite); --run-only then runs them
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds=10
targets=()
step=all
while [ $# -gt 0 ]; do
  case $1 in
    --time) seconds=$2; shift 2 ;;
    --long) seconds=600; shift ;;
    --build-only) step=build; shift ;;
    --run-only) step=run; shift ;;
    *) targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=(fen material notation game table serve engine)

sanitize="-fsanitize=address,undefined,fuzzer-no-link -fno-sanitize-recover=all"
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache
                                         -DCMAKE_C_COMPILER_LAUNCHER=ccache)
tables=build-fuzz/tables
if [ "$step" != run ]; then
  cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DXQTB_WERROR=ON \
    -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 "${launcher[@]}" \
    -DXQTB_FUZZ=ON -DXQTB_TESTS=OFF -DXQTB_OPENMP=OFF -DXQTB_MPI=OFF \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1" \
    -DCMAKE_CXX_FLAGS="$sanitize -fno-omit-frame-pointer" >/dev/null
  cmake --build build-fuzz --target "${targets[@]/#/fuzz_}"

  # Real small tables (generated, never committed): fuzz_table's seeds and intact reference,
  # the tables fuzz_serve and fuzz_engine answer from; by build/xqtb (scripts/test.sh builds it
  # before this leg), else by a sanitized one built here.
  if [ ! -f "$tables/KRKA.xqw" ]; then
    xqtb=build/xqtb
    [ -x "$xqtb" ] || { cmake --build build-fuzz --target xqtb && xqtb=build-fuzz/xqtb; }
    fuzz/make-table-seeds.sh "$xqtb" "$tables" >/dev/null
  fi
fi
[ "$step" != build ] || exit 0

export ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1 ${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1 ${UBSAN_OPTIONS:-}"
export XQTB_FUZZ_TABLES=$PWD/$tables
jobs=${XQTB_FUZZ_JOBS:-$(nproc)}  # fuzzing processes per target
for target in "${targets[@]}"; do
  mkdir -p "build-fuzz/corpus/$target"
  dict=()
  [ -f "fuzz/$target.dict" ] && dict=(-dict="fuzz/$target.dict")
  # -jobs: one fuzzing process per core, each for the whole time; their output goes to
  # build-fuzz/fuzz-N.log, the summary (executions, edges) below.
  rm -f build-fuzz/fuzz-*.log
  status=0
  (cd build-fuzz && "./fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=8192 -print_final_stats=1 -jobs="$jobs" -workers="$jobs" "${dict[@]/#-dict=/-dict=../}" \
    "corpus/$target" "../fuzz/corpus/$target" $([ "$target" = table ] && echo tables) \
    >/dev/null 2>&1) || status=$?
  execs=$(cat build-fuzz/fuzz-*.log | awk '/stat::number_of_executed_units/ {n += $2} END {print n + 0}')
  edges=$(cat build-fuzz/fuzz-*.log | grep -o 'cov: [0-9]*' | awk '{print $2}' | sort -n | tail -1)
  echo "fuzz: $target: $execs executions in ${seconds} s on $jobs processes, ${edges:-0} edges"
  if [ "$status" -ne 0 ] || grep -q 'ERROR: libFuzzer\|SUMMARY: .*Sanitizer\|property broken' build-fuzz/fuzz-*.log; then
    grep -h -B2 -A30 'ERROR\|property broken' build-fuzz/fuzz-*.log | head -60 >&2
    echo "fuzz: $target failed; reproducer: $(ls build-fuzz/crash-* build-fuzz/leak-* build-fuzz/timeout-* 2>/dev/null | head -3)" >&2
    exit 1
  fi
done
echo "fuzz: no crash, no broken property"
