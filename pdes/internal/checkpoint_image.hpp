// SPDX-License-Identifier: Apache-2.0
//
// One rank's checkpoint image: the bytes a Checkpointer stores (pdes/checkpoint.hpp).
//
// Layout (a Boost binary archive): a format tag; ImageKernel (statistics, the time of the last
// committed event, LP counts, rank); every local LP's id, State and LpClock in LP order; the
// pending events (header and payload bytes); the committed output records (RecordLog). Both
// engines write the same layout from a clean state: nothing speculative, no event history, no
// message in transit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "pdes/internal/event.hpp"
#include "pdes/internal/record_log.hpp"
#include "pdes/simulation.hpp"
#include "pdes/statistics.hpp"

namespace pdes::internal {

struct ImageKernel {
  EngineStatistics stats;
  SimTime last_time;  ///< time of the last committed event on this rank
  std::uint64_t num_lps = 0;
  std::uint64_t local_lps = 0;
  std::int32_t rank = 0;
  std::int32_t reserved = 0;
};

struct ImageEvent {
  const EventHeader* header;
  const void* payload;
};

std::vector<std::byte> write_image(const ImageKernel& kernel, ModelInstance& model,
                                   std::span<const ImageEvent> events, RecordLog& log);

/// Restores an image into a freshly built model: every local LP's on_init runs with its sends
/// and records discarded (so that the State has its shape, type-erased parts included), then
/// its saved State and LpClock are read over it; the records are given to `log` (and through
/// it to the sink) again; push(header, payload) receives each pending event. Throws ConfigError
/// (key --restart) when the image does not fit the model.
ImageKernel read_image(std::span<const std::byte> image, ModelInstance& model, RecordLog& log,
                       const std::function<void(const EventHeader&, const void*)>& push);

}  // namespace pdes::internal
