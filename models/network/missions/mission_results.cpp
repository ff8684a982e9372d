// SPDX-License-Identifier: Apache-2.0
#include "models/network/missions/mission_results.hpp"

#include <algorithm>
#include <cmath>

#include "models/network/missions/cps_annealer.hpp"
#include "models/network/missions/link_load_bound.hpp"

namespace net::missions {

void MissionResults::write(const pdes::Record& record) {
  if (record.kind == MissionMessage::kRecordKind) {
    messages_.push_back(record.as<MissionMessage>());
  } else {
    links_.push_back(record.as<MissionLink>());
  }
}

void MissionResults::add_tables(io::ResultSet& local) const {
  io::Table m("missions/messages", "one row per message of the missions (message-level model)",
              {{"group", io::ColumnType::kUInt64, "", "mission index"},
               {"src", io::ColumnType::kUInt64, "", "source node"},
               {"message", io::ColumnType::kUInt64, "", "message id at the source"},
               {"dst", io::ColumnType::kUInt64, "", "destination node"},
               {"length", io::ColumnType::kUInt64, "cycles", "cycles per hop (time units x mission.resolution)"},
               {"hops", io::ColumnType::kUInt64, "", "links crossed"},
               {"created", io::ColumnType::kInt64, "cycles", "release"},
               {"delivered", io::ColumnType::kInt64, "cycles", "arrival at the destination"}},
              3, io::Combine::kConcatenate);
  for (const MissionMessage& r : messages_) {
    m.add_row({io::Cell::u64(r.group), io::Cell::u64(r.src), io::Cell::u64(r.message),
               io::Cell::u64(r.dst), io::Cell::u64(r.length), io::Cell::u64(r.hops),
               io::Cell::i64(r.created), io::Cell::i64(r.delivered)});
  }
  local.tables.push_back(std::move(m));
  io::Table l("missions/links", "per link arbitrated by a message_switch router",
              {{"router", io::ColumnType::kUInt64, "", "owner of the link"},
               {"dimension", io::ColumnType::kUInt64, "", "dimension of the link"},
               {"messages", io::ColumnType::kUInt64, "", "messages sent over it"},
               {"busy_cycles", io::ColumnType::kUInt64, "cycles", "cycles it carried a message"}},
              2, io::Combine::kConcatenate);
  for (const MissionLink& r : links_) {
    l.add_row({io::Cell::u64(r.router), io::Cell::u64(r.dimension), io::Cell::u64(r.messages),
               io::Cell::u64(r.busy_cycles)});
  }
  local.tables.push_back(std::move(l));
}

std::vector<MissionSummary> summarize_missions(const io::Table& t, std::uint32_t dimension,
                                               bool half_duplex, bool store_and_forward,
                                               OptReference opt) {
  std::vector<MissionSummary> out;
  const std::size_t c_group = t.column_index("group");
  const std::size_t c_src = t.column_index("src");
  const std::size_t c_dst = t.column_index("dst");
  const std::size_t c_len = t.column_index("length");
  const std::size_t c_created = t.column_index("created");
  const std::size_t c_delivered = t.column_index("delivered");
  std::vector<MissionMessageSpec> specs;
  std::vector<ScheduledMessage> scheduled;
  const OptScheduler solver(dimension, half_duplex, opt.mode, opt.budget);
  const CpsAnnealer annealer(dimension, half_duplex, opt.cps_iterations);
  auto flush = [&](MissionSummary& s) {
    s.makespan = s.completed - s.released;
    s.bound = ecube_bound(specs, dimension, half_duplex, store_and_forward);
    s.cps_load = min_max_load(specs, dimension, half_duplex, 3, store_and_forward);
    if (opt.enabled) s.opt = solver.solve(scheduled);
    if (opt.cps) {
      const AnnealedPaths paths = annealer.anneal(scheduled, s.group);
      s.cps_peak = paths.peak_load;
      s.cps_opt = solver.solve(scheduled, paths.dimensions);
    }
    out.push_back(s);
    specs.clear();
    scheduled.clear();
  };
  MissionSummary cur;
  for (std::size_t r = 0; r < t.rows(); ++r) {  // sorted by group (the first key)
    const auto group = static_cast<std::uint32_t>(t.at(r, c_group).as_u64());
    const std::int64_t created = t.at(r, c_created).as_i64();
    const std::int64_t delivered = t.at(r, c_delivered).as_i64();
    if (r == 0 || group != cur.group) {
      if (r != 0) flush(cur);
      cur = MissionSummary{group, created, delivered, 0, 0, 0, 0, {}, {}, 0};
    }
    cur.released = std::min(cur.released, created);
    cur.completed = std::max(cur.completed, delivered);
    ++cur.messages;
    specs.push_back({static_cast<std::uint32_t>(t.at(r, c_src).as_u64()),
                     static_cast<std::uint32_t>(t.at(r, c_dst).as_u64()),
                     static_cast<std::uint32_t>(t.at(r, c_len).as_u64())});
    scheduled.push_back({specs.back().src, specs.back().dst, specs.back().length, created});
  }
  if (t.rows() > 0) flush(cur);
  return out;
}

void MissionResults::add_figures(const io::ResultSet& combined,
                                 std::vector<models::Figure>& figures) const {
  using models::Figure;
  const io::Table* t = combined.find("missions/messages");
  const std::vector<MissionSummary> missions =
      t == nullptr ? std::vector<MissionSummary>{}
                   : summarize_missions(*t, dimension_, half_duplex_, store_and_forward_, opt_);
  const double n = static_cast<double>(missions.size());
  figures.push_back(Figure::number("missions", "missions", n, "", "%.0f"));
  if (missions.empty()) {
    figures.push_back(Figure::missing("makespan_mean", "mission makespan", "cycles",
                                      "n/a (no mission message arrived)"));
    return;
  }
  double sum = 0, sum2 = 0, bound = 0, cps = 0, ratio = 0;
  std::int64_t lo = missions.front().makespan, hi = lo;
  std::uint64_t overlaps = 0;
  for (const MissionSummary& m : missions) {
    const auto x = static_cast<double>(m.makespan);
    sum += x;
    sum2 += x * x;
    bound += static_cast<double>(m.bound);
    cps += static_cast<double>(m.cps_load);
    ratio += m.bound > 0 ? x / static_cast<double>(m.bound) : 1.0;
    lo = std::min(lo, m.makespan);
    hi = std::max(hi, m.makespan);
    if (static_cast<std::uint64_t>(m.completed) >= (std::uint64_t{m.group} + 1) * period_ * resolution_) {  // cycles
      ++overlaps;
    }
  }
  const double u = static_cast<double>(resolution_);
  sum /= u;
  sum2 /= u * u;
  bound /= u;
  cps /= u;
  const double mean = sum / n;
  const double var = n > 1 ? std::max(0.0, (sum2 - n * mean * mean) / (n - 1)) : 0.0;
  const double sd = std::sqrt(var);
  figures.push_back(Figure::number("makespan_mean", "mission makespan", mean, "time units", "%.2f"));
  figures.push_back(Figure::number("makespan_std", "makespan std", sd, "time units", "%.2f"));
  figures.push_back(
      Figure::number("makespan_ci95", "makespan 95% CI", 1.96 * sd / std::sqrt(n), "time units",
                     "%.2f"));
  figures.push_back(Figure::number("makespan_min", "makespan min", static_cast<double>(lo) / u,
                                   "time units", "%.2f"));
  figures.push_back(Figure::number("makespan_max", "makespan max", static_cast<double>(hi) / u,
                                   "time units", "%.2f"));
  figures.push_back(
      Figure::number("bound_mean", "e-cube link-load bound", bound / n, "time units", "%.2f"));
  figures.push_back(
      Figure::number("makespan_over_bound", "makespan / bound", ratio / n, "", "%.4f"));
  figures.push_back(
      Figure::number("cps_load_mean", "min-max path load (CPS)", cps / n, "time units", "%.2f"));
  figures.push_back(Figure::number("overlapping_missions", "overlapping missions",
                                   static_cast<double>(overlaps), "", "%.0f"));
  if (opt_.cps) {
    double best = 0, lower = 0, proven = 0, peak = 0;
    for (const MissionSummary& m : missions) {
      best += static_cast<double>(m.cps_opt.makespan);
      lower += static_cast<double>(m.cps_opt.lower_bound);
      proven += m.cps_opt.proven ? 1.0 : 0.0;
      peak += static_cast<double>(m.cps_peak);
    }
    figures.push_back(Figure::number("cps_opt_mean", "CPS-OPT (annealed paths, best schedule)",
                                     best / n / u, "time units", "%.2f"));
    figures.push_back(Figure::number("cps_opt_lower_mean", "CPS-OPT lower bound on its paths",
                                     lower / n / u, "time units", "%.2f"));
    figures.push_back(
        Figure::number("cps_opt_proven", "missions with CPS-OPT proven", proven, "", "%.0f"));
    figures.push_back(Figure::number("cps_peak_mean", "annealed paths' peak link load",
                                     peak / n / u, "time units", "%.2f"));
  }
  if (!opt_.enabled) return;
  double opt = 0, lower = 0, gap = 0, nodes = 0, proven = 0;
  for (const MissionSummary& m : missions) {
    opt += static_cast<double>(m.opt.makespan);
    lower += static_cast<double>(m.opt.lower_bound);
    gap += m.opt.lower_bound > 0 ? static_cast<double>(m.opt.makespan - m.opt.lower_bound) /
                                       static_cast<double>(m.opt.lower_bound)
                                 : 0.0;
    nodes += static_cast<double>(m.opt.nodes);
    proven += m.opt.proven ? 1.0 : 0.0;
  }
  figures.push_back(Figure::number("opt_mean", "OPT (best schedule found)", opt / n / u,
                                   "time units", "%.2f"));
  figures.push_back(Figure::number("opt_lower_mean", "OPT proven lower bound", lower / n / u,
                                   "time units", "%.2f"));
  figures.push_back(Figure::number("opt_proven", "missions with OPT proven", proven, "", "%.0f"));
  figures.push_back(Figure::number("opt_gap_mean", "OPT gap (opt - lower) / lower", gap / n, "",
                                   "%.4f"));
  figures.push_back(
      Figure::number("opt_nodes_mean", "OPT search nodes per mission", nodes / n, "", "%.0f"));
}

}  // namespace net::missions
