// SPDX-License-Identifier: Apache-2.0
//
// MpiTransport: events and anti-messages between ranks, batched, plus the per-epoch message
// accounting that GVT needs (Mattern's colours).
//
// Items for one destination rank are appended to that rank's batch and sent as one MPI
// message when the batch is full (kMaxBatchBytes, below Open MPI's 4 KiB shared-memory eager
// limit, so no send ever waits for a rendezvous) or when the engine flushes: at once when the
// engine has nothing to run, before a GVT contribution, or when an anti-message waits, else
// after kFlushItems items or kFlushPasses batches of executed events (flush_if_due). Sending
// after every batch of 16 events made most messages carry one or two events on PHOLD, whose
// events cost less than the MPI send and receive of such a message (performance.md, session
// 10); after 4 batches PHOLD's messages still carried about 6 events at 10 % remote, and 16
// batches (a message nearly full, up to 64 items) made 2 ranks 8 % faster there and left the
// 32x32 torus within 2 % (session 11). All traffic uses one tag on a private communicator, so
// MPI's non-overtaking rule keeps each sender's items in order: an anti-message never overtakes the
// event it cancels. Receives are pre-posted (kPostedReceives buffers from any source): a
// message lands directly in its buffer, and since wildcard receives match in the order they
// were posted, testing the oldest one tells whether anything has arrived.
//
// Wire format of one MPI message: BatchHeader, then `count` items, each an EventHeader
// followed by its payload padded to 8 bytes. An anti-message is an EventHeader with
// payload_type == kAntiMessage and no payload. An event sent by an execution that can never be
// undone (a safe or final event, on_init) has kFinalSend set in its payload_type on the wire:
// no anti-message can follow it, so the receiver need not index it for one.
//
// Promises (kernel.safe_time = "channel_clocks", time_warp_engine.cpp): every message also
// carries the sender's promise, a time below which it will send the receiver nothing after
// this message (set_promise; the engine keeps it valid). Since the stream from one rank is
// in order, a receiver that has read a message from rank s never again receives from s an
// item earlier than that message's promise. A message may carry no item at all: a
// promise-only (null) message (send_promise), which may also ask the receiver for a newer
// promise (kWantsPromise). Null messages count for GVT's epochs like any other.
//
// Epochs: every message carries the sender's epoch. GvtManager closes an epoch at the start
// of a GVT round; the transport counts, per epoch, the messages sent to each rank and the
// messages received, and the smallest event key sent. Counters live in kEpochSlots slots
// indexed by epoch modulo kEpochSlots: at most three epochs are live on a rank at once.
#pragma once

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <limits>
#include <vector>

#include "pdes/internal/event.hpp"

namespace pdes::internal {

class MpiTransport {
 public:
  static constexpr std::uint32_t kAntiMessage = 0xffffffffu;
  /// Set in an event's payload_type on the wire when its send is final (payload types are
  /// small indices; kAntiMessage is told apart first).
  static constexpr std::uint32_t kFinalSend = 0x80000000u;
  static constexpr std::size_t kMaxBatchBytes = 3584;
  static constexpr std::uint32_t kEpochSlots = 4;
  static constexpr std::size_t kFlushItems = 64;
  static constexpr std::uint32_t kFlushPasses = 16;
  /// Flag of a message whose sender is waiting for a newer promise from its receiver.
  static constexpr std::uint16_t kWantsPromise = 1;
  /// Flag of a message whose sender has started a GVT round (closed the epoch before the
  /// message's): a receiver still in that epoch should join the round.
  static constexpr std::uint16_t kWantsRound = 2;

  /// `comm` stays owned by the caller; the transport sends and receives on a duplicate of its
  /// own (collective over `comm`), so that its posted receives can never take another
  /// transport's messages, nor a later one's those left behind.
  MpiTransport(MPI_Comm comm, std::size_t max_payload_size);
  ~MpiTransport();
  MpiTransport(const MpiTransport&) = delete;
  MpiTransport& operator=(const MpiTransport&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }

  /// `final`: the send can never be cancelled (see kFinalSend).
  void send_event(int dest_rank, const EventHeader& header, const void* payload, bool final);
  void send_anti_message(int dest_rank, const EventKey& key, LpId dest);
  /// Sends every non-empty batch.
  void flush();
  /// Called after each batch of executed events: flushes when `idle` (the engine ran nothing,
  /// so nothing would push the items out), when an anti-message waits (a late one lets the
  /// receiver run further on an event it will undo), or when kFlushItems items or
  /// kFlushPasses calls have accumulated.
  void flush_if_due(bool idle) {
    if (idle || urgent_ || buffered_items_ >= kFlushItems ||
        ++passes_since_flush_ >= kFlushPasses) {
      flush();
    }
  }

  /// Receives the messages that have arrived (at most kMaxMessagesPerPoll) and calls
  /// handle(const EventHeader&, const void* payload, bool final) for each item, in order
  /// (kFinalSend cleared from the header, `final` telling whether it was set), and
  /// ahead(const EventHeader&) with the following item's header first (to prefetch what
  /// handling it will touch); after a message's items, promise(int source, SimTime promise,
  /// std::uint16_t flags, std::uint32_t epoch) with the message's promise, flags
  /// (kWantsPromise, kWantsRound) and its sender's epoch. Returns the number of messages
  /// received.
  template <class Handler, class Ahead, class Promise>
  std::size_t poll(Handler&& handle, Ahead&& ahead, Promise&& promise);
  template <class Handler, class Ahead>
  std::size_t poll(Handler&& handle, Ahead&& ahead) {
    return poll(handle, ahead, [](int, SimTime, std::uint16_t, std::uint32_t) {});
  }

  // --- promises (channel clocks) -------------------------------------------------------------
  /// The promise stamped on every message sent from now on. The caller guarantees that no
  /// item it appends later, to any rank, is earlier than `promise`.
  void set_promise(SimTime promise) { promise_ = promise; }
  /// The promise on the last message sent to `dest_rank` (SimTime::min() before the first).
  SimTime promised(int dest_rank) const { return promised_[static_cast<std::size_t>(dest_rank)]; }
  /// Sends `dest_rank`'s batch now with the current promise, as a promise-only message when it
  /// is empty, with `flags` (kWantsPromise, kWantsRound).
  void send_promise(int dest_rank, std::uint16_t flags);
  std::uint64_t promise_messages() const { return promise_messages_; }

  // --- epochs (GVT) -----------------------------------------------------------------------
  std::uint32_t epoch() const { return epoch_; }
  /// Ends the current epoch: copies the number of messages sent to each rank during it into
  /// `sent_per_rank` and starts the next one.
  void close_epoch(std::vector<std::uint64_t>& sent_per_rank);
  std::uint64_t received_in(std::uint32_t epoch) const { return slot(epoch).received; }
  /// Smallest key of the items sent during `epoch` (EventKey max when none).
  const EventKey& min_key_sent_in(std::uint32_t epoch) const { return slot(epoch).min_key_sent; }
  /// Clears the counters of an epoch whose GVT round has finished.
  void forget(std::uint32_t epoch);

  /// End of run, collective: receives (and drops) every message still in transit, waits for
  /// every send, so that the communicator can be freed.
  void drain();

  std::uint64_t messages_sent() const { return messages_sent_; }

 private:
  struct BatchHeader {
    std::uint32_t epoch;
    std::uint16_t count;
    std::uint16_t flags;       ///< kWantsPromise, kWantsRound
    std::int64_t promise;      ///< SimTime ticks (see "Promises")
  };
  struct OutBatch {
    std::vector<std::byte> bytes;
    std::uint32_t count = 0;
    EventKey min_key;
  };
  struct InFlight {
    MPI_Request request;
    std::vector<std::byte> bytes;
  };
  struct Posted {
    MPI_Request request = MPI_REQUEST_NULL;
    std::vector<std::byte> bytes;
  };
  struct EpochSlot {
    std::vector<std::uint64_t> sent_to;
    std::uint64_t received = 0;
    EventKey min_key_sent;
  };

  static constexpr int kTag = 7301;
  static constexpr std::size_t kMaxMessagesPerPoll = 64;
  static constexpr std::size_t kPostedReceives = 8;
  static constexpr std::size_t kReapThreshold = 16;

  EpochSlot& slot(std::uint32_t epoch) { return slots_[epoch % kEpochSlots]; }
  const EpochSlot& slot(std::uint32_t epoch) const { return slots_[epoch % kEpochSlots]; }
  void reset_slot(EpochSlot& s);
  void append(int dest_rank, const EventHeader& header, const void* payload,
              std::uint32_t type_flags = 0);
  void send_batch(int dest_rank, std::uint16_t flags = 0);
  void reap_sends();
  void note_received(const std::byte* bytes, std::size_t size);
  void post(Posted& p);
  template <class Handler, class Ahead>
  void unpack(const std::byte* bytes, std::size_t size, Handler&& handle, Ahead&& ahead);

  MPI_Comm comm_ = MPI_COMM_NULL;  ///< the duplicate, freed by the destructor
  int rank_ = 0;
  int size_ = 1;
  std::size_t max_item_bytes_;
  std::vector<OutBatch> out_;
  std::vector<int> dirty_;  ///< ranks whose batch is non-empty
  std::size_t buffered_items_ = 0;     ///< items in all unsent batches
  std::uint32_t passes_since_flush_ = 0;
  bool urgent_ = false;                ///< an anti-message is in an unsent batch
  std::deque<InFlight> in_flight_;
  std::vector<std::vector<std::byte>> spare_buffers_;
  Posted posted_[kPostedReceives];
  std::size_t next_posted_ = 0;  ///< the oldest posted receive
  std::uint32_t epoch_ = 0;
  EpochSlot slots_[kEpochSlots];
  std::vector<std::uint64_t> total_sent_to_;
  std::uint64_t total_received_ = 0;
  std::uint64_t messages_sent_ = 0;
  SimTime promise_ = SimTime{std::numeric_limits<SimTime::rep>::min()};
  std::vector<SimTime> promised_;
  std::uint64_t promise_messages_ = 0;
};

template <class Handler, class Ahead, class Promise>
std::size_t MpiTransport::poll(Handler&& handle, Ahead&& ahead, Promise&& promise) {
  if (size_ == 1) return 0;
  std::size_t messages = 0;
  while (messages < kMaxMessagesPerPoll) {
    Posted& p = posted_[next_posted_];
    int arrived = 0;
    MPI_Status status;
    MPI_Test(&p.request, &arrived, &status);
    if (arrived == 0) break;
    int length = 0;
    MPI_Get_count(&status, MPI_BYTE, &length);
    ++messages;
    // The handler may send (anti-messages), never receive, so the buffer stays ours until
    // it is posted again below.
    unpack(p.bytes.data(), static_cast<std::size_t>(length), handle, ahead);
    // After the items: the promise covers only what the sender sends after this message.
    BatchHeader head;
    std::memcpy(&head, p.bytes.data(), sizeof head);
    promise(status.MPI_SOURCE, SimTime{head.promise}, head.flags, head.epoch);
    post(p);
    next_posted_ = (next_posted_ + 1) % kPostedReceives;
  }
  // Each MPI test runs Open MPI's progress engine; completed sends (eager, so they complete
  // at once) are collected only now and then.
  if (in_flight_.size() >= kReapThreshold) reap_sends();
  return messages;
}

template <class Handler, class Ahead>
void MpiTransport::unpack(const std::byte* bytes, std::size_t size, Handler&& handle,
                          Ahead&& ahead) {
  note_received(bytes, size);
  BatchHeader batch;
  std::memcpy(&batch, bytes, sizeof batch);
  std::size_t offset = sizeof(BatchHeader);
  EventHeader header;
  if (batch.count > 0) std::memcpy(&header, bytes + offset, sizeof header);
  for (std::uint32_t i = 0; i < batch.count; ++i) {
    const std::size_t payload = offset + sizeof(EventHeader);
    const std::size_t next = payload + (header.payload_size + 7) / 8 * 8;
    EventHeader following;
    if (i + 1 < batch.count) {
      std::memcpy(&following, bytes + next, sizeof following);
      ahead(static_cast<const EventHeader&>(following));
    }
    const bool final =
        header.payload_type != kAntiMessage && (header.payload_type & kFinalSend) != 0;
    if (final) header.payload_type &= ~kFinalSend;
    handle(static_cast<const EventHeader&>(header), static_cast<const void*>(bytes + payload),
           final);
    header = following;
    offset = next;
  }
}

}  // namespace pdes::internal
