// SPDX-License-Identifier: Apache-2.0
#include "io/config/kernel_schema.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "io/config/error_collector.hpp"

namespace io {

namespace {

constexpr pdes::EngineKind kEngines[] = {pdes::EngineKind::sequential, pdes::EngineKind::optimistic,
                                         pdes::EngineKind::rollback_check};
constexpr std::int64_t kMaxU32 = std::numeric_limits<std::uint32_t>::max();
constexpr std::uint64_t kBytesPerMiB = std::uint64_t{1} << 20;
// The largest event memory limit in MiB whose byte count fits in std::uint64_t.
constexpr std::uint64_t kMaxMiB = std::numeric_limits<std::uint64_t>::max() / kBytesPerMiB;

// The kernel's default window is in ticks; only "unbounded" has a meaning without a tick length.
double default_optimism_window(const pdes::KernelConfig& d) {
  if (d.optimism_window != pdes::SimTime::max()) {
    throw std::logic_error(
        "io::declare_kernel_schema: pdes::KernelConfig's default optimism_window is finite; it "
        "cannot be stated in model time units without ticks_per_time_unit");
  }
  return std::numeric_limits<double>::infinity();
}

std::int64_t default_mib(const pdes::KernelConfig& d) {
  if (d.event_memory_limit_bytes % kBytesPerMiB != 0) {
    throw std::logic_error(
        "io::declare_kernel_schema: pdes::KernelConfig's default event memory limit is not a "
        "whole number of MiB");
  }
  return static_cast<std::int64_t>(d.event_memory_limit_bytes / kBytesPerMiB);
}

// value * ticks_per_unit rounded to the nearest tick; SimTime::max() stays reserved for "never".
pdes::SimTime to_ticks(const Config& config, ErrorCollector& errors, std::string_view key,
                       std::int64_t ticks_per_unit) {
  constexpr auto kMaxTicks = static_cast<long double>(std::numeric_limits<std::int64_t>::max());
  const double value = config.get_float(key);
  const long double ticks = static_cast<long double>(value) * ticks_per_unit;
  if (!(ticks < kMaxTicks - 0.5L)) {
    errors.add(key, fmt::format("value {} is too large: at {} ticks per model time unit it is "
                                "{:.6g} ticks, beyond the largest simulated time; allowed: < "
                                "{:.6g} (model time units)",
                                config.as_written(key), ticks_per_unit, static_cast<double>(ticks),
                                static_cast<double>(kMaxTicks / ticks_per_unit)));
    return pdes::SimTime::max();
  }
  const auto rounded = static_cast<std::int64_t>(std::llroundl(ticks));
  if (rounded <= 0) {
    errors.add(key, fmt::format("value {} is 0 ticks at {} ticks per model time unit; allowed: "
                                ">= {} (half a tick)",
                                config.as_written(key), ticks_per_unit,
                                0.5 / static_cast<double>(ticks_per_unit)));
    return pdes::SimTime::max();
  }
  return pdes::SimTime{rounded};
}

}  // namespace

void declare_kernel_schema(Schema& schema, const std::vector<std::string>& model_names,
                           const std::vector<std::string>& partitioner_names) {
  if (model_names.empty()) {
    throw std::logic_error("io::declare_kernel_schema: no model names");
  }
  if (partitioner_names.empty()) {
    throw std::logic_error("io::declare_kernel_schema: no partitioner names");
  }
  const pdes::KernelConfig d;
  std::vector<std::string> engines;
  for (const auto kind : kEngines) engines.emplace_back(pdes::to_string(kind));

  schema.describe_section("simulation", "What to simulate, with which engine, for how long");
  schema.add_string("simulation.name", "warpnet").describe("Run name, recorded in the output");
  schema.add_choice("simulation.model", model_names.front(), model_names)
      .required()
      .describe("Model to simulate; its parameters are in the section of the same name");
  schema.add_choice("simulation.engine", std::string(pdes::to_string(d.engine)), engines)
      .describe("sequential (reference), optimistic (Time Warp over MPI), rollback-check (debug)");
  schema.add_choice("simulation.partitioner", partitioner_names.front(), partitioner_names)
      .describe("How LPs are spread over the ranks of an optimistic run (results do not depend "
                "on it, only speed does): block along the model's locality order, round-robin, "
                "metis or scotch over the weighted LP graph, or file (simulation.partition_file)");
  schema.add_string("simulation.partition_file", "")
      .describe("With simulation.partitioner = \"file\": the partition file, one rank per line "
                "per LP in LP id order, '#' comments (docs/optimistic-engine.md); a path "
                "relative to the working directory; \"\": none");
  schema.add_int("simulation.seed", static_cast<std::int64_t>(d.seed))
      .min(0)
      .describe("Global seed of every LP's random stream");
  schema.add_float("simulation.end_time", 0.0)
      .required()
      .greater_than(0)
      .finite()
      .unit("model time units")
      .describe("Events at or after this time are not executed");
  schema.add_int("simulation.max_events", static_cast<std::int64_t>(d.max_events))
      .min(0)
      .unit("events")
      .describe("Stop after this many committed events (0: no limit)");

  schema.describe_section("kernel", "Time Warp kernel knobs (mostly for the optimistic engine)");
  schema.add_int("kernel.batch_size", d.batch_size)
      .range(1, kMaxU32)
      .unit("events")
      .describe("Events executed between two polls of the network");
  schema.add_int("kernel.gvt_interval", d.gvt_interval)
      .range(1, kMaxU32)
      .unit("batches")
      .describe("Batches between two GVT computations");
  schema.add_int("kernel.gvt_safe_discount", d.gvt_safe_discount)
      .range(1, kMaxU32)
      .unit("events")
      .describe("Safe events (run as final) that count as one event towards gvt_interval's "
                "period; a rank that runs out of safe events asks for a round anyway");
  schema.add_choice("kernel.gvt_period", d.gvt_period_counts_in_round ? "all_events" : "outside_rounds",
                    {"outside_rounds", "all_events"})
      .describe("With a lookahead on several ranks, which speculative events count towards "
                "gvt_interval's period: those run outside GVT rounds (outside_rounds) or all "
                "of them (all_events). Speed only");
  schema.add_choice("kernel.safe_time", std::string(pdes::to_string(d.safe_time)),
                    {"rounds", "channel_clocks"})
      .describe("With a lookahead on several ranks, where the safe time (below which events run "
                "as final) comes from: GVT rounds (rounds) or promises the ranks send with their "
                "messages (channel_clocks). Speed only");
  schema.add_float("kernel.optimism_window", default_optimism_window(d))
      .greater_than(0)
      .unit("model time units")
      .describe("No LP runs further than this ahead of GVT (inf: unbounded)");
  schema.add_float("kernel.lookahead", 0.0)
      .min(0)
      .finite()
      .unit("model time units")
      .describe("Least delay of any event between LPs on different ranks (rounded down to a "
                "tick). Events it proves no straggler can reach run without state saving; with "
                "time buckets the sequential engine runs each LP's events of one lookahead "
                "window together (between any two LPs then); a shorter delay stops the run "
                "with an error. 0: none; unset: the model's (the network's: one link cycle "
                "where only links cross ranks)");
  schema.add_int("kernel.event_memory_limit", default_mib(d))
      .range(1, kMaxMiB)
      .unit("MiB")
      .describe("Memory for pending and uncommitted events on one rank");
  schema.add_int("kernel.state_save_period", d.state_save_period)
      .range(1, kMaxU32)
      .unit("events")
      .describe("Copy the LP state every k events (1: before every event)");
  schema.add_int("kernel.uncommitted_limit", static_cast<std::int64_t>(d.uncommitted_limit))
      .min(0)
      .unit("events")
      .describe("Events above GVT a rank may hold before it waits for GVT (0: 256 batches; "
                "with an optimism window, at least 16 per LP on the rank)");
  schema.add_float("kernel.forced_rollback_probability", d.forced_rollback_probability)
      .min(0)
      .less_than(1)
      .describe("Debug: after an event, roll the LP back with this probability");
  schema.add_int("kernel.test_lag", d.test_lag_microseconds)
      .range(0, 1'000'000)
      .unit("microseconds")
      .describe("Test aid: with several ranks the last one sleeps this long after every "
                "gvt_interval batches, so "
                "that the others run ahead and receive stragglers (rollbacks whatever the "
                "machine's load); results unchanged; 0: off");
  schema.add_float("kernel.progress_interval", d.progress_interval_seconds)
      .min(0)
      .finite()
      .unit("seconds")
      .describe("Wall-clock time between two progress reports (0: never)");
  schema.add_choice("kernel.pending_set", std::string(pdes::to_string(d.pending_set)),
                    {std::string(pdes::to_string(pdes::PendingSet::heap)),
                     std::string(pdes::to_string(pdes::PendingSet::buckets)),
                     std::string(pdes::to_string(pdes::PendingSet::calendar))})
      .describe("Pending events: heap (any times, small sets), buckets (few distinct times, "
                "e.g. networks) or calendar (a ladder queue: continuous times, any size; the "
                "kernel's default); the model chooses when not given. Speed only");
  schema.add_choice("kernel.prefetch", std::string(pdes::to_string(d.prefetch)),
                    {std::string(pdes::to_string(pdes::PrefetchMode::automatic)),
                     std::string(pdes::to_string(pdes::PrefetchMode::on)),
                     std::string(pdes::to_string(pdes::PrefetchMode::off))})
      .describe("The engines' prefetch pipeline: auto (timed while running, kept where it "
                "pays), on or off (fixed, for reproducible profiles and instruction counts). "
                "Speed only");
  schema.add_choice("kernel.huge_pages", std::string(pdes::to_string(d.huge_pages)),
                    {std::string(pdes::to_string(pdes::HugePagesMode::automatic)),
                     std::string(pdes::to_string(pdes::HugePagesMode::on)),
                     std::string(pdes::to_string(pdes::HugePagesMode::off))})
      .describe("Transparent huge pages for the heap that holds the LPs, where the kernel gives "
                "them on request: auto (when a rank holds at least 65,536 LPs), on or off. "
                "Speed only");

  for (const std::string& model : model_names) {
    schema.section_active_when(model, "simulation.model", model);
  }
}

pdes::KernelConfig kernel_config_from(const Config& config, std::int64_t ticks_per_time_unit) {
  if (ticks_per_time_unit < 1) {
    throw std::logic_error("io::kernel_config_from: ticks_per_time_unit must be >= 1");
  }
  ErrorCollector errors(config);
  pdes::KernelConfig k;
  const std::string& engine = config.get_string("simulation.engine");
  for (const auto kind : kEngines) {
    if (pdes::to_string(kind) == engine) k.engine = kind;
  }
  // The schema's ranges make every conversion below exact.
  k.seed = static_cast<std::uint64_t>(config.get_int("simulation.seed"));
  k.end_time = to_ticks(config, errors, "simulation.end_time", ticks_per_time_unit);
  k.max_events = static_cast<std::uint64_t>(config.get_int("simulation.max_events"));
  for (const auto set :
       {pdes::PendingSet::heap, pdes::PendingSet::buckets, pdes::PendingSet::calendar}) {
    if (pdes::to_string(set) == config.get_string("kernel.pending_set")) k.pending_set = set;
  }
  for (const auto mode :
       {pdes::PrefetchMode::automatic, pdes::PrefetchMode::on, pdes::PrefetchMode::off}) {
    if (pdes::to_string(mode) == config.get_string("kernel.prefetch")) k.prefetch = mode;
  }
  for (const auto mode :
       {pdes::HugePagesMode::automatic, pdes::HugePagesMode::on, pdes::HugePagesMode::off}) {
    if (pdes::to_string(mode) == config.get_string("kernel.huge_pages")) k.huge_pages = mode;
  }
  k.batch_size = static_cast<std::uint32_t>(config.get_int("kernel.batch_size"));
  k.gvt_interval = static_cast<std::uint32_t>(config.get_int("kernel.gvt_interval"));
  k.gvt_safe_discount = static_cast<std::uint32_t>(config.get_int("kernel.gvt_safe_discount"));
  k.gvt_period_counts_in_round = config.get_string("kernel.gvt_period") == "all_events";
  for (const auto mode : {pdes::SafeTimeMode::rounds, pdes::SafeTimeMode::channel_clocks}) {
    if (pdes::to_string(mode) == config.get_string("kernel.safe_time")) k.safe_time = mode;
  }
  k.optimism_window = std::isinf(config.get_float("kernel.optimism_window"))
                          ? pdes::SimTime::max()
                          : to_ticks(config, errors, "kernel.optimism_window", ticks_per_time_unit);
  // Rounded down: a lookahead only a fraction of a tick too long would let a straggler in.
  k.lookahead = pdes::SimTime{static_cast<std::int64_t>(std::floor(
      static_cast<long double>(config.get_float("kernel.lookahead")) * ticks_per_time_unit))};
  k.event_memory_limit_bytes =
      static_cast<std::uint64_t>(config.get_int("kernel.event_memory_limit")) * kBytesPerMiB;
  k.state_save_period = static_cast<std::uint32_t>(config.get_int("kernel.state_save_period"));
  k.uncommitted_limit = static_cast<std::uint64_t>(config.get_int("kernel.uncommitted_limit"));
  k.forced_rollback_probability = config.get_float("kernel.forced_rollback_probability");
  k.test_lag_microseconds = static_cast<std::uint32_t>(config.get_int("kernel.test_lag"));
  k.progress_interval_seconds = config.get_float("kernel.progress_interval");
  // The partition itself is made once the rank count is known (app/partition_setup.hpp); the
  // pairing of the two keys can be checked now.
  const bool from_file = config.get_string("simulation.partitioner") == "file";
  const bool has_file = !config.get_string("simulation.partition_file").empty();
  if (from_file && !has_file) {
    errors.add("simulation.partitioner",
               "value \"file\" needs simulation.partition_file, the file to read the mapping "
               "from");
  }
  if (!from_file && has_file) {
    errors.add("simulation.partition_file",
               "is read only with simulation.partitioner = \"file\" (it is \"" +
                   config.get_string("simulation.partitioner") +
                   "\"); remove one of the two keys");
  }
  errors.throw_if_any();
  return k;
}

}  // namespace io
