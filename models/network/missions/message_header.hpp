// SPDX-License-Identifier: Apache-2.0
//
// The message-level protocol of the SPIDER-like adapter model (docs/missions.md): whole messages
// travel as one kControl event each (NetEvent::control), whose body is a MessageHeader and whose
// topic says what happens to it. Only MessageNodeLp and MessageSwitchLp read these events.
//
// Timing (§4, [OURS]: one length unit per time unit = one cycle of router.cycle_ps ticks):
// everything that the model calls "at cycle k" happens in the first ticks of that cycle, in
// phases, because the kernel needs a send delay of at least one tick and orders events of equal
// time by sender, not by meaning:
//   tick 0  kArrive    a message has been received whole at a router (a link finished);
//                      a node's workload wakes (kGenerate)
//   tick 1  kDeliver   router -> its node: the message reached its destination
//           kInject    node -> its router: a message released at tick 0
//   tick 2  kInject    a message released on a delivery (tick 1)
//   <= 3    kRequest   router -> the owner of the link it wants (a half-duplex link is owned by
//                      its endpoint whose address has the link's bit clear)
//   tick 5  kDecide    the owner picks the next message of an idle link: every request of the
//                      cycle has arrived, so the policy sees all contenders of the cycle.
// PA routing runs rounds after the decision phase: round k proposes at tick 10 + 4k, owners
// arbitrate at + 2, the answers arrive at + 3 (pa_switch_lp.hpp).
// A transmission decided at tick 5 of cycle k is taken to start at cycle k and ends at cycle
// k + length, when the receiver gets kArrive. Times are exact in cycles.
#pragma once

#include <cstdint>
#include <type_traits>

namespace net::missions {

enum class MessageTopic : std::uint8_t {
  kInject = 1,   ///< node -> router: a released message
  kRequest = 2,  ///< router -> link owner: queue this message on link `port`
  kArrive = 3,   ///< -> router: the message arrived over link `port`
  kDecide = 4,   ///< owner (self): link `port` may start its next message
  kDeliver = 5,  ///< router -> node: the message reached its destination
  // PA routing (pa_switch_lp.hpp): rounds of proposals within a cycle.
  kRound = 6,      ///< router (self): propose links for the waiting messages (round `port`)
  kPropose = 7,    ///< router -> link owner: this message asks for link `port` this cycle
  kArbitrate = 8,  ///< owner (self): grant each proposed link to one of its two ends
  kGrant = 9,      ///< owner -> proposer: the link is yours, the message has left
  kReject = 10,    ///< owner -> proposer: not this link (control.sent: busy until, cycle)
  // Virtual cut-through (message_switch_lp.hpp): the header runs ahead within the cycle.
  kHeader = 11,    ///< -> router: a message's header arrived over link `port`; the message is
                   ///< received whole at cycle control.sent
  kCut = 12,       ///< router -> link owner: cut through link `port` now, or buffer the message
                   ///< until it is whole (control.sent)
};

inline constexpr std::int64_t kDeliverPhase = 1;
inline constexpr std::int64_t kDecidePhase = 5;
inline constexpr std::int64_t kFirstRoundPhase = 10;
inline constexpr std::int64_t kRoundTicks = 4;
/// router.cycle_ps must leave room for the phases (PA: 17 rounds at most).
inline constexpr std::int64_t kMinCycleTicks = kFirstRoundPhase + 18 * kRoundTicks;

struct MessageHeader {
  std::uint32_t src = 0;
  std::uint32_t dst = 0;
  std::uint32_t id = 0;      ///< the source's message id (WorkloadContext::send)
  std::uint32_t length = 0;  ///< time units (cycles) per hop
  std::uint32_t group = 0;   ///< the workload's label (the mission)
  std::uint16_t hops = 0;    ///< links crossed so far
  std::uint16_t detours = 0;  ///< DFS: dimensions taken as detours so far (bit d)
  std::int64_t created = 0;  ///< release cycle
  bool operator==(const MessageHeader&) const = default;
};
static_assert(sizeof(MessageHeader) == 32);
static_assert(std::has_unique_object_representations_v<MessageHeader>);

}  // namespace net::missions
