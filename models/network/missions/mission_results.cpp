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

void MissionResults::add_figures(const io::DistributedTables& tables,
                                 std::vector<models::Figure>& figures) const {
  using models::Figure;
  constexpr const char* kMessages = "missions/messages";
  // Each mission (a group of the table) whole on one rank, then the missions' figures folded
  // in mission order: the floating-point sums are those of one process.
  const std::vector<MissionSummary> mine =
      tables.find(kMessages) == nullptr
          ? std::vector<MissionSummary>{}
          : summarize_missions(tables.whole_groups(kMessages), dimension_, half_duplex_,
                               store_and_forward_, opt_);
  io::Table missions("missions/summary", "per mission",
                     {{"group", io::ColumnType::kUInt64, "", ""},
                      {"makespan", io::ColumnType::kInt64, "", ""},
                      {"bound", io::ColumnType::kInt64, "", ""},
                      {"cps_load", io::ColumnType::kInt64, "", ""},
                      {"completed", io::ColumnType::kInt64, "", ""},
                      {"opt", io::ColumnType::kInt64, "", ""},
                      {"opt_lower", io::ColumnType::kInt64, "", ""},
                      {"opt_proven", io::ColumnType::kInt64, "", ""},
                      {"opt_nodes", io::ColumnType::kInt64, "", ""},
                      {"cps_opt", io::ColumnType::kInt64, "", ""},
                      {"cps_opt_lower", io::ColumnType::kInt64, "", ""},
                      {"cps_opt_proven", io::ColumnType::kInt64, "", ""},
                      {"cps_peak", io::ColumnType::kInt64, "", ""}},
                     1, io::Combine::kConcatenate);
  for (const MissionSummary& m : mine) {
    const auto i64 = [](auto v) { return io::Cell::i64(static_cast<std::int64_t>(v)); };
    missions.add_row({io::Cell::u64(m.group), i64(m.makespan), i64(m.bound), i64(m.cps_load),
                      i64(m.completed), i64(m.opt.makespan), i64(m.opt.lower_bound),
                      i64(m.opt.proven ? 1 : 0), i64(m.opt.nodes), i64(m.cps_opt.makespan),
                      i64(m.cps_opt.lower_bound), i64(m.cps_opt.proven ? 1 : 0),
                      i64(m.cps_peak)});
  }
  struct Sums {
    std::uint64_t missions = 0;
    double sum = 0, sum2 = 0, bound = 0, cps = 0, ratio = 0;
    std::int64_t lo = 0, hi = 0;
    std::uint64_t overlaps = 0;
    // OPT and CPS-OPT (opt_.enabled, opt_.cps), summed in mission order as one process would.
    double opt = 0, opt_lower = 0, opt_gap = 0, opt_nodes = 0, opt_proven = 0;
    double cps_opt = 0, cps_opt_lower = 0, cps_opt_proven = 0, cps_peak = 0;
  };
  const Sums all =
      tables.fold_rows(missions, Sums{}, [&](Sums& s, const io::Table& t, std::size_t r) {
        const std::int64_t makespan = t.at(r, 1).as_i64();
        const std::int64_t bound = t.at(r, 2).as_i64();
        const auto x = static_cast<double>(makespan);
        if (s.missions++ == 0) s.lo = s.hi = makespan;
        s.sum += x;
        s.sum2 += x * x;
        s.bound += static_cast<double>(bound);
        s.cps += static_cast<double>(t.at(r, 3).as_i64());
        s.ratio += bound > 0 ? x / static_cast<double>(bound) : 1.0;
        s.lo = std::min(s.lo, makespan);
        s.hi = std::max(s.hi, makespan);
        const std::uint64_t group = t.at(r, 0).as_u64();
        if (static_cast<std::uint64_t>(t.at(r, 4).as_i64()) >=
            (group + 1) * period_ * resolution_) {  // cycles
          ++s.overlaps;
        }
        const std::int64_t opt = t.at(r, 5).as_i64();
        const std::int64_t opt_lower = t.at(r, 6).as_i64();
        s.opt += static_cast<double>(opt);
        s.opt_lower += static_cast<double>(opt_lower);
        s.opt_gap += opt_lower > 0 ? static_cast<double>(opt - opt_lower) /
                                         static_cast<double>(opt_lower)
                                   : 0.0;
        s.opt_proven += static_cast<double>(t.at(r, 7).as_i64());
        s.opt_nodes += static_cast<double>(t.at(r, 8).as_i64());
        s.cps_opt += static_cast<double>(t.at(r, 9).as_i64());
        s.cps_opt_lower += static_cast<double>(t.at(r, 10).as_i64());
        s.cps_opt_proven += static_cast<double>(t.at(r, 11).as_i64());
        s.cps_peak += static_cast<double>(t.at(r, 12).as_i64());
      });
  const double n = static_cast<double>(all.missions);
  figures.push_back(Figure::number("missions", "missions", n, "", "%.0f"));
  if (all.missions == 0) {
    figures.push_back(Figure::missing("makespan_mean", "mission makespan", "cycles",
                                      "n/a (no mission message arrived)"));
    return;
  }
  double sum = all.sum, sum2 = all.sum2, bound = all.bound, cps = all.cps;
  const double ratio = all.ratio;
  const std::int64_t lo = all.lo, hi = all.hi;
  const std::uint64_t overlaps = all.overlaps;
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
      Figure::number("cps_load_mean", "min-max load (CPS)", cps / n, "time units", "%.2f"));
  figures.push_back(Figure::number("overlapping_missions", "overlapping missions",
                                   static_cast<double>(overlaps), "", "%.0f"));
  if (opt_.cps) {
    figures.push_back(Figure::number("cps_opt_mean", "CPS-OPT makespan", all.cps_opt / n / u,
                                     "time units", "%.2f"));
    figures.push_back(Figure::number("cps_opt_lower_mean", "CPS-OPT lower bound",
                                     all.cps_opt_lower / n / u, "time units", "%.2f"));
    figures.push_back(
        Figure::number("cps_opt_proven", "CPS-OPT proven", all.cps_opt_proven, "", "%.0f"));
    figures.push_back(Figure::number("cps_peak_mean", "CPS-OPT peak link load",
                                     all.cps_peak / n / u, "time units", "%.2f"));
  }
  if (!opt_.enabled) return;
  figures.push_back(
      Figure::number("opt_mean", "OPT makespan", all.opt / n / u, "time units", "%.2f"));
  figures.push_back(Figure::number("opt_lower_mean", "OPT proven lower bound",
                                   all.opt_lower / n / u, "time units", "%.2f"));
  figures.push_back(Figure::number("opt_proven", "OPT proven", all.opt_proven, "", "%.0f"));
  figures.push_back(Figure::number("opt_gap_mean", "OPT gap", all.opt_gap / n, "", "%.4f"));
  figures.push_back(
      Figure::number("opt_nodes_mean", "OPT nodes per mission", all.opt_nodes / n, "", "%.0f"));
}

}  // namespace net::missions
