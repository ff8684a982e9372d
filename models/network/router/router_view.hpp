// SPDX-License-Identifier: Apache-2.0
//
// RouterView: a read-only view of one router's state at the moment of a decision, for the parts
// of the model that decide without owning the router — selection functions
// (selection/selection_function.hpp) and router monitors (router/router_monitor.hpp).
//
// It answers questions of the router's hardware: credits and occupancy of an output VC, flits
// waiting at an input port, the flits of blocked packets waiting for an output, how many packets
// currently request or hold an output, whether an output link is free this cycle, which
// dimension a port moves along; and what the routing's monitor keeps at the router (its state).
// Counting questions scan the router's per-VC array (a few dozen entries), so ask them only
// when needed.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>

#include "models/network/router/router_state.hpp"
#include "models/network/topology/topology.hpp"

namespace net {

/// What an output's queue is taken to be (RouterView::output_queue; the dragonfly's
/// `ugal.queue_estimate`).
enum class QueueEstimate : std::uint8_t {
  kDownstream,  ///< the flits in its downstream buffers (credits not back)
  kBacklog,     ///< those, plus the flits of the packets waiting for it in this router
};

class RouterView {
 public:
  RouterView(RouterId router, const RouterState& state, std::uint32_t vcs,
             const Topology& topology, std::int64_t now)
      : router_(router), state_(state), vcs_(vcs), topology_(topology), now_(now) {}

  RouterId router() const { return router_; }
  std::uint32_t ports() const { return static_cast<std::uint32_t>(state_.ports.size()); }
  std::uint32_t vcs() const { return vcs_; }
  std::int64_t now() const { return now_; }  ///< ticks
  const Topology& topology() const { return topology_; }

  /// Free slots in the downstream buffer of output `port`, VC `vc`.
  std::uint32_t credits(PortId port, std::uint32_t vc) const { return vc_state(port, vc).credits; }
  /// Whether a packet holds output `port`, VC `vc` (its head has left, its tail not yet).
  bool output_vc_busy(PortId port, std::uint32_t vc) const {
    return vc_state(port, vc).busy != 0;
  }
  /// Credits summed over the VCs of output `port`.
  std::uint32_t output_credits(PortId port) const {
    std::uint32_t sum = 0;
    for (std::uint32_t v = 0; v < vcs_; ++v) sum += credits(port, v);
    return sum;
  }
  /// Flits in the downstream buffers of output `port`, all VCs: its VCs' capacity less their
  /// credits (0 on an ejection port, which takes no credits).
  std::uint32_t downstream_flits(PortId port) const {
    const std::uint32_t capacity = vcs_ * state_.depth;
    return capacity - std::min(capacity, output_credits(port));
  }
  /// Flits of the packets whose blocked head waits in this router's input VCs for output
  /// `port` (router_state.hpp, "Waiting"): the queue in front of it that credits do not show.
  std::uint32_t waiting_flits(PortId port) const { return state_.ports[port].waiting_flits; }
  /// The queue of output `port` as a routing compares it (UGAL's q): downstream_flits, plus
  /// waiting_flits for kBacklog. The one place that defines the value; the dragonfly's UGAL
  /// routings and UGAL-G's board read it here.
  std::uint32_t output_queue(PortId port, QueueEstimate estimate) const {
    const std::uint32_t downstream = downstream_flits(port);
    return estimate == QueueEstimate::kBacklog ? downstream + waiting_flits(port) : downstream;
  }
  /// Flits waiting in the input buffers of `port`, all VCs.
  std::uint32_t input_flits(PortId port) const {
    std::uint32_t sum = 0;
    for (std::uint32_t v = 0; v < vcs_; ++v) sum += vc_state(port, v).count;
    return sum;
  }
  /// Input VCs (network and injection ports) that hold a packet: flits buffered, or a packet
  /// whose head has been routed on and whose tail has not left — the packets in the router, one
  /// per VC (seed 002's LUC).
  std::uint32_t occupied_input_vcs() const {
    std::uint32_t n = 0;
    for (const VcState& in : state_.vcs) {
      n += in.count != 0 || in.routed == VcState::kRouted ? 1 : 0;
    }
    return n;
  }
  /// Flits waiting in all input buffers of the router.
  std::uint32_t buffered_flits() const { return state_.buffered; }
  /// Packets whose head has been routed to output `port` and whose tail has not left: the
  /// requests for that output channel (seed 002's R).
  std::uint32_t requests(PortId port) const {
    std::uint32_t n = 0;
    for (const VcState& in : state_.vcs) {
      n += in.routed == VcState::kRouted && in.out_port == port ? 1 : 0;
    }
    return n;
  }
  /// Whether output `port` may carry a flit at this pass (no flit sent on it this cycle).
  bool output_link_free(PortId port) const { return state_.ports[port].output_free_at <= now_; }
  /// The state the routing's router monitor keeps at this router (router_monitor.hpp), for a
  /// routing that decides by what its monitor learned (ugal_global's exchanged queues); empty
  /// when it keeps none.
  const AlgorithmState& routing_state() const { return state_.agents.routing(); }
  /// The dimension `port` moves along (mesh, torus, hypercube), nullopt for other ports.
  std::optional<std::uint32_t> port_dimension(PortId port) const {
    return topology_.port_dimension(router_, port);
  }

 private:
  const VcState& vc_state(PortId port, std::uint32_t vc) const {
    return state_.vcs[static_cast<std::size_t>(port) * vcs_ + vc];
  }

  RouterId router_;
  const RouterState& state_;
  std::uint32_t vcs_;
  const Topology& topology_;
  std::int64_t now_;
};

}  // namespace net
