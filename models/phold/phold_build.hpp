// SPDX-License-Identifier: Apache-2.0
//
// Building a PHOLD simulation from PholdParams, without configuration files (tests,
// benchmarks). phold_config.hpp reads the parameters from TOML.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "models/phold/phold_params.hpp"
#include "pdes/pdes.hpp"

namespace phold {

/// Cross-parameter problems as (key, message) pairs; empty when the parameters are consistent.
std::vector<std::pair<std::string, std::string>> consistency_problems(const PholdParams& params);

/// Throws pdes::ConfigError on the first out-of-range or inconsistent parameter.
void validate(const PholdParams& params);

/// Declares the LPs on `sim` (set_lp_count, unless already set to params.lps) and adds this
/// rank's PholdLps.
void build(pdes::Simulation& sim, const PholdParams& params);

}  // namespace phold
