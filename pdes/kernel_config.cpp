// SPDX-License-Identifier: Apache-2.0
#include "pdes/kernel_config.hpp"

namespace pdes {

std::string_view to_string(EngineKind kind) {
  switch (kind) {
    case EngineKind::sequential: return "sequential";
    case EngineKind::optimistic: return "optimistic";
    case EngineKind::rollback_check: return "rollback-check";
  }
  return "unknown";
}

std::string_view to_string(PrefetchMode mode) {
  switch (mode) {
    case PrefetchMode::automatic: return "auto";
    case PrefetchMode::on: return "on";
    case PrefetchMode::off: return "off";
  }
  return "unknown";
}

std::string_view to_string(HugePagesMode mode) {
  switch (mode) {
    case HugePagesMode::automatic: return "auto";
    case HugePagesMode::on: return "on";
    case HugePagesMode::off: return "off";
  }
  return "unknown";
}

std::string_view to_string(SafeTimeMode mode) {
  switch (mode) {
    case SafeTimeMode::rounds: return "rounds";
    case SafeTimeMode::channel_clocks: return "channel_clocks";
  }
  return "unknown";
}

std::string_view to_string(PendingSet set) {
  switch (set) {
    case PendingSet::heap: return "heap";
    case PendingSet::buckets: return "buckets";
    case PendingSet::calendar: return "calendar";
  }
  return "unknown";
}

}  // namespace pdes
