// SPDX-License-Identifier: Apache-2.0
#include "models/network/node/injection_process.hpp"

#include <algorithm>
#include <cmath>

#include "models/network/node/injection_registry.hpp"
#include "pdes/error.hpp"

namespace net {

std::unique_ptr<const InjectionProcess> make_injection_process(const InjectionParams& params,
                                                               std::uint64_t num_nodes) {
  InjectionRegistry registry;
  register_injection_processes(registry);
  return registry.create(params.kind, InjectionSetup{num_nodes, params.options});
}

std::uint64_t geometric_trials(double p, pdes::Rng& rng) {
  PDES_CHECK(p > 0.0 && p <= 1.0, "geometric_trials needs p in (0, 1]");
  if (p >= 1.0) return 1;
  const double u = rng.uniform();
  const double trials = 1.0 + std::floor(std::log1p(-u) / std::log1p(-p));
  return static_cast<std::uint64_t>(std::min(trials, 0x1.0p52));
}

}  // namespace net
