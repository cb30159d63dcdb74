#!/usr/bin/env bash
# The test command: installs the Debian packages (scripts/setup.sh), builds Release into
# build/ (scripts/build.sh), runs the whole test suite with CTest (the label `big`, the
# 车对炮士象全 verdict, takes minutes: `ctest -LE big` skips it), then the thread tests under
# ThreadSanitizer (scripts/tsan.sh). Exits non-zero on failure.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/setup.sh
# -Werror: CI keeps the build free of warnings (XQTB_WERROR, CMakeLists.txt).
bash scripts/build.sh -DXQTB_WERROR=ON

# Debian installs fairy-stockfish (the tests' rules oracle) in /usr/games.
case ":$PATH:" in
  *:/usr/games:*) ;;
  *) export PATH="$PATH:/usr/games" ;;
esac

ctest --test-dir build --output-on-failure -j2
bash scripts/tsan.sh
