// SPDX-License-Identifier: Apache-2.0
#include "models/network/missions/circuit_list_schedule.hpp"

#include <algorithm>
#include <numeric>
#include <random>
#include <utility>

namespace net::missions {

namespace {
using Interval = std::pair<std::int64_t, std::int64_t>;  // [start, end)

bool fits(const std::vector<Interval>& busy, std::int64_t s, std::int64_t e) {
  // busy is sorted by start and disjoint: the first interval ending after s decides.
  const auto it = std::lower_bound(busy.begin(), busy.end(), s,
                                   [](const Interval& a, std::int64_t v) { return a.second <= v; });
  return it == busy.end() || it->first >= e;
}
}  // namespace

std::int64_t CircuitListSchedule::makespan(std::span<const std::size_t> order) const {
  std::vector<std::vector<Interval>> busy(num_links_);
  std::int64_t cmax = 0;
  std::vector<std::int64_t> candidates;
  for (const std::size_t i : order) {
    const ScheduledMessage& m = messages_[i];
    const std::int64_t len = m.length;
    // The earliest start is the release or the end of a busy interval on one of its links.
    candidates.assign(1, m.release);
    for (const std::uint32_t l : links_[i]) {
      for (const Interval& b : busy[l]) {
        if (b.second > m.release) candidates.push_back(b.second);
      }
    }
    std::sort(candidates.begin(), candidates.end());
    std::int64_t start = candidates.back();
    for (const std::int64_t s : candidates) {
      if (std::all_of(links_[i].begin(), links_[i].end(),
                      [&](std::uint32_t l) { return fits(busy[l], s, s + len); })) {
        start = s;
        break;
      }
    }
    for (const std::uint32_t l : links_[i]) {
      auto& v = busy[l];
      v.insert(std::upper_bound(v.begin(), v.end(), Interval{start, start + len}),
               Interval{start, start + len});
    }
    cmax = std::max(cmax, start + len);
  }
  return cmax;
}

std::int64_t CircuitListSchedule::best(std::uint64_t moves, std::uint64_t seed) const {
  const std::size_t n = messages_.size();
  if (n == 0) return 0;
  auto ordered = [&](auto key) {
    std::vector<std::size_t> o(n);
    std::iota(o.begin(), o.end(), 0);
    std::stable_sort(o.begin(), o.end(), [&](std::size_t a, std::size_t b) { return key(a) > key(b); });
    return o;
  };
  auto hops = [&](std::size_t i) { return static_cast<std::int64_t>(links_[i].size()); };
  const std::vector<std::vector<std::size_t>> starts{
      ordered([&](std::size_t i) { return messages_[i].length * hops(i); }),
      ordered([&](std::size_t i) { return std::int64_t{messages_[i].length}; }),
      ordered([&](std::size_t i) { return hops(i) * 1000000 + messages_[i].length; })};
  std::vector<std::size_t> order;
  std::int64_t best = -1;
  for (const auto& o : starts) {
    const std::int64_t c = makespan(o);
    if (best < 0 || c < best) {
      best = c;
      order = o;
    }
  }
  std::mt19937_64 rng(seed);
  std::int64_t current = best;
  for (std::uint64_t k = 0; k < moves && n > 1; ++k) {
    // A circuit near the end of the order tends to be the one that ends last; move one of the
    // later half (3 in 4) or any circuit to a random earlier position.
    const std::size_t from = rng() % 4 != 0 ? n / 2 + rng() % (n - n / 2) : rng() % n;
    if (from == 0) continue;
    const std::size_t to = rng() % from;
    std::vector<std::size_t> next = order;
    const std::size_t moved = next[from];
    next.erase(next.begin() + static_cast<std::ptrdiff_t>(from));
    next.insert(next.begin() + static_cast<std::ptrdiff_t>(to), moved);
    const std::int64_t c = makespan(next);
    if (c <= current) {
      current = c;
      order = std::move(next);
      best = std::min(best, c);
    }
  }
  return best;
}

}  // namespace net::missions
