# SPDX-License-Identifier: Apache-2.0
# Functions shared by the submit helpers and the job scripts. Sourced, never run.
#
# Job scripts run from a copy in Slurm's spool directory, so they cannot find this folder
# from $0: the submit helpers export WARPNET_SCRIPTS_DIR, and a job script submitted by hand
# falls back to the path Slurm recorded for it (scontrol's Command=).

# shellcheck source=config.sh
source "$WARPNET_SCRIPTS_DIR/config.sh"

die() { echo "warpnet cluster-scripts: $*" >&2; exit 2; }

# The options every job gets from config.sh, into the array named by $1.
common_sbatch_args() {
  local -n out=$1
  out=(--time="$WARPNET_TIME")
  [ -n "$WARPNET_PARTITION" ] && out+=(--partition="$WARPNET_PARTITION")
  [ -n "$WARPNET_ACCOUNT" ] && out+=(--account="$WARPNET_ACCOUNT")
  # Word splitting is wanted: several options in one variable.
  # shellcheck disable=SC2206
  [ -n "$WARPNET_SBATCH_EXTRA" ] && out+=($WARPNET_SBATCH_EXTRA)
  return 0
}

# sbatch ARGS... : submits and prints only the job id (--parsable), failing loudly.
submit() {
  local id
  id=$(sbatch --parsable "$@") || die "sbatch failed: sbatch $*"
  echo "${id%%;*}"   # --parsable prints "id" or "id;cluster"
}

# Inside a job: load the configured modules (a cluster without `module` needs none).
load_modules() {
  [ -z "$WARPNET_MODULES" ] && return 0
  if ! command -v module >/dev/null 2>&1 && [ -n "${MODULESHOME:-}" ]; then
    source "$MODULESHOME/init/bash"
  fi
  # shellcheck disable=SC2086
  module load $WARPNET_MODULES || { echo "cannot load modules: $WARPNET_MODULES" >&2; exit 2; }
}

# Inside a job: runs `warpnet ARGS...` on $SLURM_NTASKS ranks with the configured launcher and
# returns its exit status. A USR1 or TERM that reaches the batch shell (sbatch
# --signal=B:USR1@S, the time limit, scancel --signal) is passed on to the launcher, which
# passes it to every rank: warpnet then checkpoints and exits 75.
launch_warpnet() {
  local ranks=${SLURM_NTASKS:-1} pid status
  case "$WARPNET_LAUNCHER" in
    srun) srun --mpi="$WARPNET_SRUN_MPI" --ntasks="$ranks" "$WARPNET_BIN" "$@" & ;;
    mpirun) mpirun -np "$ranks" "$WARPNET_BIN" "$@" & ;;
    *) die "WARPNET_LAUNCHER must be srun or mpirun, not '$WARPNET_LAUNCHER'" ;;
  esac
  pid=$!
  trap 'echo "warpnet job: got USR1, asking warpnet to checkpoint" >&2; kill -USR1 $pid 2>/dev/null' USR1
  trap 'echo "warpnet job: got TERM, asking warpnet to checkpoint" >&2; kill -USR1 $pid 2>/dev/null' TERM
  # A trapped signal makes `wait` return early (status > 128) while the launcher still runs.
  while :; do
    wait "$pid" && status=0 || status=$?
    if [ "$status" -gt 128 ] && kill -0 "$pid" 2>/dev/null; then continue; fi
    break
  done
  trap - USR1 TERM
  return "$status"
}

# The engine for a run on $SLURM_NTASKS ranks, unless the arguments name one already.
engine_args() {
  local a
  for a in "$@"; do
    case "$a" in --engine|--engine=*|simulation.engine=*) return 0 ;; esac
  done
  if [ "${SLURM_NTASKS:-1}" -gt 1 ]; then echo --engine; echo optimistic; fi
}
