// SPDX-License-Identifier: Apache-2.0
//
// SeparableOutputFirstAllocator (router.allocator = "separable_output_first"; BookSim2's
// separable_output_first with round-robin arbiters): each output's arbiter grants one of all the
// requests for it (priority first, then round robin over input VCs after its last winner),
// whatever the input; each input port's arbiter then accepts one of the grants it received
// (priority first, then round robin over output ports after the one it last accepted). Pointers
// move only for accepted grants (Dally & Towles 2004, §19.3). One pass; an output whose grant is
// not accepted stays idle this cycle, which the greedy default avoids.
#pragma once

#include "models/network/router/allocators/switch_allocator.hpp"

namespace net {

class SeparableOutputFirstAllocator final : public SwitchAllocator {
 public:
  std::string_view name() const override { return "separable_output_first"; }
  std::size_t allocate(AllocationRound& round) const override;
};

}  // namespace net
