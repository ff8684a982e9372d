// SPDX-License-Identifier: Apache-2.0
//
// OpaqueBytes<N>: N bytes inside an event that one part of the model defines and nothing else
// reads — a routing algorithm's packet header fields (Flit::route), the body of a control
// message (ControlMessage::body). The owner reads and writes them as its own trivially copyable
// struct of at most N bytes:
//
//   struct MyHeader { std::uint8_t phase; std::uint8_t pad[3]; std::uint32_t via; };
//   MyHeader h = flit.route.get<MyHeader>();  ++h.phase;  flit.route.set(h);
//
// Fresh bytes are all zeros, so an owner's layout must read zero as "nothing set yet". Events
// are compared byte for byte (rollback check) and sent as bytes between ranks, so a layout may
// have no padding: the static_asserts below reject it at compile time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace net {

template <std::size_t N>
struct OpaqueBytes {
  static constexpr std::size_t kBytes = N;

  template <class T>
  T get() const {
    check_layout<T>();
    T value;
    std::memcpy(&value, bytes, sizeof(T));
    return value;
  }
  template <class T>
  void set(const T& value) {
    check_layout<T>();
    std::memcpy(bytes, &value, sizeof(T));
  }

  alignas(4) std::uint8_t bytes[N] = {};
  bool operator==(const OpaqueBytes&) const = default;

 private:
  template <class T>
  static constexpr void check_layout() {
    static_assert(std::is_trivially_copyable_v<T>, "opaque event bytes hold raw values");
    static_assert(sizeof(T) <= N, "the layout is larger than the bytes set aside for it");
    static_assert(std::has_unique_object_representations_v<T>,
                  "no padding: events are compared and sent byte for byte");
  }
};

}  // namespace net
