// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>

namespace app {

/// "0.1.0 (git abc1234)".
std::string version_string();

}  // namespace app
