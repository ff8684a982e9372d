// SPDX-License-Identifier: Apache-2.0
//
// RemoteEventIndex: finds a live event received from another rank by (sender LP, sender
// sequence), so that an anti-message — which carries only the event's key — can annihilate it.
//
// (sender, sequence) identifies one live event: a sender reuses a sequence number only after a
// rollback, and then its anti-message for the old event travels ahead of the new event on the
// same ordered MPI channel. Events leave the index when they are cancelled or committed.
//
// Open addressing with linear probing. Each event remembers its slot (TwEvent::index_slot: an
// event from another rank is never in a local child list), so removal — once per remote
// event, at commit — is a single store of a tombstone, not a probe; tombstones are swept when
// the table is rebuilt.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "pdes/internal/tw_event.hpp"

namespace pdes::internal {

class RemoteEventIndex {
 public:
  RemoteEventIndex() { slots_.assign(kInitialCapacity, nullptr); }

  std::size_t size() const { return size_; }

  void insert(TwEvent* event) {
    if ((size_ + tombstones_ + 1) * 4 > slots_.size() * 3) rebuild();
    place(event);
    ++size_;
  }

  /// The event with this sender and sequence, or nullptr.
  TwEvent* find(LpId sender, std::uint64_t sequence) const {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash(sender, sequence) & mask;; i = (i + 1) & mask) {
      TwEvent* e = slots_[i];
      if (e == nullptr) return nullptr;
      if (e != tombstone() && e->header.key.sender == sender &&
          e->header.key.sequence == sequence) {
        return e;
      }
    }
  }

  /// Starts loading the slot where (sender, sequence) is looked up first.
  void prefetch(LpId sender, std::uint64_t sequence) const {
    __builtin_prefetch(&slots_[hash(sender, sequence) & (slots_.size() - 1)]);
  }

  /// Removes `event`, which must be in the index.
  void erase(const TwEvent* event) {
    slots_[event->index_slot] = tombstone();
    ++tombstones_;
    --size_;
  }

 private:
  static constexpr std::size_t kInitialCapacity = 1024;

  /// Marks a removed entry; never dereferenced (no event lives at address 1).
  static TwEvent* tombstone() { return reinterpret_cast<TwEvent*>(std::uintptr_t{1}); }

  static std::size_t hash(LpId sender, std::uint64_t sequence) {
    std::uint64_t x = sender.value() * 0x9e3779b97f4a7c15ULL ^ sequence;
    x ^= x >> 29;
    x *= 0xbf58476d1ce4e5b9ULL;
    return static_cast<std::size_t>(x ^ (x >> 32));
  }

  void place(TwEvent* event) {
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = hash(event->header.key.sender, event->header.key.sequence) & mask;
    while (slots_[i] != nullptr) i = (i + 1) & mask;
    slots_[i] = event;
    event->index_slot = i;
  }

  /// Drops the tombstones, doubling the table when it is more than half full of live events.
  void rebuild() {
    std::vector<TwEvent*> old;
    old.swap(slots_);
    const std::size_t capacity = (size_ + 1) * 2 > old.size() ? old.size() * 2 : old.size();
    slots_.assign(capacity, nullptr);
    tombstones_ = 0;
    for (TwEvent* e : old) {
      if (e != nullptr && e != tombstone()) place(e);
    }
  }

  std::vector<TwEvent*> slots_;
  std::size_t size_ = 0;
  std::size_t tombstones_ = 0;
};

}  // namespace pdes::internal
