// SPDX-License-Identifier: Apache-2.0
#include "models/phold/phold_build.hpp"

#include <memory>

#include "models/phold/phold_lp.hpp"

namespace phold {

std::vector<std::pair<std::string, std::string>> consistency_problems(const PholdParams& p) {
  std::vector<std::pair<std::string, std::string>> problems;
  if (p.group_size > p.lps) {
    problems.emplace_back("phold.group_size",
                          "group size " + std::to_string(p.group_size) +
                              " exceeds the number of LPs (phold.lps = " + std::to_string(p.lps) +
                              ")");
  } else if (p.remote_fraction > 0.0 && p.group_count() < 2) {
    problems.emplace_back("phold.remote_fraction",
                          "remote events need at least two groups, but phold.lps = " +
                              std::to_string(p.lps) + " and phold.group_size = " +
                              std::to_string(p.group_size) +
                              " make one; lower group_size or set remote_fraction = 0");
  }
  return problems;
}

void validate(const PholdParams& params) {
  if (params.lps == 0) throw pdes::ConfigError("phold.lps", "must be at least 1");
  if (params.group_size == 0) throw pdes::ConfigError("phold.group_size", "must be at least 1");
  if (!(params.mean_delay > 0.0)) throw pdes::ConfigError("phold.mean_delay", "must be > 0");
  if (!(params.lookahead >= 0.0)) throw pdes::ConfigError("phold.lookahead", "must be >= 0");
  if (!(params.remote_fraction >= 0.0 && params.remote_fraction <= 1.0)) {
    throw pdes::ConfigError("phold.remote_fraction", "must lie in [0, 1]");
  }
  const auto problems = consistency_problems(params);
  if (!problems.empty()) throw pdes::ConfigError(problems.front().first, problems.front().second);
}

void build(pdes::Simulation& sim, const PholdParams& params) {
  validate(params);
  if (sim.lp_count() == 0) sim.set_lp_count(params.lps);
  if (sim.lp_count() != params.lps) {
    throw pdes::ConfigError("phold.lps", "the simulation was set up for " +
                                             std::to_string(sim.lp_count()) + " LPs");
  }
  for (pdes::LpId id : sim.local_lps()) {
    sim.add_lp(id, std::make_unique<const PholdLp>(params));
  }
}

}  // namespace phold
