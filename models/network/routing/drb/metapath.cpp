// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/metapath.hpp"

#include <algorithm>
#include <limits>
#include <string>

#include "pdes/error.hpp"

namespace net::drb {

Metapath::Metapath(const std::vector<Msp>& candidates, std::uint32_t width,
                   const ZeroLoadLatency& zero_load) {
  PDES_CHECK(!candidates.empty() && width >= 1, "Metapath needs a candidate and width >= 1");
  msps_.reserve(candidates.size());
  for (const Msp& m : candidates) msps_.push_back({m, zero_load.at(m.length), 0});
  width_ = std::min(width, num_candidates());
  canonical_latency_ = msps_[0].latency;
}

const MspRecord& Metapath::record(std::uint32_t id) const {
  PDES_CHECK(id < msps_.size(), "Metapath::record: no candidate " + std::to_string(id));
  return msps_[id];
}

double Metapath::bandwidth() const {
  double sum = 0;
  for (const MspRecord& r : open()) sum += 1.0 / r.latency;
  return sum;
}

double Metapath::latency() const { return 1.0 / bandwidth(); }

double Metapath::length() const {
  double sum = 0;
  for (const MspRecord& r : open()) sum += r.msp.length;
  return sum / width_;
}

bool Metapath::all_open_reported() const {
  return std::all_of(open().begin(), open().end(), [](const MspRecord& r) { return r.acks > 0; });
}

bool Metapath::record_latency(std::uint32_t id, double latency) {
  PDES_CHECK(latency > 0, "Metapath: an MSP latency must be > 0");
  if (id >= width_) return false;
  MspRecord& r = msps_[id];
  r.latency = latency;
  if (r.acks < std::numeric_limits<std::uint32_t>::max()) ++r.acks;
  return true;
}

void Metapath::widen(std::uint32_t new_width, NewMspLatency rule,
                     const ZeroLoadLatency& zero_load) {
  PDES_CHECK(new_width > width_ && new_width <= num_candidates(),
             "Metapath::widen: new width out of range");
  double mean = 0;
  for (const MspRecord& r : open()) mean += r.latency;
  mean /= width_;
  for (std::uint32_t id = width_; id < new_width; ++id) {
    MspRecord& r = msps_[id];
    // A path not yet measured is assumed as loaded as those in use (kMeanActive): assuming it
    // idle would make Latency(P*) drop at once and close it again before its first ACK.
    r.latency = rule == NewMspLatency::kMeanActive ? mean : zero_load.at(r.msp.length);
    r.acks = 0;
  }
  width_ = new_width;
}

void Metapath::narrow(std::uint32_t new_width) {
  PDES_CHECK(new_width >= 1 && new_width < width_, "Metapath::narrow: new width out of range");
  width_ = new_width;
}

}  // namespace net::drb
