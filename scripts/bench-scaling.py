#!/usr/bin/env python3
"""Thread scaling of a family's generation, measured and projected (docs/benchmarks.md).

Builds MATERIAL and its sub-tables from scratch with --threads 1, then with --threads N, each
into a fresh temporary directory, and samples the process's CPU time (/proc/PID/stat) every
SAMPLE seconds. Intervals of the N-thread run that used less than 1.5 CPUs are its serial part
(code outside the parallel loops, fsync, waits): it does not shrink with more threads. Both
runs set OMP_WAIT_POLICY=passive, so that idle threads sleep at once rather than spin, which
would hide a serial part as busy CPUs. The
projection to P threads is Amdahl's law over the 1-thread run:
    T(P) = S + (T1 - S) / P,
S the serial seconds measured, an upper bound on speed (no memory-bandwidth limit).

Usage: scripts/bench-scaling.py [MATERIAL=KRKCAABB] [--threads N=2] [--project 16]
       [--xqtb build/xqtb] [--rules check]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """utime + stime of a live process (all its threads), in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    # After the command name: state is field 3, utime 14 and stime 15 (1-based, man 5 proc).
    return (int(fields[11]) + int(fields[12])) / TICK


def run(args, material, threads):
    """Wall seconds, CPU seconds and serial wall seconds of one family build."""
    work = tempfile.mkdtemp(prefix="xqtb-scaling-")
    try:
        cmd = [args.xqtb, "gen", material, "--dir", work, "--threads", str(threads),
               "--rules", args.rules, "--force"]
        start = time.monotonic()
        env = dict(os.environ, OMP_WAIT_POLICY="passive")
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
        serial, last_t, last_cpu = 0.0, start, 0.0
        while proc.poll() is None:
            time.sleep(args.sample)
            try:
                cpu = cpu_seconds(proc.pid)
            except (FileNotFoundError, ProcessLookupError, IndexError):
                break
            now = time.monotonic()
            if (cpu - last_cpu) / (now - last_t) < 1.5:
                serial += now - last_t
            last_t, last_cpu = now, cpu
        _, err = proc.communicate()
        wall = time.monotonic() - start
        if proc.returncode != 0:
            sys.exit(f"bench-scaling: {' '.join(cmd)} failed: {err.decode().strip()[-300:]}")
        usage = os.times()
        return wall, usage.children_user + usage.children_system, serial
    finally:
        shutil.rmtree(work, ignore_errors=True)


def positions(args, material):
    """Positions of the family (slots x 2 sides), from the plan."""
    out = subprocess.run([args.xqtb, "gen", material, "--plan", "--dir", "/nonexistent"],
                         check=True, capture_output=True, text=True).stdout
    slots = 0
    for line in out.splitlines():
        cols = line.split()
        if len(cols) > 1 and cols[0].startswith("K") and cols[0].isalpha() and cols[1].isdigit():
            slots += int(cols[1])
    return 2 * slots


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("material", nargs="?", default="KRKCAABB")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--project", type=int, default=16)
    p.add_argument("--rules", default="check")
    p.add_argument("--xqtb", default="build/xqtb")
    p.add_argument("--sample", type=float, default=0.2)
    args = p.parse_args()
    if not shutil.which(args.xqtb) and not os.access(args.xqtb, os.X_OK):
        sys.exit(f"bench-scaling: {args.xqtb} not found (scripts/build.sh)")
    n = positions(args, args.material)
    before = 0.0
    rows = []
    for threads in (1, args.threads):
        wall, cpu_total, serial = run(args, args.material, threads)
        cpu, before = cpu_total - before, cpu_total
        rows.append((threads, wall, cpu, serial))
    t1 = rows[0][1]
    serial = rows[1][3]
    print(f"{args.material} family, --rules {args.rules}, {n:,} positions, "
          f"{os.cpu_count()} CPUs, sampled every {args.sample} s")
    print("| threads | wall s | CPU s | positions/s per thread (wall) | serial wall s |")
    print("|---:|---:|---:|---:|---:|")
    for threads, wall, cpu, ser in rows:
        print(f"| {threads} | {wall:.1f} | {cpu:.1f} | {n / wall / threads / 1e6:.2f} M | {ser:.1f} |")
    for threads in (args.threads, args.project):
        projected = serial + (t1 - serial) / threads
        print(f"| {threads} (projected) | {projected:.1f} | | {n / projected / threads / 1e6:.2f} M | |")
    print(f"\nserial share of the 1-thread run: {serial / t1:.1%} "
          f"(Amdahl's bound on the speedup: {t1 / serial if serial else float('inf'):.1f}x)")


if __name__ == "__main__":
    main()
