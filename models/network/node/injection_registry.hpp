// SPDX-License-Identifier: Apache-2.0
//
// InjectionRegistry: arrival processes by name, selected by traffic.injection. A process with
// parameters registers its own section (io::PartConfig), active only while it is selected.
//
//   InjectionRegistry registry;
//   register_injection_processes(registry);
//   auto process = registry.create("on_off", InjectionSetup{num_nodes, options});
//
// Adding a process: its class (injection_process.hpp), one line here, its tests.
#pragma once

#include <any>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "io/config/configurable_registry.hpp"
#include "models/network/node/injection_params.hpp"
#include "models/network/node/injection_process.hpp"

namespace net {

/// What an arrival process is built from.
struct InjectionSetup {
  std::uint64_t num_nodes = 1;
  std::any options{};  ///< the process's own parameters; empty: its defaults
};

class InjectionRegistry : public io::ConfigurableRegistry<InjectionProcess, const InjectionSetup&> {
 public:
  InjectionRegistry() : ConfigurableRegistry(std::string(kInjectionKey), "injection process") {}
};

/// Adds every arrival process, one line each.
void register_injection_processes(InjectionRegistry& registry);

std::vector<std::string> injection_kind_names();

}  // namespace net
