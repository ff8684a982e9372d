// SPDX-License-Identifier: Apache-2.0
#include "models/network/node/node_agent.hpp"

#include <string>

#include "pdes/error.hpp"

namespace net {

// The defaults reject what only an agent that asked for it can receive: a flit or event that
// reaches a node whose agent does not expect it means the routing and its agent disagree.

void NodeAgent::on_flit(const Flit& flit, NodeAgentContext& node, AlgorithmState& /*state*/) const {
  PDES_CHECK(false, "node " + std::to_string(node.self()) + " received a flit for node " +
                        std::to_string(flit.dst) + " of kind " +
                        std::to_string(static_cast<int>(flit.kind)) +
                        " that its routing's agent does not expect");
}

void NodeAgent::on_event(const NetEvent& event, NodeAgentContext& node,
                         AlgorithmState& /*state*/) const {
  PDES_CHECK(false, "node " + std::to_string(node.self()) + " received event kind " +
                        std::to_string(static_cast<int>(event.kind)) +
                        " that its routing's agent does not expect");
}

void NodeAgent::on_control(NodeId self, const ControlMessage& message, std::int64_t /*now*/,
                           AlgorithmState& /*state*/) const {
  PDES_CHECK(false, "node " + std::to_string(self) + " received control message topic " +
                        std::to_string(message.topic) + " that its routing does not expect");
}

}  // namespace net
