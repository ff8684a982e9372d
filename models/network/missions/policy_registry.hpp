// SPDX-License-Identifier: Apache-2.0
//
// The scheduling policies by name (adapter.policy): fifo, sf, lf, nf, ff, sbf, lbf.
#pragma once

#include <string>
#include <vector>

#include "models/network/missions/scheduling_policy.hpp"
#include "pdes/registry.hpp"

namespace net::missions {

class PolicyRegistry : public pdes::FactoryRegistry<SchedulingPolicy> {
 public:
  PolicyRegistry() : FactoryRegistry("adapter.policy", "scheduling policy") {}
};

void register_policies(PolicyRegistry& registry);
std::vector<std::string> policy_names();

}  // namespace net::missions
