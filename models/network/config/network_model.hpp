// SPDX-License-Identifier: Apache-2.0
//
// The network model as the warpnet CLI sees it: NetworkModel (LP graph, LPs, summary rows,
// results sink) and its ModelEntry "network" (registered in models/register_all.cpp).
//
// LPs: routers 0 .. R-1, then nodes R .. R+N-1 (LpLayout). Partition graph: an edge of weight 1
// for every router-router link and every router-node attachment (parallel links between two
// routers add up), so that graph partitioners keep neighbours together. The weights do not
// estimate traffic: every link of a uniform workload is used alike.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "models/model.hpp"
#include "models/network/config/network_config.hpp"

namespace net {

class NetworkModel final : public models::Model {
 public:
  explicit NetworkModel(NetworkSetup setup);

  pdes::PartitionGraph partition_graph() const override;
  /// The workload's input for the compute nodes among `local` (a replay's trace files).
  void load_local_input(const std::vector<pdes::LpId>& local) const override;
  void add_lps(pdes::Simulation& sim) const override;
  /// What was simulated: the network, routing, router and traffic, one row each.
  std::vector<models::Figure> summary(
      const pdes::RunResult& run) const override;
  /// A NetworkResults over the measurement interval and window of the configuration.
  std::unique_ptr<models::ModelResults> make_results() const override;
  /// One router hop at zero load (routing + VC + switch allocation + traversal + link): the
  /// time within which one router's events can affect its neighbours. docs/performance.md
  /// measured 5 cycles (this value for the default router) at 91 % efficiency on 2 ranks
  /// against 43 % unbounded.
  std::optional<double> default_optimism_window() const override;
  /// The least delay between LPs that may sit on different ranks, in ticks, where the
  /// configuration uses only channels with a link's delay: a flit or credit between routers
  /// or between a router and its node lands at least min(link_latency, credit_delay) cycles
  /// later, less the allocation phase (RouterLp::kPhase). nullopt where some part sends over
  /// a one-tick ideal channel: router monitors (PR-DRB, speculative selection), workloads
  /// that observe deliveries (replays and skeletons send message notes), the message-level
  /// router and node kinds.
  std::optional<std::int64_t> default_lookahead_ticks() const override;
  /// Buckets: every event lands on a cycle boundary or one tick after it, so a few distinct
  /// times hold all pending events (docs/performance.md).
  std::optional<pdes::PendingSet> default_pending_set() const override {
    return pdes::PendingSet::buckets;
  }
  /// 16: a router's state (5.6 KiB with its buffers) costs more to copy than a few events to
  /// re-execute, and rollbacks touch under 1 % of events. Quiet-machine A/B on 2 ranks
  /// (docs/performance.md, session 9): 32x32 torus at 0.1 10-15 % faster than with 4, the
  /// saturated 32x32 mesh 13 %, the 64x64 torus the same; 32 gains nothing more, 64 loses.
  std::optional<std::uint32_t> default_state_save_period() const override { return 16; }

  const NetworkSetup& setup() const { return setup_; }

 private:
  NetworkSetup setup_;
};



/// The "network" model entry: schema, time unit (cycles), factory.
models::ModelEntry network_model_entry();

}  // namespace net
