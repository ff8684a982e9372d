// SPDX-License-Identifier: Apache-2.0
#include "pdes/internal/checkpoint_image.hpp"

#include <boost/archive/archive_exception.hpp>

#include <sstream>
#include <string>

#include "pdes/checkpointable.hpp"
#include "pdes/error.hpp"
#include "pdes/internal/execution_context.hpp"

namespace pdes::internal {

namespace {

// "WRPNIMG4" (2: EngineStatistics gained the waiting times; 3: the count of safe events;
// 4: the count of promise-only messages).
constexpr std::uint64_t kImageFormat = 0x34474d49'4e505257ULL;

/// What on_init may do during a restart: nothing that leaves the LP. Its sends and records
/// belong to the start of the run, which the image already holds the effects of.
class DiscardServices final : public EngineServices {
 public:
  void send_event(const EventHeader& /*header*/, const void* /*payload*/) override {}
  void emit_record(std::uint16_t, LpId, SimTime, const void*, std::size_t) override {}
};

ConfigError mismatch(const std::string& what) {
  return ConfigError("--restart", "the checkpoint does not fit this model: " + what);
}

}  // namespace

std::vector<std::byte> write_image(const ImageKernel& kernel, ModelInstance& model,
                                   std::span<const ImageEvent> events, RecordLog& log) {
  std::ostringstream stream(std::ios::binary);
  {
    CheckpointWriter out(stream, boost::archive::no_header);
    std::uint64_t format = kImageFormat;
    checkpoint_value(out, format);
    ImageKernel k = kernel;
    checkpoint_value(out, k);
    for (auto& runtime : model.lps) {
      std::uint64_t id = runtime->id().value();
      checkpoint_value(out, id);
      runtime->save_state(out);
    }
    std::uint64_t count = events.size();
    checkpoint_value(out, count);
    for (const ImageEvent& e : events) {
      EventHeader header = *e.header;
      checkpoint_value(out, header);
      out.save_binary(e.payload, header.payload_size);
    }
    log.save(out);
  }
  const std::string bytes = stream.str();
  const auto* first = reinterpret_cast<const std::byte*>(bytes.data());
  return {first, first + bytes.size()};
}

ImageKernel read_image(std::span<const std::byte> image, ModelInstance& model, RecordLog& log,
                       const std::function<void(const EventHeader&, const void*)>& push) {
  DiscardServices discard;
  ExecutionContext exec;
  exec.seed = model.config.seed;
  exec.services = &discard;
  for (auto& runtime : model.lps) {
    exec.now = SimTime::zero();
    exec.self = runtime->id();
    exec.clock = &runtime->clock();
    exec.payload_type = runtime->payload_type();
    runtime->init(exec);
  }

  std::istringstream stream(std::string(reinterpret_cast<const char*>(image.data()), image.size()),
                            std::ios::binary);
  ImageKernel kernel;
  try {
    CheckpointReader in(stream, boost::archive::no_header);
    std::uint64_t format = 0;
    checkpoint_value(in, format);
    if (format != kImageFormat) throw mismatch("not a warpnet rank image of this format");
    checkpoint_value(in, kernel);
    if (kernel.num_lps != model.num_lps || kernel.local_lps != model.lps.size() ||
        kernel.rank != model.rank) {
      throw mismatch("it holds " + std::to_string(kernel.local_lps) + " of " +
                     std::to_string(kernel.num_lps) + " LPs for rank " +
                     std::to_string(kernel.rank) + "; this rank " + std::to_string(model.rank) +
                     " has " + std::to_string(model.lps.size()) + " of " +
                     std::to_string(model.num_lps));
    }
    for (auto& runtime : model.lps) {
      std::uint64_t id = 0;
      checkpoint_value(in, id);
      if (id != runtime->id().value()) {
        throw mismatch("LP " + std::to_string(id) + " where LP " +
                       std::to_string(runtime->id().value()) + " was expected");
      }
      runtime->load_state(in);
    }
    std::uint64_t count = 0;
    checkpoint_value(in, count);
    std::vector<std::byte> payload(model.max_payload_size);
    for (std::uint64_t i = 0; i < count; ++i) {
      EventHeader header;
      checkpoint_value(in, header);
      if (header.payload_size > model.max_payload_size || header.dest.value() >= model.num_lps ||
          model.local_index[header.dest.value()] < 0) {
        throw mismatch("a pending event for LP " + std::to_string(header.dest.value()) +
                       ", which is not on this rank");
      }
      in.load_binary(payload.data(), header.payload_size);
      push(header, payload.data());
    }
    log.load_and_replay(in);
  } catch (const boost::archive::archive_exception& e) {
    throw mismatch(std::string("unreadable rank image (") + e.what() + ")");
  }
  return kernel;
}

}  // namespace pdes::internal
