// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/prdrb/prdrb_config.hpp"

#include <string>

#include "models/network/routing/drb/drb_config.hpp"

namespace net::prdrb {

void declare_prdrb_section(io::Schema& s) {
  const PrDrbParams d;
  s.describe_section("prdrb",
                     "Predictive Routing Balancing and Fast-Response DRB (read when "
                     "network.routing = \"prdrb\", with the [drb] section; docs/prdrb.md)");
  s.add_bool("prdrb.predictive", d.predictive)
      .describe("The predictive module: notifications, solution database, direct maximum "
                "expansion (false: DRB, or FR-DRB with prdrb.watchdog)");
  s.add_choice("prdrb.notification", std::string(to_string(d.notification)),
               {"destination", "router"})
      .describe("Who notifies the sources: destination (flows ride with the packet and its "
                "ACK, Alg. A.1) or router (predictive ACKs, Alg. A.4)");
  s.add_bool("prdrb.immediate_notice", d.immediate_notice)
      .describe("Probe, destination-based only: the flows reach the packet's source when the "
                "router detects (ideal side channel) instead of with its ACK [ours]");
  s.add_choice("prdrb.reapply", std::string(to_string(d.reapply)), {"saved", "max_width"})
      .describe("On a database hit: saved (the saved paths, only if more than the open ones) "
                "[ours], or max_width (drb.max_width paths at once: \"maximum path expansion "
                "is directly done\", §4.6.3)");
  s.add_float("prdrb.router_threshold", d.router_threshold)
      .finite()
      .unit("cycles")
      .describe("A packet that waited longer than this for an output triggers detection "
                "(no value in the thesis); >= 0");
  s.add_int("prdrb.max_flows", d.max_flows)
      .range(0, 1 << 16)
      .describe("n: the most contending flows one notification names (not stated); 1..5");
  s.add_float("prdrb.contributor_share", d.contributor_share)
      .finite()
      .describe("Main contributors: flows by falling share until they cover this share of the "
                "packets (§3.2.7); (0, 1]");
  s.add_int("prdrb.notify_holdoff", d.notify_holdoff)
      .range(0, 1 << 30)
      .unit("cycles")
      .describe("Router-based: an output that notified stays quiet this long [ours]");
  s.add_int("prdrb.notice_flits", d.notice_flits)
      .range(1, 1 << 10)
      .unit("cycles")
      .describe("Router-based: cycles a predictive ACK holds each link it crosses");
  s.add_float("prdrb.similarity", d.similarity)
      .finite()
      .describe("Match threshold of the solution database (§3.2.8: 0.8); (0, 1]");
  s.add_int("prdrb.database_size", d.database_size)
      .range(0, 1 << 20)
      .describe("Saved solutions per source; the least recently used makes room (not stated)");
  s.add_int("prdrb.stale_acks", d.stale_acks)
      .range(0, 1 << 16)
      .describe("ACKs in the high zone after which a re-applied solution is stale and DRB "
                "takes over (not stated); >= 1");
  s.add_float("prdrb.watchdog", d.watchdog)
      .finite()
      .unit("cycles")
      .describe("FR-DRB: open a path when no ACK came for this long while packets are "
                "outstanding; 0 = off; else longer than the longest zero-load round trip");
}

PrDrbParams prdrb_params_from(const io::Config& config) {
  PrDrbParams p;
  p.drb = drb::drb_params_from(config);
  const auto u32 = [&](const char* key) {
    return static_cast<std::uint32_t>(config.get_int(key));
  };
  p.predictive = config.get_bool("prdrb.predictive");
  p.notification = parse_notification(config.get_string("prdrb.notification"));
  p.immediate_notice = config.get_bool("prdrb.immediate_notice");
  p.reapply = parse_reapply(config.get_string("prdrb.reapply"));
  p.router_threshold = config.get_float("prdrb.router_threshold");
  p.max_flows = u32("prdrb.max_flows");
  p.contributor_share = config.get_float("prdrb.contributor_share");
  p.notify_holdoff = u32("prdrb.notify_holdoff");
  p.notice_flits = u32("prdrb.notice_flits");
  p.similarity = config.get_float("prdrb.similarity");
  p.database_size = u32("prdrb.database_size");
  p.stale_acks = u32("prdrb.stale_acks");
  p.watchdog = config.get_float("prdrb.watchdog");
  return p;
}

}  // namespace net::prdrb
