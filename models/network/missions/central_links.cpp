// SPDX-License-Identifier: Apache-2.0
#include "models/network/missions/central_links.hpp"

#include <algorithm>
#include <string>

#include "models/network/missions/message_header.hpp"
#include "models/network/missions/mission_records.hpp"

namespace net::missions {

void CentralLinks::reset(std::size_t links) {
  busy_until.assign(links, 0);
  busy_cycles.assign(links, 0);
  messages.assign(links, 0);
}

void CentralLinks::take(std::size_t l, std::int64_t t, std::int64_t length) {
  busy_until[l] = t + length;
  busy_cycles[l] += static_cast<std::uint64_t>(length);
  ++messages[l];
}

std::int64_t CentralLinks::next_free(std::int64_t t) const {
  std::int64_t next = -1;
  for (const std::int64_t b : busy_until) {
    if (b > t && b != kHeld && (next < 0 || b < next)) next = b;
  }
  return next;
}

void CentralLinks::emit(pdes::CommitContext& ctx, std::uint32_t num_routers,
                        std::uint32_t dimension, bool half_duplex) const {
  for (std::uint32_t r = 0; r < num_routers; ++r) {
    for (std::uint32_t d = 0; d < dimension; ++d) {
      if (half_duplex && (r & (1u << d)) != 0) continue;
      const std::size_t l = std::size_t{r} * dimension + d;
      ctx.emit(MissionLink{r, d, messages[l], busy_cycles[l]});
    }
  }
}

void schedule_decision(std::int64_t& decide_at, std::int64_t at_cycle, std::int64_t cycle_ticks,
                       pdes::Context<NetEvent>& ctx, const char* who) {
  const std::int64_t tick = at_cycle * cycle_ticks + kDecidePhase;
  if (decide_at == tick) return;
  PDES_CHECK(tick > ctx.now().ticks(), std::string(who) + ": a decision in the past");
  decide_at = tick;
  NetEvent ev;
  ev.kind = NetEventKind::kControl;
  ev.control.topic = static_cast<std::uint8_t>(MessageTopic::kDecide);
  ev.control.timer = 1;
  ctx.send(ctx.self(), pdes::SimTime{tick - ctx.now().ticks()}, ev);
}

void send_delivery(const MessageHeader& msg, std::int64_t at_cycle, std::int64_t cycle_ticks,
                   std::uint32_t router, const LpLayout& layout, pdes::Context<NetEvent>& ctx) {
  NetEvent ev;
  ev.kind = NetEventKind::kControl;
  ev.control.origin = router;
  ev.control.origin_is_router = 1;
  ev.control.topic = static_cast<std::uint8_t>(MessageTopic::kDeliver);
  ev.control.body.set(msg);
  const std::int64_t at = at_cycle * cycle_ticks + kDeliverPhase;
  ctx.send(layout.node_lp(msg.dst),
           pdes::SimTime{std::max<std::int64_t>(1, at - ctx.now().ticks())}, ev);
}

}  // namespace net::missions
