// SPDX-License-Identifier: Apache-2.0
//
// OptYLayout: how Opt-y (opt_y.hpp) spreads its two VC classes over the x channels, the value
// of opt_y.vc_layout (opt_y_config.hpp). Its own header so that the routing and its section
// share it without either including the other.
#pragma once

#include <cstdint>
#include <string_view>

namespace net {

enum class OptYLayout : std::uint8_t {
  kShared,      ///< "shared": an x hop may take either class (both VCs of the link)
  k4nMinus2,    ///< "4n-2": +x in the eastern class only, -x in the western only
};

std::string_view to_string(OptYLayout layout);
/// Throws pdes::ConfigError("opt_y.vc_layout") for a name that is not a layout.
OptYLayout parse_opt_y_layout(std::string_view name);

}  // namespace net
