// SPDX-License-Identifier: Apache-2.0
//
// Trace replay: the collectives' rounds pair every send with exactly one receive in the round
// the receiver expects it, for every rank count; the trace reader's refusals name file and line.
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <tuple>

#include "models/network/workload/replay/collective_rounds.hpp"
#include "models/network/workload/replay/logical_trace.hpp"
#include "models/network/workload/replay/rank_mapping.hpp"
#include "models/network/workload/replay/replay_workload.hpp"
#include "models/network/workload/replay/skeletons/process_grid.hpp"
#include "models/network/workload/replay/skeletons/skeleton_trace.hpp"
#include "pdes/error.hpp"

using namespace net::replay;

namespace {

// Counts, for one collective on `ranks` ranks, the messages sent (src, dst, receiver's round)
// and the receives posted (src, dst, round); they must be the same multiset.
void check_pairs(MpiOp op, std::uint32_t ranks, CollectiveAlgorithms a) {
  std::map<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>, int> balance;
  std::uint64_t messages = 0;
  for (std::uint32_t r = 0; r < ranks; ++r) {
    const std::uint32_t n = round_count(op, r, ranks, a);
    for (std::uint32_t k = 0; k < n; ++k) {
      const Round round = round_of(op, r, ranks, k, a);
      for (std::uint32_t to : round.sends) {
        REQUIRE(to < ranks);
        CHECK(to != r);
        ++balance[{r, to, receiver_round(op, ranks, k, a)}];
        ++messages;
      }
      for (std::uint32_t from : round.recvs) --balance[{from, r, k}];
    }
  }
  for (const auto& [key, count] : balance) {
    CAPTURE(std::get<0>(key));
    CAPTURE(std::get<1>(key));
    CAPTURE(std::get<2>(key));
    CHECK(count == 0);
  }
  if (ranks > 1) CHECK(messages > 0);
}

}  // namespace

TEST_CASE("every collective's sends meet receives in the receiver's round, for 1 to 17 ranks") {
  for (std::uint32_t ranks = 1; ranks <= 17; ++ranks) {
    CAPTURE(ranks);
    for (const OpKind kind : {OpKind::kBarrier, OpKind::kBcast, OpKind::kReduce,
                              OpKind::kAllreduce, OpKind::kAlltoall, OpKind::kAllgather}) {
      CAPTURE(to_string(kind));
      for (std::uint32_t root : {0u, ranks / 2, ranks - 1}) {
        MpiOp op;
        op.kind = kind;
        op.root = root;
        op.amount = 64;
        check_pairs(op, ranks, CollectiveAlgorithms{});
        check_pairs(op, ranks, CollectiveAlgorithms{AllreduceAlgorithm::kReduceBcast, TreeShape::kFlat});
      }
    }
    if ((ranks & (ranks - 1)) == 0) {
      MpiOp op;
      op.kind = OpKind::kAllreduce;
      check_pairs(op, ranks, CollectiveAlgorithms{AllreduceAlgorithm::kRecursiveDoubling});
    }
  }
}

TEST_CASE("a binomial bcast reaches every rank once, and a reduce leaves from every non-root") {
  MpiOp bcast;
  bcast.kind = OpKind::kBcast;
  bcast.root = 2;
  std::map<std::uint32_t, int> received;
  for (std::uint32_t r = 0; r < 11; ++r) {
    for (std::uint32_t k = 0; k < 2; ++k) {
      for (auto to : round_of(bcast, r, 11, k, CollectiveAlgorithms{}).sends) {
        ++received[to];
      }
    }
  }
  CHECK(received.size() == 10);
  CHECK(received.count(2) == 0);
  for (const auto& [rank, n] : received) CHECK(n == 1);
}

TEST_CASE("rank mappings: linear is the identity, random a seeded permutation") {
  const auto linear = map_ranks("linear", 1, 5, 8);
  CHECK(linear == std::vector<net::NodeId>{0, 1, 2, 3, 4});
  const auto a = map_ranks("random", 7, 8, 8);
  const auto b = map_ranks("random", 7, 8, 8);
  CHECK(a == b);
  CHECK(a != map_ranks("random", 8, 8, 8));
  std::vector<net::NodeId> sorted = a;
  std::sort(sorted.begin(), sorted.end());
  CHECK(sorted == std::vector<net::NodeId>{0, 1, 2, 3, 4, 5, 6, 7});
  CHECK_THROWS_AS(map_ranks("snake", 1, 4, 4), pdes::ConfigError);
}

TEST_CASE("a logical trace is read whole, or refused with its file and line") {
  const auto dir = std::filesystem::temp_directory_path() /
                         ("warpnet-test-replay-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  auto write = [&](int rank, const std::string& text) {
    std::ofstream(dir / ("rank-" + std::to_string(rank) + ".trace")) << text;
  };
  write(0, "compute 10  # ns\nsend 1 3 100\nirecv any any 8 4\nwait 4\nallreduce 8\n");
  write(1, "recv 0 3 100\nisend 0 0 8 9\nwaitall\nallreduce 8\n");
  const LogicalTrace trace(dir);
  CHECK(trace.ranks() == 2);
  CHECK_NOTHROW(trace.check());
  const auto& ops = trace.ops(0);
  REQUIRE(ops.size() == 5);
  CHECK(ops[2].kind == OpKind::kIrecv);
  CHECK(ops[2].peer == kAny);
  CHECK(ops[2].tag == kAny);
  CHECK(ops[2].request == 4);

  auto refused = [&](const std::string& text, const std::string& expected) {
    CAPTURE(text);
    write(1, text);
    try {
      LogicalTrace(dir).check();
      FAIL("accepted");
    } catch (const pdes::ConfigError& e) {
      CHECK(e.key() == "workload.trace_dir");
      CHECK(std::string(e.what()).find("rank-1.trace:") != std::string::npos);
      CHECK(std::string(e.what()).find(expected) != std::string::npos);
    }
  };
  refused("compute 10\nsendd 0 1 8\n", ":2: unknown operation 'sendd'");
  refused("send 2 1 8\n", ":1: peer '2' is not a whole number in [0, 1]");
  refused("send 0 1\n", ":1: expected 'send peer tag bytes [comm=ID]', found 2 fields");
  refused("bcast 5 8\n", ":1: root '5'");
  refused("compute -3\n", ":1: ns '-3'");
  // Requests: a wait for one never begun (or already waited for), a number reused while open.
  refused("wait 3\n", ":1: wait for request 3, which no isend or irecv began");
  refused("isend 0 0 8 3\nwait 3\nwait 3\n", ":3: wait for request 3");
  refused("isend 0 0 8 3\nirecv 0 0 8 3\n", ":2: request 3 is still open (begun on line 1)");
  write(1, "isend 0 0 8 3\nwait 3\nisend 0 0 8 3\nirecv 0 1 8 4\nwaitall\nirecv 0 1 8 3\n"
           "wait 3\n");
  CHECK_NOTHROW(LogicalTrace(dir).check());  // numbers reused once their request is done
  // Bytes that are not printable are quoted as \xNN.
  refused("\x7f\x01send 0 1 8\n", ":1: unknown operation '\\x7f\\x01send'");
  // The test-only fault operation: a known kind, and no communicator.
  write(1, "fault alloc\n");
  CHECK(LogicalTrace(dir).ops(1).at(0).kind == OpKind::kFault);
  refused("fault sometimes\n",
          ":1: fault 'sometimes': expected fault config|alloc|error|invariant");
  // An empty communicator (an ID without members) is no error until an operation uses it.
  write(1, "recv 0 3 100\nisend 0 0 8 9\nwaitall\nallreduce 8\n");
  std::ofstream(dir / "communicators.txt") << "1 1 0\n2\n";
  CHECK_NOTHROW(LogicalTrace(dir).check());
  CHECK(LogicalTrace(dir).members(2).empty());
  refused("barrier comm=2\n", ":1: rank 1 is not a member of communicator 2");
  std::filesystem::remove(dir / "communicators.txt");
  std::filesystem::remove(dir / "rank-0.trace");
  CHECK_THROWS_AS(LogicalTrace{dir}, pdes::ConfigError);  // rank-1 without rank-0
  std::filesystem::remove_all(dir);
}

TEST_CASE("a replay reads only the traces of the nodes it is given, and refuses theirs alone") {
  // Ranks 0, 1, 2 on nodes 2, 0, 1 of 4; rank 2's file (node 1) has a bad line. A process
  // simulating nodes 2 and 3 reads rank 0's file only and is not stopped by rank 2's.
  const auto dir = std::filesystem::temp_directory_path() /
                   ("warpnet-test-replay-load-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "rank-0.trace") << "compute 10\nbarrier\n";
  std::ofstream(dir / "rank-1.trace") << "barrier\n";
  std::ofstream(dir / "rank-2.trace") << "barrier\nsend 0 1 -8\n";
  const ReplayWorkload replay(std::make_shared<const LogicalTrace>(dir), {2, 0, 1}, 4,
                              ReplayParams{});
  CHECK_NOTHROW(replay.load_input({2, 3}));
  CHECK_NOTHROW(replay.load_input({0}));
  try {
    replay.load_input({0, 1});
    FAIL("accepted");
  } catch (const pdes::ConfigError& e) {
    CHECK(e.key() == "workload.trace_dir");
    CHECK(std::string(e.what()).find("rank-2.trace:2: bytes '-8' is not a whole number") !=
          std::string::npos);
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("process grids factor like MPI_Dims_create and find their neighbours") {
  const ProcessGrid g(48, 3, true);
  CHECK(g.size(0) * g.size(1) * g.size(2) == 48);
  CHECK(g.size(0) == 4);
  CHECK(g.size(1) == 4);
  CHECK(g.size(2) == 3);
  for (std::uint32_t r = 0; r < 48; ++r) CHECK(g.rank_at(g.coords(r)) == r);
  const ProcessGrid line(5, 1, false);
  CHECK_FALSE(line.neighbour(0, 0, -1).has_value());
  CHECK(*line.neighbour(0, 0, 1) == 1);
  const ProcessGrid ring(5, 1, true);
  CHECK(*ring.neighbour(0, 0, -1) == 4);
  const ProcessGrid pair(2, 2, true);  // 2 x 1: no neighbour along the dimension of size 1
  CHECK_FALSE(pair.neighbour(0, 1, 1).has_value());
}

TEST_CASE("every skeleton's ranks pair their point-to-point messages") {
  // Over all ranks, each (sender, receiver, tag) has as many sends as receives, so a skeleton
  // cannot deadlock for want of a partner.
  for (const SkeletonEntry& s : skeletons()) {
    for (const std::uint32_t ranks : {1u, 6u, 16u, 27u}) {
      CAPTURE(s.name);
      CAPTURE(ranks);
      SkeletonParams p;
      p.ranks = ranks;
      p.iterations = 2;
      p.problem_size = 16;
      std::map<std::tuple<std::int32_t, std::int32_t, std::int32_t>, int> balance;
      std::map<OpKind, int> collectives;
      for (std::uint32_t r = 0; r < ranks; ++r) {
        for (const MpiOp& op : s.generate(p, r)) {
          const auto me = static_cast<std::int32_t>(r);
          if (op.kind == OpKind::kSend || op.kind == OpKind::kIsend) ++balance[{me, op.peer, op.tag}];
          if (op.kind == OpKind::kRecv || op.kind == OpKind::kIrecv) --balance[{op.peer, me, op.tag}];
          if (is_collective(op.kind)) ++collectives[op.kind];
        }
      }
      for (const auto& [key, n] : balance) CHECK(n == 0);
      for (const auto& [kind, n] : collectives) CHECK(n % ranks == 0);  // every rank calls it
    }
  }
}
