// SPDX-License-Identifier: Apache-2.0
//
// AgentStates: the states of a router's two agents, the routing's monitor and the selection
// function (router_monitor.hpp, selection/selection_function.hpp), in one pointer that stays
// null while neither keeps state, as in most configurations: a router then pays 8 bytes for
// the seam instead of two AlgorithmStates. A regular value type like AlgorithmState (copying
// copies the states, assignment between present states assigns in place, equality compares
// them), so the kernel's state saving, the rollback check and checkpoints work on it.
#pragma once

#include <array>
#include <memory>

#include "models/network/routing/algorithm_state.hpp"
#include "pdes/checkpointable.hpp"

namespace net {

class AgentStates {
 public:
  AgentStates() = default;
  AgentStates(const AgentStates& other)
      : states_(other.states_ ? std::make_unique<Pair>(*other.states_) : nullptr) {}
  AgentStates(AgentStates&&) noexcept = default;
  AgentStates& operator=(AgentStates&&) noexcept = default;
  AgentStates& operator=(const AgentStates& other) {
    if (!other.states_) {
      states_.reset();
    } else if (states_) {
      *states_ = *other.states_;
    } else {
      states_ = std::make_unique<Pair>(*other.states_);
    }
    return *this;
  }

  /// Sets both states; stays empty if both are.
  void set(AlgorithmState routing, AlgorithmState selection) {
    if (routing.empty() && selection.empty()) {
      states_.reset();
      return;
    }
    states_ = std::make_unique<Pair>(Pair{std::move(routing), std::move(selection)});
  }
  bool empty() const { return states_ == nullptr; }
  /// The routing monitor's state; `fallback` (an empty state) when there is none.
  AlgorithmState& routing(AlgorithmState& fallback) { return states_ ? (*states_)[0] : fallback; }
  AlgorithmState& selection(AlgorithmState& fallback) {
    return states_ ? (*states_)[1] : fallback;
  }
  const AlgorithmState& routing() const { return states_ ? (*states_)[0] : none(); }
  const AlgorithmState& selection() const { return states_ ? (*states_)[1] : none(); }

  bool operator==(const AgentStates& other) const {
    if (!states_ || !other.states_) return !states_ && !other.states_;
    return *states_ == *other.states_;
  }

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    // A restart finds the states on_init created again (algorithm_state.hpp).
    bool present = states_ != nullptr;
    pdes::checkpoint_value(ar, present);
    PDES_CHECK(present == (states_ != nullptr),
               "checkpoint: the router agents' states do not match those on_init created");
    if (present) {
      pdes::checkpoint_value(ar, (*states_)[0]);
      pdes::checkpoint_value(ar, (*states_)[1]);
    }
  }

 private:
  using Pair = std::array<AlgorithmState, 2>;
  static const AlgorithmState& none() {
    static const AlgorithmState empty;
    return empty;
  }
  std::unique_ptr<Pair> states_;
};

}  // namespace net
