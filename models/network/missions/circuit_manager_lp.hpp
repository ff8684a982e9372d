// SPDX-License-Identifier: Apache-2.0
//
// CircuitManagerLp (router.kind = "message_switch", adapter.switching = "circuit"): circuit
// switching at message level (Tsai & Shin, ICDCS 1996, §4): "the call signal for
// establishing a circuit is transmitted out-of-band, and doesn't interfere with the existing
// communication traffic"; "messages never get buffered". A message holds every link of its
// e-cube path for ℓ cycles, all released together; set-up takes no time ([OURS]).
//
// Atomic reservation of several links owned by different nodes would need a reserve/roll-back
// protocol between routers; this model takes the other way open to a Time Warp model:
// one serialising circuit manager, router 0's LP, which keeps the state of every link. Every
// other router only forwards its node's messages to it. Hold-and-wait rule [OURS, as in
// our quick calibration model of the paper's setting]: no hold; at every cycle in which a message
// is released or a link frees, the waiting messages are tried in one global order —
// adapter.policy's priority at their source, then release cycle, source, id — and each for which a
// probe finds a free path starts. This is more centralized than a per-source scheduler (it orders
// sources against each other too).
//
// Paths (circuit_path.hpp): adapter.routing = ecube (the fixed path), pa (the probe takes the
// lowest free needed dimension at each hop, no backtracking) or dfs (a depth-first probe with
// detours and backtracking). The same manager runs DFS under virtual cut-through: a DFS probe
// either reaches the destination or leaves the message at its source, so nothing is ever
// buffered and, as the paper observes (§4.2), "VCT essentially degenerates into
// circuit-switching".
//
// adapter.circuit_setup chooses how waiting circuits are ordered and set up (e-cube only for
// all but global):
//   global      [OURS] the rule above: one global policy order, a path reserved whole or not
//               at all (no hold-and-wait).
//   source      the paper's reading: "distributed scheduling policies can only determine the
//               order of sending messages at the source" (§4.1), and a circuit that cannot be
//               set up "blocks the message at the source" (§4.2, of DFS under CS). Each source
//               tries its waiting messages in its own policy order and each whose whole path is
//               free starts (a failed set-up holds nothing). No policy orders sources against
//               each other: they take turns, one message each per round, in a random order
//               drawn from the LP's stream every cycle.
//   source_head each source keeps a priority queue per first link (§3.1, "a priority queue
//               for each link"; the two ends of a half-duplex link share it, as adapter.
//               arbitration says); only a queue's head may start, when its whole path is free
//               (head-of-line blocking). Links in a random order per cycle.
//   hop_by_hop  the head of a per-link queue takes its free first link, and its set-up
//               advances hop by hop, holding the links it has and waiting where the next one is
//               busy (hold-and-wait). Waiting set-ups take a freed link before any source (they
//               hold links), in the order they began to wait (first come, first served: no
//               policy in the network; ties in a random order). Deadlock cannot occur: e-cube
//               takes the dimensions of a path in ascending order (§3.2), so a set-up holding
//               links below dimension d waits only for a link of dimension d, held by a circuit
//               that is transmitting or waits higher up; a cycle of waits would need the
//               dimensions to rise forever. The transmission starts when the last link is
//               taken; every link is released at its end.
//
// Limitations: one LP does all the work (no parallelism within a run). With e-cube paths and
// no age weight, `global` and `source` keep the waiting messages in their (then fixed) trying
// order and try a message again only when the link that stopped it has freed: a pass costs one
// scan of the waiting messages instead of a sort and a path each (decide_sorted).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "models/network/build/lp_layout.hpp"
#include "models/network/event/net_event.hpp"
#include "models/network/missions/central_links.hpp"
#include "models/network/missions/circuit_path.hpp"
#include "models/network/missions/message_header.hpp"
#include "models/network/missions/mission_params.hpp"
#include "models/network/missions/scheduling_policy.hpp"
#include "pdes/pdes.hpp"

namespace net::missions {

struct CircuitWaiting {
  /// `blocker` of a message no pass has tried yet.
  static constexpr std::uint32_t kUntried = UINT32_MAX;
  MessageHeader msg;
  std::int64_t priority = 0;
  /// Sorted passes: the busy link on which its last try failed (it cannot start before that
  /// link frees), or kUntried.
  std::uint32_t blocker = kUntried;
  std::uint32_t reserved = 0;
  bool operator==(const CircuitWaiting&) const = default;
};
static_assert(std::has_unique_object_representations_v<CircuitWaiting>);

/// hop_by_hop: a circuit being set up; it holds the e-cube links from its source to `at`.
struct CircuitSetup {
  MessageHeader msg;
  std::uint32_t at = 0;      ///< the node where the set-up waits for its next link
  std::uint32_t tie = 0;     ///< random tie-break among set-ups that began to wait together
  std::int64_t since = 0;    ///< cycle it began to wait for that link (first come, first served)
  bool operator==(const CircuitSetup&) const = default;
};
static_assert(std::has_unique_object_representations_v<CircuitSetup>);

enum class CircuitSetupRule : std::uint8_t { kGlobal, kSource, kSourceHead, kHopByHop };
/// adapter.circuit_setup -> CircuitSetupRule ("global", "source", "source_head",
/// "hop_by_hop").
CircuitSetupRule circuit_setup_rule(const std::string& name);

struct CircuitState {
  CentralLinks links;
  std::vector<CircuitWaiting> waiting;
  std::vector<CircuitSetup> setups;  ///< hop_by_hop only
  std::int64_t decide_at = -1;
  /// Sorted passes: waiting[0, sorted) is in trying order; later entries are new.
  std::uint64_t sorted = 0;
  bool operator==(const CircuitState&) const = default;
  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    pdes::checkpoint_value(ar, links);
    pdes::checkpoint_value(ar, waiting);
    pdes::checkpoint_value(ar, setups);
    pdes::checkpoint_value(ar, decide_at);
    pdes::checkpoint_value(ar, sorted);
  }
};

class CircuitManagerLp final : public pdes::LogicalProcess<CircuitState, NetEvent> {
 public:
  CircuitManagerLp(std::uint32_t router, std::uint32_t dimension, LpLayout layout,
                   const AdapterParams& params, std::shared_ptr<const SchedulingPolicy> policy,
                   std::int64_t cycle_ticks);

  void on_init(CircuitState& state, pdes::Context<NetEvent>& ctx) const override;
  void on_event(const NetEvent& event, CircuitState& state,
                pdes::Context<NetEvent>& ctx) const override;
  void on_finish(const CircuitState& state, pdes::CommitContext& ctx) const override;

 private:
  void decide(CircuitState& state, pdes::Context<NetEvent>& ctx) const;
  void decide_at_sources(CircuitState& state, pdes::Context<NetEvent>& ctx) const;
  /// `global` and `source` over e-cube paths with no age weight, as decide() and
  /// decide_at_sources() decide, only faster (the same transmissions and random draws): the
  /// trying order does not change with time, so `waiting` is kept in it, and a message is
  /// tried again only once the link its last try found busy has freed (links only free with
  /// time; a pass only takes them).
  void decide_sorted(CircuitState& state, pdes::Context<NetEvent>& ctx) const;
  /// The circuit of `msg` holds `path` from cycle `t`; its message arrives ℓ cycles later.
  void transmit(const MessageHeader& msg, const std::vector<std::size_t>& path, std::int64_t t,
                CircuitState& state, pdes::Context<NetEvent>& ctx) const;
  /// After a pass: the next pass when a link frees, if anything still waits.
  void schedule_next(CircuitState& state, std::int64_t t, pdes::Context<NetEvent>& ctx) const;

  const std::uint32_t router_;
  const std::uint32_t dimension_;
  const LpLayout layout_;
  const AdapterParams params_;
  const bool half_duplex_;
  const bool heads_;  ///< adapter.arbitration = heads (half duplex)
  const std::shared_ptr<const SchedulingPolicy> policy_;
  const std::int64_t cycle_;
  const CircuitPathFinder paths_;
  const CircuitSetupRule setup_;
  const bool sorted_;  ///< decide_sorted() applies
};

}  // namespace net::missions
