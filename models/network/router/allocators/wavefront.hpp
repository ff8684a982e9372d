// SPDX-License-Identifier: Apache-2.0
//
// WavefrontAllocator (router.allocator = "wavefront"; BookSim2's wavefront): Tamir and Chi's
// wavefront allocator (IEEE TPDS 4(1), 1993) over the input-port x output-port request matrix.
// Cells are visited diagonal by diagonal, starting from a priority diagonal that moves on every
// pass that grants something (RouterState::first_output); a cell is granted when it holds a
// request and neither its row (input) nor its column (output) has been granted yet. The result is
// always a maximal matching. As in BookSim2's wavefront (not its prio_wavefront), priority plays
// no part in the matching itself, so ACKs and router.arbitration = age only decide which VC of a
// granted input moves (priority first, then the output's round robin over input VCs). BookSim2
// visits the diagonals upward, as the PPIN design does; so does this.
#pragma once

#include "models/network/router/allocators/switch_allocator.hpp"

namespace net {

class WavefrontAllocator final : public SwitchAllocator {
 public:
  std::string_view name() const override { return "wavefront"; }
  std::size_t allocate(AllocationRound& round) const override;
};

}  // namespace net
