# SPDX-License-Identifier: Apache-2.0
# The first lines of every job script: find this folder, load lib.sh and the modules.
if [ -z "${WARPNET_SCRIPTS_DIR:-}" ]; then
  # Submitted by hand: Slurm knows the script's own path.
  WARPNET_SCRIPTS_DIR=$(dirname "$(scontrol show job "$SLURM_JOB_ID" | sed -n 's/^ *Command=\([^ ]*\).*/\1/p')")
  export WARPNET_SCRIPTS_DIR
fi
# shellcheck source=lib.sh
source "$WARPNET_SCRIPTS_DIR/lib.sh"
load_modules
echo "warpnet job $SLURM_JOB_ID${SLURM_ARRAY_TASK_ID:+ (array task $SLURM_ARRAY_TASK_ID)} on ${SLURM_JOB_NODELIST:-?}, ${SLURM_NTASKS:-1} task(s), started $(date -Is)"
echo "warpnet binary: $WARPNET_BIN"
