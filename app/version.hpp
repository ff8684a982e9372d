// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>

namespace app {

/// "0.1.0 (git 4d96712)", for --version and the summary.
std::string version_string();
/// "0.1.0".
std::string version_number();
/// The short git revision the binary was configured from, or "unknown".
std::string git_revision();
/// Two lines for --version: the compiler, the MPI library and standard, and the HDF5 release
/// this binary was compiled against ("built with GNU 12.2.0 (Release), Open MPI 4.1.4
/// (MPI 3.1), parallel HDF5 1.10.8"), then the partitioners it was built with
/// ("partitioners: block, round-robin, file, scotch; not built: metis (no METIS)").
std::string build_info();

}  // namespace app
