#!/usr/bin/env bash
# Configures and builds warpnet (Release by default) in build/. Extra arguments go to CMake's
# configure step, e.g. scripts/build.sh -DCMAKE_BUILD_TYPE=Debug
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${WARPNET_BUILD_DIR:-$root/build}"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE="${CMAKE_BUILD_TYPE:-Release}" "$@"
cmake --build "$build" -j"$(nproc)"
