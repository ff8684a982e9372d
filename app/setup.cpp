// SPDX-License-Identifier: Apache-2.0
#include "app/setup.hpp"

#include "io/config/kernel_schema.hpp"

namespace app {

Setup::Setup() {
  models::register_all_models(registry_);
  io::declare_kernel_schema(schema_, registry_.names());
  for (const auto& entry : registry_.entries()) entry.declare_schema(schema_);
}

LoadedConfig Setup::load(const std::string& file, const std::vector<std::string>& overrides) const {
  std::vector<io::Override> parsed;
  parsed.reserve(overrides.size());
  for (const auto& text : overrides) parsed.push_back(io::parse_override(text));
  LoadedConfig loaded{io::load_config(schema_, file, parsed), nullptr};
  loaded.model = &registry_.find(loaded.config.get_string("simulation.model"));
  return loaded;
}

}  // namespace app
