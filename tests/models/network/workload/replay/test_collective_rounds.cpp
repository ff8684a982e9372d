// SPDX-License-Identifier: Apache-2.0
//
// The collectives' algorithms (collective_rounds.hpp, collective_algorithms.hpp): every
// algorithm pairs each send with one receive in the round its receiver expects it, on 1 to 17
// ranks; on 4 and 5 ranks the messages of barrier's, alltoall's and allgather's algorithms are
// exactly the ones worked out by hand (round, sender, receiver, bytes); the algorithms' names
// are parsed, and unknown ones refused with the key, the value and the valid names.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "models/network/workload/replay/collective_algorithms.hpp"
#include "models/network/workload/replay/collective_rounds.hpp"
#include "pdes/error.hpp"

using namespace net::replay;

namespace {

struct Message {
  std::uint32_t round;  ///< the sender's
  std::uint32_t src;
  std::uint32_t dst;
  std::uint64_t bytes;
  auto operator<=>(const Message&) const = default;
};

// Every message of one collective on `ranks` ranks, sorted.
std::vector<Message> messages(OpKind kind, std::uint32_t ranks, std::uint64_t bytes,
                              CollectiveAlgorithms a) {
  MpiOp op;
  op.kind = kind;
  op.amount = bytes;
  std::vector<Message> out;
  for (std::uint32_t r = 0; r < ranks; ++r) {
    for (std::uint32_t k = 0; k < round_count(op, r, ranks, a); ++k) {
      const Round round = round_of(op, r, ranks, k, a);
      for (const std::uint32_t to : round.sends) out.push_back({k, r, to, round.bytes});
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Messages of a pattern with one message per rank and round: in round k, rank r sends
// bytes[k] to (r + shift[k]) mod P.
std::vector<Message> shifts(std::uint32_t ranks, const std::vector<std::uint32_t>& shift,
                            const std::vector<std::uint64_t>& bytes) {
  std::vector<Message> out;
  for (std::uint32_t k = 0; k < shift.size(); ++k) {
    for (std::uint32_t r = 0; r < ranks; ++r) out.push_back({k, r, (r + shift[k]) % ranks, bytes[k]});
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<Message> sorted(std::vector<Message> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Sends and receives of every rank and round form the same multiset, keyed by the round the
// receiver expects the message in.
void check_pairs(OpKind kind, std::uint32_t ranks, CollectiveAlgorithms a) {
  MpiOp op;
  op.kind = kind;
  op.amount = 64;
  std::map<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>, int> balance;
  for (std::uint32_t r = 0; r < ranks; ++r) {
    for (std::uint32_t k = 0; k < round_count(op, r, ranks, a); ++k) {
      const Round round = round_of(op, r, ranks, k, a);
      for (const std::uint32_t to : round.sends) {
        REQUIRE(to < ranks);
        CHECK(to != r);
        ++balance[{r, to, receiver_round(op, ranks, k, a)}];
      }
      for (const std::uint32_t from : round.recvs) --balance[{from, r, k}];
    }
  }
  for (const auto& [key, count] : balance) CHECK(count == 0);
}

CollectiveAlgorithms with(BarrierAlgorithm b) {
  CollectiveAlgorithms a;
  a.barrier = b;
  return a;
}
CollectiveAlgorithms with(AlltoallAlgorithm x) {
  CollectiveAlgorithms a;
  a.alltoall = x;
  return a;
}
CollectiveAlgorithms with(AllgatherAlgorithm x) {
  CollectiveAlgorithms a;
  a.allgather = x;
  return a;
}

}  // namespace

TEST_CASE("every algorithm of barrier, allreduce, alltoall and allgather pairs its messages") {
  for (std::uint32_t ranks = 1; ranks <= 17; ++ranks) {
    CAPTURE(ranks);
    for (const TreeShape tree : {TreeShape::kBinomial, TreeShape::kFlat}) {
      CollectiveAlgorithms a = with(BarrierAlgorithm::kTree);
      a.tree = tree;
      check_pairs(OpKind::kBarrier, ranks, a);
    }
    check_pairs(OpKind::kBarrier, ranks, with(BarrierAlgorithm::kDissemination));
    // On a communicator of any size, recursive doubling included (reduce_bcast when P is not a
    // power of two).
    check_pairs(OpKind::kAllreduce, ranks, CollectiveAlgorithms{AllreduceAlgorithm::kRecursiveDoubling});
    for (const auto x : {AlltoallAlgorithm::kPairwise, AlltoallAlgorithm::kLinear,
                         AlltoallAlgorithm::kBruck}) {
      check_pairs(OpKind::kAlltoall, ranks, with(x));
    }
    for (const auto x : {AllgatherAlgorithm::kRing, AllgatherAlgorithm::kRecursiveDoubling,
                         AllgatherAlgorithm::kBruck}) {
      check_pairs(OpKind::kAllgather, ranks, with(x));
    }
  }
}

TEST_CASE("barrier: dissemination and tree send exactly the messages worked out by hand") {
  // Dissemination on 5 ranks: rounds to r + 1, r + 2, r + 4, no payload (1 flit each).
  CHECK(messages(OpKind::kBarrier, 5, 0, with(BarrierAlgorithm::kDissemination)) ==
        shifts(5, {1, 2, 4}, {0, 0, 0}));
  // Binomial tree of 5 ranks from rank 0: 0 -> {4, 2, 1}, 2 -> {3}. Round 1 the gather to the
  // parents, round 3 the release to the children: 2 (P - 1) messages.
  CHECK(messages(OpKind::kBarrier, 5, 0, with(BarrierAlgorithm::kTree)) ==
        sorted({{1, 1, 0, 0}, {1, 2, 0, 0}, {1, 3, 2, 0}, {1, 4, 0, 0},
                {3, 0, 4, 0}, {3, 0, 2, 0}, {3, 0, 1, 0}, {3, 2, 3, 0}}));
  CollectiveAlgorithms flat = with(BarrierAlgorithm::kTree);
  flat.tree = TreeShape::kFlat;
  CHECK(messages(OpKind::kBarrier, 4, 0, flat) ==
        sorted({{1, 1, 0, 0}, {1, 2, 0, 0}, {1, 3, 0, 0}, {3, 0, 1, 0}, {3, 0, 2, 0}, {3, 0, 3, 0}}));
}

TEST_CASE("alltoall: pairwise, linear and Bruck send exactly the messages worked out by hand") {
  // 10 bytes to each peer.
  CHECK(messages(OpKind::kAlltoall, 5, 10, with(AlltoallAlgorithm::kPairwise)) ==
        shifts(5, {1, 2, 3, 4}, {10, 10, 10, 10}));
  // Linear: one round, every rank to every other.
  CHECK(messages(OpKind::kAlltoall, 5, 10, with(AlltoallAlgorithm::kLinear)) ==
        sorted([] {
          std::vector<Message> all;
          for (std::uint32_t r = 0; r < 5; ++r) {
            for (std::uint32_t to = 0; to < 5; ++to) {
              if (to != r) all.push_back({0, r, to, 10});
            }
          }
          return all;
        }()));
  // Bruck on 5: round k to r + 2^k with the blocks j < 5 whose bit k is set: {1, 3}, {2, 3},
  // {4}: 20, 20 and 10 bytes.
  CHECK(messages(OpKind::kAlltoall, 5, 10, with(AlltoallAlgorithm::kBruck)) ==
        shifts(5, {1, 2, 4}, {20, 20, 10}));
  // On 4: {1, 3}, {2, 3}: half the blocks each round.
  CHECK(messages(OpKind::kAlltoall, 4, 10, with(AlltoallAlgorithm::kBruck)) ==
        shifts(4, {1, 2}, {20, 20}));
}

TEST_CASE("allgather: ring, recursive doubling and Bruck send exactly the messages worked out by hand") {
  CHECK(messages(OpKind::kAllgather, 5, 10, with(AllgatherAlgorithm::kRing)) ==
        shifts(5, {1, 1, 1, 1}, {10, 10, 10, 10}));
  // Recursive doubling on 4: exchange 1 then 2 blocks across bit 0, then bit 1.
  CHECK(messages(OpKind::kAllgather, 4, 10, with(AllgatherAlgorithm::kRecursiveDoubling)) ==
        sorted({{0, 0, 1, 10}, {0, 1, 0, 10}, {0, 2, 3, 10}, {0, 3, 2, 10},
                {1, 0, 2, 20}, {1, 2, 0, 20}, {1, 1, 3, 20}, {1, 3, 1, 20}}));
  // Bruck on 5: round k to r - 2^k, min(2^k, 5 - 2^k) blocks: 1, 2, then the last 1.
  const auto bruck = shifts(5, {4, 3, 1}, {10, 20, 10});
  CHECK(messages(OpKind::kAllgather, 5, 10, with(AllgatherAlgorithm::kBruck)) == bruck);
  // Recursive doubling on 5 ranks, not a power of two, runs as Bruck's; allreduce's as a
  // reduce and a bcast.
  MpiOp allreduce;
  allreduce.kind = OpKind::kAllreduce;
  CHECK(round_count(allreduce, 0, 6, CollectiveAlgorithms{AllreduceAlgorithm::kRecursiveDoubling}) == 4);
  CHECK(messages(OpKind::kAllgather, 5, 10, with(AllgatherAlgorithm::kRecursiveDoubling)) ==
        bruck);
  // Every rank ends with the P - 1 blocks of the others.
  for (const std::uint32_t ranks : {5u, 7u, 12u}) {
    std::uint64_t received = 0;
    for (const Message& m : messages(OpKind::kAllgather, ranks, 1, with(AllgatherAlgorithm::kBruck))) {
      if (m.dst == 0) received += m.bytes;
    }
    CHECK(received == ranks - 1);
  }
}

TEST_CASE("algorithm names: the defaults are today's algorithms, unknown names are refused") {
  const CollectiveAlgorithms d = collective_algorithms_from(
      tree_shape_names()[0], allreduce_algorithm_names()[0], barrier_algorithm_names()[0],
      alltoall_algorithm_names()[0], allgather_algorithm_names()[0]);
  CHECK(d.tree == TreeShape::kBinomial);
  CHECK(d.allreduce == AllreduceAlgorithm::kReduceBcast);
  CHECK(d.barrier == BarrierAlgorithm::kDissemination);
  CHECK(d.alltoall == AlltoallAlgorithm::kPairwise);
  CHECK(d.allgather == AllgatherAlgorithm::kRing);
  const CollectiveAlgorithms b =
      collective_algorithms_from("flat", "recursive_doubling", "tree", "bruck", "bruck");
  CHECK(b.tree == TreeShape::kFlat);
  CHECK(b.barrier == BarrierAlgorithm::kTree);
  CHECK(b.alltoall == AlltoallAlgorithm::kBruck);
  CHECK(b.allgather == AllgatherAlgorithm::kBruck);
  try {
    collective_algorithms_from("binomial", "reduce_bcast", "dissemination", "scatter", "ring");
    FAIL("accepted");
  } catch (const pdes::ConfigError& e) {
    CHECK(e.key() == "workload.alltoall");
    CHECK(std::string(e.what()).find("\"scatter\"") != std::string::npos);
    CHECK(std::string(e.what()).find("\"pairwise\", \"linear\", \"bruck\"") != std::string::npos);
  }
}
