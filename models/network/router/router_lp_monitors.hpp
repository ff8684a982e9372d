// SPDX-License-Identifier: Apache-2.0
//
// RouterLp's internal plumbing for router monitors (the routing's and the selection function's,
// router/router_monitor.hpp): the RouterControl each hook receives, and for_each_monitor. Only
// RouterLp's own .cpp files include this.
#pragma once

#include <string>

#include "models/network/router/router_lp.hpp"

namespace net {

// RouterControl for the monitor of `owner`, while one event is handled: every send goes through
// the LP's Context (undone on rollback), the link occupancy through the router's state.
class RouterLp::Control final : public RouterControl {
 public:
  Control(const RouterLp& lp, RouterState& state, pdes::Context<NetEvent>& ctx,
          ControlOwner owner)
      : lp_(lp), state_(state), ctx_(ctx), owner_(owner) {}

  std::int64_t now() const override { return ctx_.now().ticks(); }
  std::int64_t cycle() const override { return lp_.params_.cycle_ps; }

  std::int64_t send_over_link(PortId port, ControlMessage message,
                              std::uint32_t occupy_cycles) override {
    PDES_CHECK(port < lp_.ports_ && lp_.links_[port].connected && !lp_.links_[port].terminal,
               "control message over port " + std::to_string(port) + " of router " +
                   std::to_string(lp_.router_) + ", which does not lead to a router");
    stamp(message);
    return lp_.send_control_over(port, message, occupy_cycles, state_, ctx_);
  }

  void send_to_node(NodeId node, ControlMessage message, std::uint32_t occupy_cycles) override {
    PDES_CHECK(node < lp_.topology_->num_nodes() && occupy_cycles <= 0xFFFF,
               "control message to node " + std::to_string(node) + " holding links " +
                   std::to_string(occupy_cycles) + " cycles");
    stamp(message);
    message.relay_to = static_cast<std::uint32_t>(node);
    message.relay_occupy = static_cast<std::uint16_t>(occupy_cycles);
    message.hops = 0;
    lp_.relay_control(message, state_, ctx_);
  }

  void send_ideal(pdes::LpId target, ControlMessage message, std::int64_t delay) override {
    stamp(message);
    NetEvent ev;
    ev.kind = NetEventKind::kControl;
    ev.port = 0xFF;  // no link
    ev.control = message;
    ctx_.send(target, pdes::SimTime{delay}, ev);
  }

  void set_timer(std::int64_t delay, std::uint8_t topic) override {
    ControlMessage message;
    message.topic = topic;
    stamp(message);
    message.timer = 1;
    NetEvent ev;
    ev.kind = NetEventKind::kControl;
    ev.control = message;
    ctx_.send(ctx_.self(), pdes::SimTime{delay}, ev);
  }

 private:
  void stamp(ControlMessage& m) const {
    m.origin = static_cast<std::uint32_t>(lp_.router_);
    m.origin_is_router = 1;
    m.owner = owner_;
    m.timer = 0;
    m.sent = now();
  }

  const RouterLp& lp_;
  RouterState& state_;
  pdes::Context<NetEvent>& ctx_;
  ControlOwner owner_;
};

template <class F>
void RouterLp::for_each_monitor(RouterState& state, pdes::Context<NetEvent>& ctx, F&& f) const {
  if (monitors_[0] != nullptr) {
    Control control(*this, state, ctx, ControlOwner::kRouting);
    AlgorithmState none;
    f(*monitors_[0], state.agents.routing(none), control);
  }
  if (monitors_[1] != nullptr) {
    Control control(*this, state, ctx, ControlOwner::kSelection);
    AlgorithmState none;
    f(*monitors_[1], state.agents.selection(none), control);
  }
}

}  // namespace net
