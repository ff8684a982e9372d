// SPDX-License-Identifier: Apache-2.0
//
// Sets of contending flows, the (source, destination) pairs whose packets met at a congested
// router output (seed 004 §3.2.2 and §3.2.7, "contending flows"):
//   - FlowSet (at most 5 flows): what one router notification names — the main contributors
//     only (§3.2.7: "at most n flows", prdrb.max_flows), fitting with the router id and a packet
//     number in the 32 bytes of a control message (congestion_notice.hpp);
//   - Situation (at most 16 flows): what a source learns of one congestion situation from many
//     notifications, and what keys its solution database (§3.6). A source keeps in it the flows
//     that contend with one of its own flows, without that flow itself (prdrb_source.hpp).
// Node ids are stored in 16 bits: PR-DRB refuses networks of more than 65,536 nodes
// (prdrb_params.cpp).
//
// Kept sorted by (src, dst) without duplicates, so that equal sets are equal byte for byte.
// Regular, trivially copyable values without padding (they travel in events and states).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <type_traits>

#include "pdes/error.hpp"

namespace net::prdrb {

struct Flow {
  std::uint16_t src = 0;
  std::uint16_t dst = 0;
  auto operator<=>(const Flow&) const = default;
  bool operator==(const Flow&) const = default;
};

template <std::uint32_t N>
class FlowSetOf {
 public:
  static constexpr std::uint32_t kCapacity = N;

  FlowSetOf() = default;

  /// The set of `flows` (duplicates dropped); PDES_CHECK: at most N distinct flows.
  static FlowSetOf of(std::span<const Flow> flows) {
    FlowSetOf s;
    for (const Flow& f : flows) {
      if (s.contains(f)) continue;
      PDES_CHECK(s.size_ < N, "more contending flows than the set holds");
      s.flows_[s.size_++] = f;
    }
    s.sort();
    return s;
  }

  std::uint32_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  std::span<const Flow> flows() const { return {flows_.data(), size_}; }
  bool contains(Flow f) const {
    for (std::uint32_t i = 0; i < size_; ++i) {
      if (flows_[i] == f) return true;
    }
    return false;
  }
  /// Flows in both sets.
  template <std::uint32_t M>
  std::uint32_t common(const FlowSetOf<M>& other) const {
    std::uint32_t n = 0;
    for (const Flow& f : other.flows()) n += contains(f) ? 1 : 0;
    return n;
  }
  /// How much of an observed situation this (stored) set explains: the flows of `observed` it
  /// holds over |observed|, in [0, 1]; 0 if `observed` is empty. The solution database's match
  /// score (docs/prdrb.md, "Matching"): routers name a few of the contending flows at a time,
  /// so a situation is recognised when most of the flows named now were part of it before.
  template <std::uint32_t M>
  double coverage(const FlowSetOf<M>& observed) const {
    if (observed.empty()) return 0.0;
    return static_cast<double>(common(observed)) / static_cast<double>(observed.size());
  }
  /// This set with the flows of `other` added, as many as fit; the flows already here stay.
  template <std::uint32_t M>
  FlowSetOf merged(const FlowSetOf<M>& other) const {
    FlowSetOf out = *this;
    for (const Flow& f : other.flows()) {
      if (out.size_ == N) break;
      if (!out.contains(f)) out.flows_[out.size_++] = f;
    }
    out.sort();
    return out;
  }
  /// This set without `f`.
  FlowSetOf without(Flow f) const {
    FlowSetOf out;
    for (const Flow& g : flows()) {
      if (!(g == f)) out.flows_[out.size_++] = g;
    }
    return out;
  }

  bool operator==(const FlowSetOf&) const = default;

 private:
  void sort() {  // insertion sort of at most N flows
    for (std::uint32_t i = 1; i < size_; ++i) {
      const Flow f = flows_[i];
      std::uint32_t j = i;
      for (; j > 0 && f < flows_[j - 1]; --j) flows_[j] = flows_[j - 1];
      flows_[j] = f;
    }
  }

  std::array<Flow, N> flows_{};
  std::uint32_t size_ = 0;
};

using FlowSet = FlowSetOf<5>;
using Situation = FlowSetOf<16>;

static_assert(std::is_trivially_copyable_v<FlowSet>);
static_assert(std::has_unique_object_representations_v<FlowSet>);
static_assert(sizeof(FlowSet) == 24);
static_assert(std::has_unique_object_representations_v<Situation>);

}  // namespace net::prdrb
