#!/usr/bin/env bash
# Generation benchmark: builds MATERIAL (default KRKCAABB) and every table its captures lead to
# from scratch into a temporary directory under /usr/bin/time -v, then prints a markdown table:
# one row per table from its run record (MATERIAL.json, written by `xqtb gen`) and the family
# totals from time(1) and the file sizes. The tables are deleted afterwards (KEEP=1 keeps them).
# Usage: scripts/bench-gen.sh [MATERIAL] [THREADS]   (THREADS 0 or absent: all cores)
#        XQTB=path/to/xqtb TMPDIR=/big/disk scripts/bench-gen.sh KRKAABB 2
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

material=${1:-KRKCAABB}
threads=${2:-0}
xqtb=${XQTB:-build/xqtb}
for tool in /usr/bin/time jq "$xqtb"; do
  command -v "$tool" >/dev/null || { echo "bench-gen: $tool not found (scripts/setup.sh, scripts/build.sh)" >&2; exit 1; }
done

dir=$(mktemp -d "${TMPDIR:-/tmp}/xqtb-bench-gen.XXXXXX")
if [ "${KEEP:-0}" = 1 ]; then
  echo "bench-gen: tables kept in $dir" >&2
else
  trap 'rm -rf "$dir"' EXIT
fi

# time(1) writes to its own file so that the generator's progress lines stay apart.
/usr/bin/time -v -o "$dir/time.txt" "$xqtb" gen "$material" --dir "$dir" --threads "$threads" \
  --force 2>"$dir/gen.log" || { cat "$dir/gen.log" >&2; exit 1; }

timed() { awk -F': ' -v k="$1" '$1 ~ k { print $2 }' "$dir/time.txt"; }
wall=$(timed 'Elapsed \\(wall clock\\)')
user=$(timed 'User time')
sys=$(timed 'System time')
peak_kib=$(timed 'Maximum resident set size')

echo "Family of $material: $("$xqtb" --version), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) CPUs, $(uname -m), $(date -u +%Y-%m-%dT%H:%MZ)"
echo
echo "| table | positions | solve s | write s | pos/s/thread | peak RSS MiB | WDL bytes | DTM bytes | DTC bytes | WDL bits/pos | DTM bits/pos | DTC bits/pos | cursed wins | blessed losses |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
# Generation order (dependencies first); positions = slots per side x 2 sides to move.
# (--plan prints a header, one row per table starting with its name, and a total line.)
"$xqtb" gen "$material" --plan | awk '$1 ~ /^K[A-Z]*$/ { print $1 }' | while read -r name; do
  jq -r '[.material, 2 * .stats.slots_per_side, .generation_seconds, (.write_seconds // 0),
          .positions_per_second_per_thread, .peak_rss_bytes / 1048576, .wdl_bytes, .dtm_bytes,
          .wdl_bits_per_slot, .dtm_bits_per_slot, .threads, .dtc_bytes, .dtc_bits_per_slot,
          .stats.red.positions.cursed_win + .stats.black.positions.cursed_win,
          .stats.red.positions.blessed_loss + .stats.black.positions.blessed_loss] | @tsv' "$dir/$name.json"
done | tee "$dir/rows.tsv" | awk -F'\t' '{
  printf "| %s | %d | %.2f | %.2f | %.0f | %.0f | %d | %d | %d | %.3f | %.3f | %.3f | %d | %d |\n",
         $1, $2, $3, $4, $5, $6, $7, $8, $12, $9, $10, $13, $14, $15 }'

awk -F'\t' -v wall="$wall" -v user="$user" -v sys="$sys" -v peak="$peak_kib" '
  { n++; pos += $2; solve += $3; write += $4; wdl += $7; dtm += $8; dtc += $12; threads = $11
    cursed += $14; blessed += $15 }
  END {
    printf "| **family: %d tables** | %d | %.1f | %.1f | | %.0f | %d | %d | %d | | | | %d | %d |\n",
           n, pos, solve, write, peak / 1024, wdl, dtm, dtc, cursed, blessed
    printf "\nFamily: wall %s, CPU %.1f s (user %s + sys %s), threads %d, peak RSS %.0f MiB, ", wall,
           user + sys, user, sys, threads, peak / 1024
    printf "WDL %d bytes + DTM %d bytes + DTC %d bytes = %d bytes (%.2f MB).\n", wdl, dtm, dtc,
           wdl + dtm + dtc, (wdl + dtm + dtc) / 1e6
  }' "$dir/rows.tsv"
echo
echo "Per-table peak RSS is the process peak up to that table (getrusage); solve (plain, rule"
echo "and DTC stages) excludes statistics, compression, writing and the DTM read back, which are"
echo "in write. Load: $(uptime)"
