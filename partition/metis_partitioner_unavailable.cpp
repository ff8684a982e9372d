// SPDX-License-Identifier: Apache-2.0
// MetisPartitioner in a build without METIS (WARPNET_WITH_METIS=OFF, or METIS not found): the
// name stays registered, so configurations read the same everywhere, and choosing it is a
// configuration error that says how to get a build with METIS.
#include "partition/metis_partitioner.hpp"

#include "pdes/error.hpp"

namespace partition {

pdes::Partition MetisPartitioner::partition(const pdes::PartitionGraph&, int) const {
  throw pdes::ConfigError("simulation.partitioner",
                          "this warpnet was built without METIS, so the metis partitioner is "
                          "unavailable; choose another (block, round-robin, scotch, file) or "
                          "rebuild with METIS (libmetis-dev or Spack's metis; "
                          "-DWARPNET_WITH_METIS=ON -DMETIS_ROOT=<prefix>)");
}

}  // namespace partition
