// SPDX-License-Identifier: Apache-2.0
//
// JournaledDeque<T>: a rollback-safe queue for LP State whose size grows (source queues,
// backlogs), saved by the optimistic engine in O(1) instead of being copied whole.
//
// To the model it is a value like std::vector: copyable, comparable (operator== compares the
// elements), Checkpointable, with a queue's operations. Every write goes through a member
// (push_back, pop_front, erase, set), so that while the optimistic engine keeps a history of
// the LP, each write appends its undo to a journal (the undo log of writes made through
// rollback-safe containers that docs/architecture.md describes). The kernel's state saving then
// copies the State with the container in "save" mode: the saved copy records only the journal's
// position, not the elements; restoring a saved copy undoes the journal back to that position. So a
// save costs the same with ten or ten thousand queued elements, and a rollback costs the writes it
// undoes. The sequential and rollback-check engines copy it as a plain value and never journal.
//
//   struct NodeState {
//     pdes::JournaledDeque<Message> queue;    // a direct member of the State
//     ...
//   };
//   state.queue.push_back(m);
//   Message head = state.queue.front();
//   ++head.sent;
//   state.queue.set(0, head);                  // elements are written through set()
//   state.queue.pop_front();
//
// Contract: T is trivially copyable. A JournaledDeque must be a direct member of the State (or
// of a member struct), not an element of a std::vector: the kernel's saves must reach every
// journaled container of the State through the State's copy assignment, each time.
// The kernel trims the journal at each save to what the oldest saved state still needs.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "pdes/checkpointable.hpp"
#include "pdes/error.hpp"

namespace pdes {

namespace journal {

/// What a copy assignment of a State means to its journaled containers. Set only by the
/// kernel, around its own copies (pdes/internal/lp_runtime.hpp): copy assignment has no other
/// channel through a model's State type, and a value copy must stay a value copy everywhere
/// else (tests, the sequential engine, checkpoints).
enum class CopyMode : std::uint8_t {
  value,    ///< an ordinary copy of the elements
  save,     ///< `saved = live`: record the live container's journal position
  restore,  ///< `live = saved`: undo the live container's journal back to that position
};

struct CopyContext {
  CopyMode mode = CopyMode::value;
  std::uint64_t serial = 0;         ///< save: the number of this saved state (per LP)
  std::uint64_t oldest_serial = 0;  ///< save: the oldest saved state the kernel still keeps
};

/// The kernel's current copy; one per thread (each engine runs on one thread).
inline thread_local CopyContext copy_context;

/// Sets copy_context for the lifetime of the scope.
class CopyScope {
 public:
  explicit CopyScope(CopyContext context) : previous_(copy_context) { copy_context = context; }
  ~CopyScope() { copy_context = previous_; }
  CopyScope(const CopyScope&) = delete;
  CopyScope& operator=(const CopyScope&) = delete;

 private:
  CopyContext previous_;
};

/// True while the kernel runs an event that no rollback can undo (the optimistic engine's safe
/// events, whose LP then keeps no saved state): its writes need no undo entries. Without this a
/// container that once journaled would grow its journal for as long as its LP ran only such
/// events, since only a save trims it.
inline thread_local bool final_writes = false;

/// Sets final_writes for the lifetime of the scope: true around a final event's handler,
/// false around re-executions nested in it (a rollback that the handler's send caused
/// re-executes another LP's events, whose writes must be journaled).
class FinalWritesScope {
 public:
  explicit FinalWritesScope(bool final = true) : previous_(final_writes) {
    final_writes = final;
  }
  ~FinalWritesScope() { final_writes = previous_; }
  FinalWritesScope(const FinalWritesScope&) = delete;
  FinalWritesScope& operator=(const FinalWritesScope&) = delete;

 private:
  bool previous_;
};

}  // namespace journal

template <class T>
class JournaledDeque {
  static_assert(std::is_trivially_copyable_v<T>, "JournaledDeque holds trivially copyable values");

 public:
  JournaledDeque() = default;
  JournaledDeque(const JournaledDeque& other) : items_(other.begin(), other.end()) {}
  JournaledDeque(JournaledDeque&& other) noexcept = default;
  JournaledDeque& operator=(const JournaledDeque& other) {
    switch (journal::copy_context.mode) {
      case journal::CopyMode::save:
        become_mark_of(other);
        break;
      case journal::CopyMode::restore:
        rewind(other.mark_position_, other.mark_serial_);
        break;
      case journal::CopyMode::value:
        if (this != &other) assign(other.begin(), other.end());
        break;
    }
    return *this;
  }
  JournaledDeque& operator=(JournaledDeque&& other) noexcept {
    if (journaling_) return *this = static_cast<const JournaledDeque&>(other);
    items_ = std::move(other.items_);
    front_ = other.front_;
    journal_ = std::move(other.journal_);
    journal_begin_ = other.journal_begin_;
    journal_base_ = other.journal_base_;
    marks_ = std::move(other.marks_);
    mark_position_ = other.mark_position_;
    mark_serial_ = other.mark_serial_;
    journaling_ = other.journaling_;
    return *this;
  }
  ~JournaledDeque() = default;

  friend bool operator==(const JournaledDeque& a, const JournaledDeque& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const T& x, const T& y) {
      if constexpr (requires { x == y; }) {
        return x == y;
      } else {
        return std::memcmp(&x, &y, sizeof(T)) == 0;
      }
    });
  }

  std::size_t size() const { return items_.size() - front_; }
  bool empty() const { return size() == 0; }
  const T& operator[](std::size_t i) const { return items_[front_ + i]; }
  const T& front() const { return items_[front_]; }
  const T& back() const { return items_.back(); }
  const T* begin() const { return items_.data() + front_; }
  const T* end() const { return items_.data() + items_.size(); }
  std::span<const T> view() const { return {begin(), size()}; }

  void push_back(const T& value) {
    items_.push_back(value);
    if (journaling_) log(Op::push_back, 0, value);
  }
  void pop_front() {
    if (journaling_) log(Op::pop_front, 0, items_[front_]);
    ++front_;
    compact();
  }
  /// Removes element i (0 is the front).
  void erase(std::size_t i) {
    if (i == 0) {
      pop_front();
      return;
    }
    if (journaling_) log(Op::erase, i, (*this)[i]);
    items_.erase(items_.begin() + static_cast<std::ptrdiff_t>(front_ + i));
  }
  /// Replaces element i.
  void set(std::size_t i, const T& value) {
    if (journaling_) log(Op::set, i, (*this)[i]);
    items_[front_ + i] = value;
  }
  void clear() {
    while (!empty()) pop_front();
  }

  /// Journal entries held (for tests and memory accounting).
  std::size_t journal_size() const { return journal_.size() - journal_begin_; }

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    std::vector<T> values(begin(), end());
    checkpoint_value(ar, values);
    if constexpr (Archive::is_loading::value) assign(values.data(), values.data() + values.size());
  }

 private:
  enum class Op : std::uint8_t { push_back, pop_front, erase, set };
  struct Entry {
    Op op;
    std::size_t index;  ///< erase, set: the element's index from the front at the time
    T value;            ///< pop_front, erase: the removed element; set: the old value
  };
  struct Mark {
    std::uint64_t serial;
    std::uint64_t position;  ///< absolute journal position
  };

  std::uint64_t journal_end() const { return journal_base_ + (journal_.size() - journal_begin_); }

  void log(Op op, std::size_t index, const T& value) {
    if (!journal::final_writes) journal_.push_back({op, index, value});
  }

  void assign(const T* first, const T* last) {
    if (journaling_) {
      // A handler replaced the whole queue: journal it as the writes it amounts to.
      clear();
      for (const T* p = first; p != last; ++p) push_back(*p);
      return;
    }
    items_.assign(first, last);
    front_ = 0;
  }

  /// Reclaims popped slots; moves no element that the journal refers to by value.
  void compact() {
    if (front_ < 64 || front_ * 2 < items_.size()) return;
    items_.erase(items_.begin(), items_.begin() + static_cast<std::ptrdiff_t>(front_));
    front_ = 0;
  }

  /// Save mode, `this` being the kernel's saved copy of `live`.
  void become_mark_of(const JournaledDeque& live) {
    items_.clear();
    front_ = 0;
    mark_serial_ = journal::copy_context.serial;
    mark_position_ = live.journal_end();
    live.note_save(journal::copy_context.serial, journal::copy_context.oldest_serial);
  }

  /// Starts journaling, remembers the position of save `serial`, and forgets the journal
  /// before the oldest save the kernel still keeps.
  void note_save(std::uint64_t serial, std::uint64_t oldest) const {
    journaling_ = true;
    while (!marks_.empty() && marks_.back().serial >= serial) marks_.pop_back();
    marks_.push_back({serial, journal_end()});
    std::size_t first = 0;
    while (first < marks_.size() && marks_[first].serial < oldest) ++first;
    marks_.erase(marks_.begin(), marks_.begin() + static_cast<std::ptrdiff_t>(first));
    trim(marks_.front().position);
  }

  void trim(std::uint64_t position) const {
    const std::size_t drop = static_cast<std::size_t>(position - journal_base_);
    if (drop == 0) return;
    journal_begin_ += drop;
    journal_base_ = position;
    if (journal_begin_ * 2 >= journal_.size()) {
      journal_.erase(journal_.begin(), journal_.begin() + static_cast<std::ptrdiff_t>(journal_begin_));
      journal_begin_ = 0;
    }
  }

  /// Restore mode: undoes every write after `position`, the journal position of save `serial`.
  void rewind(std::uint64_t position, std::uint64_t serial) {
    PDES_CHECK(position >= journal_base_ && position <= journal_end(),
               "a JournaledDeque was restored to a save it did not see; it must be a direct "
               "member of the State (pdes/journaled_deque.hpp)");
    while (journal_end() > position) {
      const Entry e = journal_.back();
      journal_.pop_back();
      switch (e.op) {
        case Op::push_back:
          items_.pop_back();
          break;
        case Op::pop_front:
          if (front_ > 0) {
            items_[--front_] = e.value;
          } else {
            items_.insert(items_.begin(), e.value);
          }
          break;
        case Op::erase:
          items_.insert(items_.begin() + static_cast<std::ptrdiff_t>(front_ + e.index), e.value);
          break;
        case Op::set:
          items_[front_ + e.index] = e.value;
          break;
      }
    }
    while (!marks_.empty() && marks_.back().serial > serial) marks_.pop_back();
  }

  std::vector<T> items_;
  std::size_t front_ = 0;  ///< items_[front_ ..] are the elements
  // The journal: undo entries journal_[journal_begin_ ..], the first at absolute position
  // journal_base_. Mutable: a save (through the saved copy's assignment, which sees the live
  // container as const) trims it and starts journaling.
  mutable std::vector<Entry> journal_;
  mutable std::size_t journal_begin_ = 0;
  mutable std::uint64_t journal_base_ = 0;
  mutable std::vector<Mark> marks_;  ///< journal positions of the saves the kernel may restore
  mutable bool journaling_ = false;
  // In a saved copy: the live container's journal position and the save's number.
  std::uint64_t mark_position_ = 0;
  std::uint64_t mark_serial_ = 0;
};

}  // namespace pdes
