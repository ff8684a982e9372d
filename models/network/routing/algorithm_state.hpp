// SPDX-License-Identifier: Apache-2.0
//
// AlgorithmState: the mutable state that a routing algorithm (or a selection function) keeps in
// a node's or a router's LP state, without the LP knowing its type — a source's path sets per destination at each
// source, a congestion detector's registers at each router.
//
// A regular value type (CONTRIBUTING.md §3) over any regular value type T (copyable, operator==):
// copying an AlgorithmState copies the T, comparing compares the Ts, so the kernel's copy state
// saving and the rollback check work on it as on any other member. Copy-assigning between states
// that hold the same type assigns the T in place, so a T made of std::vectors keeps its buffers
// from one state save to the next. An empty AlgorithmState (the algorithm keeps no state) costs one
// null pointer.
//
// The held T must be Checkpointable too (pdes/checkpointable.hpp): a checkpoint writes it, and
// a restart reads it into the AlgorithmState that the LP's on_init created again, so an
// algorithm must create its state in its init hook (a restart finds the type there).
//
//   AlgorithmState s = AlgorithmState::of(MetapathTable{});   // in the algorithm's init hook
//   MetapathTable& table = s.get<MetapathTable>();            // in its handlers
#pragma once

#include <concepts>
#include <memory>
#include <string>
#include <typeinfo>
#include <utility>

#include "pdes/checkpointable.hpp"
#include "pdes/error.hpp"

namespace net {

class AlgorithmState {
 public:
  AlgorithmState() = default;
  AlgorithmState(const AlgorithmState& other) : impl_(other.impl_ ? other.impl_->clone() : nullptr) {}
  AlgorithmState(AlgorithmState&&) noexcept = default;
  AlgorithmState& operator=(AlgorithmState&&) noexcept = default;
  AlgorithmState& operator=(const AlgorithmState& other) {
    if (!other.impl_) {
      impl_.reset();
    } else if (impl_ && impl_->tag() == other.impl_->tag()) {
      impl_->assign(*other.impl_);
    } else {
      impl_ = other.impl_->clone();
    }
    return *this;
  }

  template <class T>
    requires std::copyable<T> && std::equality_comparable<T> && pdes::Checkpointable<T>
  static AlgorithmState of(T value) {
    AlgorithmState s;
    s.impl_ = std::make_unique<Holder<T>>(std::move(value));
    return s;
  }

  bool empty() const { return impl_ == nullptr; }

  /// The held value; a programming error (InvariantError) if the state holds another type.
  template <class T>
  T& get() {
    PDES_CHECK(impl_ && impl_->tag() == tag_of<T>(), "algorithm state of another type");
    return static_cast<Holder<T>&>(*impl_).value;
  }
  template <class T>
  const T& get() const {
    PDES_CHECK(impl_ && impl_->tag() == tag_of<T>(), "algorithm state of another type");
    return static_cast<const Holder<T>&>(*impl_).value;
  }

  /// Checkpoints: whether a value is held, its type's name, the value.
  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    if constexpr (Archive::is_saving::value) {
      bool held = impl_ != nullptr;
      ar & held;
      if (!held) return;
      std::string type = impl_->type_name();
      ar & type;
      impl_->save(ar);
    } else {
      bool held = false;
      ar & held;
      if (!held) {
        impl_.reset();
        return;
      }
      std::string type;
      ar & type;
      PDES_CHECK(impl_ && impl_->type_name() == type,
                 "checkpoint: the saved routing state (" + type +
                     ") has no counterpart of that type after on_init");
      impl_->load(ar);
    }
  }

  bool operator==(const AlgorithmState& other) const {
    if (!impl_ || !other.impl_) return !impl_ && !other.impl_;
    return impl_->tag() == other.impl_->tag() && impl_->equals(*other.impl_);
  }

 private:
  // One address per type: cheaper than std::type_info to compare, on every access.
  template <class T>
  static const void* tag_of() {
    static const char tag = 0;
    return &tag;
  }

  struct Concept {
    virtual ~Concept() = default;
    virtual const void* tag() const = 0;
    virtual std::unique_ptr<Concept> clone() const = 0;
    virtual void assign(const Concept& other) = 0;  // other holds the same type
    virtual bool equals(const Concept& other) const = 0;  // other holds the same type
    virtual std::string type_name() const = 0;
    virtual void save(pdes::CheckpointWriter& out) = 0;
    virtual void load(pdes::CheckpointReader& in) = 0;
  };
  template <class T>
  struct Holder final : Concept {
    explicit Holder(T v) : value(std::move(v)) {}
    const void* tag() const override { return tag_of<T>(); }
    std::unique_ptr<Concept> clone() const override { return std::make_unique<Holder>(value); }
    void assign(const Concept& other) override {
      value = static_cast<const Holder&>(other).value;
    }
    bool equals(const Concept& other) const override {
      return value == static_cast<const Holder&>(other).value;
    }
    std::string type_name() const override { return typeid(T).name(); }
    void save(pdes::CheckpointWriter& out) override { pdes::checkpoint_value(out, value); }
    void load(pdes::CheckpointReader& in) override { pdes::checkpoint_value(in, value); }
    T value;
  };

  std::unique_ptr<Concept> impl_;
};

}  // namespace net
