// SPDX-License-Identifier: Apache-2.0
//
// RollbackChecker: the rollback-check engine (one rank). It runs events in the total order,
// like the sequential engine, but executes each one twice:
//
//   save the LP's state (copy state saving, as the optimistic engine does);
//   execute the event, capturing its sends and records;      -> state A
//   restore the saved state;                                 (must equal the saved copy)
//   execute it again, capturing again;                       -> state B
//   require A == B (State::operator== and the kernel's LpClock), identical sends and records;
//   commit the second execution (its sends are scheduled, records written, on_commit run).
//
// This catches what breaks Time Warp silently: a handler that keeps data outside State (a
// mutable member, a static, a pointer into another LP), reads anything but State, the event
// and the Context, or a State whose copy or operator== is wrong. A mismatch throws
// InvariantError naming the LP, the event and where the two states differ. The digest and
// the committed output equal the sequential engine's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "pdes/internal/event.hpp"

namespace pdes::internal {

/// What one execution of a handler did, for comparison.
struct CapturedEffects {
  struct Send {
    EventHeader header;
    std::vector<std::byte> payload;
  };
  struct Emitted {
    std::uint16_t kind;
    SimTime time;
    std::vector<std::byte> bytes;
  };
  std::vector<Send> sends;
  std::vector<Emitted> records;

  void clear() {
    sends.clear();
    records.clear();
  }
};

/// "" when equal; else a description of the first difference between the two captures.
std::string compare_effects(const CapturedEffects& first, const CapturedEffects& second);

/// Where two state descriptions first differ, with a little context around it.
std::string describe_difference(const std::string& first, const std::string& second);

}  // namespace pdes::internal
