// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace app {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;     ///< the run failed for a reason outside the input
inline constexpr int kExitBadInput = 2;    ///< configuration, command line, or a limit to raise
inline constexpr int kExitInternal = 3;    ///< a broken invariant: a bug, please report it

}  // namespace app
