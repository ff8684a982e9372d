// SPDX-License-Identifier: Apache-2.0
//
// InjectionParams: which arrival process a compute node's traffic source follows
// (traffic.injection), and that process's own parameters. The offered load itself
// (flits/node/cycle) is not here: it is traffic.load, or each phase's load (traffic_phase.hpp),
// and every process offers exactly that mean load, so that load sweeps mean the same thing
// whatever the process.
//
// | traffic.injection | process                                  | parameters (options)         |
// |-------------------|------------------------------------------|------------------------------|
// | bernoulli         | BernoulliInjection (BookSim2 bernoulli)  | -                            |
// | poisson           | PoissonInjection                         | -                            |
// | periodic          | PeriodicInjection                        | PeriodicParams:              |
// |                   |                                          | traffic.periodic.offset      |
// | on_off            | OnOffInjection (Markov-modulated)        | OnOffParams:                 |
// |                   |                                          | traffic.on_off.mean_on, .off |
//
// The processes are registered in injection_registry.cpp, each with its own section; see each
// process's header for its definition and docs/network-config.md for the choices made.
#pragma once

#include <any>
#include <string>
#include <string_view>

namespace net {

inline constexpr std::string_view kInjectionKey = "traffic.injection";

struct InjectionParams {
  std::string kind = "bernoulli";  ///< a name of injection_registry.cpp
  /// The process's own parameters (its io::PartConfig), e.g. an OnOffParams; empty: defaults.
  std::any options;
};

}  // namespace net
