// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/drb_config.hpp"

#include <string>
#include <vector>

namespace net::drb {

namespace {

std::vector<std::string> names(std::initializer_list<const char*> list) {
  return {list.begin(), list.end()};
}

}  // namespace

void declare_drb_section(io::Schema& s) {
  const DrbParams d;
  s.describe_section("drb",
                     "Distributed Routing Balancing (read when network.routing = \"drb\"; "
                     "docs/drb.md)");
  s.add_choice("drb.supernode", std::string(to_string(d.supernode)),
               names({"gravity_area", "subtopology"}))
      .describe("Supernode type of Definition 1 (§2): gravity_area or subtopology");
  s.add_int("drb.source_size", d.source_size)
      .range(0, 1 << 16)
      .describe("Source supernode (MeSA) size: radius in hops (gravity_area, 0 = the node "
                "alone) or radix j (subtopology, 1 = the node alone)");
  s.add_int("drb.destination_size", d.destination_size)
      .range(0, 1 << 16)
      .describe("Destination supernode (MeGA) size, same meaning as drb.source_size");
  s.add_int("drb.subtopology_dims", d.subtopology_dims)
      .range(0, 64)
      .describe("Subtopology: dimensions m of the j-ary m-cube (0 = all)");
  s.add_bool("drb.distinct_paths", d.distinct_paths)
      .describe("Drop candidate MSPs whose route repeats an earlier one [ours]");
  s.add_int("drb.max_width", d.max_width)
      .range(0, 256)
      .describe("Most MSPs open at once (§4: three); 1 = static routing (DOR, bit for bit)");
  s.add_int("drb.initial_width", d.initial_width)
      .range(0, 256)
      .describe("MSPs open before any ACK (§3: 1, the static path)");
  s.add_choice("drb.controller", std::string(to_string(d.controller)),
               names({"paper", "step", "fixed"}))
      .describe("Width update: paper (eq. [9]/[10]), step (±1) or fixed");
  s.add_choice("drb.controller_input", std::string(to_string(d.controller_input)),
               names({"metapath", "message"}))
      .describe("Latency compared with ThL ± Tol: metapath = Latency(P*) of eq. [7], "
                "message = width x Latency(P*) [ours]");
  s.add_float("drb.threshold", d.threshold)
      .finite()
      .unit("cycles")
      .describe("ThL, the latency threshold (§3 phase 2; no value in the paper)");
  s.add_float("drb.tolerance", d.tolerance)
      .finite()
      .unit("cycles")
      .describe("Tol, the half-width of the band around ThL; 0 <= Tol <= ThL");
  s.add_choice("drb.threshold_base", std::string(to_string(d.threshold_base)),
               names({"canonical", "absolute"}))
      .describe("Band centre: canonical latency + ThL (canonical) or ThL (absolute) [ours]");
  s.add_float("drb.channel_use", d.channel_use)
      .finite()
      .describe("k of eq. [9]/[10] (no value in the paper); > 0");
  s.add_bool("drb.open_after_feedback", d.open_after_feedback)
      .describe("Widen only after every open MSP has reported (PR-DRB theses: one at a time)");
  s.add_choice("drb.new_msp_latency", std::string(to_string(d.new_msp_latency)),
               names({"mean_active", "zero_load"}))
      .describe("Latency recorded for a newly opened MSP [ours]");
  s.add_choice("drb.selection", std::string(to_string(d.selection)),
               names({"bandwidth", "uniform"}))
      .describe("MSP selection: bandwidth (eq. [11]/[12]) or uniform (Valiant)");
  s.add_bool("drb.eject_at_intermediates", d.eject_at_intermediates)
      .describe("Eject packets at X and Y and re-inject them from the node there (the paper "
                "passes them through, §3.2)");
  s.add_choice("drb.candidate_tie", std::string(to_string(d.candidate_tie)),
               names({"router_id", "hashed"}))
      .describe("Order of equal-length candidate MSPs: ascending (X, Y) router id, or a hash of "
                "(S, D, X, Y) that treats every torus position alike [ours]");
  s.add_choice("drb.ack_vcs", std::string(to_string(d.ack_vcs)), names({"reserved", "shared"}))
      .describe("Network ACKs: on VC classes of their own (reserved) or in the data classes, "
                "routed like a canonical packet (shared) [ours]");
  s.add_choice("drb.ack", std::string(to_string(d.ack)), names({"network", "ideal"}))
      .describe("ACK delivery: network (one-flit packets, highest priority) or ideal "
                "(side channel at zero-load latency, no network traffic)");
}

DrbParams drb_params_from(const io::Config& config) {
  DrbParams p;
  const auto u32 = [&](const char* key) {
    return static_cast<std::uint32_t>(config.get_int(key));
  };
  p.supernode = parse_supernode_kind(config.get_string("drb.supernode"));
  p.source_size = u32("drb.source_size");
  p.destination_size = u32("drb.destination_size");
  p.subtopology_dims = u32("drb.subtopology_dims");
  p.distinct_paths = config.get_bool("drb.distinct_paths");
  p.max_width = u32("drb.max_width");
  p.initial_width = u32("drb.initial_width");
  p.controller = parse_width_rule(config.get_string("drb.controller"));
  p.controller_input = parse_controller_input(config.get_string("drb.controller_input"));
  p.threshold = config.get_float("drb.threshold");
  p.tolerance = config.get_float("drb.tolerance");
  p.threshold_base = parse_threshold_base(config.get_string("drb.threshold_base"));
  p.channel_use = config.get_float("drb.channel_use");
  p.open_after_feedback = config.get_bool("drb.open_after_feedback");
  p.new_msp_latency = parse_new_msp_latency(config.get_string("drb.new_msp_latency"));
  p.selection = parse_selection_rule(config.get_string("drb.selection"));
  p.ack = parse_ack_delivery(config.get_string("drb.ack"));
  p.eject_at_intermediates = config.get_bool("drb.eject_at_intermediates");
  p.candidate_tie = parse_candidate_tie(config.get_string("drb.candidate_tie"));
  p.ack_vcs = parse_ack_vcs(config.get_string("drb.ack_vcs"));
  return p;
}

}  // namespace net::drb
