// SPDX-License-Identifier: Apache-2.0
#include "models/network/node/periodic_injection.hpp"

#include <array>
#include <utility>

#include "io/config/configurable_registry.hpp"
#include "models/network/node/injection_registry.hpp"

#include <algorithm>
#include <cmath>

#include "pdes/error.hpp"

namespace net {

namespace {

constexpr std::array<std::pair<PeriodicOffset, std::string_view>, 3> kOffsets{{
    {PeriodicOffset::kAligned, "aligned"},
    {PeriodicOffset::kStaggered, "staggered"},
    {PeriodicOffset::kRandom, "random"},
}};

}  // namespace

std::string_view to_string(PeriodicOffset offset) {
  for (const auto& [o, name] : kOffsets) {
    if (o == offset) return name;
  }
  return "?";
}

std::vector<std::string> periodic_offset_names() {
  std::vector<std::string> names;
  for (const auto& [offset, name] : kOffsets) names.emplace_back(name);
  return names;
}

PeriodicOffset parse_periodic_offset(std::string_view name) {
  for (const auto& [o, n] : kOffsets) {
    if (n == name) return o;
  }
  std::string valid;
  for (const auto& [o, n] : kOffsets) valid += (valid.empty() ? "" : ", ") + std::string(n);
  throw pdes::ConfigError(std::string(kPeriodicOffsetKey), "unknown periodic offset '" +
                                                              std::string(name) +
                                                              "'; valid names: " + valid);
}

std::unique_ptr<InjectionProcess> PeriodicInjection::create(const InjectionSetup& setup) {
  const auto params = io::options_or_default<PeriodicParams>(setup.options);
  return std::make_unique<PeriodicInjection>(params.offset, setup.num_nodes);
}

io::PartConfig PeriodicInjection::config() {
  const auto declare = [](io::Schema& s) {
    s.describe_section("traffic.periodic", "Periodic injection: a packet every packet_size/load "
                                           "cycles");
    s.section_active_when("traffic.periodic", std::string(kInjectionKey), "periodic");
    s.add_choice(std::string(kPeriodicOffsetKey),
                 std::string(to_string(PeriodicParams{}.offset)), periodic_offset_names())
        .describe(
            "Node phase offsets: aligned (all at once), staggered (n/N of a period), random");
  };
  return {"traffic.periodic", declare, [](const io::Config& config) -> std::any {
            return PeriodicParams{
                parse_periodic_offset(config.get_string(kPeriodicOffsetKey))};
          }};
}

PeriodicInjection::PeriodicInjection(PeriodicOffset offset, std::uint64_t num_nodes)
    : offset_(offset), num_nodes_(num_nodes) {
  PDES_CHECK(num_nodes > 0, "periodic injection without nodes");
}

double PeriodicInjection::tolerant_ceil(double x) {
  const double below = std::floor(x);
  return x - below <= 1e-12 * std::max(1.0, x) ? below : below + 1.0;
}

void PeriodicInjection::begin(std::uint64_t first, double rate, NodeId node, InjectionState& state,
                              pdes::Rng& rng) const {
  const double period = 1.0 / rate;
  state.anchor = first;
  state.count = 0;
  switch (offset_) {
    case PeriodicOffset::kAligned:
      state.offset = 0.0;
      break;
    case PeriodicOffset::kStaggered:
      state.offset = period * static_cast<double>(node) / static_cast<double>(num_nodes_);
      break;
    case PeriodicOffset::kRandom:
      state.offset = period * rng.uniform();
      break;
  }
}

std::optional<Arrival> PeriodicInjection::next(std::uint64_t from, std::uint64_t end, double rate,
                                               InjectionState& state, pdes::Rng& /*rng*/) const {
  const double due = tolerant_ceil(state.offset + static_cast<double>(state.count) / rate);
  // Compared in double first, so that a due time beyond any run cannot overflow.
  if (end <= state.anchor || due >= static_cast<double>(end - state.anchor)) return std::nullopt;
  const std::uint64_t cycle = state.anchor + static_cast<std::uint64_t>(due);
  PDES_CHECK(cycle >= from, "periodic injection went back in time");
  ++state.count;
  return Arrival{cycle, 1};
}

}  // namespace net
