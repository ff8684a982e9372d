// SPDX-License-Identifier: Apache-2.0
#include "pdes/internal/mpi_transport.hpp"

#include <algorithm>
#include <cstddef>
#include <string>

#include "pdes/error.hpp"

namespace pdes::internal {

namespace {
constexpr EventKey kMaxKey = kMaxEventKey;
constexpr std::size_t padded(std::size_t n) { return (n + 7) / 8 * 8; }
// BatchHeader::count has 16 bits.
static_assert(MpiTransport::kMaxBatchBytes / sizeof(EventHeader) < 65535);
}  // namespace

MpiTransport::MpiTransport(MPI_Comm comm, std::size_t max_payload_size) {
  max_item_bytes_ = sizeof(EventHeader) + padded(max_payload_size);
  PDES_CHECK(sizeof(BatchHeader) + max_item_bytes_ <= kMaxBatchBytes,
             "event payloads of " + std::to_string(max_payload_size) +
                 " bytes do not fit in one MPI batch; keep payloads under 3 KiB");
  MPI_Comm_dup(comm, &comm_);
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
  out_.resize(static_cast<std::size_t>(size_));
  for (OutBatch& batch : out_) batch.min_key = kMaxKey;
  for (EpochSlot& s : slots_) {
    s.sent_to.assign(static_cast<std::size_t>(size_), 0);
    reset_slot(s);
  }
  total_sent_to_.assign(static_cast<std::size_t>(size_), 0);
  promised_.assign(static_cast<std::size_t>(size_), promise_);
  if (size_ > 1) {
    for (Posted& p : posted_) {
      p.bytes.resize(kMaxBatchBytes);
      post(p);
    }
  }
}

void MpiTransport::post(Posted& p) {
  MPI_Irecv(p.bytes.data(), static_cast<int>(kMaxBatchBytes), MPI_BYTE, MPI_ANY_SOURCE, kTag, comm_,
            &p.request);
}

MpiTransport::~MpiTransport() {
  // Normally drain() has completed every send. After an aborted run, free what is left so the
  // requests do not leak; MPI finishes the sends on its own.
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized != 0) return;
  for (InFlight& f : in_flight_) {
    if (f.request != MPI_REQUEST_NULL) MPI_Request_free(&f.request);
  }
  for (Posted& p : posted_) {
    if (p.request != MPI_REQUEST_NULL) {
      MPI_Cancel(&p.request);
      MPI_Wait(&p.request, MPI_STATUS_IGNORE);  // completes the cancel (or a late receive)
    }
  }
  MPI_Comm_free(&comm_);
}

void MpiTransport::reset_slot(EpochSlot& s) {
  std::fill(s.sent_to.begin(), s.sent_to.end(), 0);
  s.received = 0;
  s.min_key_sent = kMaxKey;
}

void MpiTransport::append(int dest_rank, const EventHeader& header, const void* payload,
                          std::uint32_t type_flags) {
  PDES_CHECK(dest_rank != rank_ && dest_rank >= 0 && dest_rank < size_,
             "MPI item for rank " + std::to_string(dest_rank));
  OutBatch& batch = out_[static_cast<std::size_t>(dest_rank)];
  const std::size_t item = sizeof(EventHeader) + padded(header.payload_size);
  if (batch.count > 0 && batch.bytes.size() + item > kMaxBatchBytes) send_batch(dest_rank);
  if (batch.count == 0) {
    if (batch.bytes.capacity() == 0) batch.bytes.reserve(kMaxBatchBytes);
    batch.bytes.resize(sizeof(BatchHeader));
    dirty_.push_back(dest_rank);
  }
  const std::size_t at = batch.bytes.size();
  batch.bytes.resize(at + item);
  std::memcpy(batch.bytes.data() + at, &header, sizeof header);
  if (type_flags != 0) {
    const std::uint32_t type = header.payload_type | type_flags;
    std::memcpy(batch.bytes.data() + at + offsetof(EventHeader, payload_type), &type, sizeof type);
  }
  if (header.payload_size > 0) {
    std::memcpy(batch.bytes.data() + at + sizeof header, payload, header.payload_size);
  }
  ++batch.count;
  ++buffered_items_;
  if (header.key < batch.min_key) batch.min_key = header.key;
}

void MpiTransport::send_event(int dest_rank, const EventHeader& header, const void* payload,
                              bool final) {
  append(dest_rank, header, payload, final ? kFinalSend : 0);
}

void MpiTransport::send_anti_message(int dest_rank, const EventKey& key, LpId dest) {
  EventHeader header;
  header.key = key;
  header.dest = dest;
  header.payload_type = kAntiMessage;
  header.payload_size = 0;
  append(dest_rank, header, nullptr);
  urgent_ = true;
}

void MpiTransport::send_promise(int dest_rank, std::uint16_t flags) {
  OutBatch& batch = out_[static_cast<std::size_t>(dest_rank)];
  if (batch.count == 0) {
    if (batch.bytes.capacity() == 0) batch.bytes.reserve(kMaxBatchBytes);
    batch.bytes.resize(sizeof(BatchHeader));
    ++promise_messages_;
  }
  // A stale entry of dirty_ is harmless: flush() skips empty batches.
  send_batch(dest_rank, flags);
}

void MpiTransport::send_batch(int dest_rank, std::uint16_t flags) {
  OutBatch& batch = out_[static_cast<std::size_t>(dest_rank)];
  const BatchHeader head{epoch_, static_cast<std::uint16_t>(batch.count), flags,
                         promise_.ticks()};
  std::memcpy(batch.bytes.data(), &head, sizeof head);
  promised_[static_cast<std::size_t>(dest_rank)] = promise_;

  EpochSlot& s = slot(epoch_);
  ++s.sent_to[static_cast<std::size_t>(dest_rank)];
  if (batch.min_key < s.min_key_sent) s.min_key_sent = batch.min_key;
  ++total_sent_to_[static_cast<std::size_t>(dest_rank)];
  ++messages_sent_;

  InFlight& f = in_flight_.emplace_back();
  f.bytes.swap(batch.bytes);
  if (!spare_buffers_.empty()) {
    batch.bytes.swap(spare_buffers_.back());
    spare_buffers_.pop_back();
  }
  MPI_Isend(f.bytes.data(), static_cast<int>(f.bytes.size()), MPI_BYTE, dest_rank, kTag, comm_,
            &f.request);
  buffered_items_ -= batch.count;
  batch.count = 0;
  batch.min_key = kMaxKey;
  batch.bytes.clear();
}

void MpiTransport::flush() {
  for (int r : dirty_) {
    if (out_[static_cast<std::size_t>(r)].count > 0) send_batch(r);
  }
  dirty_.clear();
  passes_since_flush_ = 0;
  urgent_ = false;
}

void MpiTransport::reap_sends() {
  while (!in_flight_.empty()) {
    int done = 0;
    MPI_Test(&in_flight_.front().request, &done, MPI_STATUS_IGNORE);
    if (done == 0) break;
    std::vector<std::byte> bytes = std::move(in_flight_.front().bytes);
    in_flight_.pop_front();
    bytes.clear();
    if (spare_buffers_.size() < 64) spare_buffers_.push_back(std::move(bytes));
  }
}

void MpiTransport::note_received(const std::byte* bytes, std::size_t size) {
  PDES_CHECK(size >= sizeof(BatchHeader), "truncated MPI batch");
  BatchHeader head;
  std::memcpy(&head, bytes, sizeof head);
  ++slot(head.epoch).received;
  ++total_received_;
}

void MpiTransport::close_epoch(std::vector<std::uint64_t>& sent_per_rank) {
  const EpochSlot& s = slot(epoch_);
  sent_per_rank.assign(s.sent_to.begin(), s.sent_to.end());
  ++epoch_;
}

void MpiTransport::forget(std::uint32_t epoch) { reset_slot(slot(epoch)); }

void MpiTransport::drain() {
  for (int r = 0; r < size_; ++r) {
    if (out_[static_cast<std::size_t>(r)].count > 0) send_batch(r);
  }
  dirty_.clear();
  std::uint64_t expected = 0;
  MPI_Reduce_scatter_block(total_sent_to_.data(), &expected, 1, MPI_UINT64_T, MPI_SUM, comm_);
  // What is still in transit lands in the posted receives: take it and drop it.
  while (total_received_ < expected) {
    Posted& p = posted_[next_posted_];
    MPI_Wait(&p.request, MPI_STATUS_IGNORE);
    ++total_received_;
    post(p);
    next_posted_ = (next_posted_ + 1) % kPostedReceives;
  }
  for (Posted& p : posted_) {
    if (p.request == MPI_REQUEST_NULL) continue;
    MPI_Cancel(&p.request);
    MPI_Wait(&p.request, MPI_STATUS_IGNORE);
  }
  for (InFlight& f : in_flight_) MPI_Wait(&f.request, MPI_STATUS_IGNORE);
  in_flight_.clear();
}

}  // namespace pdes::internal
