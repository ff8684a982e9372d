// SPDX-License-Identifier: Apache-2.0
//
// IslipAllocator (router.allocator = "islip", with router.islip.iterations; BookSim2's islip,
// whose alloc_iters is the iteration count): McKeown's iSLIP (IEEE/ACM ToN 7(2), 1999). In each
// iteration every unmatched output grants one request from an unmatched input (priority first,
// then round robin over input VCs after its pointer) and every input accepts one of the grants
// it received (priority first, then round robin over output ports after its pointer). Pointers
// move past an accepted grant in the first iteration only, which is what desynchronises the
// outputs under heavy load; later iterations only add matches among the ports still free, so
// more iterations never match fewer pairs. With log2(ports) iterations it nearly always reaches
// a maximal matching.
#pragma once

#include <cstdint>

#include "models/network/router/allocators/switch_allocator.hpp"

namespace net {

/// The [router.islip] section.
struct IslipParams {
  std::uint32_t iterations = 1;  ///< grant-accept iterations per pass (BookSim2 alloc_iters)
};

class IslipAllocator final : public SwitchAllocator {
 public:
  explicit IslipAllocator(IslipParams params) : params_(params) {}
  std::string_view name() const override { return "islip"; }
  std::size_t allocate(AllocationRound& round) const override;
  const IslipParams& params() const { return params_; }

 private:
  IslipParams params_;
};

}  // namespace net
