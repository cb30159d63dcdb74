#!/usr/bin/env bash
# One table over MPI ranks (docs/generation.md "One table over MPI ranks"): the closures of
# KRKNA and KRKCAB (both with perpetual-check draws) built by `mpirun -np N xqtb gen` for
# N = 1, 2, 3 (3: sub-tables through the block cache) are byte-identical to a plain `xqtb gen`,
# the three files of every table (WDL, DTM, DTC). Then a rank killed midway: mpirun exits
# non-zero, the table being built is not there, and a rerun completes it byte-identically.
# Usage: mpi_identity.sh XQTB WORK_DIR MPI_BUILD (ON/OFF; exit 77, skipped, without MPI)
set -euo pipefail
xqtb=$(realpath "${1:?usage: mpi_identity.sh XQTB WORK_DIR MPI_BUILD}")
work=$(realpath -m "${2:?usage: mpi_identity.sh XQTB WORK_DIR MPI_BUILD}")
fail() { echo "mpi identity: FAILED: $*" >&2; exit 1; }
if [ "${3:-OFF}" != ON ] || ! command -v mpirun >/dev/null; then
  echo "mpi identity: skipped (xqtb built without MPI, or no mpirun)"
  exit 77
fi
rm -rf "$work"
mkdir -p "$work"
export OMP_NUM_THREADS=1 OMPI_MCA_rmaps_base_oversubscribe=1
ranks() { local n=$1; shift; mpirun --allow-run-as-root --oversubscribe -np "$n" "$@"; }
same() {  # every table file of the reference, byte for byte, and no other
  local dir=$1
  for f in "$work/ref"/*.xqw "$work/ref"/*.xqd "$work/ref"/*.xqc; do
    cmp "$f" "$dir/$(basename "$f")" || fail "$dir/$(basename "$f") differs from the plain build"
  done
  [ "$(ls "$dir"/*.xq? | wc -l)" -eq "$(ls "$work/ref"/*.xq? | wc -l)" ] || fail "$dir: other files"
}

"$xqtb" gen KRKNA KRKCAB --dir "$work/ref" --threads 1 2>"$work/ref.log" ||
  fail "plain gen: $(tail -n 1 "$work/ref.log")"
for n in 1 2 3; do
  # With 3 ranks the sub-tables are read through the block cache (--cache-mib), else whole.
  cache=0
  [ "$n" -eq 3 ] && cache=8
  ranks "$n" "$xqtb" gen KRKNA KRKCAB --dir "$work/np$n" --threads 1 --cache-mib "$cache" \
    >"$work/np$n.log" 2>&1 ||
    fail "mpirun -np $n: $(tail -n 3 "$work/np$n.log")"
  same "$work/np$n"
  grep -q "\"ranks\": $n" "$work/np$n/KRKCAB.json" || fail "-np $n: no rank record in KRKCAB.json"
done

# A rank dies while KRKCAB is being built: its sub-tables are there (copied), so the run
# starts on it at once.
mkdir "$work/dead"
cp "$work/ref"/* "$work/dead/"
rm "$work/dead"/KRKCAB.*
ranks 2 "$xqtb" gen KRKCAB --dir "$work/dead" --threads 1 >"$work/dead.log" 2>&1 &
job=$!
victim=""
# Until rank 1 is solving KRKCAB: past its init, whose line is always logged (a log takes a
# table's other progress lines 10 s apart, which a fast run may finish within).
for _ in $(seq 600); do
  if grep -q '] KRKCAB: init' "$work/dead.log" 2>/dev/null; then
    for p in $(pgrep -f "$xqtb gen KRKCAB --dir $work/dead" || true); do
      if tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=1'; then
        victim=$p
      fi
    done
    [ -n "$victim" ] && break
  fi
  sleep 0.05
done
[ -n "$victim" ] || { kill "$job" 2>/dev/null || true; fail "never saw rank 1 solving KRKCAB"; }
kill -9 "$victim"
if wait "$job"; then fail "mpirun exited 0 after a rank was killed"; fi
[ ! -e "$work/dead/KRKCAB.xqw" ] || fail "KRKCAB.xqw exists after the job died"
[ ! -e "$work/dead/KRKCAB.xqd" ] || fail "KRKCAB.xqd exists after the job died"
[ ! -e "$work/dead/KRKCAB.xqc" ] || fail "KRKCAB.xqc exists after the job died"
ranks 2 "$xqtb" gen KRKCAB --dir "$work/dead" --threads 1 >"$work/rerun.log" 2>&1 ||
  fail "the rerun failed: $(tail -n 3 "$work/rerun.log")"
grep -q 'KRKCB: present' "$work/rerun.log" || fail "the rerun rebuilt the sub-tables"
grep -q 'KRKCAB: written' "$work/rerun.log" || fail "the rerun did not build KRKCAB"
same "$work/dead"
echo "mpi identity: passed"
