// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/prdrb/solution_database.hpp"

#include "pdes/error.hpp"

namespace net::prdrb {

const std::vector<SavedSolution>& SolutionDatabase::entries() const {
  static const std::vector<SavedSolution> none;
  return entries_ ? *entries_ : none;
}

std::vector<SavedSolution>& SolutionDatabase::writable() {
  if (!entries_) {
    entries_ = std::make_shared<const std::vector<SavedSolution>>();
  } else if (entries_.use_count() > 1) {
    entries_ = std::make_shared<const std::vector<SavedSolution>>(*entries_);
  }
  // Sole owner now: no other state can see the change.
  return const_cast<std::vector<SavedSolution>&>(*entries_);
}

std::optional<std::size_t> SolutionDatabase::match(std::uint32_t destination,
                                                   const Situation& situation,
                                                   double threshold) const {
  std::optional<std::size_t> best;
  double best_score = 0;
  std::uint32_t best_overlap = 0;
  const std::vector<SavedSolution>& all = entries();
  for (std::size_t i = 0; i < all.size(); ++i) {
    const SavedSolution& e = all[i];
    if (e.destination != destination) continue;
    const double score = e.situation.coverage(situation);
    if (score < threshold || score == 0.0) continue;
    const std::uint32_t overlap = e.situation.common(situation);
    if (!best || score > best_score || (score == best_score && overlap > best_overlap) ||
        (score == best_score && overlap == best_overlap && e.last_used > all[*best].last_used)) {
      best = i;
      best_score = score;
      best_overlap = overlap;
    }
  }
  return best;
}

std::optional<std::size_t> SolutionDatabase::overlapping(std::uint32_t destination,
                                                         const Situation& situation) const {
  std::optional<std::size_t> best;
  std::uint32_t best_overlap = 0;
  const std::vector<SavedSolution>& all = entries();
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (all[i].destination != destination) continue;
    const std::uint32_t overlap = all[i].situation.common(situation);
    if (overlap > best_overlap) {
      best = i;
      best_overlap = overlap;
    }
  }
  return best;
}

void SolutionDatabase::use(std::size_t index) {
  PDES_CHECK(index < size(), "SolutionDatabase::use: no such entry");
  SavedSolution& e = writable()[index];
  ++e.uses;
  e.last_used = ++clock_;
}

SolutionDatabase::SaveOutcome SolutionDatabase::save(std::uint32_t destination,
                                                     const Situation& situation,
                                                     const Solution& paths, double quality,
                                                     double threshold, std::uint32_t capacity,
                                                     bool replace_stale) {
  PDES_CHECK(capacity >= 1, "SolutionDatabase::save: capacity 0");
  std::optional<std::size_t> at = match(destination, situation, threshold);
  if (!at) at = overlapping(destination, situation);
  if (at) {
    const SavedSolution& known = entries()[*at];
    const Situation learnt = known.situation.merged(situation);
    const bool better = replace_stale || quality < known.quality;
    if (!better && learnt == known.situation) return SaveOutcome::kKept;
    SavedSolution& e = writable()[*at];
    e.situation = learnt;
    e.last_used = ++clock_;
    if (!better) return SaveOutcome::kKept;
    e.paths = paths;
    e.quality = quality;
    return SaveOutcome::kReplaced;
  }
  SavedSolution fresh;
  fresh.destination = destination;
  fresh.situation = situation;
  fresh.paths = paths;
  fresh.quality = quality;
  fresh.last_used = ++clock_;
  std::vector<SavedSolution>& all = writable();
  if (all.size() < capacity) {
    all.push_back(fresh);
    return SaveOutcome::kInserted;
  }
  std::size_t oldest = 0;
  for (std::size_t i = 1; i < all.size(); ++i) {
    if (all[i].last_used < all[oldest].last_used) oldest = i;
  }
  all[oldest] = fresh;
  return SaveOutcome::kEvictedAndInserted;
}

bool SolutionDatabase::operator==(const SolutionDatabase& other) const {
  if (clock_ != other.clock_) return false;
  if (entries_ == other.entries_) return true;
  return entries() == other.entries();
}

}  // namespace net::prdrb
