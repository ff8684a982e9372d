// SPDX-License-Identifier: Apache-2.0
// Every registered part of every family is self-describing: a name and a one-line description,
// and, for a part with parameters, a section whose keys are described in the schema (and so in
// `warpnet config --explain`) and documented in docs/.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "io/config/schema.hpp"
#include "models/model.hpp"
#include "models/network/build/lp_kinds.hpp"
#include "models/network/missions/policy_registry.hpp"
#include "models/network/node/injection_registry.hpp"
#include "models/network/router/allocators/allocator_registry.hpp"
#include "models/network/routing/routing_registry.hpp"
#include "models/network/selection/selection_registry.hpp"
#include "models/network/topology/topology_registry.hpp"
#include "models/network/traffic/traffic_registry.hpp"
#include "models/network/workload/workload_registry.hpp"
#include "partition/partitioner_registry.hpp"

namespace {

// Every Markdown page under docs/, concatenated.
const std::string& all_docs() {
  static const std::string text = [] {
    std::string out;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(WARPNET_DOCS_DIR)) {
      if (entry.path().extension() != ".md") continue;
      std::ifstream in(entry.path());
      std::stringstream buffer;
      buffer << in.rdbuf();
      out += buffer.str();
    }
    return out;
  }();
  return text;
}

// A key is documented when docs/ names it in full ("traffic.hot_spot.nodes") or as a key of
// its section ("`nodes`" on a page that shows "[traffic.hot_spot]").
bool documented(const io::KeyDecl& key) {
  const std::string& docs = all_docs();
  if (docs.find(key.path) != std::string::npos) return true;
  return docs.find("[" + key.section + "]") != std::string::npos &&
         docs.find(key.name) != std::string::npos;
}

template <class Registry>
void check_descriptions(const Registry& registry) {
  CAPTURE(registry.family());
  CHECK_FALSE(registry.entries().empty());
  for (const auto& e : registry.entries()) {
    CAPTURE(e.name);
    CHECK_FALSE(e.description.empty());
  }
}

// Each entry's section declared alone: every key it declares is described and documented.
template <class Registry>
void check_sections(const Registry& registry) {
  check_descriptions(registry);
  for (const auto& e : registry.entries()) {
    if (!e.config) continue;
    CAPTURE(e.name);
    io::Schema schema;
    // Sections may be active only for a choice key that lives elsewhere: declare a stand-in.
    schema.add_string(registry.key(), "");
    for (const io::KeyGroup& group : e.config->shared) group.declare(schema);
    e.config->declare(schema);
    const std::vector<const io::KeyDecl*> keys = schema.keys();
    CHECK(keys.size() > 1);
    for (const io::KeyDecl* key : keys) {
      if (key->path == registry.key()) continue;
      CAPTURE(key->path);
      CHECK_FALSE(key->description.empty());
      CHECK(documented(*key));
    }
  }
}

}  // namespace

TEST_CASE("every topology, routing, selection, injection process, workload and allocator documents itself") {
  net::TopologyRegistry topologies;
  net::register_topologies(topologies);
  check_sections(topologies);
  net::RoutingRegistry routings;
  net::register_routings(routings);
  check_sections(routings);
  net::SelectionRegistry selections;
  net::register_selection_functions(selections);
  check_sections(selections);
  net::InjectionRegistry injections;
  net::register_injection_processes(injections);
  check_sections(injections);
  net::WorkloadRegistry workloads;
  net::register_workloads(workloads);
  check_sections(workloads);
  net::AllocatorRegistry allocators;
  net::register_allocators(allocators);
  check_sections(allocators);
}

TEST_CASE("every traffic pattern documents its parameters as keys and phase fields") {
  net::TrafficRegistry patterns;
  net::register_traffic_patterns(patterns);
  check_descriptions(patterns);
  for (const net::PatternEntry& e : patterns.entries()) {
    if (!e.config) continue;
    CAPTURE(e.name);
    CHECK_FALSE(e.config->parameters.empty());
    for (const net::PatternParameter& p : e.config->parameters) {
      CAPTURE(p.key());
      CHECK_FALSE(p.field.decl().description.empty());
      io::KeyDecl key = p.field.decl();
      key.path = p.key();
      key.section = p.section;
      CHECK(documented(key));
      CHECK(all_docs().find(p.phase_field()) != std::string::npos);
    }
  }
}

TEST_CASE("every LP kind, source scheduler, scheduling policy, partitioner and model") {
  net::RouterKindRegistry router_kinds;
  net::register_router_kinds(router_kinds);
  check_sections(router_kinds);
  net::NodeKindRegistry node_kinds;
  net::register_node_kinds(node_kinds);
  check_sections(node_kinds);
  net::SchedulerRegistry schedulers;
  net::register_source_schedulers(schedulers);
  check_descriptions(schedulers);
  net::missions::PolicyRegistry policies;
  net::missions::register_policies(policies);
  check_descriptions(policies);
  partition::PartitionerRegistry partitioners;
  partition::register_partitioners(partitioners);
  check_descriptions(partitioners);
  models::ModelRegistry models;
  models::register_all_models(models);
  check_descriptions(models);
}

TEST_CASE("an undocumented key is caught") {
  io::KeyDecl key;
  key.path = "traffic.no_such_section.no_such_key";
  key.section = "traffic.no_such_section";
  key.name = "no_such_key";
  CHECK_FALSE(documented(key));
}
