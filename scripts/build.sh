#!/usr/bin/env bash
# Configures and builds xqtb (Release, Ninja) into build/ at the repository root.
# Works from any directory. Extra arguments are passed to the configure step,
# e.g. scripts/build.sh -DXQTB_OPENMP=OFF. XQTB_TARGETS names the targets to build (default:
# all, the tests included), e.g. XQTB_TARGETS=xqtb for the CLI alone.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# A build/ configured earlier with another generator cannot be reused by CMake.
if [ -f build/CMakeCache.txt ] && ! grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' build/CMakeCache.txt; then
  echo "build: build/ was configured with another generator; remove build/ and run again" >&2
  exit 1
fi

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release "$@"
# shellcheck disable=SC2086 # a list of target names
cmake --build build ${XQTB_TARGETS:+--target $XQTB_TARGETS}
