// SPDX-License-Identifier: Apache-2.0
#include "models/network/router/router_params.hpp"

#include "pdes/error.hpp"

namespace net {

std::string_view to_string(SwitchingMode mode) {
  switch (mode) {
    case SwitchingMode::kWormhole: return "wormhole";
    case SwitchingMode::kVirtualCutThrough: return "vct";
    case SwitchingMode::kStoreAndForward: return "saf";
  }
  return "?";
}

SwitchingMode parse_switching_mode(std::string_view name) {
  if (name == "wormhole") return SwitchingMode::kWormhole;
  if (name == "vct") return SwitchingMode::kVirtualCutThrough;
  if (name == "saf") return SwitchingMode::kStoreAndForward;
  throw pdes::ConfigError("router.switching", "unknown switching mode '" + std::string(name) +
                                                  "'; valid names: wormhole, vct, saf");
}

std::string_view to_string(Arbitration arbitration) {
  return arbitration == Arbitration::kAge ? "age" : "round_robin";
}

Arbitration parse_arbitration(std::string_view name) {
  if (name == "round_robin") return Arbitration::kRoundRobin;
  if (name == "age") return Arbitration::kAge;
  throw pdes::ConfigError("router.arbitration", "unknown arbitration '" + std::string(name) +
                                                    "'; valid names: round_robin, age");
}

void RouterParams::validate(std::uint32_t packet_size, std::uint32_t vc_classes) const {
  if (vcs == 0 || vcs > 255) throw pdes::ConfigError("router.vcs", "must lie in [1, 255]");
  if (vcs < vc_classes) {
    throw pdes::ConfigError("router.vcs", "the routing needs " + std::to_string(vc_classes) +
                                              " VC classes for deadlock freedom (datelines, phases, ACKs), got " +
                                              std::to_string(vcs) + " VCs");
  }
  if (buffer_depth == 0 || buffer_depth > 65535) {
    throw pdes::ConfigError("router.buffer_depth", "must lie in [1, 65535] flits");
  }
  if (switching != SwitchingMode::kWormhole && buffer_depth < packet_size) {
    throw pdes::ConfigError("router.buffer_depth",
                            "virtual cut-through and store-and-forward need buffers of at least "
                            "one packet (" + std::to_string(packet_size) + " flits), got " +
                                std::to_string(buffer_depth));
  }
  if (link_latency == 0) throw pdes::ConfigError("router.link_latency", "must be >= 1 cycle");
  if (credit_delay == 0) throw pdes::ConfigError("router.credit_delay", "must be >= 1 cycle");
  // Allocation runs one tick after each cycle boundary (RouterLp::kPhase).
  if (cycle_ps < 2) throw pdes::ConfigError("router.cycle_ps", "must be >= 2 ticks");
}

}  // namespace net
