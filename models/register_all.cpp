// SPDX-License-Identifier: Apache-2.0
#include "models/model.hpp"
#include "models/phold/phold_config.hpp"

namespace models {

void register_all_models(ModelRegistry& registry) {
  registry.add(phold::model_entry());
}

}  // namespace models
