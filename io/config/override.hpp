// SPDX-License-Identifier: Apache-2.0
//
// Override: one `--set key=value` from the command line, before it is checked.
//
// parse_override() only splits the text; the value stays text until load_config() reads it
// according to the key's declared type (bare words are fine for strings and choices:
// `--set simulation.engine=optimistic`; lists are TOML arrays: `--set topology.dims=[8,8]`).
//
//   io::parse_override("phold.lps=64")    // {"phold.lps", "64"}
//   io::parse_override("phold.lps")       // throws io::ConfigErrors: expected key=value
#pragma once

#include <string>
#include <vector>

namespace io {

struct Override {
  std::string key;    ///< dotted key path, e.g. "phold.lps"
  std::string value;  ///< the value as typed, e.g. "64", "optimistic", "[8, 8]"

  /// "--set key=value": the location named in error messages.
  std::string location() const { return "--set " + key + "=" + value; }
};

/// Splits "key=value" at the first '='; spaces around key and value are dropped. Throws
/// io::ConfigErrors (a pdes::ConfigError) when there is no '=' or the key is not a dotted name.
Override parse_override(const std::string& text);

/// parse_override() for every text; throws one io::ConfigErrors listing every malformed text.
std::vector<Override> parse_overrides(const std::vector<std::string>& texts);

}  // namespace io
