// SPDX-License-Identifier: Apache-2.0
// TrafficRegistry: the configuration of the registered patterns' parameters.
#include <algorithm>

#include "models/network/traffic/traffic_registry.hpp"
#include "pdes/error.hpp"

namespace net {

namespace {

bool uses(const PatternEntry& entry, const PatternParameter& parameter) {
  if (!entry.config) return false;
  for (const PatternParameter& p : entry.config->parameters) {
    if (p.key() == parameter.key()) return true;
  }
  return false;
}

// "(it uses: traffic.hot_spot.nodes, traffic.hot_spot.fraction)" or "(it takes no parameters)"
std::string what_it_uses(const PatternEntry& entry, bool as_fields) {
  std::string used;
  if (entry.config) {
    for (const PatternParameter& p : entry.config->parameters) {
      if (!used.empty()) used += ", ";
      used += as_fields ? p.phase_field() : p.key();
    }
  }
  return used.empty() ? " (it takes no parameters)" : " (it uses: " + used + ")";
}

}  // namespace

std::vector<TrafficRegistry::Parameter> TrafficRegistry::parameters() const {
  std::vector<Parameter> result;
  for (const PatternEntry& e : entries()) {
    if (!e.config) continue;
    for (const PatternParameter& p : e.config->parameters) {
      const auto it = std::find_if(result.begin(), result.end(), [&](const Parameter& q) {
        return q.declaration->key() == p.key();
      });
      if (it != result.end()) {
        it->users.push_back(e.name);
      } else {
        result.push_back({&p, {e.name}});
      }
    }
  }
  return result;
}

void TrafficRegistry::declare_config(io::Schema& schema) const {
  std::vector<std::string> declared;
  for (const PatternEntry& e : entries()) {
    if (!e.config) continue;
    const PatternConfig& c = *e.config;
    const bool subsection = c.section != "traffic";
    if (subsection) schema.section_active_when(c.section, std::string(kTrafficPatternKey), e.name);
    if (std::find(declared.begin(), declared.end(), c.section) != declared.end()) continue;
    declared.push_back(c.section);
    if (subsection && !c.description.empty()) schema.describe_section(c.section, c.description);
    for (const PatternParameter& p : c.parameters) {
      io::KeyBuilder& key = schema.add_like(p.key(), p.field);
      // A key directly in [traffic] says which pattern it is for.
      if (!subsection) key.describe(e.name + ": " + p.field.decl().description);
    }
  }
}

std::vector<io::KeyBuilder> TrafficRegistry::phase_fields() const {
  std::vector<io::KeyBuilder> fields;
  for (const Parameter& p : parameters()) {
    io::KeyDecl decl = p.declaration->field.decl();
    decl.name = decl.path = p.declaration->phase_field();
    std::string users;
    for (const std::string& u : p.users) users += (users.empty() ? "" : ", ") + u;
    decl.description = "Phase pattern " + users + ": " + decl.description;
    fields.emplace_back(std::move(decl));
  }
  return fields;
}

std::any TrafficRegistry::read_options(std::string_view name, const io::Config& config) const {
  const PatternEntry& entry = find(name);
  for (const Parameter& p : parameters()) {
    const PatternParameter& d = *p.declaration;
    if (!uses(entry, d) && config.is_set(d.key())) {
      throw pdes::ConfigError(d.key(), "not used by traffic pattern '" + entry.name + "'" +
                                           what_it_uses(entry, false));
    }
  }
  if (!entry.config) return {};
  return entry.config->read(SectionValues(config, entry.config->parameters));
}

std::any TrafficRegistry::read_phase_options(std::string_view name,
                                             const io::TableRow& row) const {
  const PatternEntry& entry = find(name);
  for (const Parameter& p : parameters()) {
    const PatternParameter& d = *p.declaration;
    if (!uses(entry, d) && row.is_set(d.phase_field())) {
      throw pdes::ConfigError(d.key(), "field " + d.phase_field() +
                                           ": not used by traffic pattern '" + entry.name + "'" +
                                           what_it_uses(entry, true));
    }
  }
  if (!entry.config) return {};
  return entry.config->read(PhaseValues(row, entry.config->parameters));
}

std::vector<std::string> TrafficRegistry::set_phase_fields(const io::TableRow& row) const {
  std::vector<std::string> set;
  for (const Parameter& p : parameters()) {
    if (row.is_set(p.declaration->phase_field())) set.push_back(p.declaration->phase_field());
  }
  return set;
}

std::string TrafficRegistry::key_of_phase_field(std::string_view field) const {
  for (const Parameter& p : parameters()) {
    if (p.declaration->phase_field() == field) return p.declaration->key();
  }
  return "";
}

}  // namespace net
