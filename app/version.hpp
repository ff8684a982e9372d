// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>

namespace app {

/// "0.1.0 (git abc1234)".
/// "0.1.0 (git 4d96712)", for --version and the summary.
std::string version_string();
/// "0.1.0".
std::string version_number();
/// The short git revision the binary was configured from, or "unknown".
std::string git_revision();

}  // namespace app
