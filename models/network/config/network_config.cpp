// SPDX-License-Identifier: Apache-2.0
#include "models/network/config/network_config.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

#include "io/config/error_collector.hpp"
#include "models/network/build/lp_kinds.hpp"
#include "models/network/build/network_build.hpp"
#include "models/network/config/network_schema.hpp"
#include "models/network/node/injection_registry.hpp"
#include "models/network/routing/routing_registry.hpp"
#include "models/network/router/allocators/allocator_registry.hpp"
#include "models/network/selection/selection_registry.hpp"
#include "models/network/topology/topology_registry.hpp"
#include "models/network/traffic/traffic_registry.hpp"
#include "models/network/workload/workload_registry.hpp"

namespace net {

namespace {

constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max();

// A pdes::ConfigError's message without its "key: " prefix.
std::string message_of(const pdes::ConfigError& e) {
  const std::string what = e.what();
  const std::string prefix = e.key() + ": ";
  return !e.key().empty() && what.starts_with(prefix) ? what.substr(prefix.size()) : what;
}

// Runs `check`; a pdes::ConfigError becomes an issue about its key. Returns whether it passed.
template <class Check>
bool collect(io::ErrorCollector& errors, const io::Config& config, Check&& check) {
  try {
    check();
    return true;
  } catch (const pdes::ConfigError& e) {
    // A key the schema does not declare (none today) is reported against the file.
    errors.add(config.schema().find(e.key()) != nullptr ? e.key() : "", message_of(e));
    return false;
  }
}

std::uint32_t to_u32(std::int64_t v) { return static_cast<std::uint32_t>(v); }

RouterParams router_params_from(const io::Config& config) {
  RouterParams r;
  r.vcs = to_u32(config.get_int("router.vcs"));
  r.buffer_depth = to_u32(config.get_int("router.buffer_depth"));
  r.routing_delay = to_u32(config.get_int("router.routing_delay"));
  r.vc_alloc_delay = to_u32(config.get_int("router.vc_alloc_delay"));
  r.sw_alloc_delay = to_u32(config.get_int("router.sw_alloc_delay"));
  r.st_delay = to_u32(config.get_int("router.st_delay"));
  r.link_latency = to_u32(config.get_int("router.link_latency"));
  r.credit_delay = to_u32(config.get_int("router.credit_delay"));
  r.cycle_ps = kTicksPerCycle;
  r.switching = parse_switching_mode(config.get_string("router.switching"));
  r.arbitration = parse_arbitration(config.get_string("router.arbitration"));
  return r;
}

InjectionParams injection_params_from(const io::Config& config) {
  InjectionParams i;
  i.kind = config.get_string(kInjectionKey);
  InjectionRegistry processes;
  register_injection_processes(processes);
  i.options = processes.read_options(i.kind, config);
  return i;
}

// "phase 1 (line 14)": phases are numbered from 0, as in the PacketGenerated records.
std::string phase_label(std::size_t index, const io::TableRow& row) {
  return "phase " + std::to_string(index) +
         (row.line != 0 ? " (line " + std::to_string(row.line) + ")" : "");
}

// One [[traffic.phases]] table. A phase without `pattern` takes traffic.pattern with its
// [traffic] parameters; the pattern fields of a table go with the table's own pattern.
TrafficPhase phase_from(const io::TableRow& row, std::size_t index, const NetworkParams& p,
                        const TrafficRegistry& patterns, io::ErrorCollector& errors) {
  TrafficPhase phase;
  phase.duration_cycles = static_cast<std::uint64_t>(row.get_int("duration"));
  phase.load = row.has_value("load") ? row.get_float("load") : p.load;
  if (!row.has_value("pattern")) {
    phase.pattern = p.pattern;
    phase.pattern_options = p.pattern_options;
    for (const std::string& field : patterns.set_phase_fields(row)) {
      errors.add(kPhasesKey, phase_label(index, row) + ": field " + field +
                                 " parameterises the phase's own pattern, and the phase has "
                                 "none; give `pattern` in the table, or set " +
                                 patterns.key_of_phase_field(field) + " for traffic.pattern");
    }
    return phase;
  }
  phase.pattern = row.get_string("pattern");
  try {
    phase.pattern_options = patterns.read_phase_options(phase.pattern, row);
  } catch (const pdes::ConfigError& e) {
    errors.add(kPhasesKey, phase_label(index, row) + ": " + message_of(e));
  }
  return phase;
}

// True if the phase's fields make options for its pattern (else read_phases reported why).
bool reads_options(const TrafficRegistry& patterns, const std::string& pattern,
                   const io::TableRow& row) {
  try {
    (void)patterns.read_phase_options(pattern, row);
    return true;
  } catch (const pdes::ConfigError&) {
    return false;
  }
}

// A pattern factory names [traffic] keys; for a phase with its own pattern, name its fields.
std::string phase_pattern_message(const pdes::ConfigError& e, bool own_pattern,
                                  const TrafficRegistry& patterns) {
  if (own_pattern) {
    if (e.key() == kTrafficPatternKey) return "field pattern: " + message_of(e);
    for (const PatternEntry& entry : patterns.entries()) {
      if (!entry.config) continue;
      for (const PatternParameter& parameter : entry.config->parameters) {
        if (e.key() == parameter.key()) {
          return "field " + parameter.phase_field() + ": " + message_of(e);
        }
      }
    }
  }
  return e.what();
}

void read_phases(const io::Config& config, NetworkParams& p, const TrafficRegistry& patterns,
                 io::ErrorCollector& errors) {
  if (config.is_set(kPhasesKey)) {
    const std::vector<io::TableRow>& rows = config.get_table_list(kPhasesKey);
    for (std::size_t i = 0; i < rows.size(); ++i) {
      p.phases.push_back(phase_from(rows[i], i, p, patterns, errors));
    }
  }
  if (!config.is_set(kPhasesRepeatKey)) return;
  const double repeat = config.get_float(kPhasesRepeatKey);
  if (p.phases.empty()) {
    errors.add(kPhasesRepeatKey, "value " + config.as_written(kPhasesRepeatKey) +
                                     " is not used: there are no [[traffic.phases]]");
  } else if (std::isinf(repeat)) {
    p.phases_repeat = kRepeatForever;
  } else if (repeat != std::floor(repeat) || repeat > 0x1.0p62) {
    errors.add(kPhasesRepeatKey, "value " + config.as_written(kPhasesRepeatKey) +
                                     " is not a whole number of repetitions (or inf)");
  } else {
    p.phases_repeat = static_cast<std::uint64_t>(repeat);
  }
}

WorkloadParams workload_params_from(const io::Config& config) {
  WorkloadParams w;
  w.kind = config.get_string("workload.kind");
  w.scheduler = config.get_string("workload.scheduler");
  WorkloadRegistry workloads;
  register_workloads(workloads);
  w.options = workloads.read_options(w.kind, config);
  return w;
}

NetworkParams params_from(const io::Config& config, io::ErrorCollector& errors) {
  NetworkParams p;
  p.topology = config.get_string("network.topology");
  {
    TopologyRegistry topologies;
    register_topologies(topologies);
    p.topology_options = topologies.read_options(p.topology, config);
  }
  p.routing = config.get_string("network.routing");
  p.torus_tie = parse_torus_tie(config.get_string("network.torus_tie"));
  p.selection = config.get_string("router.selection");
  p.router_kind = config.get_string("router.kind");
  p.node_kind = config.get_string("network.node_kind");
  {
    RouterKindRegistry router_kinds;
    register_router_kinds(router_kinds);
    p.router_kind_options = router_kinds.read_options(p.router_kind, config);
    NodeKindRegistry node_kinds;
    register_node_kinds(node_kinds);
    p.node_kind_options = node_kinds.read_options(p.node_kind, config);
  }
  p.router = router_params_from(config);
  {
    RoutingRegistry routings;
    register_routings(routings);
    p.routing_options = routings.read_options(p.routing, config);
  }
  {
    SelectionRegistry selections;
    register_selection_functions(selections);
    p.selection_options = selections.read_options(p.selection, config);
  }
  {
    AllocatorRegistry allocators;
    register_allocators(allocators);
    p.allocator = config.get_string("router.allocator");
    p.allocator_options = allocators.read_options(p.allocator, config);
  }
  p.pattern = config.get_string("traffic.pattern");
  TrafficRegistry patterns;
  register_traffic_patterns(patterns);
  collect(errors, config, [&] { p.pattern_options = patterns.read_options(p.pattern, config); });
  p.packet_size = to_u32(config.get_int("traffic.packet_size"));
  p.load = config.get_float("traffic.load");
  p.injection = injection_params_from(config);
  p.warmup_cycles = static_cast<std::uint64_t>(config.get_int("traffic.warmup_cycles"));
  if (config.is_set("traffic.injection_end")) {
    p.injection_end_cycle = static_cast<std::uint64_t>(config.get_int("traffic.injection_end"));
  }
  read_phases(config, p, patterns, errors);
  p.workload = workload_params_from(config);
  return p;
}

// The checks that need the topology, in the order make_network_parts runs them; each builds
// its part once, and the run uses the parts built here (NetworkSetup::parts).
void check_against_topology(const io::Config& config, const NetworkParams& p,
                            NetworkParts& parts, io::ErrorCollector& errors) {
  const Topology& topology = *parts.topology;
  collect(errors, config, [&] { validate(p, topology); });
  std::uint32_t vc_classes = 1;
  collect(errors, config, [&] {
    RoutingRegistry routings;
    register_routings(routings);
    parts.routing = routings.create(p.routing, routing_setup(p, topology));
    vc_classes = parts.routing->vc_classes();
  });
  collect(errors, config, [&] { p.router.validate(p.packet_size, vc_classes); });

  // Each phase's pattern on its own, so that the message says which phase (and line).
  bool phases_ok = true;
  const std::vector<io::TableRow>* rows =
      config.is_set(kPhasesKey) ? &config.get_table_list(kPhasesKey) : nullptr;
  TrafficRegistry patterns;
  register_traffic_patterns(patterns);
  for (std::size_t i = 0; i < p.phases.size(); ++i) {
    const bool own_pattern = (*rows)[i].has_value("pattern");
    if (own_pattern && !reads_options(patterns, p.phases[i].pattern, (*rows)[i])) {
      phases_ok = false;  // reported by read_phases
      continue;
    }
    try {
      make_pattern(p.phases[i].pattern, p.phases[i].pattern_options, topology);
    } catch (const pdes::ConfigError& e) {
      errors.add(kPhasesKey, phase_label(i, (*rows)[i]) + ": " +
                                 phase_pattern_message(e, own_pattern, patterns));
      phases_ok = false;
    }
  }
  if (phases_ok) collect(errors, config, [&] { parts.source = make_traffic_source(p, topology); });
  collect(errors, config, [&] { complete_network_parts(p, parts); });
}

std::uint64_t end_cycle_of(const io::Config& config) {
  const double end = std::ceil(config.get_float("simulation.end_time"));
  return end >= 0x1.0p63 ? kNever : static_cast<std::uint64_t>(end);
}

// The measurement interval [warmup, measure_end) must hold at least one cycle. A warm-up in
// packets ends when it ends; only a warm-up in cycles can be checked here.
void check_measurement(const io::Config& config, const NetworkSetup& s,
                       io::ErrorCollector& errors) {
  const NetworkParams& p = s.params;
  if (config.is_set("traffic.warmup_packets") && config.get_int("traffic.warmup_cycles") != 0) {
    errors.add("traffic.warmup_packets",
               "value " + config.as_written("traffic.warmup_packets") +
                   " conflicts with traffic.warmup_cycles = " +
                   config.as_written("traffic.warmup_cycles") +
                   ": the warm-up is counted either in delivered packets or in cycles; remove "
                   "one of the two keys (or set traffic.warmup_cycles = 0)");
    return;
  }
  if (p.warmup_cycles >= s.end_cycle) {
    errors.add("traffic.warmup_cycles",
               "value " + config.as_written("traffic.warmup_cycles") +
                   " leaves nothing to measure: the run ends at simulation.end_time = " +
                   config.as_written("simulation.end_time") + " cycles");
  } else if (p.injection_end_cycle <= p.warmup_cycles) {
    errors.add("traffic.injection_end",
               "value " + config.as_written("traffic.injection_end") +
                   " leaves nothing to measure: injection ends before the warm-up "
                   "(traffic.warmup_cycles = " +
                   config.as_written("traffic.warmup_cycles") + ") is over");
  } else if (s.measure_end_cycle <= p.warmup_cycles) {
    // Only the last phase repetition can end the interval now.
    const std::string_view key = config.is_set(kPhasesRepeatKey) ? kPhasesRepeatKey : kPhasesKey;
    errors.add(key, "the phases end at cycle " + std::to_string(s.measure_end_cycle) +
                        ", before the warm-up (traffic.warmup_cycles = " +
                        config.as_written("traffic.warmup_cycles") +
                        ") is over: nothing would be measured");
  }
}

std::uint64_t phases_end(const NetworkParams& p) {
  if (p.phases.empty() || p.phases_repeat == kRepeatForever) return kNever;
  std::uint64_t period = 0;
  for (const TrafficPhase& ph : p.phases) period += ph.duration_cycles;
  // PhaseSchedule rejects schedules beyond 2^62 cycles; saturate rather than overflow here.
  return p.phases_repeat > kNever / std::max<std::uint64_t>(period, 1) ? kNever
                                                                       : p.phases_repeat * period;
}

}  // namespace

NetworkSetup network_setup_from(const io::Config& config) {
  io::ErrorCollector errors(config);
  NetworkSetup s;
  collect(errors, config, [&] { s.params = params_from(config, errors); });
  s.end_cycle = end_cycle_of(config);
  s.window_cycles = static_cast<std::uint64_t>(config.get_int("metrics.window_cycles"));
  s.packet_sample_every = static_cast<std::uint64_t>(config.get_int("metrics.packet_sample_every"));
  s.message_table = config.get_bool("metrics.message_table");
  if (config.is_set("traffic.warmup_packets")) {
    s.warmup_packets = static_cast<std::uint64_t>(config.get_int("traffic.warmup_packets"));
  }
  s.measure_end_cycle = std::min({s.end_cycle, s.params.injection_end_cycle, phases_end(s.params)});

  const bool topology_ok = collect(errors, config, [&] {
    TopologyRegistry topologies;
    register_topologies(topologies);
    s.topology = topologies.create(s.params.topology, s.params.topology_options);
  });
  if (topology_ok) {
    s.parts.topology = s.topology;
    check_against_topology(config, s.params, s.parts, errors);
    collect(errors, config, [&] {
      s.latency_table =
          parse_latency_table(config.get_string("metrics.latency_table"), s.topology->num_nodes());
    });
    for (const std::int64_t node : config.get_int_list("metrics.pair_series_sources")) {
      if (node < 0) continue;  // the schema reported it
      if (static_cast<std::uint64_t>(node) >= s.topology->num_nodes()) {
        errors.add("metrics.pair_series_sources",
                   "node " + std::to_string(node) + " does not exist; the network has " +
                       std::to_string(s.topology->num_nodes()) + " nodes (ids 0.." +
                       std::to_string(s.topology->num_nodes() - 1) + ")");
      } else {
        s.pair_series_sources.push_back(static_cast<std::uint64_t>(node));
      }
    }
    std::sort(s.pair_series_sources.begin(), s.pair_series_sources.end());
    s.pair_series_sources.erase(
        std::unique(s.pair_series_sources.begin(), s.pair_series_sources.end()),
        s.pair_series_sources.end());
  }
  check_measurement(config, s, errors);
  errors.throw_if_any();
  return s;
}

}  // namespace net
