// SPDX-License-Identifier: Apache-2.0
//
// SeparableInputFirstAllocator (router.allocator = "separable_input_first"; BookSim2's
// separable_input_first with round-robin arbiters): each input port's arbiter picks one of its
// VCs' requests (priority first, then round robin over output ports after the one it last won);
// each output's arbiter then grants one of the requests that reached it (priority first, then
// round robin over input VCs after its last winner). A pointer moves only when its arbiter's
// choice is granted (Dally & Towles 2004, §19.3). One pass; the matching need not be maximal:
// an input whose choice loses sends nothing, even if another of its requests would have won.
#pragma once

#include "models/network/router/allocators/switch_allocator.hpp"

namespace net {

class SeparableInputFirstAllocator final : public SwitchAllocator {
 public:
  std::string_view name() const override { return "separable_input_first"; }
  std::size_t allocate(AllocationRound& round) const override;
};

}  // namespace net
