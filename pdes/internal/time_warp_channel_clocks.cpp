// SPDX-License-Identifier: Apache-2.0
//
// TimeWarpEngine's channel clocks (kernel.safe_time = "channel_clocks"): the safe time from
// promises that ranks send each other, in the manner of Chandy and Misra's null messages
// ("Distributed Simulation: A Case Study in Design and Verification of Distributed Programs",
// and Bryant's), instead of from GVT rounds (gvt_manager.hpp).
//
// A rank r keeps, per other rank s, the largest promise P_s it has received from s (held_),
// and its safe time is the least of them. Its own promise, stamped on every message it sends
// (MpiTransport::set_promise), is
//   P_r = LB_r + lookahead,  LB_r = min(its smallest pending time, its smallest failed event's
//                                       time, its safe time).
//
// Why no rank ever receives an item (event or anti-message) earlier than its safe time, and so
// why the events below it can run as final exactly as with rounds:
//  1. LB_r bounds everything r will still do. Whatever r executes later is pending now, or a
//     local event sent by such an execution (delays are at least zero), or arrives later from
//     some s, at or above the promise r then holds from s (point 3), which is at least its
//     safe time. A rollback starts at a straggler or a cancelled event, both of these; a forced
//     rollback never reaches below the safe time (force_rollback); a failed LP's parked events
//     are at or above its failure, which LB_r counts. Coast-forward re-executes older events
//     but discards their sends.
//  2. So LB_r never falls, and a promise stamped earlier is still kept later. Every item r
//     sends after stamping P_r comes from an execution or rollback at or above LB_r: an event
//     at least a lookahead later (each remote send is checked against it), an anti-message for
//     an event sent by a rolled-back execution, later still.
//  3. The transport sends all items from r to s in one ordered stream (one tag, one
//     communicator, per-sender order kept on receipt), and the promise of a message covers
//     what follows it: s applies it after the message's items. An item s receives from r
//     therefore lies at or above the promise s held from r just before, and so at or above
//     s's safe time when it arrives.
// GVT rounds still run and still compute their safe time; a round proves that nothing
// received after it is earlier, from any rank, so each held promise is raised to it (the
// first round starts at once, so a restart does not climb from the lookahead one promise at
// a time). The engine also checks every item it receives against its safe time.
//
// Liveness: a rank whose next event is not below its safe time asks every other rank for a
// newer promise (a promise-only message with MpiTransport::kWantsPromise, once per value of
// its safe time, and again whenever its own promise rises while it waits); a rank answers an
// asker as soon as its promise has risen past the one it last sent there. Each exchange
// raises the waiting rank's bound by up to a lookahead, until the smallest pending event
// anywhere is safe; the speculative engine runs on meanwhile. Promises rise only when events
// run or promises arrive, so idle ranks exchange nothing: no flood of null messages.
//
// What rounds remain for: fossil collection and commit of speculative events (gvt_interval's
// period, the throttle, memory), checkpoints and the end of the run. A rank that starts one
// tells the others (MpiTransport::kWantsRound), which join it at once rather than when their
// own period fills. The optimism window
// follows the safe time as well as GVT (rounds are rarer), so speculation stays bounded by
// kernel.optimism_window beyond what is final.
#include <algorithm>

#include "pdes/internal/time_warp_engine.hpp"

namespace pdes::internal {

void TimeWarpEngine::take_promise(int source, SimTime promise, std::uint16_t flags,
                                  std::uint32_t epoch) {
  const auto s = static_cast<std::size_t>(source);
  if ((flags & MpiTransport::kWantsPromise) != 0) wants_promise_[s] = 1;
  // The sender closed epoch `epoch - 1` when it started its round; a rank still in that epoch
  // has not started the same round (epochs only grow, one per round, on every rank alike).
  // Signed difference: the 32-bit epochs may wrap.
  if ((flags & MpiTransport::kWantsRound) != 0 &&
      static_cast<std::int32_t>(epoch - transport_->epoch()) > 0) {
    round_wanted_ = true;
  }
  if (promise > held_[s]) {
    held_[s] = promise;
    raise_safe_time();
  }
}

void TimeWarpEngine::announce_round() {
  round_wanted_ = false;
  for (int r = 0; r < size_; ++r) {
    if (r != rank_) transport_->send_promise(r, MpiTransport::kWantsRound);
  }
}

void TimeWarpEngine::raise_safe_time() {
  SimTime least = SimTime::max();
  for (const SimTime held : held_) least = std::min(least, held);
  if (least > state_.safe_until) state_.safe_until = least;
  const SimTime window = config_.optimism_window;
  if (window_open_ && window != SimTime::max()) {
    const SimTime end = state_.safe_until > SimTime::max() - window
                            ? SimTime::max()
                            : state_.safe_until + window;
    window_end_ = std::max(window_end_, end);
  }
}

void TimeWarpEngine::exchange_promises() {
  const SimTime safe = state_.safe_until;
  SimTime bound = safe;
  const TwEvent* top = state_.pending.top();
  if (top != nullptr && top->header.key.time < bound) bound = top->header.key.time;
  for (std::uint32_t index : state_.failed) {
    bound = std::min(bound, state_.lps[index].failure()->key.time);
  }
  const SimTime lookahead = config_.lookahead;
  const SimTime promise = bound > SimTime::max() - lookahead ? SimTime::max() : bound + lookahead;
  transport_->set_promise(promise);

  // Waiting: the next event is due but not safe. Ask once per safe time, then pass on every
  // rise of the own promise (which, while waiting, comes only from promises received).
  const bool waiting =
      top != nullptr && top->header.key.time < config_.end_time && !(top->header.key.time < safe);
  const bool ask = waiting && asked_at_ != safe;
  if (ask) asked_at_ = safe;
  for (int r = 0; r < size_; ++r) {
    if (r == rank_) continue;
    const auto i = static_cast<std::size_t>(r);
    const bool newer = promise > transport_->promised(r);
    if (ask || (newer && (waiting || wants_promise_[i] != 0))) {
      transport_->send_promise(r, waiting ? MpiTransport::kWantsPromise : 0);
      wants_promise_[i] = 0;
    }
  }
}

}  // namespace pdes::internal
