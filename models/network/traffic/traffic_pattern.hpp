// SPDX-License-Identifier: Apache-2.0
//
// TrafficPattern: the spatial distribution of synthetic traffic, i.e. which node a packet
// generated at `source` is sent to.
//
// Who calls it: the compute-node LP, once per generated packet, from its handler:
//
//   NodeId dest = pattern.destination(self_node, ctx.rng());
//
// Contract:
// - destination() is const and pure apart from the draws it makes on `rng` (the LP's own,
//   rollback-safe stream); deterministic patterns (is_permutation()) draw nothing.
// - The result is in [0, num_nodes()). It may equal `source` (e.g. uniform picks the source with
//   probability 1/N, bit reversal maps palindromic ids to themselves), exactly as in BookSim2;
//   the node model decides what self-addressed traffic means (we suggest: deliver locally with
//   zero network latency and count it separately, or skip the packet, but say which in the
//   output).
// - Patterns are built once, at set-up, by TrafficRegistry; a node count or topology that the
//   pattern cannot serve is a pdes::ConfigError with key "traffic.pattern" stating the
//   requirement and the actual count.
//
// Definitions use binary node ids s = (s_{b-1} ... s_1 s_0), b = log2(N) address bits, or, for
// digit patterns, router coordinates; see each pattern's header and docs/topologies.md.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "models/network/topology/types.hpp"
#include "pdes/error.hpp"
#include "pdes/rng.hpp"

namespace net {

/// The key that selects a pattern (a phase selects its own with its field `pattern`).
inline constexpr std::string_view kTrafficPatternKey = "traffic.pattern";

class TrafficPattern {
 public:
  virtual ~TrafficPattern() = default;

  /// Registry name ("uniform", "bit_reversal", ...).
  virtual std::string_view name() const = 0;

  /// True if destination() is a fixed bijection of the node ids that draws no random numbers.
  virtual bool is_permutation() const = 0;

  std::uint64_t num_nodes() const { return num_nodes_; }

  /// The destination of a packet from `source` (< num_nodes(), checked).
  NodeId destination(NodeId source, pdes::Rng& rng) const {
    PDES_CHECK(source < num_nodes_, "traffic source " + std::to_string(source) + " out of range (" +
                                        std::to_string(num_nodes_) + " nodes)");
    return pick(source, rng);
  }

 protected:
  /// Throws pdes::ConfigError (traffic.pattern) if num_nodes is 0.
  explicit TrafficPattern(std::uint64_t num_nodes);

 private:
  virtual NodeId pick(NodeId source, pdes::Rng& rng) const = 0;

  std::uint64_t num_nodes_;
};

}  // namespace net
