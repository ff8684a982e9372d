// SPDX-License-Identifier: Apache-2.0
//
// RemoteEventIndex: finds a live event received from another rank by (sender LP, sender
// sequence), so that an anti-message — which carries only the event's key — can annihilate it.
//
// (sender, sequence) identifies one live event: a sender reuses a sequence number only after a
// rollback, and then its anti-message for the old event travels ahead of the new event on the
// same ordered MPI channel. Events leave the index when they are cancelled or committed.
//
// Open addressing with linear probing and backward-shift deletion: no tombstones, no
// allocation per event, one cache line per lookup in the common case.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "pdes/internal/tw_event.hpp"

namespace pdes::internal {

class RemoteEventIndex {
 public:
  RemoteEventIndex() { slots_.resize(kInitialCapacity); }

  std::size_t size() const { return size_; }

  void insert(TwEvent* event) {
    if ((size_ + 1) * 4 > slots_.size() * 3) grow();
    place(event);
    ++size_;
  }

  /// The event with this sender and sequence, or nullptr.
  TwEvent* find(LpId sender, std::uint64_t sequence) const {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash(sender, sequence) & mask;; i = (i + 1) & mask) {
      TwEvent* e = slots_[i];
      if (e == nullptr) return nullptr;
      if (e->header.key.sender == sender && e->header.key.sequence == sequence) return e;
    }
  }

  /// Removes `event`, which must be in the index.
  void erase(const TwEvent* event) {
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = hash(event->header.key.sender, event->header.key.sequence) & mask;
    while (slots_[i] != event) i = (i + 1) & mask;
    // Backward-shift: move later members of the probe run into the hole when that brings them
    // no further from their home slot.
    for (std::size_t j = (i + 1) & mask;; j = (j + 1) & mask) {
      TwEvent* e = slots_[j];
      if (e == nullptr) break;
      const std::size_t home = hash(e->header.key.sender, e->header.key.sequence) & mask;
      if (((j - home) & mask) >= ((j - i) & mask)) {
        slots_[i] = e;
        i = j;
      }
    }
    slots_[i] = nullptr;
    --size_;
  }

 private:
  static constexpr std::size_t kInitialCapacity = 1024;

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
  }

  void grow() {
    std::vector<TwEvent*> old(slots_.size() * 2, nullptr);
    old.swap(slots_);
    for (TwEvent* e : old) {
      if (e != nullptr) place(e);
    }
  }

  std::vector<TwEvent*> slots_;
  std::size_t size_ = 0;
};

}  // namespace pdes::internal
