// SPDX-License-Identifier: Apache-2.0
//
// Loading a configuration: the full schema (kernel keys plus every model's keys), the
// overrides from the command line, and the model entry it selects.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "io/config/config.hpp"
#include "io/config/schema.hpp"
#include "models/model.hpp"
#include "pdes/kernel_config.hpp"

namespace app {

struct LoadedConfig {
  io::Config config;
  const models::ModelEntry* model = nullptr;
};

struct BuiltRun {
  std::unique_ptr<models::Model> model;
  pdes::KernelConfig kernel;
  /// Where kernel.optimism_window came from: "kernel.optimism_window" (the configuration),
  /// "model default" (Model::default_optimism_window) or "default" (unbounded).
  std::string optimism_window_origin = "default";
  /// Where kernel.lookahead came from: "kernel.lookahead", "model default"
  /// (Model::default_lookahead_ticks) or "default" (none).
  std::string lookahead_origin = "default";
};

class Setup {
 public:
  Setup();

  const io::Schema& schema() const { return schema_; }
  const models::ModelRegistry& models() const { return registry_; }

  /// Loads and checks `file` with the `key=value` overrides. Throws io::ConfigErrors.
  LoadedConfig load(const std::string& file, const std::vector<std::string>& overrides) const;

  /// Builds the model and the kernel configuration; throws io::ConfigErrors with every
  /// semantic problem of both.
  BuiltRun build(const LoadedConfig& loaded) const;

  /// Reads and checks the input of every LP (Model::load_local_input), as a process that owned
  /// them all would: `warpnet validate` and the first point of a sweep. Throws
  /// pdes::ConfigError.
  void load_all_input(const BuiltRun& run) const;

 private:
  models::ModelRegistry registry_;
  io::Schema schema_;
};

}  // namespace app
