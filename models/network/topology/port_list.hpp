// SPDX-License-Identifier: Apache-2.0
//
// PortList: a small set of output ports, stored inline (no allocation), in ascending port order.
//
// Topology::minimal_ports returns one on the routing hot path, so it must not touch the heap. The
// capacity bounds the number of productive ports a topology can report; the topologies keep
// within it by construction (at most 16 dimensions for meshes and tori, 20 for hypercubes, k <= 32
// for fat trees).
//
//   PortList ports = topology.minimal_ports(here, there);
//   for (PortId p : ports) { ... }
#pragma once

#include <array>
#include <cstddef>
#include <string>

#include "models/network/topology/types.hpp"
#include "pdes/error.hpp"

namespace net {

class PortList {
 public:
  static constexpr std::size_t kCapacity = 64;

  /// Appends a port. Ports must be pushed in ascending order (checked).
  void push_back(PortId port) {
    PDES_CHECK(size_ < kCapacity, "PortList capacity exceeded");
    PDES_CHECK(size_ == 0 || ports_[size_ - 1] < port,
               "PortList ports must be ascending, got " + std::to_string(port));
    ports_[size_++] = port;
  }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  PortId operator[](std::size_t i) const { return ports_[i]; }
  const PortId* begin() const { return ports_.data(); }
  const PortId* end() const { return ports_.data() + size_; }

  bool contains(PortId port) const {
    for (PortId p : *this) {
      if (p == port) return true;
    }
    return false;
  }

  friend bool operator==(const PortList& a, const PortList& b) {
    if (a.size_ != b.size_) return false;
    for (std::size_t i = 0; i < a.size_; ++i) {
      if (a.ports_[i] != b.ports_[i]) return false;
    }
    return true;
  }

 private:
  std::array<PortId, kCapacity> ports_{};
  std::size_t size_ = 0;
};

}  // namespace net
