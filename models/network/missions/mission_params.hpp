// SPDX-License-Identifier: Apache-2.0
//
// The [mission] and [adapter] sections (docs/missions.md; Tsai & Shin, ICDCS 1996, §4).
//
// [mission]  the mission generator (workload.kind = "mission"), §4:
//   density       probability that a node sends a message to another node in a mission, (0, 1]
//   length_mean   μ of the message length N(μ, σ), time units
//   length_sigma  σ >= 0
//   rounding      how a sample becomes a length (the paper is silent, §4; our calibration
//                 suggests integers): "floor" (default) or "round"; a length below 1 means no
//                 message
//   resolution    cycles per time unit (default 1): lengths are rounding(resolution × sample)
//                 cycles, so a large resolution approximates continuous lengths (our calibration:
//                 "continuous" vs "floor-integer"); the results report time units
//   delta_t       Δt: each message is released at a uniform whole time unit in [0, Δt] after
//                 the mission's start (paper: Δt = 0 for all data)
//   count         missions per run
//   period        time units between the starts of consecutive missions: long enough that they never
//                 overlap (idle cycles cost nothing; the results count overlaps)
//   hot_spots     0: uniform destinations; h > 0: only the h hot nodes receive, node q * N / h
//                 for q < h (spread over the cube, [OURS]; the paper does not say which)
//   interarrival  workload.kind = "mission_stream" (steady state, §4.3): mean time units between
//                 a node's Poisson arrivals
//   duration      mission_stream: arrivals stop after this many time units (paper: 20,000)
//   opt           also compute OPT, the branch-and-bound optimal schedule of every mission over
//                 its e-cube paths (opt_schedule.hpp; offline, in the results)
//   opt_budget    search nodes per mission (> 0); past it OPT reports the best schedule found
//                 and the proven lower bound
//   cps_opt       also compute CPS-OPT: paths by simulated annealing (cps_annealer.hpp), then
//                 the branch-and-bound schedule on them (budget opt_budget)
//   cps_iterations annealing moves per mission (> 0)
//
// [adapter]  the SPIDER-like node adapter (router.kind = "message_switch"), §4:
//   policy        the scheduling policy (scheduling_policy.hpp)
//   routing       ecube (deterministic, per-link priority queues) or pa (progressive adaptive,
//                 minimal, one queue per node; pa_switch_lp.hpp) or dfs (pa with detours)
//   switching     message (store-and-forward, §5 MS), vct (virtual cut-through; PA:
//                 pa_cut_through_lp.hpp, DFS: circuit_manager_lp.hpp) or circuit (circuit
//                 switching, every routing; circuit_manager_lp.hpp)
//   links         half_duplex (the paper) or full_duplex
//   arbitration   how the two ends of a half-duplex link share it (not stated in the paper):
//                 "shared" (default): one priority queue for both directions, the first message
//                 in policy order goes; "heads": each end keeps its own priority queue and
//                 the two heads go first come, first served (earlier queued; ties: the owner)
//   circuit_setup circuit switching (circuit_manager_lp.hpp): "global" (default, [OURS]): one
//                 global policy order, whole paths or nothing; "source" (the paper's reading,
//                 §4.1-4.2): each source in its own policy order, whole paths or nothing;
//                 "source_head": only the head of a source's per-link queue may go;
//                 "hop_by_hop": set-up hop by hop with hold-and-wait; all but global need
//                 routing = ecube
//   dfs_slack     dfs: detour only if the needed links stay busy > dfs_slack × ℓ cycles
//   age_weight    w >= 0: priority − w × age (steady state, §4.3 [OURS]); 0: off
#pragma once

#include <cstdint>
#include <string>

#include "io/config/part_config.hpp"

namespace net::missions {

struct MissionParams {
  double density = 0.95;
  double length_mean = 10.0;
  double length_sigma = 5.0;
  std::string rounding = "floor";
  std::uint64_t resolution = 1;
  std::uint64_t delta_t = 0;
  std::uint64_t count = 100;
  std::uint64_t period = 100000;
  std::uint32_t hot_spots = 0;
  double interarrival = 20.0;   ///< mission_stream: mean time units between a node's messages
  std::uint64_t duration = 20000;  ///< mission_stream: time units of arrivals
  bool opt = false;                  ///< compute OPT per mission (opt_schedule.hpp)
  std::int64_t opt_budget = 20000;   ///< OPT: search nodes per mission, > 0
  bool cps_opt = false;              ///< compute CPS-OPT per mission (cps_annealer.hpp)
  std::int64_t cps_iterations = 20000;  ///< CPS-OPT: annealing moves per mission, > 0
  bool operator==(const MissionParams&) const = default;
};

struct AdapterParams {
  std::string policy = "fifo";
  std::string routing = "ecube";
  std::string switching = "message";
  std::string links = "half_duplex";
  std::string arbitration = "shared";
  std::string circuit_setup = "global";
  double age_weight = 0.0;
  double dfs_slack = 2.0;
  bool operator==(const AdapterParams&) const = default;
};

struct MissionSetup {
  MissionParams mission;
  AdapterParams adapter;
  bool operator==(const MissionSetup&) const = default;
};

/// Largest hypercube dimension the message-level model accepts (network.n): a mission of
/// density d has d × N(N − 1) messages, 4 × 10^9 at n = 16.
inline constexpr std::uint32_t kMaxMissionDimension = 16;

/// [mission]: the mission workloads' section.
void declare_mission_section(io::Schema& schema);
/// [adapter]: read by the message_switch router kind and by the mission workloads (whose
/// schedules depend on the links and the switching), so declared as a shared key group.
void declare_adapter_section(io::Schema& schema);
io::KeyGroup adapter_keys();
/// Both sections: the options of the mission workloads.
MissionSetup mission_setup_from(const io::Config& config);
/// [adapter]: the options of the message_switch router kind.
AdapterParams adapter_params_from(const io::Config& config);
/// Throws pdes::ConfigError naming the key and value: density outside (0, 1], σ < 0, a mean
/// below 1 or above 65535, count 0, period 0, hot spots above `num_nodes`, or an OPT budget
/// or annealing length <= 0.
void validate(const MissionParams& params, std::uint64_t num_nodes);
/// Throws pdes::ConfigError naming adapter.circuit_setup: a rule other than global
/// under circuit switching with a routing other than ecube.
void validate(const AdapterParams& params);

}  // namespace net::missions
