// SPDX-License-Identifier: Apache-2.0
//
// DrbParams: the immutable parameters of Distributed Routing Balancing (Franco, Garcés, Luque,
// ICS'99, §3; docs/drb.md), the [drb] section of a configuration.
//
// Who uses it: the model builder fills it (from TOML, later) and calls validate(topology) once;
// DrbSource and the supernode and candidate classes keep a copy, const. Every key with its
// default and the section of the paper it comes from (docs/drb.md explains each choice):
//
// - drb.supernode = gravity_area: supernode type of Definition 1 (gravity_area, subtopology).
// - drb.source_size = 1, drb.destination_size = 1: MeSA and MeGA size, Definition 1. Gravity
//   Area: radius in hops (0 = the node alone); Subtopology: radix j (1 = the node alone).
// - drb.subtopology_dims = 0: Subtopology only, m of the j-ary m-cube (0 = all dimensions).
// - drb.distinct_paths = true: drop candidates whose route repeats an earlier one [OURS].
// - drb.max_width = 3: most MSPs open (§4: "three Multi-Step Paths, which included the original
//   and two additional paths").
// - drb.initial_width = 1: MSPs open before any ACK (§3, Fig. 1b: start on the static path).
// - drb.controller = paper: width update, paper (Δsize of eq. [9]/[10]), step (±1) or fixed.
// - drb.controller_input = message: the latency compared with the band, width x Latency(P*), the
//   mean latency of a message (§2 objective 1) [OURS], or Latency(P*) of eq. [7] (metapath, the
//   pseudo-code of §3 phase 2).
// - drb.threshold = 20, drb.tolerance = 5: ThL and Tol in cycles (§2, §3 phase 2; the paper
//   gives no values).
// - drb.threshold_base = canonical: ThL counts from the canonical latency, or from 0 (absolute).
// - drb.channel_use = 1: k of eq. [9]/[10] (no value in the paper).
// - drb.open_after_feedback = true: widen only after every open MSP has reported (PR-DRB theses:
//   paths are opened "one at a time").
// - drb.new_msp_latency = mean_active: latency assumed for a newly opened MSP (or zero_load).
// - drb.selection = bandwidth: MSP choice by eq. [11]/[12], or uniform (Valiant).
// - drb.eject_at_intermediates = false: packets pass through X and Y (§3.2: "the message is not
//   ejected at the intermediate nodes"); true ejects them there and the node re-injects them.
// - drb.candidate_tie = router_id: order of equal-length candidates, by ascending router id or
//   by a hash of (S, D, X, Y) (hashed) [OURS; issue 15 asked whether the id order skews tori].
// - drb.ack_vcs = shared: network ACKs in the data classes, routed like canonical packets, or on
//   VC classes of their own (reserved, the model before issue 15) [OURS; issue 15: reserving 2
//   of 8 VCs cost DRB most of its uniform-traffic saturation throughput].
// - drb.ack = network: ACKs as one-flit packets at the highest priority (§3 phase 1), or through
//   an ideal side channel (ideal) [the option, to separate effects].
//
// Latencies and thresholds are in router cycles.
#pragma once

#include <cstdint>
#include <string_view>

#include "models/network/routing/drb/ack_delivery.hpp"
#include "models/network/topology/topology.hpp"

namespace net::drb {

/// Supernode types of Definition 1.
enum class SupernodeKind : std::uint8_t {
  kGravityArea,  ///< every router within `size` hops of the centre
  kSubtopology,  ///< a j-ary m-cube (or k-ary m-tree) around the centre
};

/// How Dynamic Metapath Configuration (§3 phase 2) changes the width.
enum class WidthRule : std::uint8_t {
  kPaper,  ///< by the Δsize of eq. [9] (widen) and [10] (narrow)
  kStep,   ///< by one MSP
  kFixed,  ///< never: the width stays initial_width (Valiant, fixed multipath)
};

/// The latency the controller compares with the threshold band.
enum class ControllerInput : std::uint8_t {
  kMetapath,  ///< Latency(P*) of eq. [7], as the pseudo-code of §3 phase 2 says
  kMessage,   ///< width x Latency(P*): the mean latency of a message under eq. [11]/[12]
};

/// How MSP Selection (§3 phase 3) picks the MSP of a message.
enum class SelectionRule : std::uint8_t {
  kBandwidth,  ///< with probability proportional to 1 / Latency(MSP), eq. [4], [11], [12]
  kUniform,    ///< uniformly among the open MSPs (Valiant)
};

/// The latency the threshold ThL is measured from.
enum class ThresholdBase : std::uint8_t {
  kCanonical,  ///< band centre = canonical latency + ThL (ThL is a waiting time, as in §4)
  kAbsolute,   ///< band centre = ThL (the literal reading of §3 phase 2)
};

/// Which VCs network ACKs use.
enum class AckVcs : std::uint8_t {
  kReserved,  ///< DOR's classes again, for ACKs alone (the paper's "high-priority VC")
  kShared,    ///< the data classes, routed like a canonical packet (no VC reserved for ACKs)
};

/// How candidate MSPs of equal length are ordered (MspCandidates), i.e. which of them a
/// widening opens first.
enum class CandidateTie : std::uint8_t {
  kRouterId,  ///< by (X, Y) ascending router id: stable, but it favours low-id neighbours, which
              ///< on a torus are a different direction at the wrap columns than elsewhere
  kHashed,    ///< by a hash of (S, D, X, Y): every position and direction alike on average
};

/// The latency recorded for an MSP when it is opened, before its first ACK.
enum class NewMspLatency : std::uint8_t {
  kMeanActive,  ///< the mean recorded latency of the MSPs already open
  kZeroLoad,    ///< its zero-load latency (canonical latency plus its extra hops)
};

std::string_view to_string(SupernodeKind kind);
std::string_view to_string(WidthRule rule);
std::string_view to_string(ControllerInput input);
std::string_view to_string(SelectionRule rule);
std::string_view to_string(ThresholdBase base);
std::string_view to_string(NewMspLatency rule);
std::string_view to_string(CandidateTie tie);
std::string_view to_string(AckVcs vcs);

/// Parsers for the configuration layer: each throws pdes::ConfigError naming its key
/// (drb.supernode, drb.controller, drb.controller_input, drb.selection, drb.threshold_base,
/// drb.new_msp_latency, drb.ack) and listing the valid names.
SupernodeKind parse_supernode_kind(std::string_view name);
WidthRule parse_width_rule(std::string_view name);
ControllerInput parse_controller_input(std::string_view name);
SelectionRule parse_selection_rule(std::string_view name);
ThresholdBase parse_threshold_base(std::string_view name);
NewMspLatency parse_new_msp_latency(std::string_view name);
/// drb.candidate_tie: router_id or hashed.
CandidateTie parse_candidate_tie(std::string_view name);
/// drb.ack_vcs: reserved or shared.
AckVcs parse_ack_vcs(std::string_view name);
/// drb.ack: network or ideal (kNone is not a user choice).
AckDelivery parse_ack_delivery(std::string_view name);

/// The shape of one supernode: S(type, size, N0) of Definition 1, plus the Subtopology's m.
struct SupernodeSpec {
  SupernodeKind kind = SupernodeKind::kGravityArea;
  std::uint32_t size = 0;
  std::uint32_t dims = 0;
  bool operator==(const SupernodeSpec&) const = default;
};

struct DrbParams {
  SupernodeKind supernode = SupernodeKind::kGravityArea;
  std::uint32_t source_size = 1;
  std::uint32_t destination_size = 1;
  std::uint32_t subtopology_dims = 0;
  bool distinct_paths = true;
  std::uint32_t max_width = 3;
  std::uint32_t initial_width = 1;
  WidthRule controller = WidthRule::kPaper;
  ControllerInput controller_input = ControllerInput::kMessage;
  double threshold = 20.0;
  double tolerance = 5.0;
  ThresholdBase threshold_base = ThresholdBase::kCanonical;
  double channel_use = 1.0;
  bool open_after_feedback = true;
  NewMspLatency new_msp_latency = NewMspLatency::kMeanActive;
  SelectionRule selection = SelectionRule::kBandwidth;
  AckDelivery ack = AckDelivery::kNetwork;
  bool eject_at_intermediates = false;
  CandidateTie candidate_tie = CandidateTie::kRouterId;
  AckVcs ack_vcs = AckVcs::kShared;

  SupernodeSpec source_supernode() const { return {supernode, source_size, subtopology_dims}; }
  SupernodeSpec destination_supernode() const {
    return {supernode, destination_size, subtopology_dims};
  }

  /// Throws pdes::ConfigError naming the key for values that are wrong on any topology: a width
  /// of 0, initial_width > max_width, ThL < 0 (or 0 with the paper's rule, which divides by it),
  /// Tol < 0 or Tol > ThL, channel_use <= 0, non-finite numbers.
  void validate() const;

  /// validate(), plus the supernode shapes against `topology` (drb.source_size,
  /// drb.destination_size, drb.subtopology_dims): a supernode larger than the network, a
  /// Subtopology on a topology or with a radix it does not support.
  void validate(const Topology& topology) const;

  bool operator==(const DrbParams&) const = default;
};

}  // namespace net::drb
