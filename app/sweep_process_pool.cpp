// SPDX-License-Identifier: Apache-2.0
#include "app/sweep_process_pool.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <ctime>
#include <system_error>

extern char** environ;

namespace app {

namespace {

// How long children get to stop on SIGTERM before SIGKILL.
constexpr std::chrono::seconds kGracePeriod{5};

ChildExit decode(std::size_t job, pid_t pid, int status) {
  ChildExit done;
  done.job = job;
  done.pid = pid;
  if (WIFSIGNALED(status)) {
    done.signal = WTERMSIG(status);
    done.exit_code = 128 + done.signal;
  } else {
    done.exit_code = WEXITSTATUS(status);
  }
  return done;
}

/// RAII owners of the posix_spawn attribute objects.
struct SpawnActions {
  posix_spawn_file_actions_t actions;
  SpawnActions() { posix_spawn_file_actions_init(&actions); }
  ~SpawnActions() { posix_spawn_file_actions_destroy(&actions); }
};
struct SpawnAttributes {
  posix_spawnattr_t attributes;
  SpawnAttributes() { posix_spawnattr_init(&attributes); }
  ~SpawnAttributes() { posix_spawnattr_destroy(&attributes); }
};

}  // namespace

ProcessPool::ProcessPool(std::size_t max_running)
    : max_running_(max_running == 0 ? 1 : max_running) {
  sigemptyset(&handled_);
  sigaddset(&handled_, SIGCHLD);
  sigaddset(&handled_, SIGINT);
  sigaddset(&handled_, SIGTERM);
  sigprocmask(SIG_BLOCK, &handled_, &previous_mask_);
}

ProcessPool::~ProcessPool() {
  terminate_all();
  // A SIGINT that arrived while blocked would fire on unblocking and kill us before the caller
  // reports it: consume pending ones first (the caller knows through interrupted_by()).
  const timespec zero{0, 0};
  while (sigtimedwait(&handled_, nullptr, &zero) > 0) {
  }
  sigprocmask(SIG_SETMASK, &previous_mask_, nullptr);
}

pid_t ProcessPool::start(std::size_t job, const ChildSpec& spec) {
  SpawnActions files;
  posix_spawn_file_actions_addopen(&files.actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&files.actions, STDOUT_FILENO, spec.stdout_path.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&files.actions, STDERR_FILENO, spec.stderr_path.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  SpawnAttributes attr;
  sigset_t empty;
  sigemptyset(&empty);
  posix_spawnattr_setsigmask(&attr.attributes, &empty);
  posix_spawnattr_setsigdefault(&attr.attributes, &handled_);
  posix_spawnattr_setflags(&attr.attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

  std::vector<char*> argv;
  for (const std::string& arg : spec.argv) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int error =
      posix_spawn(&pid, argv[0], &files.actions, &attr.attributes, argv.data(), environ);
  if (error != 0) {
    throw std::system_error(error, std::generic_category(), "cannot start " + spec.argv[0]);
  }
  running_.push_back({job, pid});
  return pid;
}

std::vector<ChildExit> ProcessPool::reap() {
  std::vector<ChildExit> finished;
  for (auto it = running_.begin(); it != running_.end();) {
    int status = 0;
    const pid_t r = waitpid(it->pid, &status, WNOHANG);
    if (r == it->pid) {
      finished.push_back(decode(it->job, it->pid, status));
      it = running_.erase(it);
    } else {
      ++it;
    }
  }
  return finished;
}

std::vector<ChildExit> ProcessPool::wait() {
  auto note = [this](int signal) {
    if (signal == SIGINT || signal == SIGTERM) interrupted_by_ = signal;
  };
  while (!running_.empty() && interrupted_by_ == 0) {
    // Ctrl-C reaches the children too: check for it before reporting them as failed.
    const timespec zero{0, 0};
    for (int signal; (signal = sigtimedwait(&handled_, nullptr, &zero)) > 0;) note(signal);
    if (interrupted_by_ != 0) break;
    std::vector<ChildExit> finished = reap();
    if (!finished.empty()) return finished;
    // SIGCHLDs coalesce, hence the reap of every child; the timeout is a safety net only.
    const timespec second{1, 0};
    note(sigtimedwait(&handled_, nullptr, &second));
  }
  return {};
}

std::vector<pid_t> ProcessPool::terminate_all() {
  std::vector<pid_t> pids;
  for (const Running& r : running_) {
    pids.push_back(r.pid);
    kill(r.pid, SIGTERM);
  }
  const auto deadline = std::chrono::steady_clock::now() + kGracePeriod;
  while (!running_.empty() && std::chrono::steady_clock::now() < deadline) {
    if (reap().empty()) {
      const timespec tenth{0, 100'000'000};
      sigtimedwait(&handled_, nullptr, &tenth);
    }
  }
  for (const Running& r : running_) {
    kill(r.pid, SIGKILL);
    int status = 0;
    while (waitpid(r.pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  running_.clear();
  return pids;
}

}  // namespace app
