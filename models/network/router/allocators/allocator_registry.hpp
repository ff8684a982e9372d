// SPDX-License-Identifier: Apache-2.0
//
// AllocatorRegistry: switch allocators (allocators/switch_allocator.hpp) by name, selected by
// the config key router.allocator.
//
//   AllocatorRegistry registry;
//   register_allocators(registry);
//   std::any options = registry.read_options("islip", config);   // IslipParams
//   std::unique_ptr<SwitchAllocator> a = registry.create("islip", AllocatorSetup{options});
//
// An entry with parameters declares its own section (router.islip); the network model carries
// its parameters struct opaquely (NetworkParams::allocator_options) to the factory. One
// allocator object serves every router of a network.
#pragma once

#include <any>
#include <functional>
#include <utility>
#include <string>
#include <string_view>
#include <vector>

#include "io/config/config.hpp"
#include "io/config/schema.hpp"
#include "models/network/router/allocators/switch_allocator.hpp"
#include "io/config/configurable_registry.hpp"

namespace net {

/// The allocator RouterLp runs without a virtual call (greedy_output_first.hpp).
inline constexpr std::string_view kDefaultAllocator = "greedy_output_first";

/// What an allocator is built from.
struct AllocatorSetup {
  /// Its own parameters, as its io::PartConfig::read made them; empty: its defaults.
  std::any options{};
};

class AllocatorRegistry
    : public io::ConfigurableRegistry<SwitchAllocator, const AllocatorSetup&> {
 public:
  AllocatorRegistry() : ConfigurableRegistry("router.allocator", "allocator") {}
};

/// Adds every allocator, one line each.
void register_allocators(AllocatorRegistry& registry);

/// Declares router.allocator (its choices and default) and every allocator's own section.
void declare_allocator_config(io::Schema& schema);

}  // namespace net
