// SPDX-License-Identifier: Apache-2.0
#include "app/checkpoint_signals.hpp"

#include <atomic>
#include <csignal>

namespace app {

namespace {

// Only a lock-free atomic may be touched from a signal handler.
std::atomic<bool> received{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_checkpoint_signal(int /*signal*/) { received.store(true, std::memory_order_relaxed); }

}  // namespace

void install_checkpoint_signal_handlers() {
  struct sigaction action {};
  action.sa_handler = on_checkpoint_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGTERM, &action, nullptr);
  sigaction(SIGUSR1, &action, nullptr);
}

bool checkpoint_signal_received() { return received.load(std::memory_order_relaxed); }

}  // namespace app
