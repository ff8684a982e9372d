// SPDX-License-Identifier: Apache-2.0
//
// ConfigurableRegistry: a pdes::Registry of factories whose entries may bring their own
// configuration section (io::PartConfig). Every family of the network model with parameters
// (topologies, traffic patterns, injection processes, workloads, routings, selection functions,
// allocators) is one of these, so a part with parameters is its own files plus one registration
// line: nothing central lists its keys.
//
//   TopologyRegistry topologies;                  // a ConfigurableRegistry<Topology, ...>
//   register_topologies(topologies);
//   topologies.declare_config(schema);            // every entry's section, each once
//   std::any options = topologies.read_options("dragonfly", config);   // its params struct
//   auto topology = topologies.create("dragonfly", TopologySetup{options});
//
// Sections of entries that are not selected are validated like any other section (types,
// ranges, unknown keys) unless the section is declared active only for its entry
// (Schema::section_active_when); either way only the selected entry reads its section.
#pragma once

#include <algorithm>
#include <any>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "io/config/part_config.hpp"
#include "pdes/registry.hpp"

namespace io {

template <class Product, class... Args>
struct ConfigurableEntry {
  using Factory = typename pdes::FactoryEntry<Product, Args...>::Factory;
  std::string name;
  std::string description;
  Factory factory;
  /// The entry's own section; none: the entry has no parameters of its own.
  std::optional<PartConfig> config;
};

template <class Product, class... Args>
class ConfigurableRegistry : public pdes::Registry<ConfigurableEntry<Product, Args...>> {
 public:
  using Entry = ConfigurableEntry<Product, Args...>;
  using Factory = typename Entry::Factory;
  using pdes::Registry<Entry>::Registry;
  using pdes::Registry<Entry>::add;

  /// An entry without parameters of its own.
  void add(std::string name, std::string description, Factory factory) {
    add(Entry{std::move(name), std::move(description), std::move(factory), std::nullopt});
  }
  /// An entry with its own configuration section.
  void add(std::string name, std::string description, Factory factory, PartConfig config) {
    add(Entry{std::move(name), std::move(description), std::move(factory), std::move(config)});
  }

  std::unique_ptr<Product> create(std::string_view name, Args... args) const {
    return this->find(name).factory(std::forward<Args>(args)...);
  }

  /// Declares the section (and shared key groups) of every entry that has one, each once
  /// however many entries, of this family or of others, share it (Schema::declare_group).
  void declare_config(Schema& schema) const {
    for (const Entry& e : this->entries()) {
      if (!e.config) continue;
      for (const KeyGroup& group : e.config->shared) schema.declare_group(group.name, group.declare);
      schema.declare_group(e.config->section, e.config->declare);
    }
  }

  /// The parameters of entry `name` read from `config`; empty if it has no section. Throws
  /// pdes::ConfigError for an unknown name.
  std::any read_options(std::string_view name, const Config& config) const {
    const Entry& e = this->find(name);
    return e.config ? e.config->read(config) : std::any{};
  }
};

/// The parameters struct T that a PartConfig made, or T's defaults when it made none (an entry
/// built by a test or a benchmark without a configuration file).
template <class T>
T options_or_default(const std::any& options) {
  if (!options.has_value()) return T{};
  const T* typed = std::any_cast<T>(&options);
  PDES_CHECK(typed != nullptr, std::string("options of another part's type where ") +
                                   typeid(T).name() + " was expected");
  return *typed;
}

}  // namespace io
