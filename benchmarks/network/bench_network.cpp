// SPDX-License-Identifier: Apache-2.0
//
// The network model's speed: one run of a k x k mesh or torus with dimension-order routing and
// uniform traffic, one JSON line of figures on rank 0. run_benchmark.py repeats runs, takes
// medians and prints the table of docs/performance.md.
//
//   bench_network --topology mesh --k 8 --load 0.3 --cycles 20000
//   mpirun -np 2 bench_network --topology torus --k 64 --load 0.1 --cycles 2000 --engine optimistic
//
// Figures: delivered flits and flit-hops (work), wall seconds of Simulation::run (rank 0,
// between barriers), delivered flits per wall second, wall nanoseconds per flit-hop (the cost
// that must not grow with the network's size), peak RSS (largest rank) and per router, and the
// size of one router's state. The router is RouterParams' default (the BookSim-like one of
// docs/router.md): 2 VCs of 8 flits, 1-cycle routing, VC allocation, switch allocation,
// traversal and link.
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "models/network/build/network_build.hpp"
#include "models/network/metrics/packet_records.hpp"
#include "models/network/router/router_lp.hpp"
#include "models/network/router/router_state.hpp"
#include "pdes/pdes.hpp"

namespace {

struct Options {
  std::string topology = "mesh";
  std::uint32_t k = 8;
  double load = 0.3;
  std::uint64_t cycles = 20000;
  std::uint32_t packet_size = 1;
  std::string engine = "sequential";
  std::uint64_t seed = 1;
  double window = -1;  ///< optimism window in cycles; < 0: the network model's default
  long long lookahead = -1;  ///< kernel lookahead in ticks; < 0: the network model's default
  std::uint32_t state_save_period = pdes::KernelConfig{}.state_save_period;
  std::string pending_set = "buckets";  ///< the network model's choice in `warpnet run`
};

[[noreturn]] void usage(const std::string& problem) {
  std::fprintf(stderr,
               "bench_network: %s\nusage: bench_network [--topology mesh|torus] [--k K] "
               "[--load L] [--cycles N] [--packet-size P] [--engine sequential|optimistic] "
               "[--seed S] [--window W|inf] [--lookahead TICKS] [--state-save-period N] "
               "[--pending-set buckets|heap|calendar]\n",
               problem.c_str());
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) usage("missing value after " + flag);
    const char* v = argv[++i];
    if (flag == "--topology") o.topology = v;
    else if (flag == "--k") o.k = static_cast<std::uint32_t>(std::atoi(v));
    else if (flag == "--load") o.load = std::atof(v);
    else if (flag == "--cycles") o.cycles = static_cast<std::uint64_t>(std::atof(v));
    else if (flag == "--packet-size") o.packet_size = static_cast<std::uint32_t>(std::atoi(v));
    else if (flag == "--engine") o.engine = v;
    else if (flag == "--seed") o.seed = static_cast<std::uint64_t>(std::atoll(v));
    else if (flag == "--lookahead") o.lookahead = std::atoll(v);
    else if (flag == "--window") o.window = std::string(v) == "inf" ? 1e300 : std::atof(v);
    else if (flag == "--state-save-period") o.state_save_period = static_cast<std::uint32_t>(std::atoi(v));
    else if (flag == "--pending-set") o.pending_set = v;
    else usage("unknown option " + flag);
  }
  if (o.k < 2) usage("--k must be >= 2");
  if (o.state_save_period < 1) usage("--state-save-period must be >= 1");
  if (o.engine != "sequential" && o.engine != "optimistic") usage("bad --engine");
  return o;
}

/// Counts what the sinks see: delivered packets, flits and flit-hops.
class CountingSink final : public pdes::OutputSink {
 public:
  void write(const pdes::Record& r) override {
    if (r.kind != net::PacketDelivered::kRecordKind) return;
    const auto d = r.as<net::PacketDelivered>();
    ++packets;
    flits += d.size;
    flit_hops += std::uint64_t{d.size} * d.hops;
  }
  std::uint64_t packets = 0, flits = 0, flit_hops = 0;
};

std::size_t router_state_bytes(const net::RouterParams& r, std::size_t ports) {
  const std::size_t pv = ports * r.vcs;
  net::RouterState s;  // sized as RouterLp::on_init sizes it
  s.size_arrays(pv, ports);
  s.slots.resize(pv * r.buffer_depth);
  return s.bytes();
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const Options o = parse(argc, argv);

  net::NetworkParams p;
  p.topology = o.topology;
  p.topology_options_as<net::NetworkSizeKeys>().dims = {o.k, o.k};
  p.packet_size = o.packet_size;
  p.load = o.load;
  if (o.topology == "torus") p.router.vcs = 2;

  pdes::KernelConfig config;
  config.engine = o.engine == "optimistic" ? pdes::EngineKind::optimistic
                                           : pdes::EngineKind::sequential;
  config.seed = o.seed;
  config.end_time = p.cycles(o.cycles);
  config.progress_interval_seconds = 0;
  // As `warpnet run` does when the kernel keys are not given: time buckets, one router hop.
  config.pending_set = o.pending_set == "heap"       ? pdes::PendingSet::heap
                      : o.pending_set == "calendar" ? pdes::PendingSet::calendar
                                                    : pdes::PendingSet::buckets;
  config.state_save_period = o.state_save_period;
  // As `warpnet run` (NetworkModel::default_lookahead_ticks, this router and node): the
  // shorter of a link and a credit less the allocation phase, which gives the sequential engine
  // its LP windows. By default only there: the optimistic engine's figures of earlier sessions
  // were taken without it (--lookahead gives it to both).
  const std::uint32_t lookahead_cycles = std::min(p.router.link_latency, p.router.credit_delay);
  if (o.lookahead >= 0) {
    config.lookahead = pdes::SimTime{o.lookahead};
  } else if (lookahead_cycles >= 1 && config.engine == pdes::EngineKind::sequential) {
    config.lookahead = pdes::SimTime{static_cast<std::int64_t>(lookahead_cycles) * p.router.cycle_ps -
                                     net::RouterLp::allocation_phase_ticks()};
  }
  const double window = o.window < 0 ? p.router.hop_cycles() : o.window;
  if (window < 1e18) config.optimism_window = p.cycles(static_cast<std::uint64_t>(window));

  CountingSink sink;
  pdes::Simulation sim(config);
  const net::NetworkInfo info = net::build_network(sim, p);
  sim.set_output_sink(&sink);
  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  const pdes::RunResult result = sim.run();
  MPI_Barrier(MPI_COMM_WORLD);
  const double wall = MPI_Wtime() - start;

  std::uint64_t local[3] = {sink.packets, sink.flits, sink.flit_hops};
  std::uint64_t total[3] = {0, 0, 0};
  MPI_Reduce(local, total, 3, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    std::uint64_t peak = 0;
    for (const auto& s : result.per_rank) peak = std::max(peak, s.peak_rss_bytes);
    const double routers = static_cast<double>(info.topology->num_routers());
    std::printf(
        "{\"topology\": \"%s\", \"k\": %u, \"load\": %.3f, \"cycles\": %llu, \"engine\": \"%s\", "
        "\"ranks\": %d, \"packets\": %llu, \"flits\": %llu, \"flit_hops\": %llu, "
        "\"mean_hops\": %.4f, \"wall_seconds\": %.4f, \"flits_per_second\": %.1f, "
        "\"ns_per_flit_hop\": %.2f, \"events_committed\": %llu, \"efficiency\": %.4f, "
        "\"peak_rss_mib\": %.1f, \"peak_rss_bytes_per_router\": %.0f, "
        "\"router_state_bytes\": %zu}\n",
        o.topology.c_str(), o.k, o.load, static_cast<unsigned long long>(o.cycles),
        o.engine.c_str(), size, static_cast<unsigned long long>(total[0]),
        static_cast<unsigned long long>(total[1]), static_cast<unsigned long long>(total[2]),
        total[1] ? static_cast<double>(total[2]) / static_cast<double>(total[1]) : 0.0, wall,
        static_cast<double>(total[1]) / wall,
        total[2] ? wall * 1e9 / static_cast<double>(total[2]) : 0.0,
        static_cast<unsigned long long>(result.total.events_committed), result.total.efficiency(),
        static_cast<double>(peak) / (1024.0 * 1024.0), static_cast<double>(peak) / routers,
        router_state_bytes(p.router, info.topology->max_ports()));
  }
  MPI_Finalize();
  return 0;
}
