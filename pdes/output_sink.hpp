// SPDX-License-Identifier: Apache-2.0
//
// OutputSink: where committed output goes.
//
// A handler calls ctx.emit(record). The kernel keeps the record with its event, drops it if the
// event is rolled back, and hands it to the sink once the event is committed (GVT has passed it).
// Records reach the sink in no particular order across LPs; a sink that needs an order sorts by
// (time, lp). Models never write files themselves: io/ implements sinks (HDF5).
//
// A record type is a trivially copyable struct with a model-chosen tag:
//
//   struct PacketDelivered {
//     static constexpr std::uint16_t kRecordKind = 1;
//     std::uint64_t packet; std::int64_t latency;
//   };
//   ctx.emit(PacketDelivered{...});
//
//   void MySink::write(const pdes::Record& r) {
//     if (r.kind == PacketDelivered::kRecordKind) use(r.as<PacketDelivered>());
//   }
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>

#include "pdes/error.hpp"
#include "pdes/lp_id.hpp"
#include "pdes/sim_time.hpp"

namespace pdes {

template <class R>
concept RecordType = std::is_trivially_copyable_v<R> && requires {
  { R::kRecordKind } -> std::convertible_to<std::uint16_t>;
};

struct Record {
  std::uint16_t kind;
  LpId lp;       ///< the LP that emitted it
  SimTime time;  ///< the time of the event that emitted it
  std::span<const std::byte> bytes;

  template <RecordType R>
  R as() const {
    R r;
    PDES_CHECK(bytes.size() == sizeof(R) && kind == R::kRecordKind, "record of another type");
    std::memcpy(&r, bytes.data(), sizeof(R));
    return r;
  }
};

class OutputSink {
 public:
  virtual ~OutputSink() = default;
  /// Called once per committed record, on the rank that owns the emitting LP.
  virtual void write(const Record& record) = 0;
};

}  // namespace pdes
