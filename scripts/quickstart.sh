#!/usr/bin/env bash
# The README's first command: installs the packages, builds, and runs the default example.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
example="${1:-$root/examples/mesh8x8.toml}"
echo
mkdir -p "$root/results"
echo "== warpnet run $example (results in results/)"
cd "$root/results"
"${WARPNET_BUILD_DIR:-$root/build}/app/warpnet" run "$example" --force
