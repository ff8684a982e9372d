// SPDX-License-Identifier: Apache-2.0
#include "models/network/node/injection_params.hpp"

#include <array>
#include <utility>

#include "pdes/error.hpp"

namespace net {

namespace {

constexpr std::array<std::pair<InjectionKind, std::string_view>, 4> kKinds{{
    {InjectionKind::kBernoulli, "bernoulli"},
    {InjectionKind::kPoisson, "poisson"},
    {InjectionKind::kPeriodic, "periodic"},
    {InjectionKind::kOnOff, "on_off"},
}};

constexpr std::array<std::pair<PeriodicOffset, std::string_view>, 3> kOffsets{{
    {PeriodicOffset::kAligned, "aligned"},
    {PeriodicOffset::kStaggered, "staggered"},
    {PeriodicOffset::kRandom, "random"},
}};

template <typename Table>
std::string joined(const Table& table) {
  std::string out;
  for (const auto& [value, name] : table) out += (out.empty() ? "" : ", ") + std::string(name);
  return out;
}

}  // namespace

std::string_view to_string(InjectionKind kind) {
  for (const auto& [k, name] : kKinds) {
    if (k == kind) return name;
  }
  return "?";
}

std::string_view to_string(PeriodicOffset offset) {
  for (const auto& [o, name] : kOffsets) {
    if (o == offset) return name;
  }
  return "?";
}

std::vector<std::string> injection_kind_names() {
  std::vector<std::string> names;
  for (const auto& [kind, name] : kKinds) names.emplace_back(name);
  return names;
}

std::vector<std::string> periodic_offset_names() {
  std::vector<std::string> names;
  for (const auto& [offset, name] : kOffsets) names.emplace_back(name);
  return names;
}

InjectionKind parse_injection_kind(std::string_view name) {
  for (const auto& [kind, n] : kKinds) {
    if (n == name) return kind;
  }
  throw pdes::ConfigError(
      std::string(kInjectionKey),
      "unknown injection process '" + std::string(name) + "'; valid names: " + joined(kKinds));
}

PeriodicOffset parse_periodic_offset(std::string_view name) {
  for (const auto& [offset, n] : kOffsets) {
    if (n == name) return offset;
  }
  throw pdes::ConfigError(
      std::string(kPeriodicOffsetKey),
      "unknown periodic offset '" + std::string(name) + "'; valid names: " + joined(kOffsets));
}

double InjectionParams::peak_load(double load) const {
  if (kind != InjectionKind::kOnOff) return load;
  return load * (mean_on_cycles + mean_off_cycles) / mean_on_cycles;
}

void InjectionParams::validate() const {
  if (kind != InjectionKind::kOnOff) return;
  // Geometric durations on {1, 2, ...}: a mean below one cycle has no such distribution.
  if (!(mean_on_cycles >= 1.0)) {
    throw pdes::ConfigError(std::string(kMeanOnKey),
                            "a burst lasts at least one cycle on "
                            "average; got " +
                                std::to_string(mean_on_cycles));
  }
  if (!(mean_off_cycles >= 1.0)) {
    throw pdes::ConfigError(std::string(kMeanOffKey),
                            "a silence lasts at least one cycle on "
                            "average; got " +
                                std::to_string(mean_off_cycles));
  }
}

}  // namespace net
