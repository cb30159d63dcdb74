#!/usr/bin/env bash
# Same-run comparison with xiangqitb (issue 38's goals 1 and 2): builds one family from scratch
# with xqtb under `check` and `asian` and with xiangqitb, alternating, ROUNDS times, each into a
# fresh directory under /usr/bin/time, and prints one line per run (wall s, CPU s, peak KiB,
# bytes of the WDL, DTM and DTC files) and the ratios of each round. xiangqitb's chase model is
# Asian-style, so `asian` is the like-for-like comparison (docs/benchmarks.md).
# Usage: scripts/bench-vs-xiangqitb.sh XIANGQITB_DIR MATERIAL XIANGQITB_NAME [ROUNDS] [THREADS]
#   e.g. scripts/bench-vs-xiangqitb.sh /tmp/xiangqitb KRKNAABB KRKAABBN 2 2
# XIANGQITB_DIR is a checkout of github.com/noobpwnftw/xiangqitb, built here by its own `build`
# script when its `genegtb` is missing. The machine should be otherwise idle.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

[ $# -ge 3 ] || { sed -n 7,8p "$0" >&2; exit 2; }
ref=$(realpath "$1") material=$2 ref_name=$3 rounds=${4:-2} threads=${5:-2}
xqtb=$(realpath "${XQTB:-build/xqtb}")
[ -x "$xqtb" ] || { echo "bench-vs-xiangqitb: $xqtb not built (scripts/build.sh)" >&2; exit 1; }
if [ ! -x "$ref/genegtb" ]; then
  (cd "$ref" && bash build) || { echo "bench-vs-xiangqitb: xiangqitb did not build" >&2; exit 1; }
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/xqtb-vs-xiangqitb.XXXXXX")
trap 'rm -rf "$work"' EXIT

# One timed run in a fresh directory; prints "label wall cpu peak_kib bytes".
run() {
  local label=$1 dir="$work/run"
  shift
  rm -rf "$dir" && mkdir -p "$dir"
  (cd "$dir" && /usr/bin/time -f '%e %U %S %M' -o time.txt "$@" >run.log 2>&1) ||
    { tail -5 "$dir/run.log" >&2; echo "bench-vs-xiangqitb: $label failed" >&2; exit 1; }
  local bytes
  # The tables' files: xqtb's .xqw/.xqd/.xqc, xiangqitb's wdl/*.lzw, dtm/*.lzdtm, dtc/*.lzdtc.
  bytes=$(find "$dir" -type f \( -name '*.xq[wdc]' -o -name '*.lz*' \) -printf '%s\n' |
          awk '{ s += $1 } END { print s + 0 }')
  awk -v l="$label" -v b="$bytes" '{ printf "%-16s %8.1f %8.1f %9d %11d\n", l, $1, $2 + $3, $4, b }' \
    "$dir/time.txt"
}

xiangqitb() {
  cp "$ref/genegtb" .
  printf 'MaxMem = 16384\nThreads = %s\nMaxPieces = 8\nGenerateRunList = 0\nGenerateTablebases = 1\nSaveWDL = 1\nSaveDTC = 1\nSaveDTM = 1\ntmpdir = ./tmp/\n' \
    "$threads" >option.ini
  echo "$ref_name" >autoList.txt
  mkdir -p tmp
  ./genegtb
}
export -f xiangqitb
export ref ref_name threads

echo "$material against xiangqitb $ref_name: xqtb $("$xqtb" --version) at $(git rev-parse --short HEAD), xiangqitb $(git -C "$ref" rev-parse --short HEAD 2>/dev/null || echo '?'), $threads threads, $(nproc) CPUs, $(date -u +%Y-%m-%dT%H:%MZ)"
printf '%-16s %8s %8s %9s %11s\n' run wall_s cpu_s peak_KiB bytes
for round in $(seq "$rounds"); do
  run "xqtb check" "$xqtb" gen "$material" --dir . --threads "$threads" --rules check | tee "$work/round"
  run "xiangqitb" bash -c xiangqitb | tee -a "$work/round"
  run "xqtb asian" "$xqtb" gen "$material" --dir . --threads "$threads" --rules asian | tee -a "$work/round"
  awk -v r="$round" '
    { label = $1 " " $2; if ($1 == "xiangqitb") label = $1
      wall[label] = $(NF - 3); cpu[label] = $(NF - 2) }
    END {
      printf "round %d ratios to xiangqitb: check %.2f wall, %.2f CPU; asian %.2f wall, %.2f CPU; asian/check %.2f wall\n",
        r, wall["xqtb check"] / wall["xiangqitb"], cpu["xqtb check"] / cpu["xiangqitb"],
        wall["xqtb asian"] / wall["xiangqitb"], cpu["xqtb asian"] / cpu["xiangqitb"],
        wall["xqtb asian"] / wall["xqtb check"] }' "$work/round"
done
