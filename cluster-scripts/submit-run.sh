#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Submits one warpnet run as a Slurm job (docs/cluster.md).
#
#   cluster-scripts/submit-run.sh [--ranks N] [--resubmit CKPT_DIR] [--name NAME] [--logs DIR]
#                                 CONFIG [warpnet run options...]
#
#   --ranks N          MPI ranks (default 1); N > 1 runs the optimistic engine unless the
#                      options name an engine
#   --resubmit DIR     checkpoint into DIR when Slurm warns of the time limit (USR1,
#                      WARPNET_SIGNAL_SECONDS before it), and resubmit the same job, which
#                      resumes from DIR; up to WARPNET_MAX_RESUBMITS jobs
#   --name NAME        job name (default: warpnet)
#   --logs DIR         where the job logs go, <name>-<jobid>.out (default: slurm-logs)
#
# Prints the job id. Options such as --output results.h5 go to `warpnet run` unchanged; paths
# are relative to the directory you submit from (the job's working directory).
set -euo pipefail
WARPNET_SCRIPTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export WARPNET_SCRIPTS_DIR
source "$WARPNET_SCRIPTS_DIR/lib.sh"

ranks=1 checkpoint_dir="" name=warpnet logs=slurm-logs
while [ $# -gt 0 ]; do
  case "$1" in
    --ranks) ranks=${2:?--ranks needs a number}; shift 2 ;;
    --resubmit) checkpoint_dir=${2:?--resubmit needs a directory}; shift 2 ;;
    --name) name=${2:?--name needs a name}; shift 2 ;;
    --logs) logs=${2:?--logs needs a directory}; shift 2 ;;
    -h|--help) sed -n '3,20p' "$0"; exit 0 ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || die "usage: submit-run.sh [--ranks N] [--resubmit DIR] CONFIG [warpnet run options]"
[[ "$ranks" =~ ^[1-9][0-9]*$ ]] || die "--ranks: '$ranks' is not a positive number"
[ -f "$1" ] || die "CONFIG: '$1' is not a file"
mkdir -p "$logs"

common_sbatch_args args
args+=(--job-name="$name" --ntasks="$ranks" --output="$logs/%x-%j.out")
if [ -n "$checkpoint_dir" ]; then
  # B: only the batch shell gets the warning; launch_warpnet passes it on to the ranks.
  args+=(--signal="B:USR1@$WARPNET_SIGNAL_SECONDS")
  export WARPNET_CHECKPOINT_DIR=$checkpoint_dir WARPNET_RESUBMIT_COUNT=0
else
  unset WARPNET_CHECKPOINT_DIR
fi
# The job resubmits itself with exactly these options (a string that `eval` turns back into
# the array: printf %q quotes each word).
WARPNET_SBATCH_ARGS=$(printf '%q ' "${args[@]}")
export WARPNET_SBATCH_ARGS
submit "${args[@]}" "$WARPNET_SCRIPTS_DIR/run.sbatch" "$@"
