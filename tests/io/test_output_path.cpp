// SPDX-License-Identifier: Apache-2.0
#include "io/hdf5/output_path.hpp"

#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "pdes/error.hpp"

namespace fs = std::filesystem;

namespace {

fs::path fresh_directory() {
  const fs::path dir = fs::current_path() / "output_path_test";
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

}  // namespace

TEST_CASE("check_output_path accepts a new file in a writable directory") {
  const fs::path dir = fresh_directory();
  CHECK_NOTHROW(io::check_output_path((dir / "out.h5").string(), false));
  CHECK_FALSE(fs::exists(dir / "out.h5"));  // it only checks
}

TEST_CASE("check_output_path: a relative name lives in the current directory") {
  CHECK_NOTHROW(io::check_output_path("warpnet-output-path-test.h5", false));
}

TEST_CASE("check_output_path fails early with the key --output") {
  const fs::path dir = fresh_directory();
  auto key_of = [](const std::string& path, bool force) {
    try {
      io::check_output_path(path, force);
    } catch (const pdes::ConfigError& e) {
      return e.key() + " | " + e.what();
    }
    return std::string("no error");
  };
  SUBCASE("the directory does not exist") {
    const std::string r = key_of((dir / "missing" / "out.h5").string(), true);
    CHECK(r.rfind("--output | ", 0) == 0);
    CHECK(r.find("does not exist") != std::string::npos);
  }
  SUBCASE("the file exists and --force is not given") {
    std::ofstream((dir / "out.h5").string()) << "old";
    const std::string r = key_of((dir / "out.h5").string(), false);
    CHECK(r.find("exists; use --force to overwrite it") != std::string::npos);
    CHECK(key_of((dir / "out.h5").string(), true) == "no error");
  }
  SUBCASE("the path is a directory") {
    CHECK(key_of(dir.string(), true).find("is a directory") != std::string::npos);
  }
  SUBCASE("the path is empty") {
    CHECK(key_of("", true).find("empty") != std::string::npos);
  }
  SUBCASE("the directory is not writable") {
    const fs::path locked = dir / "locked";
    fs::create_directories(locked);
    chmod(locked.c_str(), 0555);
    if (geteuid() == 0) {
      // root may write anywhere, so access() says yes and so would open(): nothing to refuse.
      MESSAGE("running as root: a read-only directory is writable; checking /proc/1 instead");
      CHECK(key_of("/proc/1/out.h5", true).find("not writable") != std::string::npos);
    } else {
      CHECK(key_of((locked / "out.h5").string(), true).find("not writable") != std::string::npos);
    }
    chmod(locked.c_str(), 0755);
  }
}

TEST_CASE("partial_path hides the temporary file next to the final one") {
  CHECK(io::partial_path("runs/out.h5", 42) == "runs/.out.h5.partial-42");
  CHECK(io::partial_path("out.h5", 7) == ".out.h5.partial-7");
  CHECK(io::partial_path("/a/b/c.h5", 1) == "/a/b/.c.h5.partial-1");
}
