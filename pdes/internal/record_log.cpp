// SPDX-License-Identifier: Apache-2.0
#include "pdes/internal/record_log.hpp"

#include <cstdint>
#include <cstring>

#include "pdes/error.hpp"

namespace pdes::internal {

namespace {
struct RecordHead {
  std::uint16_t kind;
  std::uint16_t reserved;
  std::uint32_t size;
  std::uint64_t lp;
  std::int64_t time;
};
}  // namespace

void RecordLog::write(const Record& record) {
  const RecordHead head{record.kind, 0, static_cast<std::uint32_t>(record.bytes.size()),
                        record.lp.value(), record.time.ticks()};
  const std::size_t at = bytes_.size();
  bytes_.resize(at + sizeof head + record.bytes.size());
  std::memcpy(bytes_.data() + at, &head, sizeof head);
  if (!record.bytes.empty()) {
    std::memcpy(bytes_.data() + at + sizeof head, record.bytes.data(), record.bytes.size());
  }
  if (inner_ != nullptr) inner_->write(record);
}

void RecordLog::save(CheckpointWriter& out) { checkpoint_value(out, bytes_); }

void RecordLog::load_and_replay(CheckpointReader& in) {
  std::vector<std::byte> saved;
  checkpoint_value(in, saved);
  std::size_t at = 0;
  while (at < saved.size()) {
    PDES_CHECK(saved.size() - at >= sizeof(RecordHead), "checkpoint: truncated record log");
    RecordHead head;
    std::memcpy(&head, saved.data() + at, sizeof head);
    at += sizeof head;
    PDES_CHECK(saved.size() - at >= head.size, "checkpoint: truncated record");
    write(Record{head.kind, LpId{head.lp}, SimTime{head.time},
                 std::span<const std::byte>(saved.data() + at, head.size)});
    at += head.size;
  }
}

}  // namespace pdes::internal
