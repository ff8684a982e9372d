// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/prdrb/prdrb_source.hpp"

#include <algorithm>
#include <optional>
#include <utility>

#include "pdes/error.hpp"

namespace net::prdrb {

PrDrbSource::PrDrbSource(const Topology& topology, const drb::DrbRouting& drb,
                         const PrDrbParams& params, std::int64_t cycle_ticks)
    : topology_(topology),
      drb_(drb),
      source_(drb.source()),
      params_(params),
      watchdog_ticks_(static_cast<std::int64_t>(params.watchdog * static_cast<double>(cycle_ticks))) {
  PDES_CHECK(cycle_ticks > 0, "PrDrbSource: cycle of 0 ticks");
}

Zone PrDrbSource::zone_of(const drb::Metapath& m) const {
  const double input = source_.controller().input(m);
  const drb::WidthController::Band band = source_.controller().band(m.canonical_latency());
  if (input > band.high) return Zone::kHigh;
  if (input < band.low) return Zone::kLow;
  return Zone::kMedium;
}

void PrDrbSource::prepare(SourceState& s, NodeId self, Flit& head, std::int64_t now,
                          pdes::Rng& rng) const {
  if (!s.flows.empty()) {
    // The first packet that leaves with an installed solution: its ACK and later ones judge it.
    if (FlowControl* flow = s.find(head.dst); flow != nullptr && flow->applied != 0 &&
                                               flow->judging == 0) {
      flow->judged_from = head.seq;
      flow->judging = 1;
    }
  }
  if (watchdog_ticks_ > 0 && !drb_.canonical_only()) {
    FlowControl& flow = s.find_or_add(head.dst);
    run_watchdog(s, self, flow, now);
    if (flow.outstanding++ == 0) flow.watchdog_from = now;
  }
  drb_.write_header(self, head, s.metapaths, rng);
}

void PrDrbSource::run_watchdog(SourceState& s, NodeId self, FlowControl& flow,
                               std::int64_t now) const {
  if (flow.outstanding == 0 || now < flow.watchdog_from) return;
  const std::int64_t expiries = (now - flow.watchdog_from) / watchdog_ticks_;
  if (expiries <= 0) return;
  flow.watchdog_from += expiries * watchdog_ticks_;
  s.counters.watchdog += static_cast<std::uint64_t>(expiries);
  // Predictive FR-DRB: an expiry is a congestion signal like an ACK in H, so a known situation
  // gets its saved solution rather than one more path.
  if (params_.predictive && flow.has_situation != 0 && flow.applied == 0 &&
      flow.looked_up == 0 && try_solution(s, self, flow)) {
    return;
  }
  const std::int64_t opens = std::min<std::int64_t>(expiries, kMaxSolutionPaths);
  for (std::int64_t i = 0; i < opens; ++i) open_one(s, self, flow.destination);
}

void PrDrbSource::open_one(SourceState& s, NodeId self, NodeId destination) const {
  drb::Metapath* m = s.metapaths.find(destination);
  if (m == nullptr) m = &s.metapaths.insert(destination, source_.make_metapath(self, destination));
  const std::uint32_t max_width = std::min(source_.params().max_width, m->num_candidates());
  if (m->width() >= max_width) return;
  m->widen(m->width() + 1, source_.params().new_msp_latency, source_.zero_load());
  ++s.counters.widenings;
}

void PrDrbSource::adapt(SourceState& s, drb::Metapath& m) const {
  const std::uint32_t before = m.width();
  source_.adapt(m);
  if (m.width() > before) s.counters.widenings += m.width() - before;
}

void PrDrbSource::on_ack(SourceState& s, NodeId self, NodeId destination, std::uint32_t seq,
                         std::uint32_t msp_id, double queuing_cycles, std::int64_t now) const {
  PDES_CHECK(queuing_cycles >= 0, "PrDrbSource::on_ack: negative queuing time");
  // Destination-based notification: the flows this packet met come back with its ACK.
  const auto pending = std::find_if(s.pending.begin(), s.pending.end(),
                                    [&](const PendingNotice& p) { return p.seq == seq; });
  if (pending != s.pending.end()) {
    const FlowSet flows = pending->flows;
    s.pending.erase(pending);
    learn_situation(s, self, destination, flows, /*act_now=*/false);
  }
  if (watchdog_ticks_ > 0) {
    if (FlowControl* flow = s.find(destination)) {
      if (flow->outstanding > 0) --flow->outstanding;
      flow->watchdog_from = now;  // an ACK restarts the watchdog
    }
  }

  drb::Metapath* m = s.metapaths.find(destination);
  if (m == nullptr) {
    // No metapath: the canonical path alone (drb_source.hpp). Most ACKs of an uncongested flow
    // end here, without building candidates.
    if (msp_id != 0 || source_.params().initial_width != 1) return tidy(s, destination);
    const RouterId sr = topology_.router_of_node(self);
    const RouterId dr = topology_.router_of_node(destination);
    const double canonical = source_.zero_load().at(topology_.distance(sr, dr));
    const drb::WidthController::Band band = source_.controller().band(canonical);
    const FlowControl* flow = s.find(destination);
    const bool was_high = flow != nullptr && flow->zone == Zone::kHigh;
    if (canonical + queuing_cycles <= band.high && !was_high) {
      if (FlowControl* f = s.find(destination)) {
        f->zone = canonical + queuing_cycles < band.low ? Zone::kLow : Zone::kMedium;
      }
      return tidy(s, destination);
    }
    m = &s.metapaths.insert(destination, source_.make_metapath(self, destination));
  }
  if (!source_.record(*m, msp_id, queuing_cycles)) return tidy(s, destination);

  const Zone zone = zone_of(*m);
  FlowControl& flow = s.find_or_add(destination);
  const Zone previous = std::exchange(flow.zone, zone);
  if (!params_.predictive) {
    adapt(s, *m);
    return tidy(s, destination);
  }
  switch (zone) {
    case Zone::kHigh:
      if (flow.applied != 0) {
        // Alg. A.2: with a saved solution installed, the width waits — unless it proves stale.
        // Only ACKs of packets sent on the solution judge it; those in flight before it do not.
        const bool judges = flow.judging != 0 && seq >= flow.judged_from;
        if (!judges || ++flow.high_acks < params_.stale_acks) return tidy(s, destination);
        flow.applied = 0;
        flow.replace = 1;
        ++s.counters.stale;
      } else if (flow.has_situation != 0 && flow.looked_up == 0 &&
                 try_solution(s, self, flow)) {
        return tidy(s, destination);
      }
      adapt(s, *m);
      break;
    case Zone::kMedium:
      if (previous == Zone::kHigh && flow.has_situation != 0) {
        // H -> M: the open paths control this situation; remember them (§3.2.5).
        const double quality = source_.controller().input(*m);
        switch (s.database.save(destination, flow.situation, solution_of(*m), quality,
                                params_.similarity, params_.database_size,
                                flow.replace != 0)) {
          case SolutionDatabase::SaveOutcome::kInserted: ++s.counters.saved; break;
          case SolutionDatabase::SaveOutcome::kEvictedAndInserted:
            ++s.counters.saved;
            ++s.counters.evicted;
            break;
          case SolutionDatabase::SaveOutcome::kReplaced: ++s.counters.replaced; break;
          case SolutionDatabase::SaveOutcome::kKept: break;
        }
        flow.replace = 0;
      }
      adapt(s, *m);
      break;
    case Zone::kLow:
      // The situation is over: forget it, and let DRB close paths.
      flow.has_situation = 0;
      flow.looked_up = 0;
      flow.applied = 0;
      flow.high_acks = 0;
      flow.replace = 0;
      flow.judging = 0;
      adapt(s, *m);
      break;
  }
  tidy(s, destination);
}

void PrDrbSource::on_notice(SourceState& s, NodeId self, std::uint8_t topic,
                            const CongestionNotice& notice) const {
  if (topic == kWithPacket) {
    // Only one router's flows travel with a packet: the first (earliest) one (§3.3).
    const bool carried = std::any_of(s.pending.begin(), s.pending.end(), [&](const PendingNotice& p) {
      return p.seq == notice.packet_seq;
    });
    if (!carried) s.pending.push_back({notice.packet_seq, notice.router, notice.flows});
    return;
  }
  PDES_CHECK(topic == kPredictiveAck, "PR-DRB: control message of unknown topic");
  for (const Flow& f : notice.flows.flows()) {
    if (f.src == self) learn_situation(s, self, f.dst, notice.flows, /*act_now=*/true);
  }
}

void PrDrbSource::learn_situation(SourceState& s, NodeId self, NodeId destination,
                                  const FlowSet& flows, bool act_now) const {
  ++s.counters.notifications;
  // The flows that contend with this one; the flow itself says nothing (every entry for this
  // destination is about it).
  const FlowSet others =
      flows.without({static_cast<std::uint16_t>(self), static_cast<std::uint16_t>(destination)});
  if (others.empty()) return;
  FlowControl& flow = s.find_or_add(destination);
  // Routers name a few contending flows at a time: an episode's situation is the union of what
  // they named, as far as it fits, until the flow leaves congestion (zone L).
  const Situation learnt =
      (flow.has_situation != 0 ? flow.situation : Situation{}).merged(others);
  if (flow.has_situation == 0 || !(learnt == flow.situation)) {
    flow.situation = learnt;
    flow.has_situation = 1;
    flow.looked_up = 0;  // a grown situation may match where the smaller one did not
  }
  if (act_now && flow.applied == 0 && flow.looked_up == 0) try_solution(s, self, flow);
  tidy(s, destination);
}

bool PrDrbSource::try_solution(SourceState& s, NodeId self, FlowControl& flow) const {
  flow.looked_up = 1;
  ++s.counters.lookups;
  const std::optional<std::size_t> at =
      s.database.match(flow.destination, flow.situation, params_.similarity);
  if (!at) {
    ++s.counters.misses;
    return false;
  }
  ++s.counters.hits;
  const Solution paths = s.database.entries()[*at].paths;
  s.database.use(*at);
  install(s, self, flow.destination, paths);
  flow.applied = 1;
  flow.high_acks = 0;
  flow.judging = 0;
  return true;
}

void PrDrbSource::install(SourceState& s, NodeId self, NodeId destination,
                          const Solution& paths) const {
  drb::Metapath* m = s.metapaths.find(destination);
  if (m == nullptr) m = &s.metapaths.insert(destination, source_.make_metapath(self, destination));
  const std::uint32_t saved = std::clamp<std::uint32_t>(paths.width, 1, m->num_candidates());
  if (params_.reapply == Reapply::kMaxWidth) {
    // "Maximum path expansion is directly done" (§4.6.3): every path DRB may open, at once;
    // the saved ones start from the latencies they had recorded, the others from DRB's
    // new-path estimate. Never narrower than the open set.
    const std::uint32_t full = std::min(source_.params().max_width, m->num_candidates());
    if (full > m->width()) m->widen(full, source_.params().new_msp_latency, source_.zero_load());
    for (std::uint32_t i = 0; i < std::min(saved, m->width()); ++i) {
      m->record_latency(i, paths.latency[i]);
    }
    return;
  }
  // Expansion only: a flow already wider than the solution (DRB got there first) keeps its paths
  // and what they measured; closing paths of a congested flow would only add to its queues.
  if (saved <= m->width()) return;
  m->widen(saved, source_.params().new_msp_latency, source_.zero_load());
  for (std::uint32_t i = 0; i < saved; ++i) m->record_latency(i, paths.latency[i]);
}

Solution PrDrbSource::solution_of(const drb::Metapath& m) {
  Solution out;
  out.width = std::min<std::uint32_t>(m.width(), kMaxSolutionPaths);
  for (std::uint32_t i = 0; i < out.width; ++i) out.latency[i] = m.open()[i].latency;
  return out;
}

void PrDrbSource::tidy(SourceState& s, NodeId destination) const {
  if (const drb::Metapath* m = s.metapaths.find(destination)) {
    if (source_.replaceable_by_absence(*m)) s.metapaths.erase(destination);
  }
  if (const FlowControl* f = s.find(destination)) {
    if (f->zone != Zone::kHigh && f->has_situation == 0 && f->applied == 0 &&
        f->outstanding == 0) {
      s.erase(destination);
    }
  }
}

}  // namespace net::prdrb
