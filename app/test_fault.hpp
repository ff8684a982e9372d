// SPDX-License-Identifier: Apache-2.0
//
// TestFault: a fault injected on one process, for the tests of how a failure on one rank ends
// every rank (tests/app/test_rank_failures.py). Not for users: it is read from the environment
// variable WARPNET_TEST_FAULT, which no configuration file can set, and does nothing when it is
// unset.
//
//   WARPNET_TEST_FAULT=PHASE:RANK:KIND
//
// PHASE  setup   at the end of the run's set-up, after the LPs are built (as an LP constructor
//                or a trace read late would fail)
//        finish  after the run, before the results are written (as a model's on_finish would)
//        write   while the results are written
// RANK   the MPI rank of the process that fails (0 in a run without MPI)
// KIND   config (a pdes::ConfigError, exit 2), alloc (std::bad_alloc, exit 1), error (a
//        std::runtime_error, exit 1) or invariant (a pdes::InvariantError, exit 3)
//
// A malformed value is refused (exit 2), so that a test cannot pass by injecting nothing.
// Faults during the run, in an event handler, come from the model: a replay trace's `fault`
// line (docs/workloads.md, "Testing failures").
#pragma once

#include <optional>
#include <string>

namespace app {

class TestFault {
 public:
  enum class Phase { setup, finish, write };

  /// The fault of WARPNET_TEST_FAULT, or nothing when it is unset; throws pdes::ConfigError
  /// for a malformed value.
  static std::optional<TestFault> from_environment();

  /// Throws the fault if it is for `phase` on process `rank`.
  void raise_if(Phase phase, int rank) const;

 private:
  Phase phase_ = Phase::setup;
  int rank_ = 0;
  std::string kind_;
};

}  // namespace app
