// SPDX-License-Identifier: Apache-2.0
//
// NodeIndexed<Sums>: per-node sums keyed by a node id, with a std::map's meaning (an entry exists
// once operator[] has named its key; entries are visited in key order) and an array's cost.
//
// The results keep one NodeSums and one SourceSums per node that sent or received a packet,
// and look them up once or twice per record. In a std::map that lookup walks about log2(N)
// tree nodes scattered over the heap: twenty dependent cache misses per lookup on a network of
// a million nodes, several lookups per packet. Here the sums sit in chunks of kChunk
// consecutive ids, allocated when one of their ids is first named (a rank of a partitioned run
// touches only the chunks of the nodes it owns or hears from), with a bit per id that says
// whether the entry exists. A lookup is two indexed loads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace net {

template <class Sums>
class NodeIndexed {
 public:
  static constexpr std::size_t kChunkBits = 10;
  static constexpr std::size_t kChunk = std::size_t{1} << kChunkBits;  // ids per chunk

  /// The entry of `key`, created (value-initialised) if it does not exist.
  Sums& operator[](std::uint64_t key) {
    const std::size_t c = static_cast<std::size_t>(key >> kChunkBits);
    if (c >= chunks_.size()) [[unlikely]] chunks_.resize(c + 1);
    Chunk& chunk = chunks_[c];
    if (chunk.sums.empty()) [[unlikely]] {
      chunk.sums.resize(kChunk);
      chunk.present.resize(kChunk / 64, 0);
    }
    const std::size_t i = static_cast<std::size_t>(key) & (kChunk - 1);
    std::uint64_t& word = chunk.present[i / 64];
    const std::uint64_t bit = std::uint64_t{1} << (i % 64);
    if ((word & bit) == 0) {
      word |= bit;
      ++size_;
    }
    return chunk.sums[i];
  }

  /// Entries that exist.
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

  /// f(key, sums) for every entry, in key order.
  template <class F>
  void for_each(F&& f) const {
    for (std::size_t c = 0; c < chunks_.size(); ++c) {
      const Chunk& chunk = chunks_[c];
      for (std::size_t w = 0; w < chunk.present.size(); ++w) {
        for (std::uint64_t bits = chunk.present[w]; bits != 0; bits &= bits - 1) {
          const std::size_t i = w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits));
          f(static_cast<std::uint64_t>((c << kChunkBits) + i), chunk.sums[i]);
        }
      }
    }
  }

 private:
  struct Chunk {
    std::vector<Sums> sums;              // empty until one of its ids is named
    std::vector<std::uint64_t> present;  // a bit per id: the entry exists
  };
  std::vector<Chunk> chunks_;
  std::size_t size_ = 0;
};

}  // namespace net
