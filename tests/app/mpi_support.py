# SPDX-License-Identifier: Apache-2.0
"""What the CLI tests need to start `mpiexec -np N warpnet ...` on the project machine: the
launcher, and Open MPI's settings for running as root and with more ranks than cores
(the project machine's setup). Imported by the test files of this folder."""
import shutil

MPIEXEC = shutil.which("mpiexec") or "/usr/bin/mpiexec"
MPI_ENV = {
    "OMPI_ALLOW_RUN_AS_ROOT": "1",
    "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
    "OMPI_MCA_rmaps_base_oversubscribe": "1",
}
