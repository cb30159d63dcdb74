#!/usr/bin/env bash
# Generates the table seeds of fuzz_table into DIR: real tables of small materials, WDL, DTM
# and DTC files, built by the given xqtb (the check rules, the default). scripts/fuzz.sh runs it
# into build-fuzz/tables (generated tables are never committed).
# Usage: fuzz/make-table-seeds.sh XQTB DIR
set -euo pipefail
xqtb=$(realpath "$1")
mkdir -p "$2"
out=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$xqtb" gen KRKA KNK KCK KPK --threads 1 --dir "$work" >/dev/null
for f in "$work"/*.xq?; do
  # Files of a few KiB only: libFuzzer mutates small inputs far faster.
  [ "$(stat -c %s "$f")" -le 16384 ] && cp "$f" "$out/"
done
ls -l "$out"
