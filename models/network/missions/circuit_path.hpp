// SPDX-License-Identifier: Apache-2.0
//
// CircuitPath: how a circuit-switching probe finds a path through the links that are free at
// one cycle (Tsai & Shin, ICDCS 1996, §3.2, §4). Set-up is out of band and
// takes no time ([OURS]), so a probe sees every link as it is at the decision cycle; it
// either returns a whole path, which the caller reserves atomically, or fails and the message
// keeps waiting at its source (no hold-and-wait: a failed probe holds nothing).
//
//   ecube  the fixed e-cube path; it fails if any of its links is busy.
//   pa     progressive adaptive: the probe advances hop by hop and at each node takes the
//          lowest needed dimension whose link is free; when none is free it fails (no
//          backtracking, [OURS]: the paper does not say how the probe searches).
//   dfs    Chen & Shin's depth-first search [8] over the free links (§4.2: under CS/VCT DFS
//          "either successfully routes a message to the destination, or blocks the message at
//          the source"): at each node first the needed dimensions, lowest first, then detours
//          (dimensions not needed, each at most once as a detour on the path: at most H + 2n
//          hops), backtracking when a branch fails. Each node is explored once per probe
//          (Chen & Shin's visited set). Detours from a node are tried only if the busy needed
//          links of that node stay busy for more than dfs_slack × ℓ cycles (the rule of the
//          message-switching DFS, pa_switch_lp.hpp; a free needed link that led nowhere does
//          not count), [OURS].
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "models/network/missions/message_header.hpp"

namespace net::missions {

enum class CircuitRouting : std::uint8_t { kEcube, kPa, kDfs };

/// adapter.routing -> CircuitRouting ("ecube", "pa", "dfs").
CircuitRouting circuit_routing(const std::string& name);

class CircuitPathFinder {
 public:
  CircuitPathFinder(CircuitRouting routing, std::uint32_t dimension, bool half_duplex,
                    double dfs_slack)
      : routing_(routing), dimension_(dimension), half_duplex_(half_duplex),
        dfs_slack_(dfs_slack) {}

  /// The index of the link of dimension `d` at node `at` (half-duplex: shared by both ends).
  std::size_t link(std::uint32_t at, std::uint32_t d) const {
    const std::uint32_t from = half_duplex_ ? (at & ~(1u << d)) : at;
    return std::size_t{from} * dimension_ + d;
  }

  /// Fills `path` with the link indices of a circuit for `msg` that is free at cycle `t`
  /// (`busy_until` per link; a link is free when busy_until <= t) and returns true, or returns
  /// false (the contents of `path` are then unspecified).
  bool find(const MessageHeader& msg, std::span<const std::int64_t> busy_until, std::int64_t t,
            std::vector<std::size_t>& path) const;

 private:
  bool ecube(const MessageHeader& msg, std::span<const std::int64_t> busy, std::int64_t t,
             std::vector<std::size_t>& path) const;
  bool progressive(const MessageHeader& msg, std::span<const std::int64_t> busy, std::int64_t t,
                   std::vector<std::size_t>& path) const;
  bool depth_first(const MessageHeader& msg, std::span<const std::int64_t> busy, std::int64_t t,
                   std::vector<std::size_t>& path) const;

  const CircuitRouting routing_;
  const std::uint32_t dimension_;
  const bool half_duplex_;
  const double dfs_slack_;
};

}  // namespace net::missions
