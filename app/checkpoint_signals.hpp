// SPDX-License-Identifier: Apache-2.0
//
// SIGTERM and SIGUSR1 as checkpoint requests (docs/checkpoint-restart.md).
//
// Slurm sends SIGTERM at the time limit, and with `--signal=USR1@SECONDS` a warning that many
// seconds earlier. With --checkpoint-dir, warpnet catches both: the handler only sets a flag,
// which the engine reads at its next GVT round (or after a few thousand events in the
// sequential engine); the ranks agree, write a checkpoint and exit with kExitCheckpointed.
// Without --checkpoint-dir nothing is installed and SIGTERM ends the process as before.
#pragma once

namespace app {

/// Installs the handlers (idempotent).
void install_checkpoint_signal_handlers();
/// True once SIGTERM or SIGUSR1 has arrived since the handlers were installed.
bool checkpoint_signal_received();

}  // namespace app
