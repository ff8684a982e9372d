// SPDX-License-Identifier: Apache-2.0
#include "models/network/router/allocators/allocator_registry.hpp"

#include <memory>
#include <string>

#include "models/network/router/allocators/greedy_output_first.hpp"
#include "models/network/router/allocators/islip.hpp"
#include "models/network/router/allocators/separable_input_first.hpp"
#include "models/network/router/allocators/separable_output_first.hpp"
#include "models/network/router/allocators/wavefront.hpp"

namespace net {

namespace {

template <class Allocator>
AllocatorRegistry::Factory make() {
  return [](const AllocatorSetup&) -> std::unique_ptr<SwitchAllocator> {
    return std::make_unique<Allocator>();
  };
}

void declare_islip_section(io::Schema& s) {
  s.describe_section("router.islip",
                     "iSLIP switch allocation (read when router.allocator = \"islip\"; "
                     "docs/router.md, \"Allocators\")");
  s.add_int("router.islip.iterations", IslipParams{}.iterations)
      .range(1, 64)
      .describe("Grant-accept iterations per allocation pass (BookSim2 alloc_iters); more never "
                "match fewer pairs");
}

io::PartConfig islip_config() {
  return {"router.islip", declare_islip_section, [](const io::Config& config) -> std::any {
            IslipParams p;
            p.iterations = static_cast<std::uint32_t>(config.get_int("router.islip.iterations"));
            return p;
          }};
}

}  // namespace

void register_allocators(AllocatorRegistry& registry) {
  registry.add(std::string(kDefaultAllocator),
               "outputs in a rotating order, each granting the best request whose input is "
               "still free: a maximal matching in one pass (the default)",
               make<GreedyOutputFirstAllocator>());
  registry.add("separable_input_first",
               "separable, input arbiters then output arbiters, round robin (BookSim2's "
               "separable_input_first)",
               make<SeparableInputFirstAllocator>());
  registry.add("separable_output_first",
               "separable, output arbiters then input arbiters, round robin (BookSim2's "
               "separable_output_first)",
               make<SeparableOutputFirstAllocator>());
  registry.add("islip", "iSLIP with router.islip.iterations grant-accept rounds (BookSim2's islip)",
               [](const AllocatorSetup& setup) -> std::unique_ptr<SwitchAllocator> {
                 return std::make_unique<IslipAllocator>(
                     io::options_or_default<IslipParams>(setup.options));
               },
               islip_config());
  registry.add("wavefront", "wavefront over the port request matrix, rotating priority diagonal "
               "(BookSim2's wavefront)",
               make<WavefrontAllocator>());
}

void declare_allocator_config(io::Schema& schema) {
  AllocatorRegistry registry;
  register_allocators(registry);
  schema.add_choice("router.allocator", std::string(kDefaultAllocator), registry.names())
      .describe("Switch allocator (VC allocation is folded into it): greedy_output_first, "
                "separable_input_first, separable_output_first, islip or wavefront "
                "(docs/router.md, \"Allocators\")");
  registry.declare_config(schema);
}

}  // namespace net
