// SPDX-License-Identifier: Apache-2.0
//
// PholdLp: one PHOLD logical process (see phold_params.hpp for the model).
#pragma once

#include <cstdint>
#include <ostream>

#include "models/phold/phold_params.hpp"
#include "pdes/pdes.hpp"

namespace phold {

struct PholdState {
  std::uint64_t events_received = 0;
  std::uint64_t remote_sent = 0;

  bool operator==(const PholdState&) const = default;
  friend std::ostream& operator<<(std::ostream& os, const PholdState& s) {
    return os << "{events_received=" << s.events_received << ", remote_sent=" << s.remote_sent
              << "}";
  }
};

/// The event carries nothing but its hop count, which makes payload bugs visible in tests.
struct PholdEvent {
  std::uint64_t hops = 0;
};

class PholdLp final : public pdes::LogicalProcess<PholdState, PholdEvent> {
 public:
  explicit PholdLp(const PholdParams& params) : params_(params) {}

  void on_init(PholdState& state, pdes::Context<PholdEvent>& ctx) const override;
  void on_event(const PholdEvent& event, PholdState& state,
                pdes::Context<PholdEvent>& ctx) const override;

 private:
  pdes::SimTime draw_delay(pdes::Rng& rng) const;
  pdes::LpId draw_destination(pdes::LpId self, pdes::Rng& rng, bool& remote) const;

  const PholdParams params_;
};

}  // namespace phold
