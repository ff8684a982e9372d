// SPDX-License-Identifier: Apache-2.0
//
// RouterControl: what a router agent (a routing's or a selection function's RouterMonitor) may
// do besides changing its own state — originate control messages and set timers. RouterLp
// implements it for the event being handled; every send goes through the LP's Context, so the
// kernel undoes it on rollback.
//
//   send_over_link(port, msg, cycles): the message occupies output `port` for `cycles` cycles
//       from the moment the link is next free (data flits wait meanwhile: seed 002's status
//       exchange "halting message transmission"), then crosses the link; it reaches the
//       neighbouring router's agent of the same owner (on_control, with the neighbour's input
//       port). Only network ports lead to a router.
//   send_to_node(node, msg, cycles): in band to a compute node, router by router along a
//       minimal path (at each router the first port, in port order, that leads one hop closer
//       to the node's router; then its ejection link), holding every link on the way for
//       `cycles` cycles as send_over_link does. It uses link bandwidth but no VC buffer: a
//       control plane with priority over data on the links (as management traffic on its own
//       virtual lane), which never blocks and so cannot deadlock. The node's agent gets it
//       (NodeAgent::on_control, node/node_agent.hpp), with msg.hops = links crossed. A router-originated notification to
//       the sources of contending flows (PR-DRB's predictive ACK, seed 004 §3.4.1) travels so.
//   send_ideal(target, msg, delay): through the ideal side channel, to any router or node LP,
//       after `delay` ticks (>= 1), using no network resources.
//   set_timer(delay, topic): an on_timer call at this router after `delay` ticks (>= 1).
#pragma once

#include <cstdint>

#include "models/network/event/control_message.hpp"
#include "models/network/topology/types.hpp"
#include "pdes/lp_id.hpp"

namespace net {

class RouterControl {
 public:
  virtual ~RouterControl() = default;

  virtual std::int64_t now() const = 0;  ///< ticks
  /// Ticks per cycle.
  virtual std::int64_t cycle() const = 0;
  /// Returns the time the message arrives at the neighbour (ticks).
  virtual std::int64_t send_over_link(PortId port, ControlMessage message,
                                      std::uint32_t occupy_cycles) = 0;
  virtual void send_to_node(NodeId node, ControlMessage message, std::uint32_t occupy_cycles) = 0;
  virtual void send_ideal(pdes::LpId target, ControlMessage message, std::int64_t delay) = 0;
  virtual void set_timer(std::int64_t delay, std::uint8_t topic) = 0;
};

}  // namespace net
