// SPDX-License-Identifier: Apache-2.0
#include "models/network/config/network_model.hpp"

#include <algorithm>
#include <cstdio>

#include "io/results/combine.hpp"
#include "models/network/build/lp_layout.hpp"
#include "models/network/build/network_build.hpp"
#include "models/network/config/network_schema.hpp"
#include "models/network/metrics/network_results.hpp"
#include "models/network/router/router_lp.hpp"

namespace net {

namespace {

// What the nodes send: the workload's name and its own summary.
std::string workload_summary(const NetworkParams& p, const Workload& workload) {
  const std::string summary = workload.summary();
  if (!workload.is_finite()) return summary.empty() ? p.workload.kind : summary;
  return p.workload.kind + (summary.empty() ? "" : " (" + summary + ")") + ", " +
         std::to_string(p.packet_size) + "-flit packets";
}

}  // namespace

NetworkModel::NetworkModel(NetworkSetup setup) : setup_(std::move(setup)) {}

std::optional<double> NetworkModel::default_optimism_window() const {
  return static_cast<double>(setup_.params.router.hop_cycles());
}

std::optional<std::int64_t> NetworkModel::default_lookahead_ticks() const {
  const NetworkParams& p = setup_.params;
  const NetworkParts& parts = setup_.parts;
  const bool ideal_channels =
      p.router_kind != "input_queued" || p.node_kind != "network_interface" ||
      parts.workload->observes_deliveries() || parts.routing->router_monitor() != nullptr ||
      parts.selection->router_monitor() != nullptr;
  if (ideal_channels) return std::nullopt;
  const RouterParams& r = p.router;
  // Terminal links take router.link_latency; a topology may give network links their own.
  const std::uint32_t shortest_link =
      std::min(r.link_latency, parts.topology->min_link_latency().value_or(r.link_latency));
  const std::int64_t cycles = std::min(shortest_link, r.credit_delay);
  if (cycles < 1) return std::nullopt;
  return cycles * r.cycle_ps - RouterLp::allocation_phase_ticks();
}

pdes::PartitionGraph NetworkModel::partition_graph() const {
  return network_partition_graph(*setup_.topology);
}

void NetworkModel::load_local_input(const std::vector<pdes::LpId>& local) const {
  const Topology& topology = *setup_.parts.topology;
  setup_.parts.workload->load_input(
      local_nodes(LpLayout{topology.num_routers(), topology.num_nodes()}, local));
}

void NetworkModel::add_lps(pdes::Simulation& sim) const {
  build_network(sim, setup_.params, setup_.parts);
}

std::vector<models::Figure> NetworkModel::summary(const pdes::RunResult& /*run*/) const {
  using models::Figure;
  const NetworkParams& p = setup_.params;
  const RouterParams& r = p.router;
  return {
      Figure::note("network", setup_.topology->summary()),
      Figure::note("routing", p.routing),
      Figure::note("router", std::string(to_string(r.switching)) + ", " + std::to_string(r.vcs) + " VCs x " +
                     std::to_string(r.buffer_depth) + " flits, " +
                     std::to_string(r.head_delay() + r.st_delay + r.link_latency) + "-cycle hop"),
      Figure::note("traffic",
                   workload_summary(p, *setup_.parts.workload) +
                       (p.workload.scheduler == "fifo" ? ""
                                                       : ", scheduler " + p.workload.scheduler)),
  };
}

std::unique_ptr<models::ModelResults> NetworkModel::make_results() const {
  NetworkResultsParams r;
  r.num_nodes = setup_.topology->num_nodes();
  r.ticks_per_cycle = kTicksPerCycle;
  r.warmup_cycles = setup_.params.warmup_cycles;
  r.measure_end_cycle = setup_.measure_end_cycle;
  r.window_cycles = setup_.window_cycles;
  r.latency_table = setup_.latency_table;
  r.packet_sample_every = setup_.packet_sample_every;
  r.warmup_packets = setup_.warmup_packets;
  r.finite_workload = setup_.parts.workload->is_finite();
  r.message_table = setup_.message_table;
  r.pair_series_sources = setup_.pair_series_sources;
  // The app combines the results over MPI_COMM_WORLD; the warm-up in packets needs the same
  // collective earlier (ModelResults has no hook of its own for it).
  r.reduce = [](const io::ResultSet& local) { return io::combine(local, MPI_COMM_WORLD); };
  auto results = std::make_unique<NetworkResults>(r);
  // The registered parts' own results (metrics/results_extension.hpp).
  const NetworkParts& parts = setup_.parts;
  std::unique_ptr<ResultsExtension> extensions[] = {parts.routing->make_results(),
                                                    parts.selection->make_results(),
                                                    parts.workload->make_results()};
  for (auto& extension : extensions) {
    if (extension != nullptr) results->add_extension(std::move(extension));
  }
  return results;
}

models::ModelEntry network_model_entry() {
  models::ModelEntry entry;
  entry.name = "network";
  entry.description = "Interconnection network: VC routers, compute nodes, synthetic traffic";
  entry.time_unit = "cycles";
  entry.ticks_per_time_unit = kTicksPerCycle;
  entry.declare_schema = declare_network_schema;
  entry.create = [](const io::Config& config) -> std::unique_ptr<models::Model> {
    return std::make_unique<NetworkModel>(network_setup_from(config));
  };
  return entry;
}

}  // namespace net
