// SPDX-License-Identifier: Apache-2.0
//
// RingBuffer<T>: a double-ended queue over one power-of-two array, with random access.
//
// The optimistic engine keeps every per-LP history (processed events, sent events, saved
// states, buffered records) in one: new entries go at the back, rollback takes them off the
// back, fossil collection takes them off the front. Unlike std::deque it never frees or
// constructs elements on push and pop: a popped slot keeps its object, and the next push
// assigns into it. For saved LP states that hold std::vectors this turns every state save
// into a copy-assignment that reuses the slot's capacity (no allocation in the steady state).
//
// T must be default-constructible and move-assignable. Slots beyond size() hold stale objects.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace pdes::internal {

template <class T>
class RingBuffer {
 public:
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  std::size_t capacity() const { return slots_.size(); }

  T& operator[](std::size_t i) { return slots_[(head_ + i) & mask_]; }
  const T& operator[](std::size_t i) const { return slots_[(head_ + i) & mask_]; }
  T& front() { return (*this)[0]; }
  const T& front() const { return (*this)[0]; }
  T& back() { return (*this)[size_ - 1]; }
  const T& back() const { return (*this)[size_ - 1]; }

  /// Appends a slot and returns it; it holds a stale object that the caller overwrites.
  T& push_back_slot() {
    if (size_ == slots_.size()) grow();
    ++size_;
    return back();
  }
  void push_back(const T& value) { push_back_slot() = value; }
  /// The slot the next push_back_slot() returns, or nullptr if that push grows the array: for
  /// prefetching a slot that has usually gone cold since its last use.
  const T* next_slot() const {
    return size_ < slots_.size() ? &slots_[(head_ + size_) & mask_] : nullptr;
  }

  void pop_back(std::size_t count = 1) { size_ -= count; }
  void pop_front(std::size_t count = 1) {
    head_ = (head_ + count) & mask_;
    size_ -= count;
  }
  /// Keeps the first `count` entries.
  void truncate(std::size_t count) { size_ = count; }
  void clear() {
    head_ = 0;
    size_ = 0;
  }

  /// Gives back memory after a burst: halves the array while it is at most a quarter full.
  void shrink_if_sparse(std::size_t min_capacity = 64) {
    if (slots_.size() <= min_capacity || size_ * 4 > slots_.size()) return;
    std::size_t capacity = slots_.size();
    while (capacity > min_capacity && size_ * 4 <= capacity) capacity /= 2;
    reallocate(capacity);
  }

 private:
  void grow() { reallocate(slots_.empty() ? 4 : slots_.size() * 2); }

  void reallocate(std::size_t capacity) {
    std::vector<T> slots(capacity);
    for (std::size_t i = 0; i < size_; ++i) slots[i] = std::move((*this)[i]);
    slots_ = std::move(slots);
    head_ = 0;
    mask_ = capacity - 1;
  }

  std::vector<T> slots_;
  std::size_t head_ = 0;
  std::size_t size_ = 0;
  std::size_t mask_ = 0;
};

}  // namespace pdes::internal
