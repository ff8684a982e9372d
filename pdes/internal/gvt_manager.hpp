// SPDX-License-Identifier: Apache-2.0
//
// GvtManager: global virtual time by Mattern's algorithm over non-blocking MPI collectives.
//
// GVT here is an event *key*, not only a time: the smallest key (time, sender, sequence) of
// every event that is unprocessed anywhere — pending on a rank or in transit between ranks.
// Every event with a smaller key is final and can be committed; the event whose key equals GVT
// can never be rolled back either (which is what lets a failure at exactly GVT be reported
// as real, and a rank out of memory execute it safely).
//
// A round, on each rank (no rank ever waits for the others while it has events to run):
//   1. start(): the transport closes its epoch (Mattern's white → red); an
//      MPI_Ireduce_scatter_block sums, for every rank, the messages sent to it in the closed
//      epoch;
//   2. once that completes, the rank keeps receiving until it has received that many
//      closed-epoch messages: none is then in transit;
//   3. it flushes its outgoing batches and contributes min(its smallest unprocessed key, the
//      smallest key it sent in the new epoch) to an MPI_Iallreduce, together with counters
//      and error flags (GvtContribution);
//   4. when that completes, poll() returns true and result() holds the reduced values.
// A message sent in the new epoch before a rank's contribution is covered by the sender's
// "smallest key sent"; one sent after it comes from an event at or above GVT, and carries a
// larger key (delays are at least one tick). Anti-messages count as messages.
//
// The same round bounds what a rank can still receive. Every event sent between ranks is at
// least `lookahead` later than the event that sends it (TimeWarpEngine checks each send), so a
// message received after a round completes carries a time of at least
//   safe_time = min over ranks of min(smallest unprocessed time + lookahead,
//                                    smallest time sent in the new epoch before contributing):
// a message sent before its sender contributed is in transit (counted in the second term) or
// received before the receiver contributed; one sent after it comes from an event at or above
// GVT, which is at least the first term minus the lookahead. Events earlier than safe_time can
// never be rolled back (a rollback starts at a received message, and an anti-message cancels an
// event sent by a rolled-back event, later still). With no lookahead, safe_time is GVT's time.
//
// All ranks run the same sequence of rounds, so the collectives match. On one rank the round
// completes inside poll() without any MPI call.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <vector>

#include "pdes/internal/event.hpp"
#include "pdes/internal/mpi_transport.hpp"

namespace pdes::internal {

/// What one rank puts into a GVT round.
struct GvtContribution {
  EventKey min_key = kMaxEventKey;      ///< its smallest unprocessed event key
  std::uint64_t committed = 0;          ///< events committed on it so far
  EventKey failure_key = kMaxEventKey;  ///< its smallest event whose handler threw
  bool fatal = false;                   ///< it has an error that must stop the run
  std::uint32_t checkpoint = 0;         ///< 0: none wanted; 1: write one; 2: write one and stop
  bool memory_throttled = false;        ///< it is over its event memory limit
};

/// The reduced values of a round, the same on every rank.
struct GvtResult {
  EventKey gvt = kMaxEventKey;
  std::uint64_t committed = 0;          ///< summed over ranks
  EventKey failure_key = kMaxEventKey;  ///< smallest failed event over ranks...
  int failure_rank = -1;                ///< ...and the rank that holds it
  int fatal_rank = -1;                  ///< smallest rank with a fatal error, or -1
  std::uint32_t checkpoint = 0;         ///< the largest wish over ranks
  bool memory_throttled = false;        ///< some rank is over its event memory limit
  /// No rank receives, after this round, an event earlier than this (see above).
  SimTime safe_time = SimTime::zero();
};

class GvtManager {
 public:
  /// `comm` and `transport` stay owned by the caller and must outlive the manager.
  /// `lookahead`: the least delay of an event sent between ranks (zero: none known).
  GvtManager(MPI_Comm comm, MpiTransport& transport, SimTime lookahead = SimTime::zero());
  ~GvtManager();
  GvtManager(const GvtManager&) = delete;
  GvtManager& operator=(const GvtManager&) = delete;

  bool in_round() const { return phase_ != Phase::idle; }
  std::uint64_t rounds() const { return rounds_; }

  /// Begins a round. Requires !in_round().
  void start();
  /// Advances the round; calls contribute() (returning a GvtContribution) once, when this
  /// rank's share is due. Returns true when the round has just completed.
  template <class Contribute>
  bool poll(Contribute&& contribute);
  const GvtResult& result() const { return result_; }

 private:
  enum class Phase { idle, counting, receiving, reducing };
  static constexpr int kWords = 12;

  void submit(const GvtContribution& contribution);
  void finish();

  MPI_Comm comm_;
  MpiTransport& transport_;
  SimTime lookahead_;
  int rank_ = 0;
  int size_ = 1;
  MPI_Datatype type_ = MPI_DATATYPE_NULL;
  MPI_Op op_ = MPI_OP_NULL;
  Phase phase_ = Phase::idle;
  MPI_Request request_ = MPI_REQUEST_NULL;
  std::uint32_t round_epoch_ = 0;
  std::vector<std::uint64_t> sent_per_rank_;
  std::uint64_t expected_ = 0;
  std::uint64_t send_words_[kWords] = {};
  std::uint64_t receive_words_[kWords] = {};
  GvtResult result_;
  std::uint64_t rounds_ = 0;
};

template <class Contribute>
bool GvtManager::poll(Contribute&& contribute) {
  if (phase_ == Phase::counting) {
    int done = 0;
    MPI_Test(&request_, &done, MPI_STATUS_IGNORE);
    if (done == 0) return false;
    phase_ = Phase::receiving;
  }
  if (phase_ == Phase::receiving) {
    if (transport_.received_in(round_epoch_) < expected_) return false;
    transport_.flush();
    submit(contribute());
    if (size_ == 1) {
      finish();
      return true;
    }
    phase_ = Phase::reducing;
  }
  if (phase_ == Phase::reducing) {
    int done = 0;
    MPI_Test(&request_, &done, MPI_STATUS_IGNORE);
    if (done == 0) return false;
    finish();
    return true;
  }
  return false;
}

}  // namespace pdes::internal
