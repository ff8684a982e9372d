// SPDX-License-Identifier: Apache-2.0
#include "app/sweep_bisection.hpp"

#include <algorithm>
#include <cmath>

namespace app {

SaturationSearch::SaturationSearch(double tolerance, double resolution)
    : tolerance_(tolerance), resolution_(resolution) {}

double SaturationSearch::resolution_for(double tolerance, bool integral) {
  const double decimal = std::pow(10.0, std::floor(std::log10(tolerance)) - 1);
  return integral ? std::max(1.0, std::round(decimal)) : decimal;
}

double SaturationSearch::snap(double value) const {
  return resolution_ > 0 ? std::round(value / resolution_) * resolution_ : value;
}

void SaturationSearch::record(double value, std::optional<bool> saturated, double accepted) {
  if (!saturated) {
    undetermined_ = true;
    return;
  }
  observations_.push_back({value, *saturated, accepted});
  update();
}

void SaturationSearch::update() {
  have_saturated_ = have_low_ = have_unsaturated_ = false;
  for (const Observation& o : observations_) {
    if (o.saturated && (!have_saturated_ || o.value < high_)) {
      high_ = o.value;
      have_saturated_ = true;
    }
    if (!o.saturated && (!have_unsaturated_ || o.value > highest_unsaturated_)) {
      highest_unsaturated_ = o.value;
      accepted_at_highest_ = o.accepted;
      have_unsaturated_ = true;
    }
  }
  if (!have_saturated_) return;
  for (const Observation& o : observations_) {
    if (!o.saturated && o.value < high_ && (!have_low_ || o.value > low_)) {
      low_ = o.value;
      accepted_at_low_ = o.accepted;
      have_low_ = true;
    }
  }
}

SaturationSearch::Status SaturationSearch::status() const {
  if (undetermined_) return Status::undetermined;
  if (!have_saturated_) return Status::unsaturated_at_high;
  if (!have_low_) return Status::saturated_at_low;
  if (high_ - low_ <= tolerance_) return Status::found;
  if (resolution_ > 0 && !inside(first_inside())) return Status::found;
  return Status::searching;
}

std::vector<double> SaturationSearch::next_probes(std::size_t count) const {
  std::vector<double> probes;
  if (status() != Status::searching || count == 0) return probes;
  const double width = high_ - low_;
  for (std::size_t i = 1; i <= count; ++i) {
    const double value =
        snap(low_ + width * static_cast<double>(i) / static_cast<double>(count + 1));
    if (!inside(value)) continue;
    if (!probes.empty() && value <= probes.back()) continue;
    probes.push_back(value);
  }
  // Rounding can leave no probe although a multiple of the resolution lies inside: take it.
  if (probes.empty() && resolution_ > 0) probes.push_back(first_inside());
  return probes;
}

// Values within a millionth of the resolution are the same value printed twice.
double SaturationSearch::first_inside() const {
  return (std::floor(low_ / resolution_ + 1e-6) + 1) * resolution_;
}

bool SaturationSearch::inside(double value) const {
  const double slack = resolution_ * 1e-6;
  return value > low_ + slack && value < high_ - slack;
}

}  // namespace app
