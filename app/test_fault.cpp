// SPDX-License-Identifier: Apache-2.0
#include "app/test_fault.hpp"

#include <cstdlib>
#include <new>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "pdes/error.hpp"

namespace app {

namespace {

constexpr const char* kVariable = "WARPNET_TEST_FAULT";

[[noreturn]] void throw_kind(const std::string& kind, const std::string& where) {
  const std::string what = "injected fault (" + std::string(kVariable) + ") " + where;
  if (kind == "config") throw pdes::ConfigError(kVariable, what + ": bad input met late");
  if (kind == "alloc") throw std::bad_alloc();
  if (kind == "invariant") throw pdes::InvariantError(what + ": a broken invariant");
  throw std::runtime_error(what + ": a model failed");
}

}  // namespace

std::optional<TestFault> TestFault::from_environment() {
  const char* value = std::getenv(kVariable);
  if (value == nullptr) return std::nullopt;
  std::vector<std::string> parts;
  std::stringstream in(value);
  for (std::string part; std::getline(in, part, ':');) parts.push_back(part);
  auto bad = [&]() {
    return pdes::ConfigError(kVariable, "'" + std::string(value) +
                                            "' is not PHASE:RANK:KIND with PHASE setup, finish "
                                            "or write and KIND config, alloc, "
                                            "error or invariant");
  };
  if (parts.size() != 3) throw bad();
  TestFault fault;
  if (parts[0] == "setup") {
    fault.phase_ = Phase::setup;
  } else if (parts[0] == "finish") {
    fault.phase_ = Phase::finish;
  } else if (parts[0] == "write") {
    fault.phase_ = Phase::write;
  } else {
    throw bad();
  }
  try {
    std::size_t used = 0;
    fault.rank_ = std::stoi(parts[1], &used);
    if (used != parts[1].size() || fault.rank_ < 0) throw bad();
  } catch (const std::logic_error&) {
    throw bad();
  }
  fault.kind_ = parts[2];
  if (fault.kind_ != "config" && fault.kind_ != "alloc" && fault.kind_ != "error" &&
      fault.kind_ != "invariant") {
    throw bad();
  }
  return fault;
}

void TestFault::raise_if(Phase phase, int rank) const {
  if (phase != phase_ || rank != rank_) return;
  static constexpr const char* kNames[] = {"at set-up", "after the run",
                                           "while writing the results"};
  throw_kind(kind_,
             std::string(kNames[static_cast<int>(phase)]) + " on process " + std::to_string(rank));
}

}  // namespace app
