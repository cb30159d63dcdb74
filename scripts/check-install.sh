#!/usr/bin/env bash
# Checks what an engine author does: installs the build into a fresh prefix, builds
# examples/engine_probe against it with find_package(xqtb) and, separately, with pkg-config and
# the C compiler alone, then probes a KRKN position with both; and compiles a C++ probe against
# the installed C++ headers. The installed headers are exactly the engine's (no generator,
# writer or verdict header), and each compiles on its own.
# The example's output is checked on a forced win and on a rule win and loss (potentials, not
# distances).
# Usage: check-install.sh BUILD_DIR TABLE_DIR WORK_DIR [GENERATOR]  (TABLE_DIR holds KRKN)
# The compilers are $CC and $CXX (default cc, c++), for the example's CMake build as well.
set -euo pipefail

build=$1 tables=$2 work=$3 generator=${4:-Ninja}
src=$(cd "$(dirname "$0")/.." && pwd)
prefix=$work/prefix

rm -rf "$work"
mkdir -p "$work"
cmake --install "$build" --prefix "$prefix" >"$work/install.log"
for f in include/xqtb/xqtb.h include/xqtb/probe/tablebase.hpp include/xqtb/core/position.hpp \
         bin/xqtb; do
  [ -e "$prefix/$f" ] || { echo "check-install: $f not installed" >&2; exit 1; }
done

# The headers an engine needs, and nothing more.
headers=$(cd "$prefix/include" && find . -type f | sed 's|^\./||' | LC_ALL=C sort | tr '\n' ' ')
expected="xqtb/core/geometry.hpp xqtb/core/index.hpp xqtb/core/material.hpp \
xqtb/core/notation.hpp xqtb/core/position.hpp xqtb/core/table_file.hpp xqtb/core/table_names.hpp xqtb/core/types.hpp \
xqtb/core/values.hpp xqtb/probe/limit.hpp xqtb/probe/open_once.hpp xqtb/probe/tablebase.hpp \
xqtb/rules/adjudicate.hpp xqtb/rules/cycle_verdict.hpp xqtb/rules/game_record.hpp \
xqtb/rules/move_facts.hpp xqtb/rules/repetition.hpp xqtb/xqtb.h "
if [ "$headers" != "$expected" ]; then
  printf 'check-install: installed headers\n  %s\nexpected\n  %s\n' "$headers" "$expected" >&2
  exit 1
fi
# Each compiles alone against the installed tree only: the set is closed under includes.
for h in $headers; do
  case $h in
    *.h) lang=c std=c99 compiler=${CC:-cc} ;;
    *) lang=c++ std=c++20 compiler=${CXX:-c++} ;;
  esac
  echo "#include \"$h\"" | "$compiler" -x "$lang" -std="$std" -fsyntax-only -Wall -Wextra \
    -I"$prefix/include" -I"$prefix/include/xqtb" - ||
    { echo "check-install: $h does not compile on its own" >&2; exit 1; }
done

cmake -S "$src/examples/engine_probe" -B "$work/example" -G "$generator" \
      -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" >"$work/configure.log"
cmake --build "$work/example" >"$work/build.log"

# Red to move mates in 7 plies, and converts in 5 (the rook takes the horse; values from
# `xqtb probe --json`, also asserted by c_api_test).
fen='3k5/9/9/9/9/4n4/9/9/9/R3K4 w - - 0 1'
expected="$fen ; win ; dtm 7 ; best a0d0 车九平六 ; limit win dtc 5 best a0d0"
check() {  # name, output
  if [ "$2" != "$expected" ]; then
    printf 'check-install: %s printed\n  %s\nexpected\n  %s\n' "$1" "$2" "$expected" >&2
    exit 1
  fi
}
check "find_package build" "$("$work/example/engine_probe" "$tables" "$fen")"
# Rule values carry the perpetual-check rule's potential K * 1024 + J, not a distance: the
# example shows round and layer (c_api_test asserts 1 * 1024 + 1 and 1 * 1024 + 2); under the
# limit a rule value is not claimed (a draw, no DTC).
for case in \
  "9/9/4k4/9/9/6R2/9/9/1n7/3K5 w - - 0 1|rule win ; rule potential 1.1 ; best d0d1 帅六进一 ; limit draw dtc -1 best d0d1" \
  "9/9/4k4/9/9/9/2n6/9/9/R2K5 b - - 0 1|rule loss ; rule potential 1.2 ; best c3b1 马3进2 ; limit draw dtc -1 best c3b1"; do
  rule_fen=${case%%|*}
  got=$("$work/example/engine_probe" "$tables" "$rule_fen")
  if [ "$got" != "$rule_fen ; ${case#*|}" ]; then
    printf 'check-install: rule value printed\n  %s\nexpected\n  %s\n' "$got" "$rule_fen ; ${case#*|}" >&2
    exit 1
  fi
done

pc_dir=$(dirname "$(find "$prefix" -name xqtb.pc | head -n 1)")
flags=$(PKG_CONFIG_PATH="$pc_dir" pkg-config --cflags --libs xqtb)
# shellcheck disable=SC2086  # flags are words
"${CC:-cc}" -std=c99 -Wall -Wextra -o "$work/engine_probe_pc" \
  "$src/examples/engine_probe/engine_probe.c" $flags
check "pkg-config build" "$(echo "$fen" | "$work/engine_probe_pc" "$tables")"

# The installed C++ headers on their own: xq::Tablebase through pkg-config.
cat >"$work/cpp_probe.cpp" <<'CPP'
#include <iostream>
#include "core/notation.hpp"
#include "probe/tablebase.hpp"
int main(int argc, char** argv) {
  const xq::Tablebase tb({argv[1]});
  const xq::Position pos = xq::Position::from_fen(argv[2]);
  std::cout << tb.probe(pos)->distance << " " << xq::to_iccs(tb.best_move(pos).best.move) << "\n";
  return argc == 3 ? 0 : 1;
}
CPP
# shellcheck disable=SC2086
"${CXX:-c++}" -std=c++20 -Wall -Wextra -o "$work/cpp_probe" "$work/cpp_probe.cpp" $flags
out=$("$work/cpp_probe" "$tables" "$fen")
[ "$out" = "7 a0d0" ] || { echo "check-install: C++ probe printed '$out', expected '7 a0d0'" >&2; exit 1; }
echo "check-install: ok ($prefix)"
