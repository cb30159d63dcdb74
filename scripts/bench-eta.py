#!/usr/bin/env python3
"""How right the progress line's ETA is over a family's generation (docs/benchmarks.md).

Builds MATERIAL and its sub-tables from scratch into a fresh temporary directory, on a
pseudo-terminal so that `gen` prints every progress line (into a pipe it prints one per 10 s).
Each line's ETA is compared with the time the run really had left at that line. The error is
(ETA - left) / left; lines before FROM (default 10 %) of the run's wall time are not judged,
nor lines with less than SLACK seconds left, where the display's one-second steps dominate.

Usage: scripts/bench-eta.py [MATERIAL=KRKCAABB] [--threads 2] [--rules check] [--from 0.1]
       [--slack 2] [--xqtb build/xqtb] [--log FILE]
Prints the judged lines and the largest error; exits 1 when it is above --limit (0.25).
"""
import argparse
import os
import pty
import re
import shutil
import subprocess
import sys
import tempfile
import time

UNITS = {"h": 3600, "min": 60, "s": 1}


def seconds(text):
    """Seconds of a duration as format_duration writes it ("< 1 s", "3 min 20 s", "2 h 05 min")."""
    if text.startswith("<"):
        return 0.5
    return sum(int(v) * UNITS[u] for v, u in re.findall(r"(\d+) (h|min|s)\b", text))


def run(args):
    """(time since start, line) for every progress line of one family build, and its wall time."""
    work = tempfile.mkdtemp(prefix="xqtb-eta-")
    try:
        cmd = [args.xqtb, "gen", args.material, "--dir", work, "--threads", str(args.threads),
               "--rules", args.rules]
        # The build runs niced, so that this reader is on a CPU when a line comes: a line read
        # late would be judged against the wrong time left.
        cmd = ["nice", "-n", "10"] + cmd
        master, slave = pty.openpty()
        start = time.monotonic()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=slave)
        os.close(slave)
        # On a terminal a line ends when the next begins ("\r\033[K" rewrites it in place), so
        # each line is timed when its first byte comes.
        lines, pending, began = [], b"", 0.0
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # EIO: the child closed the terminal
                break
            if not chunk:
                break
            now = time.monotonic() - start
            if not pending:
                began = now
            pending += chunk
            *done, pending = re.split(rb"\r\x1b\[K|\r?\n", pending)
            for d in done:
                if d:
                    lines.append((began, d.decode(errors="replace")))
                began = now
        if pending:
            lines.append((began, pending.decode(errors="replace")))
        proc.wait()
        wall = time.monotonic() - start
        if proc.returncode != 0:
            sys.exit(f"bench-eta: {' '.join(cmd)} exited {proc.returncode}")
        return lines, wall
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("material", nargs="?", default="KRKCAABB")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--rules", default="check")
    p.add_argument("--from", dest="start", type=float, default=0.1)
    p.add_argument("--slack", type=float, default=2.0)
    p.add_argument("--limit", type=float, default=0.25)
    p.add_argument("--xqtb", default="build/xqtb")
    p.add_argument("--log", help="write every timed line here")
    args = p.parse_args()
    lines, wall = run(args)
    if args.log:
        with open(args.log, "w") as f:
            f.writelines(f"{t:.2f} {line}\n" for t, line in lines)
    worst = 0.0
    for t, line in lines:
        m = re.search(r"ETA (.+)$", line)
        left = wall - t
        if not m or t < args.start * wall or left < args.slack:
            continue
        err = (seconds(m.group(1)) - left) / left
        worst = max(worst, abs(err))
        print(f"{t:8.1f} s  left {left:7.1f} s  ETA {m.group(1):>12}  {err:+6.0%}  "
              f"{line.split(' |')[0][:60]}")
    print(f"{args.material} ({args.rules}, {args.threads} threads): {wall:.1f} s; "
          f"largest ETA error from {args.start:.0%} on: {worst:.0%}")
    sys.exit(1 if worst > args.limit else 0)


if __name__ == "__main__":
    main()
