// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/torus_tie.hpp"

#include <string>

#include "pdes/error.hpp"

namespace net {

std::string_view to_string(TorusTie tie) {
  switch (tie) {
    case TorusTie::kPlus: return "plus";
    case TorusTie::kRandom: return "random";
    case TorusTie::kBalanced: return "balanced";
  }
  return "?";
}

std::vector<std::string> torus_tie_names() { return {"plus", "random", "balanced"}; }

TorusTie parse_torus_tie(std::string_view name) {
  for (const TorusTie t : {TorusTie::kPlus, TorusTie::kRandom, TorusTie::kBalanced}) {
    if (to_string(t) == name) return t;
  }
  throw pdes::ConfigError("network.torus_tie", "unknown tie rule '" + std::string(name) +
                                                   "'; valid names: plus, random, balanced");
}

}  // namespace net
