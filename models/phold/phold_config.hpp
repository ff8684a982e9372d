// SPDX-License-Identifier: Apache-2.0
//
// PHOLD as the warpnet CLI sees it: the [phold] configuration keys and the model entry.
#pragma once

#include "io/config/config.hpp"
#include "io/config/error_collector.hpp"
#include "io/config/schema.hpp"
#include "models/model.hpp"
#include "models/phold/phold_params.hpp"

namespace phold {

/// Declares the [phold] keys; the section is active when simulation.model = "phold".
void declare_schema(io::Schema& schema);

/// Reads and cross-checks the [phold] keys; throws io::ConfigErrors naming every bad key.
PholdParams params_from(const io::Config& config);

models::ModelEntry model_entry();

}  // namespace phold
