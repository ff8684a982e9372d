// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/drb_source.hpp"

#include <algorithm>
#include <utility>

#include "models/network/routing/drb/msp_selection.hpp"
#include "pdes/error.hpp"

namespace net::drb {
namespace {

const DrbParams& validated(const DrbParams& params, const Topology& topology) {
  params.validate(topology);
  return params;
}

MspChoice choice_of(const Metapath& m, std::uint32_t id) {
  const Msp& msp = m.record(id).msp;
  return {id, msp.x, msp.y, msp.length};
}

}  // namespace

DrbSource::DrbSource(const Topology& topology, const DrbParams& params, ZeroLoadLatency zero_load)
    : topology_(topology),
      params_(validated(params, topology)),
      zero_load_(zero_load),
      candidates_(topology, params_),
      controller_(params_) {
  zero_load_.check();
}

bool DrbSource::canonical_only() const {
  return params_.max_width == 1 ||
         (params_.controller == WidthRule::kFixed && params_.initial_width == 1);
}

Metapath DrbSource::make_metapath(NodeId source, NodeId destination) const {
  return Metapath(candidates_.between_nodes(source, destination, params_.max_width),
                  params_.initial_width, zero_load_);
}

MspChoice DrbSource::choose(MetapathTable& table, NodeId source, NodeId destination,
                            pdes::Rng& rng) const {
  const Metapath* m = table.find(destination);
  if (m == nullptr) {
    if (params_.initial_width == 1) {
      // Absent = a fresh width-1 metapath: the canonical MSP, without building it.
      const RouterId s = topology_.router_of_node(source);
      const RouterId d = topology_.router_of_node(destination);
      const Msp c = canonical_msp(topology_, s, d);
      return {0, c.x, c.y, c.length};
    }
    Metapath fresh = make_metapath(source, destination);
    if (fresh.width() == 1) return choice_of(fresh, 0);  // a single candidate (S = D)
    m = &table.insert(destination, std::move(fresh));
  }
  if (m->width() == 1) return choice_of(*m, 0);
  return choice_of(*m, select_msp(m->open(), params_.selection, rng.uniform()));
}

bool DrbSource::record(Metapath& m, std::uint32_t msp_id, double queuing_cycles) const {
  if (msp_id >= m.width()) return false;  // closed since the packet left: not part of P* any more
  m.record_latency(msp_id, zero_load_.at(m.record(msp_id).msp.length) + queuing_cycles);
  return true;
}

void DrbSource::adapt(Metapath& m) const {
  const std::uint32_t width = m.width();
  const std::uint32_t max_width = std::min(params_.max_width, m.num_candidates());
  std::uint32_t next = controller_.next_width(m, max_width);
  // One step at a time, judged by its effect (PR-DRB theses: 003 §5.3, 004 §3.2.3): while an
  // open MSP has not reported, the ACKs still in flight describe the metapath before its last
  // widening, and acting on them would open every candidate in a burst.
  if (next > width && params_.open_after_feedback && !m.all_open_reported()) next = width;
  if (next > width) m.widen(next, params_.new_msp_latency, zero_load_);
  if (next < width) m.narrow(next);
}

void DrbSource::configure(Metapath& m, std::uint32_t msp_id, double queuing_cycles) const {
  if (record(m, msp_id, queuing_cycles)) adapt(m);
}

bool DrbSource::replaceable_by_absence(const Metapath& m) const {
  // At width 1 the only open record is the canonical one, which the next ACK overwrites before
  // anything reads it; closed records are overwritten when they reopen (Metapath::widen).
  return m.width() == 1 && params_.initial_width == 1;
}

void DrbSource::on_ack(MetapathTable& table, NodeId source, NodeId destination,
                       std::uint32_t msp_id, double queuing_cycles) const {
  PDES_CHECK(queuing_cycles >= 0, "DrbSource::on_ack: negative queuing time");
  if (Metapath* m = table.find(destination)) {
    configure(*m, msp_id, queuing_cycles);
    if (replaceable_by_absence(*m)) table.erase(destination);
    return;
  }
  // No entry: the channel is canonical (width 1), and only the canonical MSP is open.
  if (msp_id != 0 || params_.initial_width != 1) return;
  const RouterId s = topology_.router_of_node(source);
  const RouterId d = topology_.router_of_node(destination);
  const double canonical = zero_load_.at(topology_.distance(s, d));
  // The common case, an uncongested channel, decides without generating candidates.
  const double latency = canonical + queuing_cycles;
  if (controller_.decide(latency, 1.0 / latency, canonical, 1, params_.max_width) == 1) {
    return;
  }
  Metapath fresh = make_metapath(source, destination);
  configure(fresh, 0, queuing_cycles);
  if (!replaceable_by_absence(fresh)) table.insert(destination, std::move(fresh));
}

}  // namespace net::drb
