// SPDX-License-Identifier: Apache-2.0
#include "models/network/missions/circuit_manager_lp.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <numeric>
#include <string>
#include <tuple>

#include "models/network/missions/mission_records.hpp"

namespace net::missions {

CircuitSetupRule circuit_setup_rule(const std::string& name) {
  if (name == "source") return CircuitSetupRule::kSource;
  if (name == "source_head") return CircuitSetupRule::kSourceHead;
  if (name == "hop_by_hop") return CircuitSetupRule::kHopByHop;
  PDES_CHECK(name == "global", "circuit: unknown adapter.circuit_setup " + name);
  return CircuitSetupRule::kGlobal;
}

CircuitManagerLp::CircuitManagerLp(std::uint32_t router, std::uint32_t dimension,
                                   LpLayout layout, const AdapterParams& params,
                                   std::shared_ptr<const SchedulingPolicy> policy,
                                   std::int64_t cycle_ticks)
    : router_(router),
      dimension_(dimension),
      layout_(layout),
      params_(params),
      half_duplex_(params.links == "half_duplex"),
      heads_(half_duplex_ && params.arbitration == "heads"),
      policy_(std::move(policy)),
      cycle_(cycle_ticks),
      paths_(circuit_routing(params.routing), dimension, half_duplex_, params.dfs_slack),
      setup_(params.switching == "circuit" ? circuit_setup_rule(params.circuit_setup)
                                           : CircuitSetupRule::kGlobal),
      sorted_(params.routing == "ecube" && params.age_weight == 0.0 &&
              (setup_ == CircuitSetupRule::kGlobal || setup_ == CircuitSetupRule::kSource)) {
  PDES_CHECK(setup_ == CircuitSetupRule::kGlobal || params.routing == "ecube",
             "circuit: adapter.circuit_setup = " + params.circuit_setup + " needs e-cube");
}

void CircuitManagerLp::on_init(CircuitState& state, pdes::Context<NetEvent>& /*ctx*/) const {
  if (router_ != 0) return;
  state.links.reset(std::size_t{layout_.num_routers} * dimension_);
}

void CircuitManagerLp::on_event(const NetEvent& event, CircuitState& state,
                                pdes::Context<NetEvent>& ctx) const {
  PDES_CHECK(event.kind == NetEventKind::kControl, "circuit router got a flit-level event");
  const auto topic = static_cast<MessageTopic>(event.control.topic);
  if (router_ != 0) {  // forward the node's message to the manager
    PDES_CHECK(topic == MessageTopic::kInject, "circuit: only the manager decides");
    NetEvent ev = event;
    ctx.send(layout_.router_lp(0), pdes::SimTime{1}, ev);
    return;
  }
  if (topic == MessageTopic::kDecide) {
    if (sorted_) {
      decide_sorted(state, ctx);
    } else if (setup_ == CircuitSetupRule::kGlobal) {
      decide(state, ctx);
    } else {
      decide_at_sources(state, ctx);
    }
    return;
  }
  PDES_CHECK(topic == MessageTopic::kInject, "circuit manager: unknown topic");
  const MessageHeader msg = event.control.body.get<MessageHeader>();
  if (msg.src == msg.dst) {
    NetEvent ev = event;
    ev.control.topic = static_cast<std::uint8_t>(MessageTopic::kDeliver);
    ctx.send(layout_.node_lp(msg.dst), pdes::SimTime{1}, ev);
    return;
  }
  state.waiting.push_back(
      CircuitWaiting{msg, policy_->priority(msg.length, std::popcount(msg.src ^ msg.dst))});
  const std::int64_t t = ctx.now().ticks() / cycle_;
  schedule_decision(state.decide_at, t, cycle_, ctx, "circuit");
}

void CircuitManagerLp::decide(CircuitState& state, pdes::Context<NetEvent>& ctx) const {
  if (state.decide_at == ctx.now().ticks()) state.decide_at = -1;
  const std::int64_t t = ctx.now().ticks() / cycle_;
  const double w = params_.age_weight;
  auto key = [&](const CircuitWaiting& c) {
    const double age = static_cast<double>(t - c.msg.created);
    return std::make_tuple(static_cast<double>(c.priority) - w * age, c.msg.created, c.msg.src,
                           c.msg.id);
  };
  std::sort(state.waiting.begin(), state.waiting.end(),
            [&](const CircuitWaiting& a, const CircuitWaiting& b) { return key(a) < key(b); });
  std::vector<CircuitWaiting> still;
  std::vector<std::size_t> path;
  for (const CircuitWaiting& c : state.waiting) {
    if (!paths_.find(c.msg, state.links.busy_until, t, path)) {
      still.push_back(c);
      continue;
    }
    transmit(c.msg, path, t, state, ctx);
  }
  state.waiting = std::move(still);
  schedule_next(state, t, ctx);
}

void CircuitManagerLp::transmit(const MessageHeader& m, const std::vector<std::size_t>& path,
                                std::int64_t t, CircuitState& state,
                                pdes::Context<NetEvent>& ctx) const {
  for (const std::size_t l : path) {
    state.links.take(l, t, m.length);
  }
  MessageHeader msg = m;
  msg.hops = static_cast<std::uint16_t>(path.size());
  send_delivery(msg, t + m.length, cycle_, router_, layout_, ctx);  // length >= 1: never clamped
}

void CircuitManagerLp::schedule_next(CircuitState& state, std::int64_t t,
                                     pdes::Context<NetEvent>& ctx) const {
  if (state.waiting.empty() && state.setups.empty()) return;
  const std::int64_t next = state.links.next_free(t);
  PDES_CHECK(next > 0, "circuit: messages wait but no link is busy");
  schedule_decision(state.decide_at, next, cycle_, ctx, "circuit");
}

void CircuitManagerLp::decide_at_sources(CircuitState& state,
                                         pdes::Context<NetEvent>& ctx) const {
  if (state.decide_at == ctx.now().ticks()) state.decide_at = -1;
  const std::int64_t t = ctx.now().ticks() / cycle_;
  const bool hold = setup_ == CircuitSetupRule::kHopByHop;
  auto& busy = state.links.busy_until;
  std::vector<std::size_t> path;
  auto ecube_path = [&](const MessageHeader& msg) {
    path.clear();
    for (std::uint32_t at = msg.src; at != msg.dst;) {
      const auto d = static_cast<std::uint32_t>(std::countr_zero(at ^ msg.dst));
      path.push_back(paths_.link(at, d));
      at ^= 1u << d;
    }
  };
  // A set-up takes its next links while they are free; true once it reaches the destination,
  // and then its message goes.
  auto advance = [&](CircuitSetup& s) {
    while (s.at != s.msg.dst) {
      const auto d = static_cast<std::uint32_t>(std::countr_zero(s.at ^ s.msg.dst));
      const std::size_t l = paths_.link(s.at, d);
      if (busy[l] > t) return false;
      busy[l] = CentralLinks::kHeld;
      s.at ^= 1u << d;
    }
    ecube_path(s.msg);
    transmit(s.msg, path, t, state, ctx);
    return true;
  };
  auto new_tie = [&] { return static_cast<std::uint32_t>(ctx.rng().uniform_int(1u << 30)); };
  auto run_setups = [&](std::vector<CircuitSetup>& setups) {
    std::sort(setups.begin(), setups.end(), [](const CircuitSetup& a, const CircuitSetup& b) {
      return std::tie(a.since, a.tie, a.msg.src, a.msg.id) <
             std::tie(b.since, b.tie, b.msg.src, b.msg.id);
    });
    std::vector<CircuitSetup> still;
    for (CircuitSetup s : setups) {
      const std::uint32_t before = s.at;
      if (advance(s)) continue;
      if (s.at != before) {  // it waits at a new node from now on
        s.since = t;
        s.tie = new_tie();
      }
      still.push_back(s);
    }
    setups = std::move(still);
  };
  // 1. Set-ups already under way take freed links first: they hold links (hold-and-wait).
  if (hold) run_setups(state.setups);

  const double w = params_.age_weight;
  auto key = [&](const CircuitWaiting& c) {
    const double age = static_cast<double>(t - c.msg.created);
    return std::make_tuple(static_cast<double>(c.priority) - w * age, c.msg.created, c.msg.src,
                           c.msg.id);
  };
  std::vector<bool> gone(state.waiting.size(), false);
  auto drop_gone = [&] {
    std::vector<CircuitWaiting> still;
    for (std::size_t i = 0; i < state.waiting.size(); ++i) {
      if (!gone[i]) still.push_back(state.waiting[i]);
    }
    state.waiting = std::move(still);
  };
  if (setup_ == CircuitSetupRule::kSource) {
    // 2'. Each source tries its messages in its policy order; any whose whole path is free
    // starts. Sources take turns, one message each per round, in a random order per cycle.
    const std::uint32_t nodes = layout_.num_routers;
    std::vector<std::vector<std::size_t>> mine(nodes);
    for (std::size_t i = 0; i < state.waiting.size(); ++i) {
      mine[state.waiting[i].msg.src].push_back(i);
    }
    std::vector<std::uint32_t> turn;
    std::size_t rounds = 0;
    for (std::uint32_t s = 0; s < nodes; ++s) {
      if (mine[s].empty()) continue;
      std::sort(mine[s].begin(), mine[s].end(), [&](std::size_t a, std::size_t b) {
        return key(state.waiting[a]) < key(state.waiting[b]);
      });
      turn.push_back(s);
      rounds = std::max(rounds, mine[s].size());
    }
    for (std::size_t i = turn.size(); i > 1; --i) {
      std::swap(turn[i - 1], turn[ctx.rng().uniform_int(i)]);
    }
    for (std::size_t r = 0; r < rounds; ++r) {
      for (const std::uint32_t s : turn) {
        if (r >= mine[s].size()) continue;
        const std::size_t i = mine[s][r];
        ecube_path(state.waiting[i].msg);
        if (std::all_of(path.begin(), path.end(), [&](std::size_t p) { return busy[p] <= t; })) {
          transmit(state.waiting[i].msg, path, t, state, ctx);
          gone[i] = true;
        }
      }
    }
    drop_gone();
    schedule_next(state, t, ctx);
    return;
  }

  // 2. The head of each source's queue per first link, in policy order.
  const std::size_t num_links = busy.size();
  std::vector<std::int64_t> head(num_links * 2, -1);  // per link: the head of each end
  std::vector<std::size_t> offered;                   // links with a head, free now
  for (std::size_t i = 0; i < state.waiting.size(); ++i) {
    const MessageHeader& msg = state.waiting[i].msg;
    const auto d = static_cast<std::uint32_t>(std::countr_zero(msg.src ^ msg.dst));
    const std::size_t l = paths_.link(msg.src, d);
    if (busy[l] > t) continue;
    const std::size_t end = half_duplex_ && ((msg.src >> d) & 1u) != 0 ? 1 : 0;
    std::int64_t& h = head[2 * l + end];
    if (h < 0 && head[2 * l + (1 - end)] < 0) offered.push_back(l);
    if (h < 0 || key(state.waiting[i]) < key(state.waiting[static_cast<std::size_t>(h)])) {
      h = static_cast<std::int64_t>(i);
    }
  }
  std::sort(offered.begin(), offered.end());
  for (std::size_t i = offered.size(); i > 1; --i) {  // heads of different links: random order
    std::swap(offered[i - 1], offered[ctx.rng().uniform_int(i)]);
  }
  std::vector<CircuitSetup> started;
  for (const std::size_t l : offered) {
    std::array<std::int64_t, 2> order{head[2 * l], head[2 * l + 1]};
    if (order[0] < 0 || (order[1] >= 0 && [&] {  // does the other end's head go first?
          const CircuitWaiting& a = state.waiting[static_cast<std::size_t>(order[0])];
          const CircuitWaiting& b = state.waiting[static_cast<std::size_t>(order[1])];
          if (heads_) return b.msg.created < a.msg.created;  // first come; ties: the owner
          return key(b) < key(a);                            // one priority queue per link
        }())) {
      std::swap(order[0], order[1]);
    }
    for (const std::int64_t i : order) {
      if (i < 0 || busy[l] > t) break;
      const CircuitWaiting& c = state.waiting[static_cast<std::size_t>(i)];
      if (hold) {  // the head takes its first link; its set-up runs on below
        busy[l] = CentralLinks::kHeld;
        const auto d = static_cast<std::uint32_t>(std::countr_zero(c.msg.src ^ c.msg.dst));
        started.push_back(CircuitSetup{c.msg, c.msg.src ^ (1u << d), new_tie(), t});
        gone[static_cast<std::size_t>(i)] = true;
        break;
      }
      ecube_path(c.msg);  // source: the whole path now, or the head keeps waiting
      if (std::all_of(path.begin(), path.end(), [&](std::size_t p) { return busy[p] <= t; })) {
        transmit(c.msg, path, t, state, ctx);
        gone[static_cast<std::size_t>(i)] = true;
        break;
      }
    }
  }
  drop_gone();
  // 3. The set-ups started this cycle run on through the links still free.
  if (hold) {
    run_setups(started);
    state.setups.insert(state.setups.end(), started.begin(), started.end());
  }
  schedule_next(state, t, ctx);
}

void CircuitManagerLp::decide_sorted(CircuitState& state, pdes::Context<NetEvent>& ctx) const {
  if (state.decide_at == ctx.now().ticks()) state.decide_at = -1;
  const std::int64_t t = ctx.now().ticks() / cycle_;
  const bool by_source = setup_ == CircuitSetupRule::kSource;
  std::vector<CircuitWaiting>& waiting = state.waiting;
  // The trying order: decide()'s key (priority, release, source, id) — with no age weight it
  // does not depend on t —, grouped by source for `source`.
  auto before = [by_source](const CircuitWaiting& a, const CircuitWaiting& b) {
    if (by_source && a.msg.src != b.msg.src) return a.msg.src < b.msg.src;
    return std::make_tuple(static_cast<double>(a.priority), a.msg.created, a.msg.src, a.msg.id) <
           std::make_tuple(static_cast<double>(b.priority), b.msg.created, b.msg.src, b.msg.id);
  };
  const auto old_end = waiting.begin() + static_cast<std::ptrdiff_t>(state.sorted);
  if (old_end != waiting.end()) {
    std::sort(old_end, waiting.end(), before);
    std::inplace_merge(waiting.begin(), old_end, waiting.end(), before);
  }
  auto& busy = state.links.busy_until;
  // Tries `c`: it starts if its whole e-cube path is free, else remembers the first busy link.
  std::vector<std::size_t> path;
  auto try_one = [&](CircuitWaiting& c) {
    path.clear();
    c.blocker = CircuitWaiting::kUntried;
    for (std::uint32_t at = c.msg.src; at != c.msg.dst;) {
      const auto d = static_cast<std::uint32_t>(std::countr_zero(at ^ c.msg.dst));
      const std::size_t l = paths_.link(at, d);
      if (busy[l] > t) {
        c.blocker = static_cast<std::uint32_t>(l);
        return false;
      }
      path.push_back(l);
      at ^= 1u << d;
    }
    transmit(c.msg, path, t, state, ctx);
    return true;
  };
  auto may_start = [&](const CircuitWaiting& c) {
    return c.blocker == CircuitWaiting::kUntried || busy[c.blocker] <= t;
  };
  std::vector<bool> gone(waiting.size(), false);
  if (!by_source) {  // decide(): every message in the global order
    for (std::size_t i = 0; i < waiting.size(); ++i) {
      if (may_start(waiting[i])) gone[i] = try_one(waiting[i]);
    }
  } else {
    // decide_at_sources(): the sources with waiting messages in ascending order, shuffled with
    // the same draws; round r tries the r-th message of each source in that turn.
    std::vector<std::uint32_t> turn;
    std::vector<std::size_t> first;  // per turn entry before the shuffle: its first message
    for (std::size_t i = 0; i < waiting.size(); ++i) {
      if (i == 0 || waiting[i].msg.src != waiting[i - 1].msg.src) {
        turn.push_back(waiting[i].msg.src);
        first.push_back(i);
      }
    }
    std::vector<std::uint32_t> position(layout_.num_routers, 0);
    std::vector<std::uint32_t> index(turn.size());
    std::iota(index.begin(), index.end(), 0u);
    for (std::size_t i = turn.size(); i > 1; --i) {
      std::swap(index[i - 1], index[ctx.rng().uniform_int(i)]);
    }
    for (std::size_t k = 0; k < index.size(); ++k) position[turn[index[k]]] = k;
    struct Try {
      std::size_t round;
      std::uint32_t position;
      std::size_t i;
    };
    std::vector<Try> tries;
    std::size_t group = 0;
    for (std::size_t i = 0; i < waiting.size(); ++i) {
      if (group + 1 < first.size() && i == first[group + 1]) ++group;
      if (may_start(waiting[i])) {
        tries.push_back(Try{i - first[group], position[waiting[i].msg.src], i});
      }
    }
    std::sort(tries.begin(), tries.end(), [](const Try& a, const Try& b) {
      return std::tie(a.round, a.position) < std::tie(b.round, b.position);
    });
    for (const Try& x : tries) gone[x.i] = try_one(waiting[x.i]);
  }
  std::size_t kept = 0;
  for (std::size_t i = 0; i < waiting.size(); ++i) {
    if (!gone[i]) waiting[kept++] = waiting[i];
  }
  waiting.resize(kept);
  state.sorted = kept;
  schedule_next(state, t, ctx);
}

void CircuitManagerLp::on_finish(const CircuitState& state, pdes::CommitContext& ctx) const {
  if (router_ != 0) return;
  state.links.emit(ctx, layout_.num_routers, dimension_, half_duplex_);
}

}  // namespace net::missions
