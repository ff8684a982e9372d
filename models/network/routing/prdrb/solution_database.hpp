// SPDX-License-Identifier: Apache-2.0
//
// SolutionDatabase: PR-DRB's saved solutions at one source node (seed 004
// §3.2.8, Fig. 3.14; seed 003 §4.2–4.3). Each entry remembers, for one of the source's own flows
// (its destination) in one congestion situation (the set of contending flows the routers notified),
// the path set that brought the congestion under control: the open MSPs of the metapath and the
// latencies that give their selection probabilities (eq. 3.6).
//
//   - Matching (§3.2.8, "approximation matching ... 80 %"): an entry matches an observed
//     situation if it is for the same destination and its situation covers at least the
//     threshold share of the observed flows (FlowSetOf::coverage); the best score wins, then the
//     larger overlap, then the most recently used.
//   - Saving (H -> M, §3.2.5): the entry that matches the situation, or else the one that
//     shares the most flows with it, learns the observed flows (its situation becomes the union,
//     as far as it fits) and its paths are replaced only by a better solution (a lower
//     controller input when saved: "updated if the method finds a better combination", §3.2.8);
//     a situation that shares no flow with any entry for the destination gets a new entry.
//     Routers name a few of a situation's flows at a time, so one situation is seen as many
//     small overlapping sets; merging them is what lets it be recognised from any of them.
//   - Capacity (not stated in the thesis): a full database drops its least recently used entry.
//
// Rollback safety and cost (CONTRIBUTING.md §3; issue 15: "hundreds of entries per source must not
// make every state save slow"): the entries live in an immutable block shared by copies — saving
// the node's state copies one pointer — and a change copies the block first if any saved state
// still shares it (copy on write). The database changes only on saves and re-applications, a
// few times per congestion episode, so most state saves copy nothing.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <type_traits>
#include <vector>

#include "models/network/routing/prdrb/flow_set.hpp"
#include "models/network/routing/prdrb/prdrb_params.hpp"
#include "pdes/checkpointable.hpp"

namespace net::prdrb {

/// A path set: MSPs 0 .. width-1 of the metapath (DRB opens candidates in order) and the
/// latency each had recorded, in cycles.
struct Solution {
  std::uint32_t width = 1;
  std::uint32_t reserved = 0;  // explicit padding
  std::array<double, kMaxSolutionPaths> latency{};
  bool operator==(const Solution&) const = default;
};

struct SavedSolution {
  std::uint32_t destination = 0;  ///< the source's own flow (S, destination)
  Situation situation;            ///< the contending flows it solved
  std::uint32_t uses = 0;         ///< times re-applied
  Solution paths;
  double quality = 0;             ///< controller input when saved (cycles): lower is better
  std::uint64_t last_used = 0;    ///< database clock of the last save or use (LRU)
  bool operator==(const SavedSolution&) const = default;
};

static_assert(std::is_trivially_copyable_v<SavedSolution>);

class SolutionDatabase {
 public:
  enum class SaveOutcome : std::uint8_t { kInserted, kEvictedAndInserted, kReplaced, kKept };

  SolutionDatabase() = default;

  std::size_t size() const { return entries_ ? entries_->size() : 0; }
  /// Entries in insertion order (an evicted entry's slot is reused).
  const std::vector<SavedSolution>& entries() const;

  /// Index of the best entry for (destination, situation) with coverage >= `threshold`.
  std::optional<std::size_t> match(std::uint32_t destination, const Situation& situation,
                                   double threshold) const;
  /// Marks entry `index` re-applied: counts the use and refreshes it for LRU.
  void use(std::size_t index);
  /// Saves `paths` for (destination, situation) as the rules above say; the database holds at
  /// most `capacity` (>= 1) entries. `replace_stale`: a matching entry is replaced whatever its
  /// quality (its solution was re-applied and failed).
  SaveOutcome save(std::uint32_t destination, const Situation& situation, const Solution& paths,
                   double quality, double threshold, std::uint32_t capacity,
                   bool replace_stale = false);

  bool operator==(const SolutionDatabase& other) const;
  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    if constexpr (Archive::is_saving::value) {
      std::vector<SavedSolution> copy = entries();
      pdes::checkpoint_value(ar, copy);
    } else {
      std::vector<SavedSolution> loaded;
      pdes::checkpoint_value(ar, loaded);
      entries_ = loaded.empty() ? nullptr
                                : std::make_shared<const std::vector<SavedSolution>>(std::move(loaded));
    }
    pdes::checkpoint_value(ar, clock_);
  }

 private:
  /// The entry for `destination` that shares the most flows with `situation`, if any shares one.
  std::optional<std::size_t> overlapping(std::uint32_t destination,
                                          const Situation& situation) const;
  /// The entries, unshared: copies them first if another state holds the same block.
  std::vector<SavedSolution>& writable();

  std::shared_ptr<const std::vector<SavedSolution>> entries_;
  std::uint64_t clock_ = 0;  ///< advances on each save and use
};

}  // namespace net::prdrb
