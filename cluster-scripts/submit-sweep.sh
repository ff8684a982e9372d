#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Submits a `warpnet sweep` as a Slurm job array, one task per point, and a gather job that
# runs when the array has ended (docs/cluster.md).
#
#   cluster-scripts/submit-sweep.sh [--name NAME] [--logs DIR] [--no-gather] [--points LIST]
#                                   CONFIG --set KEY=lo:hi:step|v1,v2,... [sweep options...]
#
# The sweep arguments are exactly those of `warpnet sweep` (docs/sweep.md), --output-dir
# included (default <simulation.name>-sweep, relative to the directory you submit from).
# Task I runs `warpnet sweep ... --point I`, the same run and file as the whole sweep's point
# I; the gather job writes DIR/index.csv and DIR/table.csv (gather.sh). Prints the array's
# job id, then the gather job's. --points 3,7-9 runs only those points (e.g. failed ones again).
set -euo pipefail
WARPNET_SCRIPTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export WARPNET_SCRIPTS_DIR
source "$WARPNET_SCRIPTS_DIR/lib.sh"

name=warpnet-sweep logs=slurm-logs gather=1 only=
while [ $# -gt 0 ]; do
  case "$1" in
    --name) name=${2:?--name needs a name}; shift 2 ;;
    --logs) logs=${2:?--logs needs a directory}; shift 2 ;;
    --no-gather) gather=0; shift ;;
    --points) only=${2:?--points needs a list such as 3,7-9}; shift 2 ;;
    -h|--help) sed -n '3,14p' "$0"; exit 0 ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || die "usage: submit-sweep.sh CONFIG --set KEY=VALUES... [sweep options]"

# Checks the sweep (every error exits 2 here, before anything is submitted) and counts points.
points=$("$WARPNET_BIN" sweep "$@" --list-points) || exit $?
count=$(printf '%s\n' "$points" | grep -c .)
[ "$count" -ge 1 ] || die "the sweep has no points"
echo "sweep of $count points:" >&2
printf '%s\n' "$points" | sed 's/^/  /' >&2
mkdir -p "$logs"

common_sbatch_args args
array="0-$((count - 1))"
if [ -n "$only" ]; then
  [[ "$only" =~ ^[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*$ ]] || die "--points: '$only' is not a list such as 3,7-9"
  for n in $(tr ',-' '  ' <<<"$only"); do
    [ "$n" -lt "$count" ] || die "--points: there is no point $n; the sweep has $count points: 0 .. $((count - 1))"
  done
  array=$only
fi
[ -n "$WARPNET_ARRAY_MAX_RUNNING" ] && array+="%$WARPNET_ARRAY_MAX_RUNNING"
# One process per point (the sweep starts it, as `warpnet sweep` does): one task, one CPU.
array_id=$(submit "${args[@]}" --job-name="$name" --ntasks=1 --array="$array" \
                  --output="$logs/%x-%A_%a.out" "$WARPNET_SCRIPTS_DIR/sweep-point.sbatch" "$@")
echo "$array_id"
if [ "$gather" -eq 1 ]; then
  # afterany: gather whatever finished, so that one failed point does not lose the others.
  submit "${args[@]}" --job-name="$name-gather" --ntasks=1 --dependency="afterany:$array_id" \
         --output="$logs/%x-%j.out" "$WARPNET_SCRIPTS_DIR/gather.sbatch" "$@"
fi
