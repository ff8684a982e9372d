// SPDX-License-Identifier: Apache-2.0
//
// OptScheduler: OPT, the optimal schedule of one mission over its e-cube paths (Tsai & Shin,
// ICDCS 1996, §3.1, optimal schedules (OPT)), by branch and bound. The paper's bounds
// are in [7], which is not available: the bounds and the branching below are ours.
//
// The problem (release times, lengths and e-cube paths known in advance; a link carries one
// message at a time, half-duplex links counting both directions):
//   message switching  job shop: message i is a job whose operations are its hops, in path
//                      order, each ℓ_i long; a hop starts when the previous one has ended.
//   circuit switching  message i holds every link of its path over one interval of ℓ_i.
//   cut-through        a hop starts no earlier than the previous hop started ("streaming"
//                      virtual cut-through: a buffered message may forward as soon as its link
//                      is free). This admits every schedule of the simulated VCT adapter (which
//                      cuts through in the same cycle or waits until whole), so it is a lower
//                      reference for it.
// The makespan is the last completion minus the first release (§2).
//
// Search. A partial schedule places operations one at a time, each at the earliest time its
// links and its predecessor allow ("append" decoding). Placing the operations of any schedule
// in order of start time yields a schedule no later anywhere (the start is monotone in the link
// free times and in the predecessor's start), so some order yields an optimum.
//   - message switching: Giffler-Thompson branching: take the unplaced operation that can
//     complete earliest (c*), on link L; branch on every next operation on L that can start
//     before c* (the active schedules of a job shop contain an optimum).
//   - circuit switching (several links per operation) and cut-through (a hop may start with
//     its predecessor, so the job-shop argument fails; the exhaustive test found such cases):
//     branch on the next operation of every unfinished message.
// Children are searched depth first in LBF order (largest ℓ × remaining hops first), so the
// first leaf is the LBF list schedule; before the search, list schedules under LBF, FF, LF and
// FIFO orders give the first upper bound, and under circuit switching also backfilled list
// schedules improved by a short local search (circuit_list_schedule.hpp).
//
// Lower bound of a node, the largest of
//   - per link: max(free time, least head of its unplaced operations) + their total length +
//     their least tail (head: earliest start from the message's side; tail: the hops after it,
//     ℓ each, under message switching, else 0);
//   - per message: its head + ℓ × remaining hops (message switching) or ℓ (else);
//   - the latest completion placed so far.
// At the root this is at least the max-link-load bound (ecube_bound); under circuit switching
// the root also takes the clique bound: a set of messages that pairwise share a link must hold
// their circuits one after another, so the makespan is at least the set's least release plus its
// total length (the heaviest such set found by a budget-limited branch and bound; a link's
// messages are one such set). A node is cut when its bound reaches the best makespan found.
//
// Budget: the search stops after `budget` nodes. The result is then the best schedule found and
// the root lower bound; `proven` only when the search finished or the best met the bound. OPT is
// never reported as optimal without proof.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace net::missions {

enum class ScheduleMode : std::uint8_t { kMessage, kCircuit, kCutThrough };

struct ScheduledMessage {
  std::uint32_t src = 0;
  std::uint32_t dst = 0;
  std::uint32_t length = 0;
  std::int64_t release = 0;
};

struct OptResult {
  std::int64_t makespan = 0;     ///< the best schedule found (an upper bound on OPT)
  std::int64_t lower_bound = 0;  ///< proven: OPT >= lower_bound
  bool proven = false;           ///< makespan == OPT (lower_bound == makespan)
  std::uint64_t nodes = 0;       ///< search nodes expanded
};

class OptScheduler {
 public:
  OptScheduler(std::uint32_t dimension, bool half_duplex, ScheduleMode mode,
               std::uint64_t budget)
      : dimension_(dimension), half_duplex_(half_duplex), mode_(mode), budget_(budget) {}

  OptResult solve(std::span<const ScheduledMessage> messages) const;
  /// The same over given minimal paths: `dimensions[i]` lists the dimensions message i corrects,
  /// in path order (CPS-OPT, cps_annealer.hpp).
  OptResult solve(std::span<const ScheduledMessage> messages,
                  std::span<const std::vector<std::uint32_t>> dimensions) const;

 private:
  const std::uint32_t dimension_;
  const bool half_duplex_;
  const ScheduleMode mode_;
  const std::uint64_t budget_;
};

}  // namespace net::missions
