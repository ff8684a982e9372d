#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds one table from all runs of a sweep done as a job array (docs/cluster.md):
#
#   cluster-scripts/gather.sh CONFIG --set ... [sweep options]   # the sweep's own arguments
#
# 1. `warpnet sweep ... --write-index`: DIR/index.csv lists the points whose results file is
#    there (missing points are named; the exit code is then 1, but the table is still built);
# 2. gather.py: DIR/table.csv and DIR/table.h5, one row per run (warpnet_analysis.load_runs).
# Runs on a login node or as a job (gather.sbatch); it needs no MPI.
set -uo pipefail
WARPNET_SCRIPTS_DIR=${WARPNET_SCRIPTS_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)}
export WARPNET_SCRIPTS_DIR
source "$WARPNET_SCRIPTS_DIR/lib.sh"

# The sweep directory: --output-dir (or -o) if given, else the sweep's default
# <simulation.name>-sweep, read from the first file name that --list-points prints.
dir="" prev=""
for a in "$@"; do
  case "$prev" in --output-dir|-o) dir=$a ;; esac
  case "$a" in --output-dir=*) dir=${a#--output-dir=} ;; esac
  prev=$a
done
if [ -z "$dir" ]; then
  first=$("$WARPNET_BIN" sweep "$@" --list-points | head -1 | cut -f2) || exit 2
  dir="${first%-*.h5}-sweep"
fi

"$WARPNET_BIN" sweep "$@" --write-index
index_status=$?
[ "$index_status" -le 1 ] || exit "$index_status"
[ -f "$dir/index.csv" ] || { echo "gather: no runs to gather in $dir" >&2; exit 1; }
"$WARPNET_PYTHON" "$WARPNET_SCRIPTS_DIR/gather.py" "$dir" --csv "$dir/table.csv" \
    --hdf5 "$dir/table.h5" || exit $?
exit "$index_status"
