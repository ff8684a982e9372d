// SPDX-License-Identifier: Apache-2.0
//
// ExecutionContext: the untyped services behind pdes::Context, set up by an engine before it
// runs a handler. EngineServices is what each engine implements.
#pragma once

#include <cstddef>
#include <cstdint>

#include "pdes/internal/event.hpp"
#include "pdes/lp_id.hpp"
#include "pdes/sim_time.hpp"

namespace pdes::internal {

/// The part of an LP's state that the kernel owns and saves with the model's State.
struct LpClock {
  std::uint64_t rng_draws = 0;      ///< Rng counter
  std::uint64_t next_sequence = 0;  ///< sequence number of the next event this LP sends

  constexpr bool operator==(const LpClock&) const = default;
};

class EngineServices {
 public:
  virtual ~EngineServices() = default;
  /// Schedules a new event; `header` is complete (key, destination, send time, type, size).
  virtual void send_event(const EventHeader& header, const void* payload) = 0;
  /// Keeps a record with the event being executed (or writes it, once committed).
  virtual void emit_record(std::uint16_t kind, LpId lp, SimTime time, const void* bytes,
                           std::size_t size) = 0;
};

struct ExecutionContext {
  SimTime now;
  LpId self;
  LpClock* clock = nullptr;
  std::uint64_t seed = 0;
  std::uint32_t payload_type = 0;  ///< the payload type the executing LP sends
  EngineServices* services = nullptr;
};

}  // namespace pdes::internal
