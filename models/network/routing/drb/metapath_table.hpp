// SPDX-License-Identifier: Apache-2.0
//
// MetapathTable: the metapaths of one source node, keyed by destination node (DRB keeps one per
// logical channel at the source, Franco, Garcés, Luque, ICS'99, §3; "the only information to
// keep in the source node is the MSP Latencies array for each logical channel").
//
// A flat map: a vector of (destination, Metapath) sorted by destination, binary search on
// lookup; iteration is in ascending destination order, so nothing depends on addresses or hash
// seeds (CONTRIBUTING.md §5). It holds only the destinations DrbSource stores, and DrbSource stores
// a metapath only while it differs from a fresh canonical one (drb_source.hpp): a channel at width
// 1 takes no memory, so a source's table grows with its currently expanded channels, not with N.
//
// Rollback safety (CONTRIBUTING.md §3): a regular value type (copyable, operator==, no pointers
// kept); it is meant to be a member of the node LP's State. find() returns a pointer into the table
// that is valid until the next insert or erase; never store it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "models/network/routing/drb/metapath.hpp"
#include "models/network/topology/types.hpp"
#include "pdes/checkpointable.hpp"

namespace net::drb {

class MetapathTable {
 public:
  struct Entry {
    NodeId destination = 0;
    Metapath metapath;
    bool operator==(const Entry&) const = default;
    template <class Archive>
    void serialize(Archive& ar, unsigned /*version*/) {  // checkpoints
      pdes::checkpoint_value(ar, destination);
      pdes::checkpoint_value(ar, metapath);
    }
  };

  /// The metapath towards `destination`, or nullptr if there is none.
  const Metapath* find(NodeId destination) const;
  Metapath* find(NodeId destination);

  /// Stores `metapath` for `destination` (which must have none) and returns it.
  Metapath& insert(NodeId destination, Metapath metapath);

  /// Removes the metapath towards `destination`, if any.
  void erase(NodeId destination);

  /// Open MSPs towards `destination`: 1 (the canonical path) if there is no metapath.
  std::uint32_t width(NodeId destination) const;

  std::size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  /// Entries in ascending destination order.
  const std::vector<Entry>& entries() const { return entries_; }

  bool operator==(const MetapathTable&) const = default;
  /// Checkpoints (pdes/checkpointable.hpp).
  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    pdes::checkpoint_value(ar, entries_);
  }

 private:
  std::vector<Entry>::const_iterator lower_bound(NodeId destination) const;

  std::vector<Entry> entries_;
};

}  // namespace net::drb
