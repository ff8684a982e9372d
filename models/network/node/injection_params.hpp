// SPDX-License-Identifier: Apache-2.0
//
// InjectionParams: which arrival process a compute node's traffic source follows, and the
// parameters of the processes that have any. The offered load itself (flits/node/cycle) is not
// here: it is traffic.load, or each phase's load (traffic_phase.hpp), and every process below
// offers exactly that mean load, so that load sweeps mean the same thing whatever the process.
//
// | traffic.injection | process                                  | parameters                   |
// |-------------------|------------------------------------------|------------------------------|
// | bernoulli         | BernoulliInjection (BookSim2 bernoulli)  | -                            |
// | poisson           | PoissonInjection                         | -                            |
// | periodic          | PeriodicInjection                        | traffic.periodic.offset      |
// | on_off            | OnOffInjection (Markov-modulated)        | traffic.on_off.mean_on,      |
// |                   |                                          | traffic.on_off.mean_off      |
//
// See each process's header for its definition and docs/network-config.md for the choices made.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace net {

inline constexpr std::string_view kInjectionKey = "traffic.injection";
inline constexpr std::string_view kPeriodicOffsetKey = "traffic.periodic.offset";
inline constexpr std::string_view kMeanOnKey = "traffic.on_off.mean_on";
inline constexpr std::string_view kMeanOffKey = "traffic.on_off.mean_off";

enum class InjectionKind : std::uint8_t { kBernoulli, kPoisson, kPeriodic, kOnOff };

/// Where in its period a periodic source sends its first packet.
enum class PeriodicOffset : std::uint8_t {
  kAligned,    ///< every node at the start of the period: synchronised bursts
  kStaggered,  ///< node n at n/N of the period: evenly spread, deterministic
  kRandom,     ///< uniform in the period, drawn by each node from its own stream
};

std::string_view to_string(InjectionKind kind);
std::string_view to_string(PeriodicOffset offset);
/// Every name, in declaration order (for the schema's choices).
std::vector<std::string> injection_kind_names();
std::vector<std::string> periodic_offset_names();
/// Throw pdes::ConfigError naming kInjectionKey / kPeriodicOffsetKey for an unknown name.
InjectionKind parse_injection_kind(std::string_view name);
PeriodicOffset parse_periodic_offset(std::string_view name);

struct InjectionParams {
  InjectionKind kind = InjectionKind::kBernoulli;
  PeriodicOffset periodic_offset = PeriodicOffset::kStaggered;
  double mean_on_cycles = 100.0;   ///< on_off: mean length of a burst (cycles, >= 1)
  double mean_off_cycles = 900.0;  ///< on_off: mean length of a silence (cycles, >= 1)

  /// The load during a burst of an on/off source whose mean load is `load`:
  /// load * (mean_on + mean_off) / mean_on. For the other processes, `load`.
  double peak_load(double load) const;

  /// Throws pdes::ConfigError naming the key of the first bad parameter of the chosen process
  /// (mean durations below one cycle).
  void validate() const;
};

}  // namespace net
