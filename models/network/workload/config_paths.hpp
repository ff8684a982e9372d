// SPDX-License-Identifier: Apache-2.0
//
// Files named in a configuration (message lists, trace directories, mapping files) are read
// from the configuration file's folder when they are relative, so that a configuration and its
// inputs travel together: sweeps and cluster jobs run in other folders.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "io/config/config.hpp"

namespace net {

/// The value of string key `key`, made relative to the configuration file's folder when it is a
/// relative path and the configuration came from a file; "" stays "".
inline std::string path_beside_config(const io::Config& config, std::string_view key) {
  const std::filesystem::path config_file = config.source_name();
  const std::filesystem::path file = config.get_string(key);
  if (!file.empty() && file.is_relative() && std::filesystem::is_regular_file(config_file)) {
    return (config_file.parent_path() / file).lexically_normal().string();
  }
  return file.string();
}

}  // namespace net
