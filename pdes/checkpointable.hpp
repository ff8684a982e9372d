// SPDX-License-Identifier: Apache-2.0
//
// Checkpointable: how an LP's State (and anything it holds) is written to a checkpoint and read
// back (docs/checkpoint-restart.md). Checked at compile time by LogicalProcess, like
// operator==: a State the kernel cannot save does not compile.
//
// A type opts in in one of two ways:
//   - it is trivially copyable: it is written as its bytes (no code needed);
//   - it has a Boost.Serialization function for the kernel's binary archives, as a member
//     `template <class Archive> void serialize(Archive&, unsigned version)` or a free
//     `serialize(Archive&, T&, unsigned)` found by argument-dependent lookup.
//
// Inside a serialize function, pdes::checkpoint_value(ar, member) writes or reads any
// Checkpointable member, and std::vector / std::optional of Checkpointable values:
//
//   struct QueueState {
//     std::vector<Packet> queue;   // Packet trivially copyable
//     std::uint64_t front = 0;
//     bool operator==(const QueueState&) const = default;
//     template <class Archive> void serialize(Archive& ar, unsigned) {
//       pdes::checkpoint_value(ar, queue);
//       pdes::checkpoint_value(ar, front);
//     }
//   };
//
// Checkpoints are binary and meant for the same build on the same kind of machine (the
// manifest names the warpnet version; a restart with another is refused).
#pragma once

#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>

#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

namespace pdes {

using CheckpointWriter = boost::archive::binary_oarchive;
using CheckpointReader = boost::archive::binary_iarchive;

template <class T>
concept HasMemberCheckpointSerialize = requires(T& t, CheckpointWriter& w, CheckpointReader& r) {
  t.serialize(w, 0u);
  t.serialize(r, 0u);
};

template <class T>
concept HasFreeCheckpointSerialize = requires(T& t, CheckpointWriter& w, CheckpointReader& r) {
  serialize(w, t, 0u);
  serialize(r, t, 0u);
};

template <class T>
concept Checkpointable = std::is_trivially_copyable_v<T> || HasMemberCheckpointSerialize<T> ||
                         HasFreeCheckpointSerialize<T>;

template <class T>
struct IsCheckpointableVector : std::false_type {};
template <class T>
struct IsCheckpointableVector<std::vector<T>> : std::bool_constant<Checkpointable<T>> {};

/// Writes (CheckpointWriter) or reads (CheckpointReader) one value.
template <class Archive, class T>
void checkpoint_value(Archive& ar, T& value);

namespace detail {
template <class Archive, class T>
void checkpoint_vector(Archive& ar, std::vector<T>& v) {
  std::uint64_t size = v.size();
  ar & size;
  if constexpr (Archive::is_loading::value) v.resize(static_cast<std::size_t>(size));
  if constexpr (std::is_trivially_copyable_v<T>) {
    if (size == 0) return;
    if constexpr (Archive::is_saving::value) {
      ar.save_binary(v.data(), v.size() * sizeof(T));
    } else {
      ar.load_binary(v.data(), v.size() * sizeof(T));
    }
  } else {
    for (T& item : v) checkpoint_value(ar, item);
  }
}
}  // namespace detail

template <class Archive, class T>
void checkpoint_value(Archive& ar, T& value) {
  if constexpr (std::is_trivially_copyable_v<T>) {
    if constexpr (Archive::is_saving::value) {
      ar.save_binary(&value, sizeof(T));
    } else {
      ar.load_binary(&value, sizeof(T));
    }
  } else if constexpr (IsCheckpointableVector<T>::value) {
    detail::checkpoint_vector(ar, value);
  } else if constexpr (HasMemberCheckpointSerialize<T>) {
    value.serialize(ar, 0u);
  } else {
    static_assert(HasFreeCheckpointSerialize<T>, "the type is not Checkpointable");
    serialize(ar, value, 0u);
  }
}

}  // namespace pdes
