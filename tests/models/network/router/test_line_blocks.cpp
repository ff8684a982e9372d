// SPDX-License-Identifier: Apache-2.0
//
// LineBlocks (models/network/router/line_blocks.hpp) and the slot pool's growth
// (RouterState::grow_pool): blocks are line-aligned and whole lines apart, a freed block is
// the next one of its size, blocks outlive the thread that allocated them, and the pool
// reserves kFirstSegments segments at its first growth and half as many again after.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <set>
#include <thread>
#include <vector>

#include "models/network/router/line_blocks.hpp"
#include "models/network/router/router_state.hpp"

namespace {

bool line_aligned(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 64 == 0; }

}  // namespace

TEST_CASE("LineBlocks: line-aligned, header-free, freed blocks reused by size") {
  using net::LineBlocks;
  // Consecutive small blocks of a fresh thread are carved back to back: no header, no padding.
  std::thread([] {
    void* a = LineBlocks::allocate(100);  // 2 lines
    void* b = LineBlocks::allocate(64);
    void* c = LineBlocks::allocate(1);
    CHECK(line_aligned(a));
    CHECK(line_aligned(b));
    CHECK(line_aligned(c));
    const auto* pa = static_cast<const std::byte*>(a);
    const auto* pb = static_cast<const std::byte*>(b);
    const auto* pc = static_cast<const std::byte*>(c);
    // Carved one after the other (unless a region ended between them: not for a fresh one).
    if (pb == pa + 128) CHECK(pc == pb + 64);
    std::memset(a, 0xAB, 128);  // the whole rounded block is usable
    LineBlocks::deallocate(a, 100);
    void* d = LineBlocks::allocate(128);  // same line count: the freed block, last freed first
    CHECK(d == a);
    void* e = LineBlocks::allocate(192);  // another line count: not it
    CHECK(e != a);
    LineBlocks::deallocate(b, 64);
    LineBlocks::deallocate(c, 1);
    LineBlocks::deallocate(d, 128);
    LineBlocks::deallocate(e, 192);
  }).join();
  // Beyond kMaxLines lines: operator new's aligned blocks.
  void* big = LineBlocks::allocate(LineBlocks::kMaxLines * 64 + 1);
  CHECK(line_aligned(big));
  std::memset(big, 0, LineBlocks::kMaxLines * 64 + 1);
  LineBlocks::deallocate(big, LineBlocks::kMaxLines * 64 + 1);
  CHECK(LineBlocks::region_bytes() >= LineBlocks::kRegionBytes);
}

TEST_CASE("LineBlocks: blocks outlive their thread; its free lists go to the other threads") {
  using net::LineBlocks;
  std::vector<void*> kept;
  std::thread([&] {
    for (int i = 0; i < 1000; ++i) kept.push_back(LineBlocks::allocate(5 * 64));
  }).join();
  std::set<void*> distinct(kept.begin(), kept.end());
  CHECK(distinct.size() == kept.size());
  for (void* p : kept) std::memset(p, 0x5A, 5 * 64);  // still valid after the thread ended
  // Freed here, reused here; a thread that frees and ends leaves its blocks to the spares.
  std::thread([&] {
    for (void* p : kept) LineBlocks::deallocate(p, 5 * 64);
  }).join();
  const std::size_t before = LineBlocks::region_bytes();
  std::thread([&] {
    std::vector<void*> again;
    for (int i = 0; i < 1000; ++i) again.push_back(LineBlocks::allocate(5 * 64));
    std::set<void*> reused(again.begin(), again.end());
    CHECK(reused.size() == again.size());
    for (void* p : again) CHECK(distinct.count(p) == 1);  // all from the spares
    for (void* p : again) LineBlocks::deallocate(p, 5 * 64);
  }).join();
  CHECK(LineBlocks::region_bytes() == before);  // no new region
}

TEST_CASE("slot pool growth: kFirstSegments at first, then half as many again") {
  const std::size_t p = 5, v = 4, b = 8;
  net::RouterState s;
  s.size_arrays(p * v, p);
  s.depth = b;
  s.take_segment(s.vcs[0]);
  CHECK(s.segments == 1);
  CHECK(s.slots.size() == b);
  CHECK(s.slots.capacity() == net::RouterState::kFirstSegments * b);
  CHECK(line_aligned(s.slots.data()));
  const void* first = s.slots.data();
  for (std::size_t i = 1; i < net::RouterState::kFirstSegments; ++i) s.take_segment(s.vcs[i]);
  CHECK(s.slots.data() == first);  // no reallocation up to kFirstSegments
  s.take_segment(s.vcs[net::RouterState::kFirstSegments]);
  CHECK(s.segments == net::RouterState::kFirstSegments + 1);
  CHECK(s.slots.capacity() == 6 * b);  // 4 + 4 / 2
  for (std::size_t i = 5; i < 7; ++i) s.take_segment(s.vcs[i]);
  CHECK(s.slots.capacity() == 9 * b);  // 6 + 6 / 2
  CHECK(s.bytes() == sizeof(net::RouterState) + 9 * b * 64 + 640);  // 320 + 120 + 160 -> 640

  // A router with fewer VCs than kFirstSegments reserves only those.
  net::RouterState small;
  small.size_arrays(2, 2);
  small.depth = b;
  small.take_segment(small.vcs[0]);
  CHECK(small.slots.capacity() == 2 * b);
}
