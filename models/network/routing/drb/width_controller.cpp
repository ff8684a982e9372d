// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/width_controller.hpp"

#include "pdes/error.hpp"

namespace net::drb {

double WidthController::input(const Metapath& metapath) const {
  const double latency = metapath.latency();
  return params_.controller_input == ControllerInput::kMessage ? latency * metapath.width()
                                                               : latency;
}

WidthController::Band WidthController::band(double canonical_latency) const {
  const double centre =
      params_.threshold +
      (params_.threshold_base == ThresholdBase::kCanonical ? canonical_latency : 0.0);
  return {centre - params_.tolerance, centre + params_.tolerance};
}

double WidthController::paper_gain(double bwc, std::uint32_t delta) const {
  const double tau = params_.tolerance / params_.threshold;
  return bwc * tau / params_.channel_use * (static_cast<double>(delta) * (delta + 1) / 2.0);
}

std::uint32_t WidthController::paper_widen_step(double bw, double bwc, std::uint32_t cap) const {
  for (std::uint32_t delta = 1; delta <= cap; ++delta) {
    if (bw + paper_gain(bwc, delta) > bwc) return delta;
  }
  return cap;
}

std::uint32_t WidthController::paper_narrow_step(double bw, double bwc, std::uint32_t cap) const {
  const double ceiling = bwc * (1.0 + 1.0 / params_.channel_use);
  for (std::uint32_t delta = 1; delta <= cap; ++delta) {
    if (bw - paper_gain(bwc, delta) < ceiling) return delta;
  }
  return cap;
}

std::uint32_t WidthController::next_width(const Metapath& metapath, std::uint32_t max_width) const {
  return decide(input(metapath), metapath.bandwidth(), metapath.canonical_latency(),
                metapath.width(), max_width);
}

std::uint32_t WidthController::decide(double input, double bandwidth, double canonical_latency,
                                      std::uint32_t width, std::uint32_t max_width) const {
  PDES_CHECK(
      input > 0 && bandwidth > 0 && canonical_latency > 0 && width >= 1 && width <= max_width,
      "WidthController::decide: arguments out of range");
  if (params_.controller == WidthRule::kFixed) return width;
  const Band b = band(canonical_latency);
  const double bwc = 1.0 / canonical_latency;
  if (input > b.high && width < max_width) {
    const std::uint32_t cap = max_width - width;
    return width +
           (params_.controller == WidthRule::kStep ? 1 : paper_widen_step(bandwidth, bwc, cap));
  }
  if (input < b.low && width > 1) {
    const std::uint32_t cap = width - 1;
    return width -
           (params_.controller == WidthRule::kStep ? 1 : paper_narrow_step(bandwidth, bwc, cap));
  }
  return width;
}

}  // namespace net::drb
