// SPDX-License-Identifier: Apache-2.0
#include "models/model.hpp"
#include "models/network/config/network_model.hpp"
#include "models/phold/phold_config.hpp"

namespace models {

void register_all_models(ModelRegistry& registry) {
  registry.add(phold::model_entry());
  registry.add(net::network_model_entry());
}

}  // namespace models
