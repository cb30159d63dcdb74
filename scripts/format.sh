#!/usr/bin/env bash
# clang-format (Debian 12's clang-format 14, with the repository's .clang-format) over every
# tracked C and C++ file. scripts/format.sh rewrites the files that differ; scripts/format.sh
# --check changes nothing, lists them and exits 1 if there is any (scripts/test.sh runs it so).
# Another clang-format version may format some lines differently: the check says so.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

check=0
case "${1:-}" in
  --check) check=1 ;;
  "") ;;
  *)
    echo "usage: scripts/format.sh [--check]" >&2
    exit 2
    ;;
esac

if ! command -v clang-format >/dev/null 2>&1; then
  echo "format: clang-format not found (scripts/setup.sh installs it)" >&2
  exit 1
fi
version=$(clang-format --version)
case "$version" in
  *"version 14."*) ;;
  *) echo "format: warning: $version; the project's format is clang-format 14's" >&2 ;;
esac

mapfile -t files < <(git ls-files -- '*.c' '*.h' '*.cpp' '*.hpp')
if [ "${#files[@]}" -eq 0 ]; then
  echo "format: no tracked C/C++ files (not a git checkout?)" >&2
  exit 1
fi

differ=()
for f in "${files[@]}"; do
  if ! clang-format --style=file "$f" | cmp -s - "$f"; then differ+=("$f"); fi
done

if [ "$check" -eq 1 ]; then
  if [ "${#differ[@]}" -ne 0 ]; then
    echo "format: ${#differ[@]} of ${#files[@]} files differ from clang-format (scripts/format.sh fixes them):" >&2
    printf '  %s\n' "${differ[@]}" >&2
    exit 1
  fi
  echo "format: all ${#files[@]} files formatted"
  exit 0
fi

if [ "${#differ[@]}" -ne 0 ]; then clang-format --style=file -i "${differ[@]}"; fi
echo "format: ${#differ[@]} of ${#files[@]} files reformatted"
