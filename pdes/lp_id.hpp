// SPDX-License-Identifier: Apache-2.0
//
// LpId: the dense 64-bit identifier of a logical process.
//
// LPs are addressed only by id (never by name or pointer), so that a message can cross ranks
// and so that the tie-breaking order of events does not depend on memory addresses.
#pragma once

#include <compare>
#include <cstdint>
#include <functional>

namespace pdes {

class LpId {
 public:
  using rep = std::uint64_t;

  constexpr LpId() = default;
  constexpr explicit LpId(rep value) : value_(value) {}

  constexpr rep value() const { return value_; }
  constexpr auto operator<=>(const LpId&) const = default;

 private:
  rep value_ = 0;
};

}  // namespace pdes

template <>
struct std::hash<pdes::LpId> {
  std::size_t operator()(pdes::LpId id) const noexcept { return std::hash<std::uint64_t>{}(id.value()); }
};
