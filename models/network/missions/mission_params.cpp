// SPDX-License-Identifier: Apache-2.0
#include "models/network/missions/mission_params.hpp"

#include <cstdio>
#include <string>
#include <vector>

#include "io/config/config.hpp"
#include "io/config/schema.hpp"
#include "models/network/missions/policy_registry.hpp"
#include "pdes/error.hpp"

namespace net::missions {

namespace {
std::string shortest(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%g", v);
  return b;
}
}  // namespace

void declare_mission_section(io::Schema& s) {
  const MissionSetup d;
  s.describe_section("mission",
                     "Communication missions (workload.kind = \"mission\"; docs/missions.md)");
  s.section_active_when("mission", "simulation.model", "network");
  s.add_float("mission.density", d.mission.density)
      .finite()
      .describe("Probability that a node sends a message to each other node in a mission, "
                "in (0, 1]");
  s.add_float("mission.length_mean", d.mission.length_mean)
      .finite()
      .unit("time units")
      .describe("Mean μ of the message length N(μ, σ), in time units, in [1, 65535]");
  s.add_float("mission.length_sigma", d.mission.length_sigma)
      .finite()
      .unit("time units")
      .describe("Standard deviation σ >= 0 of the message length");
  s.add_choice("mission.rounding", d.mission.rounding, {"floor", "round"})
      .describe("How a length sample becomes whole cycles; below 1: no message");
  s.add_int("mission.resolution", static_cast<std::int64_t>(d.mission.resolution))
      .range(1, 1 << 20)
      .unit("cycles")
      .describe("Cycles per time unit: lengths are rounding(resolution x sample) cycles; "
                "large values approximate continuous lengths");
  s.add_int("mission.delta_t", static_cast<std::int64_t>(d.mission.delta_t))
      .range(0, 1 << 30)
      .unit("time units")
      .describe("Δt: messages are released at uniform whole time units in [0, Δt] after the "
                "mission starts");
  s.add_int("mission.count", static_cast<std::int64_t>(d.mission.count))
      .range(1, 1 << 30)
      .describe("Missions per run");
  s.add_int("mission.period", static_cast<std::int64_t>(d.mission.period))
      .range(1, std::int64_t{1} << 30)
      .unit("time units")
      .describe("Time units between mission starts (long enough that missions never overlap)");
  s.add_int("mission.hot_spots", d.mission.hot_spots)
      .range(0, 1 << 20)
      .describe("0: uniform destinations; h: only the h hot nodes q*N/h receive");
  s.add_float("mission.interarrival", d.mission.interarrival)
      .finite()
      .unit("time units")
      .describe("mission_stream: mean time between a node's Poisson message arrivals, > 0");
  s.add_int("mission.duration", static_cast<std::int64_t>(d.mission.duration))
      .range(1, 1 << 30)
      .unit("time units")
      .describe("mission_stream: arrivals stop after this time");
  s.add_bool("mission.opt", d.mission.opt)
      .describe("Also compute OPT per mission: the branch-and-bound optimal schedule over "
                "e-cube paths under adapter.switching (offline, in the results)");
  s.add_int("mission.opt_budget", d.mission.opt_budget)
      .describe("OPT: search nodes per mission, > 0; past it the best schedule found and the "
                "proven lower bound are reported");
  s.add_bool("mission.cps_opt", d.mission.cps_opt)
      .describe("Also compute CPS-OPT per mission: minimal paths by simulated annealing (least "
                "peak link load), then the branch-and-bound schedule on them (opt_budget)");
  s.add_int("mission.cps_iterations", d.mission.cps_iterations)
      .describe("CPS-OPT: simulated-annealing moves per mission, > 0");
}

void declare_adapter_section(io::Schema& s) {
  const MissionSetup d;
  s.describe_section("adapter",
                     "The SPIDER-like message-level node adapter (router.kind = "
                     "\"message_switch\"; docs/missions.md)");
  s.section_active_when("adapter", "simulation.model", "network");
  s.add_choice("adapter.policy", d.adapter.policy, policy_names())
      .describe("Scheduling policy of the link queues: fifo, sf, lf, nf, ff, sbf, lbf");
  s.add_choice("adapter.routing", d.adapter.routing, {"ecube", "pa", "dfs"})
      .describe("ecube: lowest differing dimension first, per-link queues; pa: progressive "
                "adaptive (lowest free needed dimension), one queue per node; dfs: pa plus "
                "detours when every needed link is busy");
  s.add_choice("adapter.switching", d.adapter.switching, {"message", "vct", "circuit"})
      .describe("message: store-and-forward message switching; vct: virtual cut-through; "
                "circuit: circuit switching (each with ecube, pa and dfs)");
  s.add_choice("adapter.links", d.adapter.links, {"half_duplex", "full_duplex"})
      .describe("half_duplex: one message at a time on a link, either way (the paper)");
  s.add_choice("adapter.arbitration", d.adapter.arbitration, {"shared", "heads"})
      .describe("Half-duplex link between its ends: shared (one priority queue for both "
                "directions) or heads (each end's best message, first come first served)");
  s.add_choice("adapter.circuit_setup", d.adapter.circuit_setup,
               {"global", "source", "source_head", "hop_by_hop"})
      .describe("Circuit switching: global (one global policy order, whole paths at once, no "
                "hold-and-wait; ours), source (each source tries its messages in its policy "
                "order, whole paths, a failed set-up leaves the message at its source; the "
                "paper's reading), source_head (only the head of each source's per-link queue "
                "may go) or hop_by_hop (the head takes its first link and the set-up advances "
                "hop by hop, holding links while it waits); all but global need "
                "adapter.routing = ecube");
  s.add_float("adapter.dfs_slack", d.adapter.dfs_slack)
      .finite()
      .min(0.0)
      .describe("dfs: take a detour only if every needed link stays busy for more than this "
                "times the message length (a detour costs 2 x length); 0: whenever busy");
  s.add_float("adapter.age_weight", d.adapter.age_weight)
      .finite()
      .min(0.0)
      .describe("Priority minus this times the age in cycles (older first); 0: off");
}

AdapterParams adapter_params_from(const io::Config& c) {
  AdapterParams a;
  a.policy = c.get_string("adapter.policy");
  a.routing = c.get_string("adapter.routing");
  a.links = c.get_string("adapter.links");
  a.switching = c.get_string("adapter.switching");
  a.arbitration = c.get_string("adapter.arbitration");
  a.circuit_setup = c.get_string("adapter.circuit_setup");
  a.age_weight = c.get_float("adapter.age_weight");
  a.dfs_slack = c.get_float("adapter.dfs_slack");
  return a;
}

io::KeyGroup adapter_keys() { return {"adapter", declare_adapter_section}; }

MissionSetup mission_setup_from(const io::Config& c) {
  MissionSetup m;
  m.mission.density = c.get_float("mission.density");
  m.mission.length_mean = c.get_float("mission.length_mean");
  m.mission.length_sigma = c.get_float("mission.length_sigma");
  m.mission.rounding = c.get_string("mission.rounding");
  m.mission.resolution = static_cast<std::uint64_t>(c.get_int("mission.resolution"));
  m.mission.delta_t = static_cast<std::uint64_t>(c.get_int("mission.delta_t"));
  m.mission.count = static_cast<std::uint64_t>(c.get_int("mission.count"));
  m.mission.period = static_cast<std::uint64_t>(c.get_int("mission.period"));
  m.mission.hot_spots = static_cast<std::uint32_t>(c.get_int("mission.hot_spots"));
  m.mission.interarrival = c.get_float("mission.interarrival");
  m.mission.duration = static_cast<std::uint64_t>(c.get_int("mission.duration"));
  m.mission.opt = c.get_bool("mission.opt");
  m.mission.opt_budget = c.get_int("mission.opt_budget");
  m.mission.cps_opt = c.get_bool("mission.cps_opt");
  m.mission.cps_iterations = c.get_int("mission.cps_iterations");
  m.adapter = adapter_params_from(c);
  return m;
}

void validate(const AdapterParams& a) {
  if (a.switching == "circuit" && a.circuit_setup != "global" && a.routing != "ecube") {
    throw pdes::ConfigError("adapter.circuit_setup",
                            "'" + a.circuit_setup + "' orders circuits at their sources over "
                            "e-cube paths only; adapter.routing = '" + a.routing +
                                "' needs circuit_setup = 'global'");
  }
}

void validate(const MissionParams& p, std::uint64_t num_nodes) {
  if (!(p.density > 0.0 && p.density <= 1.0)) {
    throw pdes::ConfigError("mission.density",
                            shortest(p.density) + " is outside (0, 1]: the probability that a "
                                                  "node sends to another node in a mission");
  }
  if (!(p.length_sigma >= 0.0)) {
    throw pdes::ConfigError("mission.length_sigma",
                            shortest(p.length_sigma) + " is negative: σ must be >= 0");
  }
  if (!(p.length_mean >= 1.0 && p.length_mean <= 65535.0)) {
    throw pdes::ConfigError("mission.length_mean",
                            shortest(p.length_mean) + " is outside [1, 65535] cycles");
  }
  if (p.hot_spots > num_nodes) {
    throw pdes::ConfigError("mission.hot_spots", std::to_string(p.hot_spots) +
                                                     " hot spots in a network of " +
                                                     std::to_string(num_nodes) + " nodes");
  }
  if (p.length_mean * static_cast<double>(p.resolution) > 65535.0) {
    throw pdes::ConfigError("mission.resolution",
                            std::to_string(p.resolution) + " cycles per time unit make mean "
                                                           "lengths above 65535 cycles");
  }
  if (p.delta_t >= p.period) {
    throw pdes::ConfigError("mission.delta_t", std::to_string(p.delta_t) +
                                                   " is not below mission.period");
  }
  if (p.opt_budget <= 0) {
    throw pdes::ConfigError("mission.opt_budget",
                            std::to_string(p.opt_budget) + " is not a number of search nodes: "
                                                           "OPT needs a budget of at least 1");
  }
  if (p.cps_iterations <= 0) {
    throw pdes::ConfigError("mission.cps_iterations",
                            std::to_string(p.cps_iterations) + " annealing moves: CPS-OPT needs "
                                                               "at least 1");
  }
  if (p.count == 0 || p.period == 0) {
    throw pdes::ConfigError("mission.count", "count and period must be at least 1");
  }
}

}  // namespace net::missions
