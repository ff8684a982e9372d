// SPDX-License-Identifier: Apache-2.0
#include "models/network/metrics/record_kinds.hpp"

#include <cstdio>

#include "pdes/error.hpp"

namespace net {

namespace {

std::string hex(std::uint16_t kind) {
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "0x%04X", static_cast<unsigned>(kind));
  return buffer;
}

}  // namespace

void RecordKinds::add(const RecordKind& kind, std::size_t reader) {
  PDES_CHECK(!kind.name.empty(), "record kind " + hex(kind.kind) + " registered without a name");
  const Entry* other = find(kind.kind);
  PDES_CHECK(other == nullptr, "record kind " + hex(kind.kind) + " registered twice: " +
                                   other->kind.name + " and " + kind.name);
  for (const auto& [k, e] : by_kind_) {
    PDES_CHECK(e.kind.name != kind.name, "record " + kind.name + " registered twice: kinds " +
                                             hex(k) + " and " + hex(kind.kind));
  }
  by_kind_.emplace(kind.kind, Entry{kind, reader});
}

const RecordKinds::Entry* RecordKinds::find(std::uint16_t kind) const {
  const auto it = by_kind_.find(kind);
  return it == by_kind_.end() ? nullptr : &it->second;
}

std::vector<RecordKinds::Entry> RecordKinds::entries() const {
  std::vector<Entry> out;
  out.reserve(by_kind_.size());
  for (const auto& [k, e] : by_kind_) out.push_back(e);
  return out;
}

}  // namespace net
