#!/usr/bin/env bash
# Installs the Debian packages xqtb needs to build, test and run (Debian 12 "bookworm").
# Idempotent: when every package is installed already it does nothing and touches no network.
# Works as root, or through sudo otherwise. Everything comes from the Debian archive.
set -euo pipefail

PACKAGES=(
  build-essential   # g++ 12, make, libc headers; gcc brings libgomp (OpenMP)
  cmake
  pkg-config
  ninja-build
  catch2            # test framework (Catch2 v2, header + CMake config)
  libzstd-dev       # table compression
  libxxhash-dev     # table checksums (XXH64)
  zstd
  libcli11-dev      # command-line parsing for the xqtb CLI
  nlohmann-json3-dev
  time              # /usr/bin/time -v in scripts/bench-gen.sh
  jq                # reads the run records in scripts/bench-gen.sh
  fairy-stockfish   # independent rules oracle used by the tests (/usr/games/fairy-stockfish)
  clang-format      # clang-format 14: the format check of scripts/test.sh (scripts/format.sh)
  git
  slurm-wlm         # the cluster workflow test runs a single-host Slurm (tests/cluster/)
  munge             # Slurm's authentication daemon
  openmpi-bin       # mpirun: one table across many ranks (the MPI build of xqtb gen)
  libopenmpi-dev    # MPI headers and CMake's FindMPI
  libcpp-httplib-dev  # xqtb serve: the HTTP server (cpp-httplib)
  python3-selenium  # xqtb serve's browser test drives Chromium (tests/serve/)
  chromium          # the browser of that test, headless
  chromium-driver   # /usr/bin/chromedriver for Selenium
  fonts-wqy-microhei  # Chinese glyphs for that browser's screenshots
  wrk               # scripts/bench-serve.sh: the HTTP load generator
  curl              # scripts/bench-serve.sh draws its positions from the API
  python3-dev       # Python's headers: the `import xqtb` module (python/, docs/python.md)
  python3-pybind11  # the module's C++ bindings (header-only, with its CMake config)
  python3-numpy     # the module's export arrays, its tests and examples/python/
  python3-pytest    # the module's tests (tests/python/, CTest python_module)
  clang             # clang 14: builds the libFuzzer targets (scripts/fuzz.sh)
  libfuzzer-14-dev  # libFuzzer for clang 14 (-fsanitize=fuzzer)
  libclang-rt-14-dev  # clang 14's sanitizer runtimes (ASan, UBSan): scripts/asan.sh, the fuzz targets
  libomp-14-dev     # OpenMP for clang 14: the AddressSanitizer build (scripts/asan.sh)
)

is_installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

missing=()
for pkg in "${PACKAGES[@]}"; do
  is_installed "$pkg" || missing+=("$pkg")
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "setup: all ${#PACKAGES[@]} packages already installed"
  exit 0
fi

echo "setup: installing: ${missing[*]}"

if [ "$(id -u)" -eq 0 ]; then
  as_root=(env DEBIAN_FRONTEND=noninteractive)
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo env DEBIAN_FRONTEND=noninteractive)
else
  echo "setup: need root (or sudo) to install: ${missing[*]}" >&2
  exit 1
fi

apt_get() { "${as_root[@]}" apt-get -y -q "$@"; }

# apt-get update only when the package lists do not know a missing package (e.g. a fresh
# container with empty lists); otherwise try installing first and update once if that fails
# (stale lists pointing at files the mirror no longer has).
updated=0
for pkg in "${missing[@]}"; do
  candidate=$(apt-cache policy "$pkg" 2>/dev/null | awk '/Candidate:/ {print $2}')
  if [ -z "$candidate" ] || [ "$candidate" = "(none)" ]; then
    apt_get update
    updated=1
    break
  fi
done

if ! apt_get install --no-install-recommends "${missing[@]}"; then
  if [ "$updated" -eq 1 ]; then
    echo "setup: apt-get install failed" >&2
    exit 1
  fi
  apt_get update
  apt_get install --no-install-recommends "${missing[@]}"
fi

still_missing=()
for pkg in "${missing[@]}"; do
  is_installed "$pkg" || still_missing+=("$pkg")
done
if [ "${#still_missing[@]}" -ne 0 ]; then
  echo "setup: still not installed: ${still_missing[*]}" >&2
  exit 1
fi
echo "setup: done"
