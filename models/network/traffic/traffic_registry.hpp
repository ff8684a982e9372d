// SPDX-License-Identifier: Apache-2.0
//
// TrafficRegistry: traffic patterns by name, selected by the config key traffic.pattern (and by
// the `pattern` field of a [[traffic.phases]] table).
//
// An entry is a pattern's whole registration: name, one-line description, factory and, for a
// pattern with parameters, its PatternConfig (pattern_config.hpp), which declares the
// parameters both as [traffic] keys and as phase fields and reads them into the pattern's own
// parameters struct. The model carries that struct unopened (a std::any) to the factory.
//
//   TrafficRegistry registry;
//   register_traffic_patterns(registry);
//   std::any options = registry.read_options("hot_spot", config);   // a HotSpotParams
//   std::unique_ptr<TrafficPattern> p =
//       registry.create("hot_spot", TrafficContext::of(topology), options);
//
// Unknown names throw pdes::ConfigError("traffic.pattern", "... valid names: uniform, ...").
#pragma once

#include <any>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/config/config.hpp"
#include "io/config/schema.hpp"
#include "models/network/traffic/pattern_config.hpp"
#include "models/network/traffic/traffic_context.hpp"
#include "models/network/traffic/traffic_pattern.hpp"
#include "pdes/registry.hpp"

namespace net {

struct PatternEntry {
  using Factory =
      std::function<std::unique_ptr<TrafficPattern>(const TrafficContext&, const std::any&)>;
  std::string name;
  std::string description;
  Factory factory;
  std::optional<PatternConfig> config;  ///< none: the pattern has no parameters
};

class TrafficRegistry : public pdes::Registry<PatternEntry> {
 public:
  TrafficRegistry() : Registry(std::string(kTrafficPatternKey), "traffic pattern") {}

  using Registry::add;
  void add(std::string name, std::string description, PatternEntry::Factory factory) {
    add(PatternEntry{std::move(name), std::move(description), std::move(factory), std::nullopt});
  }
  void add(std::string name, std::string description, PatternEntry::Factory factory,
           PatternConfig config) {
    add(PatternEntry{std::move(name), std::move(description), std::move(factory),
                     std::move(config)});
  }

  std::unique_ptr<TrafficPattern> create(std::string_view name, const TrafficContext& context,
                                         const std::any& options = {}) const {
    return find(name).factory(context, options);
  }

  /// Declares every pattern's parameters as [traffic] keys; a subsection is active only while
  /// traffic.pattern names a pattern that uses it.
  void declare_config(io::Schema& schema) const;
  /// Every pattern's parameters as fields of a [[traffic.phases]] table.
  std::vector<io::KeyBuilder> phase_fields() const;

  /// The parameters of pattern `name` from the [traffic] keys. Throws pdes::ConfigError naming
  /// a key that belongs to another pattern and is set.
  std::any read_options(std::string_view name, const io::Config& config) const;
  /// The parameters of pattern `name` from one phase's table. Throws pdes::ConfigError (key
  /// traffic.phases) naming a field that belongs to another pattern and is set.
  std::any read_phase_options(std::string_view name, const io::TableRow& row) const;

  /// The phase fields of every pattern's parameters that `row` sets (for a phase without a
  /// pattern of its own, where they would be ignored).
  std::vector<std::string> set_phase_fields(const io::TableRow& row) const;
  /// The [traffic] key of a phase field, or "" if it is no pattern's parameter.
  std::string key_of_phase_field(std::string_view field) const;

 private:
  /// Each distinct parameter once, in registration order, with the pattern(s) that use it.
  struct Parameter {
    const PatternParameter* declaration;
    std::vector<std::string> users;
  };
  std::vector<Parameter> parameters() const;
};

/// Adds every traffic pattern, one line each.
void register_traffic_patterns(TrafficRegistry& registry);

/// The registered names (for the configuration schema's list of choices).
std::vector<std::string> traffic_pattern_names();

}  // namespace net
