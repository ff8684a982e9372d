// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/prdrb/source_state.hpp"

#include <algorithm>

namespace net::prdrb {

namespace {

template <class Flows>
auto lower(Flows& flows, std::uint32_t destination) {
  return std::lower_bound(flows.begin(), flows.end(), destination,
                          [](const FlowControl& f, std::uint32_t d) { return f.destination < d; });
}

}  // namespace

const FlowControl* SourceState::find(std::uint32_t destination) const {
  const auto it = lower(flows, destination);
  return it != flows.end() && it->destination == destination ? &*it : nullptr;
}

FlowControl* SourceState::find(std::uint32_t destination) {
  const auto it = lower(flows, destination);
  return it != flows.end() && it->destination == destination ? &*it : nullptr;
}

FlowControl& SourceState::find_or_add(std::uint32_t destination) {
  const auto it = lower(flows, destination);
  if (it != flows.end() && it->destination == destination) return *it;
  FlowControl fresh;
  fresh.destination = destination;
  return *flows.insert(it, fresh);
}

void SourceState::erase(std::uint32_t destination) {
  const auto it = lower(flows, destination);
  if (it != flows.end() && it->destination == destination) flows.erase(it);
}

}  // namespace net::prdrb
