// SPDX-License-Identifier: Apache-2.0
#include "models/network/missions/cps_annealer.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <random>

namespace net::missions {

namespace {

// Link loads of a path assignment, with the energy terms kept up to date move by move.
class Loads {
 public:
  Loads(std::uint32_t n, bool half) : n_(n), half_(half), load_((std::size_t{1} << n) * n, 0) {}

  std::size_t link(std::uint32_t at, std::uint32_t d) const {
    return std::size_t{half_ ? (at & ~(1u << d)) : at} * n_ + d;
  }
  void add(const ScheduledMessage& m, const std::vector<std::uint32_t>& dims, std::int64_t sign) {
    std::uint32_t at = m.src;
    for (const std::uint32_t d : dims) {
      std::int64_t& l = load_[link(at, d)];
      sumsq_ -= static_cast<double>(l) * static_cast<double>(l);
      l += sign * m.length;
      sumsq_ += static_cast<double>(l) * static_cast<double>(l);
      at ^= 1u << d;
    }
  }
  std::int64_t peak() const { return *std::max_element(load_.begin(), load_.end()); }
  double energy() const {
    const auto p = static_cast<double>(peak());
    return p <= 0 ? 0.0 : p + sumsq_ / static_cast<double>(load_.size()) / p / 16.0;
  }
  bool on_peak(const ScheduledMessage& m, const std::vector<std::uint32_t>& dims,
               std::int64_t peak) const {
    std::uint32_t at = m.src;
    for (const std::uint32_t d : dims) {
      if (load_[link(at, d)] == peak) return true;
      at ^= 1u << d;
    }
    return false;
  }

 private:
  std::uint32_t n_;
  bool half_;
  std::vector<std::int64_t> load_;
  double sumsq_ = 0.0;
};

}  // namespace

AnnealedPaths CpsAnnealer::anneal(std::span<const ScheduledMessage> messages,
                                  std::uint64_t seed) const {
  AnnealedPaths best;
  std::vector<std::vector<std::uint32_t>> dims(messages.size());
  Loads loads(dimension_, half_duplex_);
  double mean_length = 0.0;
  std::vector<std::size_t> movable;  // messages with more than one minimal path
  for (std::size_t i = 0; i < messages.size(); ++i) {
    for (std::uint32_t diff = messages[i].src ^ messages[i].dst; diff != 0; diff &= diff - 1) {
      dims[i].push_back(static_cast<std::uint32_t>(std::countr_zero(diff)));
    }
    loads.add(messages[i], dims[i], +1);
    mean_length += messages[i].length;
    if (dims[i].size() > 1) movable.push_back(i);
  }
  best.dimensions = dims;
  best.peak_load = messages.empty() ? 0 : loads.peak();
  if (movable.empty() || iterations_ == 0) return best;
  mean_length /= static_cast<double>(messages.size());
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const double t0 = 0.5 * mean_length;
  const double cooling = std::pow(0.01, 1.0 / static_cast<double>(iterations_));
  double temperature = t0;
  double energy = loads.energy();
  double best_energy = energy;
  std::vector<std::size_t> on_peak;
  std::vector<std::uint32_t> candidate;
  for (std::uint64_t it = 0; it < iterations_; ++it, temperature *= cooling) {
    std::size_t i = movable[rng() % movable.size()];
    if (rng() % 4 != 0) {  // mostly a message that crosses a peak link
      const std::int64_t peak = loads.peak();
      on_peak.clear();
      for (const std::size_t j : movable) {
        if (loads.on_peak(messages[j], dims[j], peak)) on_peak.push_back(j);
      }
      if (!on_peak.empty()) i = on_peak[rng() % on_peak.size()];
    }
    candidate = dims[i];
    do {
      std::shuffle(candidate.begin(), candidate.end(), rng);
    } while (candidate == dims[i]);
    loads.add(messages[i], dims[i], -1);
    loads.add(messages[i], candidate, +1);
    const double next = loads.energy();
    if (next <= energy || unit(rng) < std::exp((energy - next) / temperature)) {
      dims[i] = candidate;
      energy = next;
      const std::int64_t peak = loads.peak();
      if (peak < best.peak_load || (peak == best.peak_load && energy < best_energy)) {
        best.dimensions = dims;
        best.peak_load = peak;
        best_energy = energy;
      }
    } else {
      loads.add(messages[i], candidate, -1);
      loads.add(messages[i], dims[i], +1);
    }
  }
  return best;
}

}  // namespace net::missions
