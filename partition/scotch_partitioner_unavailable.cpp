// SPDX-License-Identifier: Apache-2.0
// ScotchPartitioner in a build without Scotch (WARPNET_WITH_SCOTCH=OFF, or Scotch not found):
// the name stays registered, so configurations read the same everywhere, and choosing it is a
// configuration error that says how to get a build with Scotch.
#include "partition/scotch_partitioner.hpp"

#include "pdes/error.hpp"

namespace partition {

pdes::Partition ScotchPartitioner::partition(const pdes::PartitionGraph&, int) const {
  throw pdes::ConfigError("simulation.partitioner",
                          "this warpnet was built without Scotch, so the scotch partitioner is "
                          "unavailable; choose another (block, round-robin, metis, file) or "
                          "rebuild with Scotch (libscotch-dev or Spack's scotch; "
                          "-DWARPNET_WITH_SCOTCH=ON -DScotch_ROOT=<prefix>)");
}

}  // namespace partition
