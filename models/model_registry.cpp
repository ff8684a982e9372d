// SPDX-License-Identifier: Apache-2.0
#include "models/model.hpp"

namespace models {

void ModelRegistry::add(ModelEntry entry) {
  for (const auto& e : entries_) {
    if (e.name == entry.name) throw std::logic_error("model '" + entry.name + "' registered twice");
  }
  entries_.push_back(std::move(entry));
}

const ModelEntry& ModelRegistry::find(const std::string& name) const {
  for (const auto& e : entries_) {
    if (e.name == name) return e;
  }
  std::string valid;
  for (const auto& e : entries_) valid += (valid.empty() ? "" : ", ") + e.name;
  throw pdes::ConfigError("simulation.model",
                          "unknown model '" + name + "'; valid models: " + valid);
}

std::vector<std::string> ModelRegistry::names() const {
  std::vector<std::string> names;
  for (const auto& e : entries_) names.push_back(e.name);
  return names;
}

}  // namespace models
