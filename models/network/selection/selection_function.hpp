// SPDX-License-Identifier: Apache-2.0
//
// SelectionFunction: chooses the output of a head flit among those its routing allows (the
// selection function of Duato, Yalamanchili & Ni, "Interconnection Networks", ch. 4; seed 002's
// straight and speculative selections).
//
// Who calls it: RouterLp, in every allocation pass, for each head that is not yet routed. The
// routing algorithm lists candidates (port, VC class, priority level; route_candidates.hpp); the
// router keeps those of the lowest level at which some candidate has a free output VC, takes
// for each the first free VC of its class, and — if more than one remains — asks the selection
// function which one the head takes. Ejection to the destination's node is never a choice.
//
// A selection function is immutable and shared by all routers of a run; what it remembers
// lives in the router's state (initial_state(), an AlgorithmState, rolled back with the router).
// It may draw random numbers from the router's stream. It must be deterministic given its
// arguments, and cheap: it runs for every head at every router on every pass until it moves.
//
// To add one: a file in this folder with a class implementing this interface, one line in
// register_selection_functions (selection_registry.cpp), and its tests.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

#include "models/network/event/flit.hpp"
#include "models/network/metrics/results_extension.hpp"
#include "models/network/router/router_monitor.hpp"
#include "models/network/router/router_view.hpp"
#include "models/network/routing/algorithm_state.hpp"
#include "models/network/topology/types.hpp"
#include "pdes/rng.hpp"

namespace net {

/// One admissible output for the head: a port, a free VC there and its credits. Trivially
/// default-constructible on purpose: the router's inline array of them is never zero-filled.
struct SelectionOption {
  PortId port;
  std::uint16_t vc;
  std::uint16_t credits;  ///< free slots of that VC downstream
};

/// Where the head is: the router (a read-only view), its input port and the head itself.
struct SelectionInput {
  const RouterView& router;
  PortId in_port = 0;
  bool from_terminal = false;  ///< the head was injected here by a node
  const Flit& head;

  /// Whether `option` continues in the dimension the head arrived on (seed 002's D).
  bool same_dimension(const SelectionOption& option) const {
    if (from_terminal) return false;
    const std::optional<std::uint32_t> in = router.port_dimension(in_port);
    return in.has_value() && in == router.port_dimension(option.port);
  }
};

class SelectionFunction {
 public:
  virtual ~SelectionFunction() = default;

  virtual std::string_view name() const = 0;
  /// The selection's state at router `router` before any event; empty by default.
  virtual AlgorithmState initial_state(RouterId /*router*/) const { return {}; }
  /// The hooks through which the selection watches each router and exchanges status with its
  /// neighbours (router/router_monitor.hpp; state: RouterState::selection), or nullptr.
  virtual const RouterMonitor* router_monitor() const { return nullptr; }
  /// The selection's own results (metrics/results_extension.hpp), or nullptr if it has none.
  virtual std::unique_ptr<ResultsExtension> make_results() const { return nullptr; }
  /// The index in `options` (at least two, in the routing's order) of the output to take.
  virtual std::size_t select(const SelectionInput& at, std::span<const SelectionOption> options,
                             AlgorithmState& state, pdes::Rng& rng) const = 0;
};

}  // namespace net
