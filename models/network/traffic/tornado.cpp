// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/tornado.hpp"

#include <algorithm>
#include <string>

#include "pdes/error.hpp"

namespace net::traffic {

namespace {
std::uint32_t tornado_offset(std::uint32_t k) { return (k + 1) / 2 - 1; }
}  // namespace

Tornado::Tornado(const TrafficContext& context)
    : DigitPermutation(context, kName, &tornado_offset) {
  if (std::all_of(offsets().begin(), offsets().end(), [](std::uint32_t o) { return o == 0; })) {
    throw pdes::ConfigError(std::string(kTrafficPatternKey),
                            "'tornado' needs a dimension of radix >= 3: with radix 2 the offset "
                            "ceil(k/2)-1 is 0 and every node would send to itself");
  }
}

std::unique_ptr<TrafficPattern> Tornado::create(const TrafficContext& context,
                                                const std::any& /*options*/) {
  return std::make_unique<Tornado>(context);
}

}  // namespace net::traffic
