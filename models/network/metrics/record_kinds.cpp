// SPDX-License-Identifier: Apache-2.0
#include "models/network/metrics/record_kinds.hpp"

#include <algorithm>
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
  for (const Entry& e : entries_) {
    PDES_CHECK(e.kind.name != kind.name, "record " + kind.name + " registered twice: kinds " +
                                             hex(e.kind.kind) + " and " + hex(kind.kind));
  }
  entries_.push_back(Entry{kind, reader});
  slot_of_kind_[kind.kind] = static_cast<std::uint16_t>(entries_.size());
}

std::vector<RecordKinds::Entry> RecordKinds::entries() const {
  std::vector<Entry> out = entries_;
  std::sort(out.begin(), out.end(),
            [](const Entry& a, const Entry& b) { return a.kind.kind < b.kind.kind; });
  return out;
}

}  // namespace net
