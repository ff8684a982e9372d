// SPDX-License-Identifier: Apache-2.0
//
// PeriodicInjection: a node generates one packet every T = 1 / rate cycles (rate in packets per
// cycle, so T = packet size / load), deterministically:
//
//   packet k of a segment that starts at cycle s is generated at  s + ceil(offset + k T),
//
// k = 0, 1, ...; offset in [0, T) is the node's phase offset (traffic.periodic.offset):
// `aligned` 0 for every node (all nodes inject in the same cycles: synchronised bursts),
// `staggered` T n / N for node n of N (evenly spread, no draw), `random` U[0, T) drawn by the
// node at the start of each segment. When T is not a whole number the gaps alternate between
// floor(T) and ceil(T) cycles and the long-run rate is still exactly `rate`. Values of
// offset + k T within 1e-12 (relative) of a whole number count as that number, so that an exact
// period such as 10/3 * 3 = 10 does not drift by a cycle through rounding.
//
// At a segment (phase) boundary the period restarts: packet 0 of the new segment is due at its
// first cycle plus the offset.
#pragma once

#include <any>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "io/config/part_config.hpp"

#include "models/network/node/injection_process.hpp"

namespace net {

inline constexpr std::string_view kPeriodicOffsetKey = "traffic.periodic.offset";

/// Where in its period a periodic source sends its first packet.
enum class PeriodicOffset : std::uint8_t {
  kAligned,    ///< every node at the start of the period: synchronised bursts
  kStaggered,  ///< node n at n/N of the period: evenly spread, deterministic
  kRandom,     ///< uniform in the period, drawn by each node from its own stream
};

std::string_view to_string(PeriodicOffset offset);
std::vector<std::string> periodic_offset_names();
/// Throws pdes::ConfigError naming kPeriodicOffsetKey for an unknown name.
PeriodicOffset parse_periodic_offset(std::string_view name);

/// [traffic.periodic]
struct PeriodicParams {
  PeriodicOffset offset = PeriodicOffset::kStaggered;
};

struct InjectionSetup;

class PeriodicInjection final : public InjectionProcess {
 public:
  PeriodicInjection(PeriodicOffset offset, std::uint64_t num_nodes);
  static std::unique_ptr<InjectionProcess> create(const InjectionSetup& setup);
  /// [traffic.periodic], active while traffic.injection = "periodic".
  static io::PartConfig config();

  std::string_view name() const override { return "periodic"; }
  void begin(std::uint64_t first, double rate, NodeId node, InjectionState& state,
             pdes::Rng& rng) const override;
  std::optional<Arrival> next(std::uint64_t from, std::uint64_t end, double rate,
                              InjectionState& state, pdes::Rng& rng) const override;

  /// ceil(x), except that x within 1e-12 (relative) above a whole number gives that number.
  static double tolerant_ceil(double x);

 private:
  const PeriodicOffset offset_;
  const std::uint64_t num_nodes_;
};

}  // namespace net
