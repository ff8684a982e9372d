// SPDX-License-Identifier: Apache-2.0
// The checkpoint manifest: written and read back, every difference named, damage refused.
#include <doctest/doctest.h>

#include <string>

#include "io/checkpoint/checkpoint_manifest.hpp"
#include "pdes/error.hpp"

namespace {

io::CheckpointManifest sample() {
  io::CheckpointManifest m;
  m.identity = {"0.1.0 (git abc1234)", 0x0123456789abcdefULL, "optimistic", 2};
  m.generation = 7;
  m.time_ticks = 123456;
  m.events_committed = 99;
  m.ranks = {{"gen-000007/rank-0.ckpt", 100, 4000000000u}, {"gen-000007/rank-1.ckpt", 7, 1}};
  return m;
}

std::string message_of(const std::string& text) {
  try {
    io::CheckpointManifest::parse(text, "m");
  } catch (const pdes::ConfigError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("a manifest reads back what was written") {
  const io::CheckpointManifest m = sample();
  const io::CheckpointManifest back = io::CheckpointManifest::parse(m.to_text(), "m");
  CHECK(back.identity.warpnet_version == m.identity.warpnet_version);
  CHECK(back.identity.config_hash == m.identity.config_hash);
  CHECK(back.identity.engine == "optimistic");
  CHECK(back.identity.ranks == 2);
  CHECK(back.generation == 7);
  CHECK(back.time_ticks == 123456);
  CHECK(back.events_committed == 99);
  REQUIRE(back.ranks.size() == 2);
  CHECK(back.ranks[0].path == "gen-000007/rank-0.ckpt");
  CHECK(back.ranks[0].crc32 == 4000000000u);
  CHECK(back.ranks[1].size == 7);
}

TEST_CASE("every difference between a checkpoint and a run is named") {
  const io::CheckpointIdentity a = sample().identity;
  CHECK(io::describe_differences(a, a).empty());
  io::CheckpointIdentity b = a;
  b.engine = "sequential";
  b.ranks = 1;
  b.config_hash = 1;
  b.warpnet_version = "0.2.0";
  const std::string d = io::describe_differences(a, b);
  CHECK(d.find("warpnet version: the checkpoint has 0.1.0 (git abc1234), this run 0.2.0") !=
        std::string::npos);
  CHECK(d.find("engine: the checkpoint has optimistic, this run sequential") != std::string::npos);
  CHECK(d.find("MPI ranks: the checkpoint has 2, this run 1") != std::string::npos);
  CHECK(d.find("configuration") != std::string::npos);
}

TEST_CASE("a damaged manifest is refused, naming what is wrong") {
  const std::string text = sample().to_text();
  CHECK(message_of(text.substr(0, text.size() / 2)).find("cut short") != std::string::npos);
  CHECK(message_of("").find("first line") != std::string::npos);
  std::string no_rank = text;
  no_rank.erase(no_rank.find("rank.1"), no_rank.find('\n', no_rank.find("rank.1")) -
                                             no_rank.find("rank.1") + 1);
  CHECK(message_of(no_rank).find("no 'rank.1' line") != std::string::npos);
  std::string bad_number = text;
  bad_number.replace(bad_number.find("generation = 7"), 14, "generation = x");
  CHECK(message_of(bad_number).find("'generation' is not a number") != std::string::npos);
}
