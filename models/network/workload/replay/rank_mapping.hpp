// SPDX-License-Identifier: Apache-2.0
//
// Where the MPI ranks of a replay run (workload.rank_mapping): `linear` puts rank r on node r;
// `random` on the first P nodes of a random permutation of the N nodes drawn from
// workload.mapping_seed (the same on every process, so every rank count agrees).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "models/network/topology/types.hpp"

namespace net::replay {

std::vector<NodeId> map_ranks(const std::string& mapping, std::uint64_t seed, std::uint32_t ranks,
                              std::uint64_t nodes);

}  // namespace net::replay
