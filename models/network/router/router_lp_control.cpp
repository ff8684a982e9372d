// SPDX-License-Identifier: Apache-2.0
// RouterLp, control plumbing: control messages (router/router_control.hpp) sent over a link,
// relayed toward a node, and handed on arrival (or as timers) to the monitor that owns them.
#include "models/network/router/router_lp.hpp"

#include <algorithm>
#include <string>

#include "models/network/router/router_lp_monitors.hpp"

namespace net {

std::int64_t RouterLp::send_control_over(PortId port, const ControlMessage& message,
                                         std::uint32_t occupy_cycles, RouterState& state,
                                         pdes::Context<NetEvent>& ctx) const {
  // The link is taken at an allocation phase, as by a flit, so that the data it holds back
  // resumes at a pass and the message lands on a cycle boundary.
  const std::int64_t now = ctx.now().ticks();
  const std::int64_t cycle = params_.cycle_ps;
  const std::int64_t next_pass = (now - kPhase + cycle - 1) / cycle * cycle + kPhase;
  const std::int64_t start = std::max(next_pass, state.ports[port].output_free_at);
  state.ports[port].output_free_at = start + occupy_cycles * cycle;
  const std::int64_t arrival =
      start + static_cast<std::int64_t>(occupy_cycles + links_[port].latency) * cycle - kPhase;
  NetEvent ev;
  ev.kind = NetEventKind::kControl;
  ev.port = static_cast<std::uint8_t>(links_[port].remote_port);
  ev.control = message;
  ctx.send(links_[port].lp, pdes::SimTime{arrival - now}, ev);
  return arrival;
}

void RouterLp::relay_control(ControlMessage message, RouterState& state,
                             pdes::Context<NetEvent>& ctx) const {
  const NodeId node = message.relay_to;
  const RouterId target = topology_->router_of_node(node);
  const PortId port = target == router_ ? topology_->terminal_port_of_node(node)
                                        : topology_->first_minimal_port(router_, target);
  PDES_CHECK(port < ports_ && links_[port].connected,
             "no port of router " + std::to_string(router_) + " toward node " +
                 std::to_string(node));
  ++message.hops;
  send_control_over(port, message, message.relay_occupy, state, ctx);
}

void RouterLp::on_control(const NetEvent& event, RouterState& state,
                          pdes::Context<NetEvent>& ctx) const {
  const ControlMessage& m = event.control;
  if (m.relay_to != ControlMessage::kNoRelay) {  // passing through, on its way to a node
    relay_control(m, state, ctx);
    return;
  }
  const std::size_t owner = m.owner == ControlOwner::kRouting ? 0 : 1;
  const RouterMonitor* monitor = monitors_[owner];
  PDES_CHECK(monitor != nullptr, "router " + std::to_string(router_) +
                                     " received a control message for a monitor it lacks");
  AlgorithmState none;
  AlgorithmState& own = owner == 0 ? state.agents.routing(none) : state.agents.selection(none);
  Control control(*this, state, ctx, m.owner);
  if (m.timer != 0) {
    monitor->on_timer(view(state, ctx.now().ticks()), m.topic, control, own);
  } else {
    const PortId in_port = event.port == 0xFF ? kNoPort : PortId{event.port};
    monitor->on_control(view(state, ctx.now().ticks()), in_port, m, control, own);
  }
}

}  // namespace net
