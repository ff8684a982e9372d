// SPDX-License-Identifier: Apache-2.0
//
// Transparent huge pages for the heap (kernel.huge_pages).
//
// A model of a million LPs keeps gigabytes of LP objects, states and their heap parts, and an
// event touches a few of them in far-apart places: with 4 KiB pages nearly every such touch
// also misses the TLB and walks the page table. Where Linux gives transparent huge pages only
// to memory that asks for them (/sys/kernel/mm/transparent_hugepage/enabled = madvise, the
// common default), the C library's heap never asks. HugePageHeap asks for it: from begin() on,
// the heap grows in steps of kTopPad (malloc's M_TOP_PAD, address space only: a page costs
// memory once it is touched) and refresh() marks what it has grown since with
// madvise(MADV_HUGEPAGE). Blocks up to kMmapThreshold stay in that heap rather than in
// mappings of their own. A touched 2 MiB region then takes one page and one TLB entry instead
// of 512.
//
// The heap is the process's, so the state is too. Events and results do not change; only
// where memory lies.
#pragma once

#include <cstddef>
#include <cstdint>

#include "pdes/kernel_config.hpp"

namespace pdes::internal {

class HugePageHeap {
 public:
  /// Address space the heap grows by at a time once huge pages are asked for.
  static constexpr std::size_t kTopPad = std::size_t{1} << 30;
  /// Blocks below this size come from the heap (malloc's M_MMAP_THRESHOLD, its largest).
  static constexpr std::size_t kMmapThreshold = std::size_t{32} << 20;

  /// Whether `mode` asks for huge pages for a rank of `local_lps` LPs.
  static bool wanted(HugePagesMode mode, std::uint64_t local_lps) {
    return mode == HugePagesMode::on ||
           (mode == HugePagesMode::automatic && local_lps >= kHugePagesAutoLps);
  }
  /// Asks for huge pages from now on, if the kernel gives them on request (else nothing);
  /// true when it did. Idempotent.
  static bool begin();
  /// Marks the heap grown since the last call (cheap when it has not grown).
  static void refresh();
  /// Whether begin() took effect.
  static bool active();
};

}  // namespace pdes::internal
