// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/prdrb/prdrb_params.hpp"

#include <cmath>
#include <string>

#include "models/network/routing/prdrb/flow_set.hpp"
#include "pdes/error.hpp"

namespace net::prdrb {

namespace {

std::string number(double v) {
  std::string s = std::to_string(v);
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

void check_fraction(const char* key, double v) {
  if (!(std::isfinite(v) && v > 0.0 && v <= 1.0)) {
    throw pdes::ConfigError(key, "must be in (0, 1] (a fraction; 1 = all), got " + number(v));
  }
}

}  // namespace

std::string_view to_string(Notification n) {
  return n == Notification::kRouter ? "router" : "destination";
}

Notification parse_notification(std::string_view name) {
  if (name == "destination") return Notification::kDestination;
  if (name == "router") return Notification::kRouter;
  throw pdes::ConfigError("prdrb.notification", "unknown value '" + std::string(name) +
                                                    "'; valid names: destination, router");
}

std::string_view to_string(Reapply r) {
  return r == Reapply::kMaxWidth ? "max_width" : "saved";
}

Reapply parse_reapply(std::string_view name) {
  if (name == "saved") return Reapply::kSaved;
  if (name == "max_width") return Reapply::kMaxWidth;
  throw pdes::ConfigError("prdrb.reapply", "unknown value '" + std::string(name) +
                                               "'; valid names: saved, max_width");
}

void PrDrbParams::validate(const Topology& topology) const {
  drb.validate(topology);
  check_fraction("prdrb.similarity", similarity);
  check_fraction("prdrb.contributor_share", contributor_share);
  if (database_size == 0) {
    throw pdes::ConfigError("prdrb.database_size",
                            "must be >= 1 (the database needs room for one solution), got 0");
  }
  if (max_flows < 1 || max_flows > FlowSet::kCapacity) {
    throw pdes::ConfigError("prdrb.max_flows",
                            "must be 1.." + std::to_string(FlowSet::kCapacity) +
                                " (one notification fits in a 32-byte control message), got " +
                                std::to_string(max_flows));
  }
  if (!(std::isfinite(router_threshold) && router_threshold >= 0.0)) {
    throw pdes::ConfigError("prdrb.router_threshold",
                            "must be a number of cycles >= 0, got " + number(router_threshold));
  }
  if (!(std::isfinite(watchdog) && watchdog >= 0.0)) {
    throw pdes::ConfigError("prdrb.watchdog",
                            "must be a number of cycles >= 0 (0 = off), got " + number(watchdog));
  }
  if (immediate_notice && notification != Notification::kDestination) {
    throw pdes::ConfigError("prdrb.immediate_notice",
                            "true applies to prdrb.notification = \"destination\" only (router-"
                            "based notices already act at once); got notification = \"" +
                                std::string(to_string(notification)) + "\"");
  }
  if (stale_acks == 0) {
    throw pdes::ConfigError("prdrb.stale_acks",
                            "must be >= 1 (ACKs that judge a re-applied solution), got 0");
  }
  if (drb.max_width > kMaxSolutionPaths) {
    throw pdes::ConfigError("drb.max_width", "PR-DRB saves at most " +
                                                 std::to_string(kMaxSolutionPaths) +
                                                 " paths per solution (the thesis uses 4); "
                                                 "allowed 1.." +
                                                 std::to_string(kMaxSolutionPaths) + ", got " +
                                                 std::to_string(drb.max_width));
  }
  if (topology.num_nodes() > 65536) {
    throw pdes::ConfigError("network.routing",
                            "prdrb names flows by 16-bit node ids: at most 65536 nodes, the "
                            "network has " + std::to_string(topology.num_nodes()));
  }
}

void PrDrbParams::validate_watchdog(double longest_round_trip) const {
  if (watchdog > 0.0 && watchdog <= longest_round_trip) {
    throw pdes::ConfigError("prdrb.watchdog",
                            number(watchdog) + " cycles is not longer than the longest zero-load "
                            "round trip (" + number(longest_round_trip) +
                            " cycles: a data packet over the diameter and its ACK back), so it "
                            "would fire on an idle network; use 0 (off) or more");
  }
}

}  // namespace net::prdrb
