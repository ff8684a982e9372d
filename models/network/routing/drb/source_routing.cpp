// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/source_routing.hpp"

#include <string>

#include "pdes/error.hpp"

namespace net::drb {

void SourceRouting::on_control(NodeId self, const ControlMessage& message, std::int64_t /*now*/,
                               AlgorithmState& /*state*/) const {
  PDES_CHECK(false, "node " + std::to_string(self) + " received control message topic " +
                        std::to_string(message.topic) + " that its routing does not expect");
}

}  // namespace net::drb
