// SPDX-License-Identifier: Apache-2.0
//
// RouteCandidates: what a routing algorithm offers a head flit at one router, and how the router
// chooses among the offers (the selection function of Duato et al., ch. 4).
//
// Each candidate is an output port and the VC class the head would take there, with a priority
// level. The router takes the lowest level at which some candidate has an output VC free for
// the head (wormhole: one credit; VCT/SAF: room for the whole packet); among that level's
// candidates with a free VC it takes the one whose VC has the most credits, the earlier one on
// a tie. So:
//   - a deterministic algorithm offers one candidate;
//   - an adaptive one offers its minimal ports at level 0 and its escape channel at level 1
//     (the head takes the escape VC only when no adaptive VC is free);
//   - an oblivious random choice offers one candidate, chosen by the algorithm.
// The list order is the tie-break, so an algorithm that wants unbiased ties rotates its list.
// Stored inline: routing runs for every head at every router and must not allocate.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "models/network/topology/types.hpp"
#include "pdes/error.hpp"

namespace net {

// Trivially default-constructible on purpose: the inline array below is never zero-filled.
struct RouteCandidate {
  PortId port;
  std::uint8_t vc_class;
  std::uint8_t level;  ///< 0 = preferred; higher levels only if no lower one has a free VC
};

class RouteCandidates {
 public:
  static constexpr std::size_t kCapacity = 64;

  void add(PortId port, std::uint32_t vc_class, std::uint32_t level = 0) {
    PDES_CHECK(size_ < kCapacity, "too many route candidates");
    items_[size_++] = {port, static_cast<std::uint8_t>(vc_class),
                       static_cast<std::uint8_t>(level)};
  }
  void clear() { size_ = 0; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const RouteCandidate& operator[](std::size_t i) const { return items_[i]; }
  const RouteCandidate* begin() const { return items_.data(); }
  const RouteCandidate* end() const { return items_.data() + size_; }

 private:
  std::array<RouteCandidate, kCapacity> items_;
  std::size_t size_ = 0;
};

}  // namespace net
