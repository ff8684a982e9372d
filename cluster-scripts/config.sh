# SPDX-License-Identifier: Apache-2.0
# Site configuration of the warpnet Slurm scripts (docs/cluster.md). Edit the defaults here
# once for your cluster, or override any of them per submission from the environment:
#   WARPNET_PARTITION=long WARPNET_TIME=08:00:00 cluster-scripts/submit-run.sh ...
# Every submit helper and job script sources this file; the job scripts get the values the
# submission used, because sbatch exports the submitting environment to the job.

: "${WARPNET_PARTITION:=}"          # --partition (empty: the cluster's default partition)
: "${WARPNET_ACCOUNT:=}"            # --account   (empty: your default account)
: "${WARPNET_TIME:=01:00:00}"       # --time of each job (each resubmission gets it again)
: "${WARPNET_MODULES:=}"            # modules to load in every job, e.g. "openmpi/4.1 hdf5/1.10"
: "${WARPNET_LAUNCHER:=srun}"       # how MPI ranks start: srun (direct launch) or mpirun
: "${WARPNET_SRUN_MPI:=pmix}"       # srun --mpi=... (Debian's Open MPI needs pmix)
: "${WARPNET_SBATCH_EXTRA:=}"       # more sbatch options for every job, e.g. "--qos=short"
: "${WARPNET_PYTHON:=python3}"      # Python with h5py, numpy and pandas (the gather step)

# Checkpoint / resubmission (submit-run.sh --resubmit DIR; docs/checkpoint-restart.md).
: "${WARPNET_SIGNAL_SECONDS:=300}"  # Slurm sends USR1 this long before the time limit
: "${WARPNET_CHECKPOINT_EVERY:=}"   # also checkpoint every N wall seconds (empty: only on USR1)
: "${WARPNET_MAX_RESUBMITS:=10}"    # stop resubmitting after this many jobs of one run

# Job arrays (submit-sweep.sh): how many points may run at once (empty: no limit).
: "${WARPNET_ARRAY_MAX_RUNNING:=}"

# The repository or installation (for analysis/) and the warpnet binary. Set WARPNET_BIN to
# run another binary. The default is the installation's bin/warpnet when these scripts were
# installed (`cmake --install` puts install-layout.sh beside them; docs/install.md), and this
# checkout's build/app/warpnet otherwise.
: "${WARPNET_ROOT:=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
if [ -z "${WARPNET_BIN:-}" ] && [ -f "$(dirname "${BASH_SOURCE[0]}")/install-layout.sh" ]; then
  # shellcheck source=/dev/null
  source "$(dirname "${BASH_SOURCE[0]}")/install-layout.sh"
fi
: "${WARPNET_BIN:=$WARPNET_ROOT/build/app/warpnet}"
export WARPNET_PARTITION WARPNET_ACCOUNT WARPNET_TIME WARPNET_MODULES WARPNET_LAUNCHER \
       WARPNET_SRUN_MPI WARPNET_SBATCH_EXTRA WARPNET_PYTHON WARPNET_SIGNAL_SECONDS \
       WARPNET_CHECKPOINT_EVERY WARPNET_MAX_RESUBMITS WARPNET_ARRAY_MAX_RUNNING \
       WARPNET_ROOT WARPNET_BIN
