// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/metapath_table.hpp"

#include <algorithm>
#include <utility>

#include "pdes/error.hpp"

namespace net::drb {

std::vector<MetapathTable::Entry>::const_iterator MetapathTable::lower_bound(
    NodeId destination) const {
  return std::lower_bound(entries_.begin(), entries_.end(), destination,
                          [](const Entry& e, NodeId d) { return e.destination < d; });
}

const Metapath* MetapathTable::find(NodeId destination) const {
  const auto it = lower_bound(destination);
  return it != entries_.end() && it->destination == destination ? &it->metapath : nullptr;
}

Metapath* MetapathTable::find(NodeId destination) {
  return const_cast<Metapath*>(std::as_const(*this).find(destination));
}

Metapath& MetapathTable::insert(NodeId destination, Metapath metapath) {
  const auto it = lower_bound(destination);
  PDES_CHECK(it == entries_.end() || it->destination != destination,
             "MetapathTable::insert: destination already present");
  return entries_.insert(it, Entry{destination, std::move(metapath)})->metapath;
}

void MetapathTable::erase(NodeId destination) {
  const auto it = lower_bound(destination);
  if (it != entries_.end() && it->destination == destination) entries_.erase(it);
}

std::uint32_t MetapathTable::width(NodeId destination) const {
  const Metapath* m = find(destination);
  return m != nullptr ? m->width() : 1;
}

}  // namespace net::drb
