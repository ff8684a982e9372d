// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace app {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;     ///< the run failed for a reason outside the input
inline constexpr int kExitBadInput = 2;    ///< configuration, command line, or a limit to raise
inline constexpr int kExitInternal = 3;    ///< a broken invariant: a bug, please report it
/// The run stopped after writing a checkpoint (SIGTERM, SIGUSR1, --checkpoint-stop-after):
/// resume it with --restart. 75 is EX_TEMPFAIL of sysexits.h ("try again later"); 3 was taken.
inline constexpr int kExitCheckpointed = 75;

}  // namespace app
