#!/usr/bin/env bash
# The Slurm workflow on a real single-host Slurm (scripts/cluster/slurm-local.sh): the plan of
# KRKNAA submitted as one job per table, submitted twice (the second submission must reuse every
# job), its tables byte-identical to a local `xqtb gen` and verified; then KRKCAB's workflow with
# its top job killed while it runs (scancel) and resubmitted: only the missing table is built
# again, and no file that looks complete is left by the killed job.
# Usage: slurm_workflow.sh XQTB WORK_DIR   (root; exit 77 = skipped when not root)
set -euo pipefail
xqtb=$(realpath "${1:?usage: slurm_workflow.sh XQTB WORK_DIR}")
work=$(realpath -m "${2:?usage: slurm_workflow.sh XQTB WORK_DIR}")
here=$(dirname "$(realpath "${BASH_SOURCE[0]}")")
slurm_local=$here/../../scripts/cluster/slurm-local.sh

if [ "$(id -u)" -ne 0 ]; then
  echo "slurm workflow: skipped, the single-host Slurm needs root" >&2
  exit 77
fi
fail() { echo "slurm workflow: FAILED: $*" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work"
trap '"$slurm_local" stop "$work/slurm"' EXIT
eval "$("$slurm_local" start "$work/slurm")"

# Waits until no job of the workflow into $1 is queued or running.
drain() {
  for _ in $(seq 600); do
    [ -z "$(squeue --noheader --format='%i|%k' | awk -F'|' -v d="$1" '$2 == d')" ] && return 0
    sleep 1
  done
  squeue >&2
  fail "jobs into $1 still queued after 600 s"
}
same_tables() {  # same_tables DIR REFERENCE_DIR MATERIAL...: both files of each, byte for byte
  local dir=$1 ref=$2 m
  shift 2
  for m in "$@"; do
    for ext in xqw xqd; do
      [ -f "$dir/$m.$ext" ] || fail "$dir/$m.$ext missing"
      cmp -s "$dir/$m.$ext" "$ref/$m.$ext" || fail "$dir/$m.$ext differs from the local build"
    done
  done
}
# The plan's materials: the rows of --plan (a header and a total line around them).
plan() { "$xqtb" gen "$1" --plan | awk '$1 ~ /^K[A-Z]*$/ { print $1 }'; }

# 1. KRKNAA: the whole plan through Slurm, byte-identical to a local build, into a directory
# whose name a shell would misread unquoted (a quote, a space, a $).
a="$work/it's \$a"
"$xqtb" gen KRKNAA --dir "$work/local" --threads 1 2>/dev/null
"$xqtb" gen KRKNAA --dir "$a" --threads 1 --plan --format slurm >"$work/a.sh"
first=$(bash "$work/a.sh")
echo "$first" | tail -n 1
echo "$first" | grep -q "12 jobs submitted, 0 reused, 0 tables present" || fail "first submission: $first"
second=$(bash "$work/a.sh" | tail -n 1)
echo "$second"
[ "$second" = "xqtb workflow: 0 jobs submitted, 12 reused, 0 tables present" ] ||
  [[ "$second" =~ "0 jobs submitted, "[0-9]+" reused, "[0-9]+" tables present" ]] ||
  fail "second submission built again: $second"
drain "$a"
mapfile -t krknaa < <(plan KRKNAA)
same_tables "$a" "$work/local" "${krknaa[@]}"
"$xqtb" verify KRKNAA --dir "$a" >/dev/null || fail "verify KRKNAA"
third=$(bash "$work/a.sh" | tail -n 1)
[ "$third" = "xqtb workflow: 0 jobs submitted, 0 reused, 12 tables present" ] ||
  fail "a complete set submitted again: $third"
echo "slurm workflow: KRKNAA, 12 tables through Slurm, identical to the local build"

# 2. KRKCAB: its top job killed while it runs, then the workflow submitted again.
"$xqtb" gen KRKCAB --dir "$work/local" --threads 1 2>/dev/null
"$xqtb" gen KRKCAB --dir "$work/b" --threads 1 --plan --format slurm >"$work/b.sh"
bash "$work/b.sh" | tail -n 1
top=""
for _ in $(seq 600); do
  top=$(squeue --noheader --name=xqtb-KRKCAB --states=RUNNING --format=%i)
  [ -n "$top" ] && break
  sleep 0.5
done
[ -n "$top" ] || fail "the KRKCAB job never ran"
sleep 2
[ ! -e "$work/b/KRKCAB.xqw" ] || fail "KRKCAB finished before it could be killed"
scancel "$top"
drain "$work/b"
[ ! -e "$work/b/KRKCAB.xqw" ] || fail "the killed job left KRKCAB.xqw"
"$xqtb" probe --dir "$work/b" --fen "3k5/9/9/9/9/9/9/9/9/R3K4 w" >/dev/null ||
  fail "the sub-tables of the killed job are not usable"
again=$(bash "$work/b.sh")
echo "$again" | tail -n 1
mapfile -t krkcab < <(plan KRKCAB)
echo "$again" | grep -q "1 jobs submitted, 0 reused, $((${#krkcab[@]} - 1)) tables present" ||
  fail "resubmission: $again"
drain "$work/b"
same_tables "$work/b" "$work/local" "${krkcab[@]}"
echo "slurm workflow: KRKCAB, killed job $top resubmitted, ${#krkcab[@]} tables identical"
echo "slurm workflow: passed"
