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
#include "models/network/topology/named_registry.hpp"

namespace net {

/// The allocator RouterLp runs without a virtual call (greedy_output_first.hpp).
inline constexpr std::string_view kDefaultAllocator = "greedy_output_first";

/// What an allocator is built from.
struct AllocatorSetup {
  /// Its own parameters, as its io::PartConfig::read made them; empty: its defaults.
  std::any options{};
};

/// The configuration section of an allocator with parameters of its own.
struct AllocatorConfig {
  std::string section;                                ///< e.g. "router.islip"
  std::function<void(io::Schema&)> declare;            ///< declares the section's keys
  std::function<std::any(const io::Config&)> read;     ///< its parameters struct
};

class AllocatorRegistry : public NamedRegistry<SwitchAllocator, const AllocatorSetup&> {
 public:
  AllocatorRegistry() : NamedRegistry("router.allocator", "allocator") {}

  using NamedRegistry::add;
  /// An allocator with a configuration section of its own.
  void add(std::string name, std::string description, Factory factory, AllocatorConfig config) {
    add(name, std::move(description), std::move(factory));
    configs_.emplace_back(std::move(name), std::move(config));
  }
  /// The section of allocator `name`, or nullptr if it has none.
  const AllocatorConfig* config_of(std::string_view name) const {
    for (const auto& [n, c] : configs_) {
      if (n == name) return &c;
    }
    return nullptr;
  }
  /// Declares the sections of every allocator that has one.
  void declare_config(io::Schema& schema) const {
    for (const auto& entry : configs_) entry.second.declare(schema);
  }
  /// The options of allocator `name` read from `config`; empty if it has no section. Throws
  /// pdes::ConfigError for an unknown name.
  std::any read_options(std::string_view name, const io::Config& config) const {
    find(name);
    const AllocatorConfig* c = config_of(name);
    return c != nullptr ? c->read(config) : std::any{};
  }

 private:
  std::vector<std::pair<std::string, AllocatorConfig>> configs_;
};

/// The parameters struct T an allocator's section made, or T's defaults when there is none.
template <class T>
T allocator_options_or_default(const std::any& options) {
  if (!options.has_value()) return T{};
  const T* typed = std::any_cast<T>(&options);
  PDES_CHECK(typed != nullptr, "allocator options of another allocator's type");
  return *typed;
}

/// Adds every allocator, one line each.
void register_allocators(AllocatorRegistry& registry);

/// Declares router.allocator (its choices and default) and every allocator's own section.
void declare_allocator_config(io::Schema& schema);

}  // namespace net
