#!/usr/bin/env bash
# Two `xqtb gen` runs into one directory: the second waits for the table the first is
# building and takes it instead of building it again. `gen --only` with a sub-table missing
# refuses with exit 3 and names it.
# Usage: gen_lock.sh XQTB WORK_DIR
set -euo pipefail
xqtb=$(realpath "${1:?usage: gen_lock.sh XQTB WORK_DIR}")
work=$(realpath -m "${2:?usage: gen_lock.sh XQTB WORK_DIR}")
fail() { echo "gen lock: FAILED: $*" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work"

"$xqtb" gen KRKCB --dir "$work/t" --threads 1 2>"$work/first.log" &
first=$!
# Until the first run is building KRKCB itself, however long its sub-tables take (minutes under
# the sanitizers on a loaded machine): a fixed number of polls failed there.
while kill -0 "$first" 2>/dev/null; do
  grep -q '] KRKCB: ' "$work/first.log" 2>/dev/null && break
  sleep 0.05
done
grep -q '] KRKCB: ' "$work/first.log" || fail "the first run never started KRKCB"
"$xqtb" gen KRKCB --dir "$work/t" --threads 1 2>"$work/second.log"
wait "$first" || fail "the first run failed: $(tail -n 1 "$work/first.log")"
grep -q 'KRKCB: written' "$work/first.log" || fail "the first run did not write KRKCB"
if grep -q 'KRKCB: written' "$work/second.log"; then fail "KRKCB was built twice"; fi
grep -q 'KRKCB: waiting for another process' "$work/second.log" || fail "the second run did not wait"
grep -q 'KRKCB: present, checksums verified' "$work/second.log" || fail "the second run did not take the table"
"$xqtb" verify KRKCB --dir "$work/t" >/dev/null || fail "verify KRKCB"
locks=$(find "$work/t" -name '*.lock')
[ -z "$locks" ] || fail "lock files left beside written tables: $locks"

set +e
out=$("$xqtb" gen KRKN --only --dir "$work/empty" 2>&1)
code=$?
set -e
[ "$code" -eq 3 ] || fail "gen --only without sub-tables: exit $code, expected 3"
[[ "$out" == "xqtb: $work/empty/KK.xqw: missing: --only builds the named tables alone; build this one first" ]] ||
  fail "gen --only without sub-tables said: $out"
echo "gen lock: passed"
