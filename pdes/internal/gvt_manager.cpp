// SPDX-License-Identifier: Apache-2.0
#include "pdes/internal/gvt_manager.hpp"

#include <cstring>
#include <string>

#include "pdes/error.hpp"

namespace pdes::internal {

namespace {

// Layout of the reduced words:
//   0..2  smallest unprocessed key (time as int64 bits, sender, sequence)    lexicographic min
//   3     committed events                                                  sum
//   4..7  smallest failed key and its rank                                   lexicographic min
//   8     smallest rank with a fatal error (UINT64_MAX: none)                min
//   9     checkpoint wish (0 none, 1 write, 2 write and stop)                 max
//   10    over the event memory limit (0 or 1)                              max
//   11    safe time (int64 bits)                                            min
constexpr int kWordsPerRecord = 12;
constexpr std::uint64_t kNone = UINT64_MAX;

bool key_less(const std::uint64_t* a, const std::uint64_t* b, int words) {
  const auto ta = static_cast<std::int64_t>(a[0]);
  const auto tb = static_cast<std::int64_t>(b[0]);
  if (ta != tb) return ta < tb;
  for (int i = 1; i < words; ++i) {
    if (a[i] != b[i]) return a[i] < b[i];
  }
  return false;
}

void reduce_gvt(void* in, void* inout, int* len, MPI_Datatype* /*type*/) {
  const auto* a = static_cast<const std::uint64_t*>(in);
  auto* b = static_cast<std::uint64_t*>(inout);
  for (int r = 0; r < *len; ++r, a += kWordsPerRecord, b += kWordsPerRecord) {
    if (key_less(a, b, 3)) std::memcpy(b, a, 3 * sizeof(std::uint64_t));
    b[3] += a[3];
    if (key_less(a + 4, b + 4, 4)) std::memcpy(b + 4, a + 4, 4 * sizeof(std::uint64_t));
    if (a[8] < b[8]) b[8] = a[8];
    if (a[9] > b[9]) b[9] = a[9];
    if (a[10] > b[10]) b[10] = a[10];
    if (static_cast<std::int64_t>(a[11]) < static_cast<std::int64_t>(b[11])) b[11] = a[11];
  }
}

void put_key(std::uint64_t* words, const EventKey& key) {
  words[0] = static_cast<std::uint64_t>(key.time.ticks());
  words[1] = key.sender.value();
  words[2] = key.sequence;
}

EventKey get_key(const std::uint64_t* words) {
  return {SimTime{static_cast<std::int64_t>(words[0])}, LpId{words[1]}, words[2]};
}

}  // namespace

GvtManager::GvtManager(MPI_Comm comm, MpiTransport& transport, SimTime lookahead)
    : comm_(comm), transport_(transport), lookahead_(lookahead) {
  static_assert(kWords == kWordsPerRecord);
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
  if (size_ > 1) {
    MPI_Type_contiguous(kWords, MPI_UINT64_T, &type_);
    MPI_Type_commit(&type_);
    MPI_Op_create(&reduce_gvt, 1, &op_);
  }
}

GvtManager::~GvtManager() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized != 0) return;
  if (request_ != MPI_REQUEST_NULL) MPI_Request_free(&request_);
  if (op_ != MPI_OP_NULL) MPI_Op_free(&op_);
  if (type_ != MPI_DATATYPE_NULL) MPI_Type_free(&type_);
}

void GvtManager::start() {
  PDES_CHECK(phase_ == Phase::idle, "GVT round started twice");
  round_epoch_ = transport_.epoch();
  transport_.close_epoch(sent_per_rank_);
  if (size_ == 1) {
    expected_ = 0;
    phase_ = Phase::receiving;
    return;
  }
  MPI_Ireduce_scatter_block(sent_per_rank_.data(), &expected_, 1, MPI_UINT64_T, MPI_SUM, comm_,
                            &request_);
  phase_ = Phase::counting;
}

void GvtManager::submit(const GvtContribution& c) {
  PDES_CHECK(transport_.received_in(round_epoch_) == expected_,
             "received " + std::to_string(transport_.received_in(round_epoch_)) +
                 " messages of GVT epoch " + std::to_string(round_epoch_) + ", expected " +
                 std::to_string(expected_));
  EventKey min_key = c.min_key;
  const EventKey& sent = transport_.min_key_sent_in(round_epoch_ + 1);
  if (sent < min_key) min_key = sent;
  // min(smallest unprocessed time + lookahead, smallest time sent), saturating at "never".
  const SimTime unprocessed = c.min_key.time;
  SimTime safe = unprocessed > SimTime::max() - lookahead_ ? SimTime::max()
                                                           : unprocessed + lookahead_;
  if (sent.time < safe) safe = sent.time;
  put_key(send_words_, min_key);
  send_words_[3] = c.committed;
  put_key(send_words_ + 4, c.failure_key);
  send_words_[7] = c.failure_key == kMaxEventKey ? kNone : static_cast<std::uint64_t>(rank_);
  send_words_[8] = c.fatal ? static_cast<std::uint64_t>(rank_) : kNone;
  send_words_[9] = c.checkpoint;
  send_words_[10] = c.memory_throttled ? 1 : 0;
  send_words_[11] = static_cast<std::uint64_t>(safe.ticks());
  if (size_ == 1) {
    std::memcpy(receive_words_, send_words_, sizeof send_words_);
    return;
  }
  MPI_Iallreduce(send_words_, receive_words_, 1, type_, op_, comm_, &request_);
}

void GvtManager::finish() {
  result_.gvt = get_key(receive_words_);
  result_.committed = receive_words_[3];
  result_.failure_key = get_key(receive_words_ + 4);
  result_.failure_rank = receive_words_[7] == kNone ? -1 : static_cast<int>(receive_words_[7]);
  result_.fatal_rank = receive_words_[8] == kNone ? -1 : static_cast<int>(receive_words_[8]);
  result_.checkpoint = static_cast<std::uint32_t>(receive_words_[9]);
  result_.memory_throttled = receive_words_[10] != 0;
  result_.safe_time = SimTime{static_cast<std::int64_t>(receive_words_[11])};
  transport_.forget(round_epoch_);
  phase_ = Phase::idle;
  ++rounds_;
}

}  // namespace pdes::internal
