// SPDX-License-Identifier: Apache-2.0
// Channel dependency graphs of the dragonfly's routings, for the tests that check them acyclic
// (Dally and Seitz's condition): a channel is (router, output port, VC class), and a dependency
// joins the channel a head arrives on to each channel its routing may ask for next.
#pragma once

#include <map>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

#include "models/network/topology/dragonfly.hpp"

namespace net::testing {

using Channel = std::tuple<RouterId, PortId, std::uint32_t>;
using Cdg = std::map<Channel, std::set<Channel>>;

inline bool has_cycle(const Cdg& cdg) {
  std::map<Channel, int> colour;
  std::vector<std::pair<Channel, bool>> stack;
  for (const auto& [start, _] : cdg) {
    if (colour[start] != 0) continue;
    stack.push_back({start, false});
    while (!stack.empty()) {
      auto [c, leaving] = stack.back();
      stack.pop_back();
      if (leaving) {
        colour[c] = 2;
        continue;
      }
      if (colour[c] != 0) continue;
      colour[c] = 1;
      stack.push_back({c, true});
      const auto it = cdg.find(c);
      if (it == cdg.end()) continue;
      for (const Channel& n : it->second) {
        if (colour[n] == 1) return true;
        if (colour[n] == 0) stack.push_back({n, false});
      }
    }
  }
  return false;
}

}  // namespace net::testing
