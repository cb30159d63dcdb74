#!/usr/bin/env bash
# Load benchmark of `xqtb serve` (docs/benchmarks.md): starts the server on loopback over a
# table directory, draws random positions of an ending, then has wrk (Debian `wrk`) probe
# them with all moves from many keep-alive connections for a bounded time. Prints wrk's
# requests/s and latency percentiles, the non-2xx answers (must be 0) and the server's peak RSS.
# Usage: scripts/bench-serve.sh [DIR] [MATERIAL] [SECONDS] [CONNECTIONS] [SERVER_THREADS]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

dir=${1:-tables}
material=${2:-KRKNAABB}
seconds=${3:-20}
connections=${4:-16}
threads=${5:-2}
xqtb=${XQTB:-build/xqtb}
work=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT

"$xqtb" serve --dir "$dir" --port 0 --threads "$connections" --quiet >"$work/out" &
pid=$!
for _ in $(seq 100); do grep -q http "$work/out" && break; sleep 0.1; done
url=$(grep -o 'http://[^ ]*' "$work/out" | head -1)
url=${url%/}
# 1000 random positions of the material, half of each side to move, as probe paths.
for side in red black; do
  for _ in $(seq 500); do echo "$url/api/v1/random?material=$material&side=$side"; done |
    xargs curl -sf
done | jq -r '"/api/v1/probe?fen=" + (.fen | @uri)' >"$work/paths"
cat >"$work/paths.lua" <<LUA
local paths = {}
for line in io.lines("$work/paths") do paths[#paths + 1] = line end
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
LUA
# Warm: every position once (tables opened, blocks of these positions cached).
wrk -t 1 -c 1 -d 5s -s "$work/paths.lua" "$url" >/dev/null
echo "xqtb serve $dir $material: $threads wrk threads, $connections connections, ${seconds}s"
wrk -t "$threads" -c "$connections" -d "${seconds}s" --latency -s "$work/paths.lua" "$url" |
  tee "$work/wrk"
grep -q "Non-2xx" "$work/wrk" && echo "errors: $(grep Non-2xx "$work/wrk")" || echo "errors: 0"
echo "server peak RSS: $(awk '/VmHWM/ {print $2, $3}' "/proc/$pid/status")"
kill -TERM "$pid"
wait "$pid"
