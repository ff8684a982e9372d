// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/neighbour.hpp"

namespace net::traffic {

namespace {
std::uint32_t neighbour_offset(std::uint32_t) { return 1; }
}  // namespace

Neighbour::Neighbour(const TrafficContext& context)
    : DigitPermutation(context, kName, &neighbour_offset) {}

std::unique_ptr<TrafficPattern> Neighbour::create(const TrafficContext& context,
                                                  const std::any& /*options*/) {
  return std::make_unique<Neighbour>(context);
}

}  // namespace net::traffic
