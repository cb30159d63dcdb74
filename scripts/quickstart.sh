#!/usr/bin/env bash
# The main job for a new user: install what is needed, build, generate 车对炮士象全 (KRKCAABB)
# and every table its captures lead to into tables/, verify it, and probe a fortress position
# and a position whose defence is broken, with its full line.
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

say "The cannon behind the full defence (士象全) at home: the book draw (例和)"
"$xqtb" probe --dir tables --moves --fen "2bakab2/9/4c4/9/9/9/9/9/9/3RK4 w - - 0 1"

say "A scattered defence: the value and, when decided, the full line"
"$xqtb" probe --dir tables --pv --fen "3k5/4a4/b2a4b/9/9/9/9/4c4/9/R3K4 w - - 0 1"
