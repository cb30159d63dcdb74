#!/usr/bin/env bash
# The main job for a new user: install what is needed, build, generate 车对炮士象全 (KRKCAABB)
# and every table its captures lead to into tables/, verify it, show the verdict and probe an
# instructive position with its full line.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

say() { printf '\n== %s\n' "$*"; }

say "Installing Debian packages (scripts/setup.sh)"
bash scripts/setup.sh
say "Building (scripts/build.sh)"
bash scripts/build.sh
xqtb=build/xqtb

say "Generating 车对炮士象全 (KRKCAABB) and its sub-tables into tables/"
"$xqtb" gen 车对炮士象全 --dir tables

say "Verifying the top table against its successors"
"$xqtb" verify KRKCAABB --dir tables

say "Is 车对炮士象全 a book win or a book draw?"
"$xqtb" stats 车对炮士象全 --dir tables --lang zh

say "A position where the defence is broken: the rook wins"
"$xqtb" probe --dir tables --pv --fen "4k4/4a4/3a5/9/9/9/9/4c4/9/R3K4 w - - 0 1"
