#!/usr/bin/env bash
# The README's second command: installs the packages, builds, and runs the test suite.
# Arguments go to ctest, e.g. scripts/run-tests.sh -L unit   (the quick subset)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
# Open MPI refuses to run as root and to oversubscribe unless told; the tests need both on a
# small machine. These settings only affect this script's processes.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
cd "${WARPNET_BUILD_DIR:-$root/build}"
ctest --output-on-failure --timeout 600 "$@"
