// SPDX-License-Identifier: Apache-2.0
#include "pdes/error.hpp"

namespace pdes::internal {

void fail_check(const char* condition, const char* file, int line, const std::string& message) {
  throw InvariantError(std::string("internal check failed: ") + condition + " at " + file + ":" +
                       std::to_string(line) + (message.empty() ? "" : ": " + message));
}

}  // namespace pdes::internal
