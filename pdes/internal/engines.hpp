// SPDX-License-Identifier: Apache-2.0
//
// The engines, as free functions over a ModelInstance. Simulation::run picks one.
#pragma once

#include "pdes/simulation.hpp"
#include "pdes/statistics.hpp"

namespace pdes::internal {

RunResult run_sequential(ModelInstance& model);
RunResult run_optimistic(ModelInstance& model);
RunResult run_rollback_check(ModelInstance& model);

}  // namespace pdes::internal
