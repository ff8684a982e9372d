// SPDX-License-Identifier: Apache-2.0
//
// SimTime: simulated time as a strong 64-bit integer count of ticks.
//
// Integer time makes every engine, on every rank count, agree bit for bit: there is no
// floating-point rounding that could depend on the order in which times are added up.
// What a tick means is the model's choice (the network model uses picoseconds, PHOLD uses
// 1e-6 of its time unit); the kernel only compares and adds ticks.
//
//   pdes::SimTime t{1000};
//   t += pdes::SimTime{5};
//   if (t < pdes::SimTime::max()) ...
#pragma once

#include <compare>
#include <cstdint>
#include <limits>

namespace pdes {

class SimTime {
 public:
  using rep = std::int64_t;

  constexpr SimTime() = default;
  constexpr explicit SimTime(rep ticks) : ticks_(ticks) {}

  constexpr rep ticks() const { return ticks_; }

  static constexpr SimTime zero() { return SimTime{0}; }
  /// Larger than every time a model can reach; used as "never" and "infinity" by GVT.
  static constexpr SimTime max() { return SimTime{std::numeric_limits<rep>::max()}; }

  constexpr auto operator<=>(const SimTime&) const = default;

  constexpr SimTime& operator+=(SimTime d) {
    ticks_ += d.ticks_;
    return *this;
  }
  constexpr SimTime& operator-=(SimTime d) {
    ticks_ -= d.ticks_;
    return *this;
  }
  friend constexpr SimTime operator+(SimTime a, SimTime b) { return SimTime{a.ticks_ + b.ticks_}; }
  friend constexpr SimTime operator-(SimTime a, SimTime b) { return SimTime{a.ticks_ - b.ticks_}; }

 private:
  rep ticks_ = 0;
};

}  // namespace pdes
