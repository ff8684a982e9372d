// SPDX-License-Identifier: Apache-2.0
#include "models/network/node/injection_registry.hpp"

#include "models/network/node/bernoulli_injection.hpp"
#include "models/network/node/on_off_injection.hpp"
#include "models/network/node/periodic_injection.hpp"
#include "models/network/node/poisson_injection.hpp"

namespace net {

namespace {

template <class Process>
InjectionRegistry::Factory make() {
  return [](const InjectionSetup&) { return std::make_unique<Process>(); };
}

}  // namespace

void register_injection_processes(InjectionRegistry& r) {
  r.add("bernoulli", "a packet each cycle with probability rate (BookSim2 bernoulli)",
        make<BernoulliInjection>());
  r.add("poisson", "exponential inter-arrival times, generated at the next whole cycle",
        make<PoissonInjection>());
  r.add("periodic", "one packet every packet_size/load cycles ([traffic.periodic])",
        &PeriodicInjection::create, PeriodicInjection::config());
  r.add("on_off", "bursty: two-state Markov-modulated Bernoulli ([traffic.on_off])",
        &OnOffInjection::create, OnOffInjection::config());
}

std::vector<std::string> injection_kind_names() {
  InjectionRegistry registry;
  register_injection_processes(registry);
  return registry.names();
}

}  // namespace net
