#!/usr/bin/env bash
# Regenerates the table seeds of fuzz_table (fuzz/corpus/table/): real tables of small
# materials, WDL, DTM and DTC files, built by the given xqtb (the check rules, the default).
# Usage: fuzz/make-table-seeds.sh build/xqtb
set -euo pipefail
xqtb=$(realpath "$1")
cd "$(dirname "${BASH_SOURCE[0]}")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$xqtb" gen KRKA KNK KCK KPK --threads 1 --dir "$work" >/dev/null
for f in "$work"/*.xq?; do
  # Files of a few KiB only: libFuzzer mutates small inputs far faster.
  [ "$(stat -c %s "$f")" -le 16384 ] && cp "$f" corpus/table/
done
ls -l corpus/table/
