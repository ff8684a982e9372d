// SPDX-License-Identifier: Apache-2.0
//
// Test helpers for whole-network runs: an OutputSink that keeps the network model's records,
// and run_network(), which builds and runs one simulation and returns what the sink saw.
#pragma once

#include <cstdint>
#include <vector>

#include "models/network/build/network_build.hpp"
#include "models/network/metrics/packet_records.hpp"
#include "models/network/metrics/router_records.hpp"
#include "pdes/pdes.hpp"

namespace net::testing {

class PacketSink final : public pdes::OutputSink {
 public:
  void write(const pdes::Record& r) override {
    if (r.kind == PacketGenerated::kRecordKind) generated.push_back(r.as<PacketGenerated>());
    if (r.kind == PacketDelivered::kRecordKind) delivered.push_back(r.as<PacketDelivered>());
    if (r.kind == RouterPortTotals::kRecordKind) ports.push_back(r.as<RouterPortTotals>());
  }
  std::vector<PacketGenerated> generated;
  std::vector<PacketDelivered> delivered;
  std::vector<RouterPortTotals> ports;  ///< one per connected router port, at the end
};

struct NetworkRun {
  pdes::RunResult result;
  PacketSink sink;
  NetworkInfo info;
};

inline NetworkRun run_network(const NetworkParams& params, pdes::KernelConfig config = {}) {
  NetworkRun run;
  pdes::Simulation sim(config);
  run.info = build_network(sim, params);
  sim.set_output_sink(&run.sink);
  run.result = sim.run();
  return run;
}

}  // namespace net::testing
