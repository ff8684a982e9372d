// SPDX-License-Identifier: Apache-2.0
//
// RecordKinds: the record kinds a run's results read, each registered once with the name of its
// record type. A committed pdes::Record carries only its kind (a 16-bit number the record type
// chooses), so two record types of one kind would be read one as the other. NetworkResults
// registers its own kinds, then those of every ResultsExtension (ResultsExtension::
// record_kinds()) as it is added; registering a kind twice, or a name twice, is a programming
// error (pdes::InvariantError) that names both records.
//
//   net::RecordKinds kinds;
//   kinds.add(net::record_kind<PacketDelivered>("PacketDelivered"), 0);
//   kinds.add(net::record_kind<MissionMessage>("MissionMessage"), 1);
//   if (const RecordKinds::Entry* e = kinds.find(record.kind)) readers[e->reader]->write(record);
//
// Ranges, so that parts that never run together still choose distinct kinds: the network model
// uses 0x4E00 to 0x4E1F; a part takes one in 0x4E20 to 0x4EFF (routing algorithms 0x4E20 on,
// selection functions 0x4E60 on, workloads 0x4EA0 on), named in its own header next to the
// record. A test registers the kinds of every example's results in one RecordKinds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "pdes/output_sink.hpp"

namespace net {

struct RecordKind {
  std::uint16_t kind = 0;
  std::string name;  ///< the record type's name, for messages
};

template <pdes::RecordType R>
RecordKind record_kind(std::string name) {
  return {R::kRecordKind, std::move(name)};
}

class RecordKinds {
 public:
  struct Entry {
    RecordKind kind;
    std::size_t reader = 0;  ///< the registrant's index, e.g. which results part reads it
  };

  /// Throws pdes::InvariantError when the kind or the name is already registered.
  void add(const RecordKind& kind, std::size_t reader);
  /// The entry of `kind`, or nullptr. Called once per committed record, so it is an index into
  /// a table rather than a search.
  const Entry* find(std::uint16_t kind) const {
    const std::uint16_t slot = slot_of_kind_[kind];
    return slot == 0 ? nullptr : &entries_[slot - 1];
  }
  /// Every entry, by kind.
  std::vector<Entry> entries() const;

 private:
  std::vector<Entry> entries_;  ///< in registration order
  /// 1 + the index in entries_ of each kind, 0 for kinds not registered: one slot per 16-bit kind
  /// (128 KiB), of which a run touches the few cache lines of the kinds it records.
  std::vector<std::uint16_t> slot_of_kind_ = std::vector<std::uint16_t>(1u << 16, 0);
};

}  // namespace net
