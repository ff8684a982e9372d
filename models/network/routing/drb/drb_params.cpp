// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/drb_params.hpp"

#include <cmath>
#include <string>

#include "models/network/routing/drb/supernode.hpp"
#include "pdes/error.hpp"

namespace net::drb {
namespace {

[[noreturn]] void unknown(const char* key, std::string_view name, const char* valid) {
  throw pdes::ConfigError(key, "unknown value '" + std::string(name) + "'; valid names: " + valid);
}

void require_finite(const char* key, double value) {
  if (!std::isfinite(value)) throw pdes::ConfigError(key, "must be a finite number");
}

}  // namespace

std::string_view to_string(SupernodeKind kind) {
  return kind == SupernodeKind::kSubtopology ? "subtopology" : "gravity_area";
}

std::string_view to_string(WidthRule rule) {
  switch (rule) {
    case WidthRule::kPaper:
      return "paper";
    case WidthRule::kStep:
      return "step";
    case WidthRule::kFixed:
      return "fixed";
  }
  return "?";
}

std::string_view to_string(ControllerInput input) {
  return input == ControllerInput::kMessage ? "message" : "metapath";
}

std::string_view to_string(SelectionRule rule) {
  return rule == SelectionRule::kUniform ? "uniform" : "bandwidth";
}

std::string_view to_string(ThresholdBase base) {
  return base == ThresholdBase::kAbsolute ? "absolute" : "canonical";
}

std::string_view to_string(NewMspLatency rule) {
  return rule == NewMspLatency::kZeroLoad ? "zero_load" : "mean_active";
}

std::string_view to_string(AckVcs vcs) { return vcs == AckVcs::kShared ? "shared" : "reserved"; }

std::string_view to_string(CandidateTie tie) {
  return tie == CandidateTie::kHashed ? "hashed" : "router_id";
}

SupernodeKind parse_supernode_kind(std::string_view name) {
  if (name == "gravity_area") return SupernodeKind::kGravityArea;
  if (name == "subtopology") return SupernodeKind::kSubtopology;
  unknown("drb.supernode", name, "gravity_area, subtopology");
}

WidthRule parse_width_rule(std::string_view name) {
  if (name == "paper") return WidthRule::kPaper;
  if (name == "step") return WidthRule::kStep;
  if (name == "fixed") return WidthRule::kFixed;
  unknown("drb.controller", name, "paper, step, fixed");
}

ControllerInput parse_controller_input(std::string_view name) {
  if (name == "metapath") return ControllerInput::kMetapath;
  if (name == "message") return ControllerInput::kMessage;
  unknown("drb.controller_input", name, "metapath, message");
}

SelectionRule parse_selection_rule(std::string_view name) {
  if (name == "bandwidth") return SelectionRule::kBandwidth;
  if (name == "uniform") return SelectionRule::kUniform;
  unknown("drb.selection", name, "bandwidth, uniform");
}

ThresholdBase parse_threshold_base(std::string_view name) {
  if (name == "canonical") return ThresholdBase::kCanonical;
  if (name == "absolute") return ThresholdBase::kAbsolute;
  unknown("drb.threshold_base", name, "canonical, absolute");
}

NewMspLatency parse_new_msp_latency(std::string_view name) {
  if (name == "mean_active") return NewMspLatency::kMeanActive;
  if (name == "zero_load") return NewMspLatency::kZeroLoad;
  unknown("drb.new_msp_latency", name, "mean_active, zero_load");
}

CandidateTie parse_candidate_tie(std::string_view name) {
  if (name == "router_id") return CandidateTie::kRouterId;
  if (name == "hashed") return CandidateTie::kHashed;
  unknown("drb.candidate_tie", name, "router_id, hashed");
}

AckVcs parse_ack_vcs(std::string_view name) {
  if (name == "reserved") return AckVcs::kReserved;
  if (name == "shared") return AckVcs::kShared;
  unknown("drb.ack_vcs", name, "reserved, shared");
}

AckDelivery parse_ack_delivery(std::string_view name) {
  if (name == "network") return AckDelivery::kNetwork;
  if (name == "ideal") return AckDelivery::kIdeal;
  unknown("drb.ack", name, "network, ideal");
}

void DrbParams::validate() const {
  if (max_width == 0) throw pdes::ConfigError("drb.max_width", "must be >= 1 (1 = canonical only)");
  if (initial_width == 0) throw pdes::ConfigError("drb.initial_width", "must be >= 1");
  if (initial_width > max_width) {
    throw pdes::ConfigError("drb.initial_width", "must not exceed drb.max_width (" +
                                                     std::to_string(max_width) + "), got " +
                                                     std::to_string(initial_width));
  }
  require_finite("drb.threshold", threshold);
  require_finite("drb.tolerance", tolerance);
  require_finite("drb.channel_use", channel_use);
  if (threshold < 0) {
    throw pdes::ConfigError("drb.threshold", "ThL must be >= 0, got " + std::to_string(threshold));
  }
  // Eq. [9]/[10] scale the bandwidth step by Tol / ThL (docs/drb.md), so ThL = 0 has no meaning
  // there.
  if (controller == WidthRule::kPaper && threshold == 0) {
    throw pdes::ConfigError("drb.threshold", "must be > 0 with drb.controller = \"paper\"");
  }
  if (tolerance < 0) {
    throw pdes::ConfigError("drb.tolerance", "Tol must be >= 0, got " + std::to_string(tolerance));
  }
  // With Tol > ThL the narrowing bound ThL - Tol is negative: the metapath could never narrow.
  if (tolerance > threshold) {
    throw pdes::ConfigError("drb.tolerance", "Tol (" + std::to_string(tolerance) +
                                                 ") must not exceed ThL = drb.threshold (" +
                                                 std::to_string(threshold) + ")");
  }
  if (channel_use <= 0) {
    throw pdes::ConfigError("drb.channel_use", "k must be > 0, got " + std::to_string(channel_use));
  }
}

void DrbParams::validate(const Topology& topology) const {
  validate();
  // The Supernode constructor checks the shape against the topology.
  [[maybe_unused]] const Supernode source(topology, source_supernode(), "drb.source_size");
  [[maybe_unused]] const Supernode destination(topology, destination_supernode(),
                                               "drb.destination_size");
}

}  // namespace net::drb
