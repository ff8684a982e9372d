// SPDX-License-Identifier: Apache-2.0
//
// SchedulingPolicy: which queued message a link sends next (Tsai & Shin, ICDCS 1996, §3.1).
// Distributed and non-preemptive: when a link is free, the message of its queue with the
// smallest priority value goes; ties are broken "by the FIFO principle" (earliest queued;
// messages queued in the same cycle by (source, id)).
//
// A policy sees only the header fields the paper allows: the message length ℓ and the
// remaining Hamming distance H from the node where it waits to its destination. RBR (remaining
// bandwidth requirement) = ℓ × H, recomputed at every node.
//
//   fifo  0          sf  ℓ        lf  −ℓ        nf  H        ff  −H        sbf  ℓH      lbf  −ℓH
//
// Optional age term (adapter.age_weight w > 0, the steady-state runs of §4.3: "older messages
// given higher priority"; the exact combination is not stated, [OURS]): priority − w × age in
// cycles, age = now − release. w = 0 (the default, and Table 1) leaves the policy as above.
//
// Adding a policy: a class here, one line in policy_registry.cpp, a case in its test.
#pragma once

#include <cstdint>

namespace net::missions {

class SchedulingPolicy {
 public:
  virtual ~SchedulingPolicy() = default;
  /// Smaller goes first. `length` in time units, `distance` in hops (>= 1).
  virtual std::int64_t priority(std::int64_t length, std::int64_t distance) const = 0;
};

class FifoPolicy final : public SchedulingPolicy {
 public:
  std::int64_t priority(std::int64_t, std::int64_t) const override { return 0; }
};
class ShortestFirst final : public SchedulingPolicy {
 public:
  std::int64_t priority(std::int64_t l, std::int64_t) const override { return l; }
};
class LongestFirst final : public SchedulingPolicy {
 public:
  std::int64_t priority(std::int64_t l, std::int64_t) const override { return -l; }
};
class NearestFirst final : public SchedulingPolicy {
 public:
  std::int64_t priority(std::int64_t, std::int64_t h) const override { return h; }
};
class FarthestFirst final : public SchedulingPolicy {
 public:
  std::int64_t priority(std::int64_t, std::int64_t h) const override { return -h; }
};
class SmallestRbrFirst final : public SchedulingPolicy {
 public:
  std::int64_t priority(std::int64_t l, std::int64_t h) const override { return l * h; }
};
class LargestRbrFirst final : public SchedulingPolicy {
 public:
  std::int64_t priority(std::int64_t l, std::int64_t h) const override { return -l * h; }
};

}  // namespace net::missions
