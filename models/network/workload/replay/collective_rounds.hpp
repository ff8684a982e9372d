// SPDX-License-Identifier: Apache-2.0
//
// How a collective is expanded into point-to-point messages (docs/workloads.md, "Collectives"):
// for rank r of P, a collective is a sequence of rounds; in each round the rank releases its
// sends, then waits for its receives, then goes on to the next round. Rounds are computed on
// demand, so a rank's replay state holds only the round it is in. The algorithm of each
// collective is a parameter (collective_algorithms.hpp); B is the operation's byte count.
//
//   barrier     dissemination: ceil(log2 P) rounds; round k: to r + 2^k, from r - 2^k (mod P)
//               tree: gather to rank 0 along workload.tree, then release from it (4 rounds)
//   bcast       a tree from the root: receive from the parent, then send to the children
//               (workload.tree: binomial as MPICH, largest subtree first; or flat: the root
//               sends to every other rank)
//   reduce      the same tree to the root: receive from the children, then send to the parent
//   allreduce   reduce_bcast: reduce to rank 0, then bcast from it; recursive_doubling: log2 P
//               rounds, round k: exchange with r XOR 2^k; P not a power of two (a communicator
//               of such a size; the world's is refused at set-up): reduce_bcast
//   alltoall    pairwise: P - 1 rounds, round k: to r + k + 1, from r - k - 1 (mod P)
//               linear: one round: to r + 1, r + 2, ..., r + P - 1, from every other rank
//               bruck: ceil(log2 P) rounds, round k: to r + 2^k, from r - 2^k (mod P), the
//               blocks j < P with bit k set, B each
//   allgather   ring: P - 1 rounds, round k: to r + 1, from r - 1 (mod P)
//               recursive_doubling: log2 P rounds, round k: exchange 2^k B with r XOR 2^k;
//               P not a power of two: bruck (as MPICH switches)
//               bruck: ceil(log2 P) rounds, round k: min(2^k, P - 2^k) B to r - 2^k, from
//               r + 2^k (mod P)
#pragma once

#include <cstdint>
#include <vector>

#include "models/network/workload/replay/collective_algorithms.hpp"
#include "models/network/workload/replay/mpi_op.hpp"

namespace net::replay {

struct Round {
  std::vector<std::uint32_t> sends;  ///< ranks, in release order
  std::vector<std::uint32_t> recvs;  ///< ranks
  std::uint64_t bytes = 0;           ///< of each message
};

/// The number of rounds of `op` (a collective) at `rank` of `ranks`.
std::uint32_t round_count(const MpiOp& op, std::uint32_t rank, std::uint32_t ranks,
                          CollectiveAlgorithms algorithms);
/// Round `k` (< round_count) of `op` at `rank`.
Round round_of(const MpiOp& op, std::uint32_t rank, std::uint32_t ranks, std::uint32_t k,
               CollectiveAlgorithms algorithms);

/// The round in which the receiver of a message sent in round `k` of `op` on `ranks` ranks
/// expects it: the same round, except in the tree algorithms, whose sends (odd rounds) meet
/// receives of the round before.
std::uint32_t receiver_round(const MpiOp& op, std::uint32_t ranks, std::uint32_t k,
                             CollectiveAlgorithms algorithms);

bool is_collective(OpKind kind);

}  // namespace net::replay
