// SPDX-License-Identifier: Apache-2.0
//
// Errors of the kernel.
//
// - ConfigError: bad input (configuration, command line, model parameters), thrown during set-up.
//   It carries the key path so that the user can find what to change. The CLI prints it and exits
//   with code 2.
// - ResourceError: a run outgrew a limit the user set (event memory, optimism window); the message
//   names the knob to turn.
// - PDES_CHECK: a broken invariant inside the simulation (a negative delay, an unknown LP). It
//   stays on in release builds and reports the condition, file and line. It throws
//   InvariantError, which the CLI reports as an internal error (exit 3).
#pragma once

#include <stdexcept>
#include <string>

namespace pdes {

class ConfigError : public std::invalid_argument {
 public:
  ConfigError(std::string key, const std::string& message)
      : std::invalid_argument(key.empty() ? message : key + ": " + message), key_(std::move(key)) {}

  /// The configuration key (dotted path) at fault, or empty when the error is not about one key.
  const std::string& key() const { return key_; }

 private:
  std::string key_;
};

class ResourceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class InvariantError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

namespace internal {
[[noreturn]] void fail_check(const char* condition, const char* file, int line,
                             const std::string& message);
}  // namespace internal

}  // namespace pdes

/// Checks an invariant in every build type; on failure throws pdes::InvariantError naming the
/// condition, the source location and the message (a std::string expression). The message is
/// built in a cold lambda of its own: built inline, its std::string temporaries gave every
/// function with a check a large stack frame to set up on its hot path (the optimistic
/// engine's send_event, execute, receive; performance.md, session 11).
#define PDES_CHECK(cond, message)                                                        \
  do {                                                                                   \
    if (!(cond)) [[unlikely]] {                                                          \
      [&]() __attribute__((noinline, cold, noreturn)) {                                  \
        ::pdes::internal::fail_check(#cond, __FILE__, __LINE__, (message));              \
      }();                                                                               \
    }                                                                                    \
  } while (false)
