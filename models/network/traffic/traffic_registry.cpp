// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/traffic_registry.hpp"

#include "models/network/traffic/bit_complement.hpp"
#include "models/network/traffic/bit_reversal.hpp"
#include "models/network/traffic/butterfly.hpp"
#include "models/network/traffic/group_shift.hpp"
#include "models/network/traffic/hot_area.hpp"
#include "models/network/traffic/hot_spot.hpp"
#include "models/network/traffic/neighbour.hpp"
#include "models/network/traffic/perfect_shuffle.hpp"
#include "models/network/traffic/random_group_permutation.hpp"
#include "models/network/traffic/random_permutation.hpp"
#include "models/network/traffic/tornado.hpp"
#include "models/network/traffic/transpose.hpp"
#include "models/network/traffic/uniform.hpp"

namespace net {

void register_traffic_patterns(TrafficRegistry& r) {
  using namespace net::traffic;
  r.add("uniform", "uniform random destination, source included (BookSim2)", &Uniform::create);
  r.add("bit_complement", "d_i = not s_i; needs 2^b nodes", &BitComplement::create);
  r.add("bit_reversal", "d_i = s_(b-1-i); needs 2^b nodes", &BitReversal::create);
  r.add("perfect_shuffle", "rotate address left by 1; needs 2^b nodes", &PerfectShuffle::create);
  r.add("transpose", "matrix transpose, swap address halves; needs 2^b nodes, b even",
        &Transpose::create);
  r.add("butterfly", "swap most and least significant address bits; needs 2^b nodes",
        &Butterfly::create);
  r.add("tornado", "router coordinate + ceil(k/2)-1 in every dimension; mesh/torus/hypercube",
        &Tornado::create);
  r.add("neighbour", "router coordinate + 1 in every dimension; mesh/torus/hypercube",
        &Neighbour::create);
  r.add("random_permutation", "fixed random bijection (traffic.permutation_seed)",
        &RandomPermutation::create, RandomPermutation::config());
  r.add("hot_spot", "fraction to hot nodes, rest uniform (traffic.hot_spot.nodes, .fraction)",
        &HotSpot::create, HotSpot::config());
  r.add("hot_area", "fixed colliding flows, rest uniform (traffic.hot_area.sources, .destinations)",
        &HotArea::create, HotArea::config());
  r.add("group_shift", "dragonfly: group G sends to group G + k (traffic.group_shift.k)",
        &GroupShift::create, GroupShift::config());
  r.add("random_group_permutation",
        "dragonfly: group G sends to group pi(G), pi random (traffic.random_group_permutation.seed)",
        &RandomGroupPermutation::create, RandomGroupPermutation::config());
}

std::vector<std::string> traffic_pattern_names() {
  TrafficRegistry registry;
  register_traffic_patterns(registry);
  return registry.names();
}

}  // namespace net
