#!/usr/bin/env bash
# The main job for a new user: install what is needed, build, generate 车对炮士象全 (KRKCAABB)
# and every table its captures lead to into tables/, verify it, print its statistics and book
# verdict (例和), and probe a fortress position and a position whose defence is broken, with
# its full line in both notations.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

say() { printf '\n== %s\n' "$*"; }

say "Installing Debian packages (scripts/setup.sh)"
bash scripts/setup.sh
say "Building the CLI (scripts/build.sh; the tests are built by scripts/test.sh)"
XQTB_TARGETS=xqtb bash scripts/build.sh
xqtb=build/xqtb

say "Generating 车对炮士象全 (KRKCAABB) and its sub-tables into tables/"
"$xqtb" gen 车对炮士象全 --dir tables

say "Verifying the top table against its successors"
"$xqtb" verify KRKCAABB --dir tables

say "Statistics and verdict of 车对炮士象全: is it a book win (例胜) or a book draw (例和)?"
"$xqtb" stats 车对炮士象全 --dir tables --lang zh

say "The tables now in tables/, with their verdicts"
"$xqtb" list --dir tables

say "The cannon behind the full defence (士象全) at home: the book draw (例和)"
"$xqtb" probe --dir tables --moves --fen "2bakab2/9/4c4/9/9/9/9/9/9/3RK4 w - - 0 1"

say "A scattered defence, the cannon en prise: Red wins; the full line"
"$xqtb" probe --dir tables --pv --fen "6b2/4k1c2/b2a1a3/9/6R2/9/9/9/9/5K3 w - - 0 1"
"$xqtb" probe --dir tables --pv --lang zh --fen "6b2/4k1c2/b2a1a3/9/6R2/9/9/9/9/5K3 w - - 0 1"
