// SPDX-License-Identifier: Apache-2.0
//
// finish_lps: the end-of-run call of every local LP's on_finish, shared by the engines so that
// the records it emits carry the same time whatever the engine.
//
// The engine must have left every local LP in its final committed state, and its emit_record
// must write straight to the sink (nothing can be rolled back any more).
#pragma once

#include "pdes/internal/execution_context.hpp"
#include "pdes/internal/lp_runtime.hpp"
#include "pdes/simulation.hpp"
#include "pdes/statistics.hpp"

namespace pdes::internal {

/// The time of on_finish records: end_time when the run reached it, else the last event time.
inline SimTime finish_time(const KernelConfig& config, const RunResult& result) {
  return result.reason == TerminationReason::end_time_reached ? config.end_time
                                                              : result.last_event_time;
}

/// Calls on_finish of each LP of `model` in increasing id order.
inline void finish_lps(ModelInstance& model, ExecutionContext& exec, SimTime at) {
  for (auto& lp : model.lps) {
    exec.now = at;
    exec.self = lp->id();
    exec.clock = &lp->clock();
    exec.payload_type = lp->payload_type();
    lp->finish(exec);
  }
}

}  // namespace pdes::internal
