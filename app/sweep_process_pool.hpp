// SPDX-License-Identifier: Apache-2.0
//
// ProcessPool: child processes run at most N at a time, and stopped together on Ctrl-C.
//
// `warpnet sweep` runs each point as its own `warpnet run` process. The pool starts them with
// posix_spawn, waits for them, and turns SIGINT and SIGTERM into an orderly stop: while a pool
// exists, those signals and SIGCHLD are blocked in this process and collected with
// sigwaitinfo, so no handler and no global flag are needed and no signal is lost between a
// check and a wait. Children start with the default signal mask and dispositions.
//
//   ProcessPool pool(2);
//   pool.start(7, {argv, "/dev/null", "point.stderr"});
//   for (const ChildExit& done : pool.wait()) ...   // done.job == 7
//   if (pool.interrupted_by() != 0) pool.terminate_all();
//
// One pool per process at a time (it owns the process's signal mask). Linux/POSIX only.
#pragma once

#include <sys/types.h>

#include <csignal>
#include <cstddef>
#include <string>
#include <vector>

namespace app {

struct ChildSpec {
  std::vector<std::string> argv;  ///< argv[0] is the executable's path
  std::string stdout_path;        ///< file the child's stdout goes to (truncated)
  std::string stderr_path;        ///< file the child's stderr goes to (truncated)
};

struct ChildExit {
  std::size_t job = 0;  ///< the caller's number for the child
  pid_t pid = 0;
  int exit_code = 0;  ///< the exit status, or 128 + signal when killed by one
  int signal = 0;     ///< the signal that killed the child, 0 when it exited
};

class ProcessPool {
 public:
  explicit ProcessPool(std::size_t max_running);
  /// Terminates any child still running, then restores the signal mask.
  ~ProcessPool();
  ProcessPool(const ProcessPool&) = delete;
  ProcessPool& operator=(const ProcessPool&) = delete;

  std::size_t running() const { return running_.size(); }
  bool has_room() const { return running_.size() < max_running_; }

  /// Starts a child; requires has_room(). Throws std::system_error when it cannot start.
  pid_t start(std::size_t job, const ChildSpec& spec);

  /// Blocks until at least one child has finished or SIGINT/SIGTERM arrived; returns the
  /// children that finished (empty after a signal, or when none is running).
  std::vector<ChildExit> wait();

  /// The SIGINT or SIGTERM received, 0 if none.
  int interrupted_by() const { return interrupted_by_; }

  /// Sends SIGTERM to every running child, SIGKILL to those still running after a grace
  /// period, and reaps them all. Returns their pids (to clean up their files).
  std::vector<pid_t> terminate_all();

 private:
  struct Running {
    std::size_t job;
    pid_t pid;
  };
  std::vector<ChildExit> reap();

  std::size_t max_running_;
  std::vector<Running> running_;
  sigset_t handled_;
  sigset_t previous_mask_;
  int interrupted_by_ = 0;
};

}  // namespace app
