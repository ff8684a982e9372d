// SPDX-License-Identifier: Apache-2.0
#include "app/checkpoint_control.hpp"

#include <cstdio>
#include <utility>

#include "app/checkpoint_signals.hpp"

namespace app {

namespace {
std::string format_time(std::int64_t ticks, std::int64_t ticks_per_unit, const std::string& unit) {
  char text[64];
  std::snprintf(text, sizeof text, "%.6g %s",
                static_cast<double>(ticks) / static_cast<double>(ticks_per_unit), unit.c_str());
  return text;
}
}  // namespace

CheckpointControl::CheckpointControl(const CheckpointOptions& options,
                                     io::CheckpointIdentity identity, MPI_Comm comm,
                                     std::int64_t ticks_per_unit, std::string unit,
                                     ProgressLine* progress)
    : options_(options),
      identity_(std::move(identity)),
      comm_(comm),
      ticks_per_unit_(ticks_per_unit),
      unit_(std::move(unit)),
      progress_(progress) {
  MPI_Comm_rank(comm_, &rank_);
  if (!options_.restart_from.empty()) {
    in_.emplace(options_.restart_from, comm_);
    resumed_ = in_->read_manifest(identity_);
    next_generation_ = resumed_->generation + 1;
  }
  if (!options_.directory.empty()) {
    out_.emplace(options_.directory, comm_);
    install_checkpoint_signal_handlers();
  }
  next_due_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                 std::chrono::duration<double>(options_.every_seconds));
}

pdes::CheckpointRequest CheckpointControl::poll() {
  if (!out_) return {};
  if (checkpoint_signal_received()) return {true, true};
  if (options_.every_seconds <= 0 || Clock::now() < next_due_) return {};
  return {true, options_.stop_after != 0 && written_ + 1 >= options_.stop_after};
}

void CheckpointControl::write(std::span<const std::byte> image, const pdes::CheckpointInfo& info) {
  io::CheckpointManifest manifest;
  manifest.identity = identity_;
  manifest.generation = next_generation_;
  manifest.time_ticks = info.time.ticks();
  manifest.events_committed = info.events_committed;
  out_->write(image, manifest);
  ++next_generation_;
  ++written_;
  next_due_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                 std::chrono::duration<double>(options_.every_seconds));
  if (rank_ == 0) {
    const std::string line =
        "checkpoint " + std::to_string(manifest.generation) + " written: t = " +
        format_time(manifest.time_ticks, ticks_per_unit_, unit_) + ", " +
        std::to_string(info.events_committed) + " events committed, in " + options_.directory +
        (info.stop ? " (stopping; resume with --restart " + options_.directory + ")" : "");
    if (progress_ != nullptr) {
      progress_->note(line);
    } else {
      std::fprintf(stderr, "warpnet: %s\n", line.c_str());
    }
  }
}

std::optional<std::vector<std::byte>> CheckpointControl::restart_image() {
  if (!in_) return std::nullopt;
  return in_->read_image(*resumed_);
}

}  // namespace app
