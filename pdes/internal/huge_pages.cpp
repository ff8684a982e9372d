// SPDX-License-Identifier: Apache-2.0
#include "pdes/internal/huge_pages.hpp"

#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <mutex>
#include <string>

namespace pdes::internal {

namespace {

std::mutex mutex;
std::atomic<bool> started{false};
std::uintptr_t marked_end = 0;  // the heap is marked up to here (guarded by mutex)

/// Whether transparent huge pages come only on request ("[madvise]" is the mode chosen).
bool given_on_request() {
  std::ifstream in("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string modes;
  std::getline(in, modes);
  return modes.find("[madvise]") != std::string::npos;
}

std::uintptr_t heap_end() { return reinterpret_cast<std::uintptr_t>(sbrk(0)); }

void mark_locked() {
  const std::uintptr_t end = heap_end();
  if (end < marked_end) marked_end = end;  // trimmed: what grows back is new address space
  if (end == marked_end) return;
  const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  const std::uintptr_t from = marked_end / page * page;
  // A hint: if the kernel refuses, the heap keeps its small pages.
  madvise(reinterpret_cast<void*>(from), end - from, MADV_HUGEPAGE);
  marked_end = end;
}

}  // namespace

bool HugePageHeap::begin() {
  const std::lock_guard lock(mutex);
  if (started.load(std::memory_order_relaxed)) return true;
  if (!given_on_request()) return false;
  mallopt(M_TOP_PAD, static_cast<int>(kTopPad));
  mallopt(M_MMAP_THRESHOLD, static_cast<int>(kMmapThreshold));
  // The heap as it is (what malloc took with sbrk lies below its end): its pages in use stay
  // small, its untouched top gets huge ones.
  const std::uintptr_t end = heap_end();
  const std::uintptr_t grown = mallinfo2().arena;
  marked_end = end > grown ? end - grown : end;
  mark_locked();
  started.store(true, std::memory_order_release);
  return true;
}

void HugePageHeap::refresh() {
  if (!started.load(std::memory_order_acquire)) return;
  if (heap_end() == marked_end) return;  // a racy peek; the locked pass decides
  const std::lock_guard lock(mutex);
  mark_locked();
}

bool HugePageHeap::active() { return started.load(std::memory_order_acquire); }

}  // namespace pdes::internal
