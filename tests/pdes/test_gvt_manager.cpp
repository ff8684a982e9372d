// SPDX-License-Identifier: Apache-2.0
// GvtManager under mpiexec (registered for 1, 2 and 4 ranks): each round's GVT, safe time,
// committed count and flags equal what every rank's contribution and sends imply, counting the
// events in transit when the round starts and those sent while it runs (gvt_manager.hpp).
#include <doctest/doctest.h>
#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "pdes/internal/gvt_manager.hpp"
#include "pdes/internal/mpi_transport.hpp"

using namespace pdes;
using namespace pdes::internal;

namespace {

constexpr SimTime kLookahead{5};
constexpr int kRounds = 24;
constexpr std::uint64_t kDuringRoundSequence = 1000000;

int world(int (*query)(MPI_Comm, int*)) {
  int value = 0;
  query(MPI_COMM_WORLD, &value);
  return value;
}

// The test's events, a pure function of (round, rank), so that every rank can compute what
// all of them contribute and send. Times are chosen so that each source of the minimum (a
// rank's own pending events, events in transit, events sent during the round) wins some rounds.

/// The smallest key among a rank's own pending events in `round`.
EventKey own_min(int round, int rank) {
  return {SimTime{1000 + 37 * ((rank * 7 + round * 3) % 11)},
          LpId{static_cast<std::uint64_t>(rank)}, static_cast<std::uint64_t>(round)};
}

/// Events `rank` sends to `dest` before the round starts (in transit when it starts).
std::vector<EventKey> before_round(int round, int rank, int dest) {
  std::vector<EventKey> keys;
  const int count = round % 3 + 1;
  for (int i = 0; i < count; ++i) {
    keys.push_back({SimTime{1010 + 41 * ((rank + 2 * round + dest) % 13) + i},
                    LpId{static_cast<std::uint64_t>(rank)},
                    static_cast<std::uint64_t>(100 * round + 10 * dest + i)});
  }
  return keys;
}

/// The event rank `round % size` sends to the next rank after the round has started (before
/// it contributes); its time undercuts everything else in every fourth round.
EventKey during_round(int round, int size) {
  const int sender = round % size;
  const std::int64_t time = round % 4 == 0 ? 990 : 1200 + round;
  return {SimTime{time}, LpId{static_cast<std::uint64_t>(sender)},
          kDuringRoundSequence + static_cast<std::uint64_t>(round)};
}

/// The round a before_round() event belongs to.
int round_of(const EventKey& key) { return static_cast<int>(key.sequence / 100); }

std::uint64_t committed_of(int round, int rank) {
  return static_cast<std::uint64_t>(10 * round + rank);
}

/// The rest of a rank's contribution: a failed event in some rounds (the latest rank's is the
/// earliest), a fatal error, checkpoint wishes and the memory flag in others.
GvtContribution contribution_of(int round, int rank, int size) {
  GvtContribution c;
  c.committed = committed_of(round, rank);
  if (round % 5 == 2) {
    c.failure_key = {SimTime{1500 - rank}, LpId{static_cast<std::uint64_t>(rank)}, 7};
  }
  c.fatal = round % 7 == 3 && rank >= size / 2;
  c.checkpoint = round % 6 == 4 ? static_cast<std::uint32_t>(rank % 3) : 0;
  c.memory_throttled = round % 8 == 5 && rank == size - 1;
  return c;
}

void send(MpiTransport& transport, int dest, const EventKey& key) {
  EventHeader header;
  header.key = key;
  header.dest = LpId{static_cast<std::uint64_t>(dest)};
  header.send_time = key.time - kLookahead;
  header.payload_type = 0;
  header.payload_size = sizeof(std::uint64_t);
  const std::uint64_t payload = key.sequence;
  transport.send_event(dest, header, &payload, false);
}

struct Expected {
  EventKey gvt = kMaxEventKey;
  SimTime safe_time = SimTime::max();
  std::uint64_t committed = 0;
  EventKey failure_key = kMaxEventKey;
  int failure_rank = -1;
  int fatal_rank = -1;
  std::uint32_t checkpoint = 0;
  bool memory_throttled = false;
};

/// Whether the events sent before `round` leave their batches before it starts. Those still
/// in a batch then go out in the new epoch: the round does not wait for them, and their sender
/// counts them among the events it sent during the round.
bool flushed_before(int round) { return round % 2 == 0; }

/// What round `round` must give, from every rank's contribution and sends.
Expected expected(int round, int size) {
  Expected e;
  for (int rank = 0; rank < size; ++rank) {
    // A rank's contribution: its own pending events and everything addressed to it in the
    // closed epoch (all received before it contributes). In a round that starts with full
    // batches the receiver may or may not have the events yet when it contributes; their
    // sender's term covers them either way.
    EventKey pending = own_min(round, rank);
    EventKey sent = kMaxEventKey;
    for (int other = 0; other < size; ++other) {
      if (other == rank) continue;
      for (const EventKey& key : before_round(round, other, rank)) {
        if (flushed_before(round)) pending = std::min(pending, key);
      }
      for (const EventKey& key : before_round(round, rank, other)) {
        if (!flushed_before(round)) sent = std::min(sent, key);
      }
    }
    if (size > 1 && round % size == rank) sent = std::min(sent, during_round(round, size));
    e.gvt = std::min({e.gvt, pending, sent});
    e.safe_time = std::min({e.safe_time, pending.time + kLookahead, sent.time});
    const GvtContribution c = contribution_of(round, rank, size);
    e.committed += c.committed;
    if (c.failure_key < e.failure_key) {
      e.failure_key = c.failure_key;
      e.failure_rank = rank;
    }
    if (c.fatal && e.fatal_rank < 0) e.fatal_rank = rank;
    e.checkpoint = std::max(e.checkpoint, c.checkpoint);
    e.memory_throttled = e.memory_throttled || c.memory_throttled;
  }
  return e;
}

void run_rounds() {
  const int rank = world(MPI_Comm_rank);
  const int size = world(MPI_Comm_size);
  MpiTransport transport(MPI_COMM_WORLD, sizeof(std::uint64_t));
  GvtManager gvt(MPI_COMM_WORLD, transport, kLookahead);
  // Events received and still pending here: the ones sent before a round, until that round
  // ends. (Those of the next round can arrive before this rank's round ends: the collective
  // completes on the ranks at different moments.) An event sent during a round is taken as
  // processed on arrival: its sender's contribution covered it while it was in transit. (So
  // would a before-round event that left in the new epoch, but processing one early could hide
  // a wrong count of the closed epoch: they stay pending.)
  std::vector<EventKey> received;
  std::uint64_t received_total = 0;
  const auto receive = [&] {
    transport.poll(
        [&](const EventHeader& header, const void*, bool) {
          CHECK(header.dest.value() == static_cast<std::uint64_t>(rank));
          if (header.key.sequence < kDuringRoundSequence) received.push_back(header.key);
          ++received_total;
        },
        [](const EventHeader&) {});
  };

  for (int round = 0; round < kRounds; ++round) {
    for (int dest = 0; dest < size; ++dest) {
      if (dest == rank) continue;
      for (const EventKey& key : before_round(round, rank, dest)) send(transport, dest, key);
    }
    if (flushed_before(round)) transport.flush();
    gvt.start();
    if (size > 1 && round % size == rank)
      send(transport, (rank + 1) % size, during_round(round, size));

    bool done = false;
    while (!done) {
      receive();
      done = gvt.poll([&] {
        GvtContribution c = contribution_of(round, rank, size);
        c.min_key = own_min(round, rank);
        for (const EventKey& key : received) c.min_key = std::min(c.min_key, key);
        return c;
      });
    }
    const Expected e = expected(round, size);
    CAPTURE(round);
    CHECK(gvt.result().gvt.time.ticks() == e.gvt.time.ticks());
    CHECK(gvt.result().gvt == e.gvt);
    CHECK(gvt.result().safe_time.ticks() == e.safe_time.ticks());
    CHECK(gvt.result().committed == e.committed);
    CHECK(gvt.result().failure_key == e.failure_key);
    CHECK(gvt.result().failure_rank == e.failure_rank);
    CHECK(gvt.result().fatal_rank == e.fatal_rank);
    CHECK(gvt.result().checkpoint == e.checkpoint);
    CHECK(gvt.result().memory_throttled == e.memory_throttled);
    std::erase_if(received, [&](const EventKey& key) { return round_of(key) <= round; });
  }
  CHECK(gvt.rounds() == static_cast<std::uint64_t>(kRounds));
  transport.drain();
  // Every event sent before a round was received by its end (the counts guarantee it); the
  // last round's during-round event may have been left to drain().
  std::uint64_t sent_to_me = 0;
  for (int round = 0; round < kRounds; ++round) {
    for (int from = 0; from < size; ++from) {
      if (from != rank) sent_to_me += before_round(round, from, rank).size();
    }
  }
  CHECK(received_total >= sent_to_me);
}

}  // namespace

TEST_CASE("GVT rounds give the minimum of what the ranks hold and send") { run_rounds(); }

// A transport receives on a communicator of its own: before it did, this second run on
// MPI_COMM_WORLD hung on 3 and 4 ranks, its messages taken by the first transport's
// receives, cancelled but not yet completed.
TEST_CASE("a second transport on the same communicator gets its own messages") { run_rounds(); }
