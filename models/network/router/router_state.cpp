// SPDX-License-Identifier: Apache-2.0
#include "models/network/router/router_state.hpp"

#include <algorithm>
#include <cstring>
#include <new>
#include <utility>

#include "pdes/error.hpp"
#include "pdes/prefetch.hpp"

namespace net {

// The copy, move, assignments and operator== below name every member: a new member must be
// added to all of them.
static_assert(sizeof(RouterState) == 3 * sizeof(StateSpan<VcState>) +
                                         sizeof(std::vector<BufferedFlit>) + sizeof(AgentStates) +
                                         2 * 8 + 4 + 2 + 1 + 1 + 3 * 2 + 2 /* padding */,
              "RouterState changed: update its copy, move, operator= and operator==");

namespace {

/// The state's scalar members (everything but the arrays, the pool and the agents), which the
/// copy, move and both assignments take over unchanged.
void copy_scalars(RouterState& to, const RouterState& from) {
  to.pending_wake = from.pending_wake;
  to.last_pass = from.last_pass;
  to.buffered = from.buffered;
  to.first_output = from.first_output;
  to.waiting_for_resources = from.waiting_for_resources;
  to.reserved = from.reserved;
  to.depth = from.depth;
  to.segments = from.segments;
  to.free_segment = from.free_segment;
}

}  // namespace

void RouterState::allocate_block(std::size_t num_vcs, std::size_t num_ports) {
  const std::size_t bytes = block_bytes(num_vcs, num_ports);
  std::byte* block =
      bytes == 0 ? nullptr
                 : static_cast<std::byte*>(LineBlocks::allocate(bytes));
  // VcState is 16 bytes and PortState 24: every array starts 8-aligned. vcs.data_ is the
  // block's start even when there are no VCs (release_block frees it from there).
  vcs.data_ = reinterpret_cast<VcState*>(block);
  vcs.size_ = static_cast<std::uint32_t>(num_vcs);
  ports.data_ = reinterpret_cast<PortState*>(block + num_vcs * sizeof(VcState));
  ports.size_ = static_cast<std::uint32_t>(num_ports);
  totals.data_ = reinterpret_cast<PortTotals*>(block + num_vcs * sizeof(VcState) +
                                               num_ports * sizeof(PortState));
  totals.size_ = static_cast<std::uint32_t>(num_ports);
}

void RouterState::release_block() {
  // vcs.data_ is the block's start (or null: no block), even while vcs is empty.
  if (vcs.data_ != nullptr) {
    LineBlocks::deallocate(vcs.data_, block_bytes(vcs.size(), ports.size()));
  }
  vcs = {};
  ports = {};
  totals = {};
}

void RouterState::size_arrays(std::size_t num_vcs, std::size_t num_ports, const VcState& vc) {
  PDES_CHECK(num_vcs <= 0xFFFFFFFFu && num_ports <= 0xFFFFFFFFu, "router state too large");
  release_block();
  allocate_block(num_vcs, num_ports);
  for (VcState& v : vcs) v = vc;
  for (PortState& p : ports) p = PortState{};
  for (PortTotals& t : totals) t = PortTotals{};
}

RouterState::~RouterState() { release_block(); }

RouterState::RouterState(const RouterState& other)
    : slots(other.slots),
      agents(other.agents) {
  copy_scalars(*this, other);
  allocate_block(other.vcs.size(), other.ports.size());
  std::memcpy(static_cast<void*>(vcs.data_), other.vcs.data_,
              other.vcs.size() * sizeof(VcState));
  std::memcpy(static_cast<void*>(ports.data_), other.ports.data_,
              other.ports.size() * sizeof(PortState));
  std::memcpy(static_cast<void*>(totals.data_), other.totals.data_,
              other.totals.size() * sizeof(PortTotals));
}

RouterState::RouterState(RouterState&& other) noexcept
    : vcs(std::exchange(other.vcs, {})),
      ports(std::exchange(other.ports, {})),
      slots(std::move(other.slots)),
      totals(std::exchange(other.totals, {})),
      agents(std::move(other.agents)) {
  copy_scalars(*this, other);
}

RouterState& RouterState::operator=(RouterState&& other) noexcept {
  if (this == &other) return *this;
  release_block();
  vcs = std::exchange(other.vcs, {});
  ports = std::exchange(other.ports, {});
  totals = std::exchange(other.totals, {});
  slots = std::move(other.slots);
  agents = std::move(other.agents);
  copy_scalars(*this, other);
  return *this;
}

RouterState& RouterState::operator=(const RouterState& other) {
  if (this == &other) return *this;
  if (vcs.size() != other.vcs.size() || ports.size() != other.ports.size()) {
    release_block();
    allocate_block(other.vcs.size(), other.ports.size());
  }
  // The three arrays are contiguous in both blocks, in the same layout: one copy.
  const std::size_t block_used =
      other.vcs.size() * sizeof(VcState) +
      other.ports.size() * (sizeof(PortState) + sizeof(PortTotals));
  if (block_used > 0) std::memcpy(static_cast<void*>(vcs.data_), other.vcs.data_, block_used);
  agents = other.agents;
  copy_scalars(*this, other);
  // The pool's live part; a longer pool keeps its extra (dead) segments for later growth.
  const std::size_t used = std::size_t{other.segments} * other.depth;
  if (slots.size() < used) slots.resize(used);
  other.for_each_live_slot([&](std::size_t i) { slots[i] = other.slots[i]; });
  return *this;
}

void RouterState::grow_pool(VcState& in) {
  in.segment = segments++;
  const std::size_t need = std::size_t{segments} * depth;
  if (slots.size() >= need) return;  // a copy's pool may be longer than its segments
  if (slots.capacity() < need) {
    const std::size_t have = slots.capacity() / (depth == 0 ? 1 : depth);
    std::size_t grow_to = have == 0 ? std::min(kFirstSegments, vcs.size()) : have + have / 2;
    grow_to = std::max(grow_to, std::size_t{segments});
    slots.reserve(grow_to * depth);
  }
  slots.resize(need);
}

void RouterState::prefetch_copy_target(const RouterState& source) const {
  if (vcs.size() != source.vcs.size() || depth != source.depth) return;
  if (ports.size() != source.ports.size()) return;
  // The block: vcs, ports and totals, contiguous.
  pdes::prefetch_for_write(vcs.data(), block_bytes(vcs.size(), ports.size()));
  const std::size_t have = slots.size();
  for (const VcState& in : source.vcs) {
    if (in.count == 0) continue;
    const std::size_t i = slot_of(in.segment, in.front);
    if (i < have) __builtin_prefetch(&slots[i], 1);
  }
}

bool RouterState::operator==(const RouterState& other) const {
  if (!(vcs == other.vcs && ports == other.ports && totals == other.totals &&
        agents == other.agents && pending_wake == other.pending_wake &&
        last_pass == other.last_pass && first_output == other.first_output &&
        buffered == other.buffered && waiting_for_resources == other.waiting_for_resources &&
        reserved == other.reserved && depth == other.depth && segments == other.segments &&
        free_segment == other.free_segment)) {
    return false;
  }
  // Equal vcs and free chain heads: the same live windows and chain on both sides (the chain's
  // links are compared as the walk goes, so both walks take the same path).
  bool equal = true;
  for_each_live_slot([&](std::size_t i) { equal = equal && slots[i] == other.slots[i]; });
  return equal;
}

}  // namespace net
