// SPDX-License-Identifier: Apache-2.0
#include "models/network/missions/link_load_bound.hpp"

#include <algorithm>
#include <bit>
#include <numeric>
#include <vector>

namespace net::missions {

namespace {

// Index of the link of dimension d used from `at`.
std::size_t link_index(std::uint32_t at, std::uint32_t d, std::uint32_t n, bool half) {
  const std::uint32_t from = half ? (at & ~(1u << d)) : at;
  return std::size_t{from} * n + d;
}

std::int64_t critical_path(std::span<const MissionMessageSpec> messages, bool store_and_forward) {
  std::int64_t best = 0;
  for (const auto& m : messages) {
    const std::int64_t hops = store_and_forward ? std::popcount(m.src ^ m.dst) : 1;
    best = std::max<std::int64_t>(best, std::int64_t{m.length} * hops);
  }
  return best;
}

// Hop-by-hop path of `m` that avoids loaded links: at each hop the remaining dimension whose
// link has the least load (ties: lowest dimension). Adds the message's length along it.
void route_greedy(const MissionMessageSpec& m, std::uint32_t n, bool half,
                  std::vector<std::int64_t>& load, std::vector<std::uint32_t>& path) {
  path.clear();
  std::uint32_t at = m.src;
  while (at != m.dst) {
    std::uint32_t diff = at ^ m.dst;
    std::uint32_t best_d = 0;
    std::int64_t best_load = -1;
    while (diff != 0) {
      const auto d = static_cast<std::uint32_t>(std::countr_zero(diff));
      diff &= diff - 1;
      const std::int64_t l = load[link_index(at, d, n, half)];
      if (best_load < 0 || l < best_load) {
        best_load = l;
        best_d = d;
      }
    }
    load[link_index(at, best_d, n, half)] += m.length;
    path.push_back(best_d);
    at ^= 1u << best_d;
  }
}

void add_path(const MissionMessageSpec& m, const std::vector<std::uint32_t>& path,
              std::uint32_t n, bool half, std::vector<std::int64_t>& load, std::int64_t sign) {
  std::uint32_t at = m.src;
  for (const std::uint32_t d : path) {
    load[link_index(at, d, n, half)] += sign * m.length;
    at ^= 1u << d;
  }
}

}  // namespace

std::int64_t ecube_bound(std::span<const MissionMessageSpec> messages, std::uint32_t n,
                         bool half_duplex, bool store_and_forward) {
  std::vector<std::int64_t> load((std::size_t{1} << n) * n, 0);
  for (const auto& m : messages) {
    std::uint32_t at = m.src;
    while (at != m.dst) {
      const auto d = static_cast<std::uint32_t>(std::countr_zero(at ^ m.dst));
      load[link_index(at, d, n, half_duplex)] += m.length;
      at ^= 1u << d;
    }
  }
  const std::int64_t links = load.empty() ? 0 : *std::max_element(load.begin(), load.end());
  return std::max(links, critical_path(messages, store_and_forward));
}

namespace {

// Rounds of re-routing each message (longest first) on the greedy path, kept when its most
// loaded link is less loaded than the old path's. Returns the peak link load.
std::int64_t improve(std::span<const MissionMessageSpec> messages, std::uint32_t n, bool half,
                     const std::vector<std::size_t>& order,
                     std::vector<std::vector<std::uint32_t>>& paths, int rounds) {
  std::vector<std::int64_t> load((std::size_t{1} << n) * n, 0);
  for (std::size_t i = 0; i < messages.size(); ++i) add_path(messages[i], paths[i], n, half, load, +1);
  std::vector<std::uint32_t> candidate;
  for (int r = 0; r < rounds; ++r) {
    for (const std::size_t i : order) {
      auto peak = [&](const std::vector<std::uint32_t>& p) {
        std::int64_t worst = 0;
        std::uint32_t at = messages[i].src;
        for (const std::uint32_t d : p) {
          worst = std::max(worst, load[link_index(at, d, n, half)]);
          at ^= 1u << d;
        }
        return worst;
      };
      const std::int64_t old_peak = peak(paths[i]);
      add_path(messages[i], paths[i], n, half, load, -1);
      route_greedy(messages[i], n, half, load, candidate);  // adds the candidate
      if (peak(candidate) < old_peak) {
        paths[i] = candidate;
      } else {
        add_path(messages[i], candidate, n, half, load, -1);
        add_path(messages[i], paths[i], n, half, load, +1);
      }
    }
  }
  return load.empty() ? 0 : *std::max_element(load.begin(), load.end());
}

}  // namespace

std::int64_t min_max_load(std::span<const MissionMessageSpec> messages, std::uint32_t n,
                          bool half_duplex, int rounds, bool store_and_forward) {
  std::vector<std::size_t> order(messages.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return messages[a].length > messages[b].length;
  });
  // Two starts: greedy paths, longest first, and the e-cube paths; the better one counts (so
  // the reference is never above the e-cube link load).
  std::vector<std::vector<std::uint32_t>> greedy(messages.size());
  {
    std::vector<std::int64_t> load((std::size_t{1} << n) * n, 0);
    for (const std::size_t i : order) route_greedy(messages[i], n, half_duplex, load, greedy[i]);
  }
  std::vector<std::vector<std::uint32_t>> ecube(messages.size());
  for (std::size_t i = 0; i < messages.size(); ++i) {
    std::uint32_t diff = messages[i].src ^ messages[i].dst;
    while (diff != 0) {
      ecube[i].push_back(static_cast<std::uint32_t>(std::countr_zero(diff)));
      diff &= diff - 1;
    }
  }
  const std::int64_t links = std::min(improve(messages, n, half_duplex, order, greedy, rounds),
                                      improve(messages, n, half_duplex, order, ecube, rounds));
  return std::max(links, critical_path(messages, store_and_forward));
}

}  // namespace net::missions
