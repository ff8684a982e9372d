// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "partition/file_partitioner.hpp"
#include "pdes/error.hpp"

namespace {

/// A partition file in the temporary directory, removed at the end of the test.
class TempFile {
 public:
  explicit TempFile(const std::string& text)
      : path_("/tmp/warpnet-test-partition-" + std::to_string(getpid()) + "-" +
              std::to_string(counter_++) + ".part") {
    std::ofstream(path_) << text;
  }
  ~TempFile() { std::remove(path_.c_str()); }
  const std::string& path() const { return path_; }

 private:
  static inline int counter_ = 0;
  std::string path_;
};

pdes::PartitionGraph lps(std::uint64_t n) {
  pdes::PartitionGraph g;
  g.num_lps = n;
  return g;
}

pdes::Partition read(const std::string& text, std::uint64_t lps_count, int ranks) {
  const TempFile file(text);
  return partition::FilePartitioner(file.path(), "simulation.partition_file")
      .partition(lps(lps_count), ranks);
}

std::string error_of(const std::string& text, std::uint64_t lps_count, int ranks,
                     std::string* path = nullptr) {
  const TempFile file(text);
  if (path) *path = file.path();
  try {
    partition::FilePartitioner(file.path(), "simulation.partition_file")
        .partition(lps(lps_count), ranks);
  } catch (const pdes::ConfigError& e) {
    CHECK(e.key() == "simulation.partition_file");
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("file: one rank per line, comments and blank lines ignored") {
  const pdes::Partition p = read("# made by hand\n0\n  1  # LP 1\n\n1\n0\n", 4, 2);
  CHECK(p.num_ranks == 2);
  CHECK(p.rank_of_lp == std::vector<std::int32_t>{0, 1, 1, 0});
}

TEST_CASE("file: what format_partition_file writes reads back") {
  pdes::Partition p;
  p.num_ranks = 3;
  p.rank_of_lp = {2, 0, 1, 1, 0};
  const std::string text = partition::format_partition_file(p, "line one\nline two");
  CHECK(text.rfind("# line one\n# line two\n2\n0\n", 0) == 0);
  CHECK(read(text, 5, 3).rank_of_lp == p.rank_of_lp);
}

TEST_CASE("file: a file that does not match the run names the file, line and value") {
  std::string path;
  SUBCASE("more lines than LPs") {
    const std::string what = error_of("0\n1\n# x\n1\n", 2, 2, &path);
    CHECK(what.find(path + ":4: a rank for LP 2, but the model has only 2 LPs") !=
          std::string::npos);
  }
  SUBCASE("fewer lines than LPs") {
    const std::string what = error_of("0\n1\n", 3, 2, &path);
    CHECK(what.find(path + ":2: the file gives ranks for 2 LPs, but the model has 3") !=
          std::string::npos);
  }
  SUBCASE("a rank beyond the ranks launched (a file for more ranks)") {
    const std::string what = error_of("0\n1\n2\n3\n", 4, 2, &path);
    CHECK(what.find(path +
                    ":3: rank 2 for LP 2, but the run has 2 ranks; allowed: a rank 0 .. 1") !=
          std::string::npos);
  }
  SUBCASE("a rank left without LPs (a file for fewer ranks)") {
    const std::string what = error_of("0\n1\n0\n1\n", 4, 3, &path);
    CHECK(what.find(path + ": no LP is mapped to rank 2 of the 3 ranks") != std::string::npos);
  }
  SUBCASE("not a number") {
    const std::string what = error_of("0\nfirst\n", 2, 2, &path);
    CHECK(what.find(path + ":2: value 'first' is not a rank; allowed: a rank 0 .. 1") !=
          std::string::npos);
  }
  SUBCASE("a negative rank") {
    CHECK(error_of("0\n-1\n", 2, 2).find(":2: rank -1 for LP 1") != std::string::npos);
  }
}

TEST_CASE("file: a missing file is a configuration error naming it") {
  try {
    partition::FilePartitioner("/nonexistent/x.part", "simulation.partition_file")
        .partition(lps(2), 1);
    FAIL("no error");
  } catch (const pdes::ConfigError& e) {
    CHECK(std::string(e.what()).find("/nonexistent/x.part: cannot open") != std::string::npos);
  }
}
