// SPDX-License-Identifier: Apache-2.0
#include "models/network/workload/replay/collective_rounds.hpp"

#include <algorithm>

#include "pdes/error.hpp"

namespace net::replay {

namespace {

std::uint32_t ceil_log2(std::uint32_t n) {
  std::uint32_t k = 0;
  while ((std::uint64_t{1} << k) < n) ++k;
  return k;
}

// Binomial tree rooted at `root` (MPICH's bcast): the parent of `rank` (none for the root) and
// its children, largest subtree first.
void binomial(std::uint32_t rank, std::uint32_t ranks, std::uint32_t root, bool& has_parent,
              std::uint32_t& parent, std::vector<std::uint32_t>& children) {
  const std::uint32_t v = (rank + ranks - root) % ranks;
  std::uint64_t mask = 1;
  has_parent = false;
  while (mask < ranks) {
    if (v & mask) {
      has_parent = true;
      parent = static_cast<std::uint32_t>((v - mask + root) % ranks);
      break;
    }
    mask <<= 1;
  }
  children.clear();
  for (mask >>= 1; mask > 0; mask >>= 1) {
    if (v + mask < ranks) children.push_back(static_cast<std::uint32_t>((v + mask + root) % ranks));
  }
}

// The flat tree: every rank's parent is the root, whose children are all the others.
void flat(std::uint32_t rank, std::uint32_t ranks, std::uint32_t root, bool& has_parent,
          std::uint32_t& parent, std::vector<std::uint32_t>& children) {
  has_parent = rank != root;
  parent = root;
  children.clear();
  if (rank != root) return;
  for (std::uint32_t i = 1; i < ranks; ++i) children.push_back((root + i) % ranks);
}

Round tree_round(bool to_root, std::uint32_t rank, std::uint32_t ranks, std::uint32_t root,
                 std::uint32_t k, std::uint64_t bytes, TreeShape shape) {
  bool has_parent = false;
  std::uint32_t parent = 0;
  Round r;
  r.bytes = bytes;
  std::vector<std::uint32_t> children;
  if (shape == TreeShape::kFlat) {
    flat(rank, ranks, root, has_parent, parent, children);
  } else {
    binomial(rank, ranks, root, has_parent, parent, children);
  }
  // bcast: round 0 receives from the parent, round 1 sends to the children;
  // reduce: round 0 receives from the children, round 1 sends to the parent.
  if (to_root) {
    if (k == 0) r.recvs = children;
    if (k == 1 && has_parent) r.sends.push_back(parent);
  } else {
    if (k == 0 && has_parent) r.recvs.push_back(parent);
    if (k == 1) r.sends = children;
  }
  return r;
}

// The algorithms that run on `ranks` ranks: recursive doubling pairs r with r XOR 2^k, which
// needs P a power of two; on other sizes allreduce reduces and broadcasts, and allgather runs
// Bruck's algorithm, its generalisation (as MPICH switches on such sizes).
CollectiveAlgorithms for_size(CollectiveAlgorithms a, std::uint32_t ranks) {
  if ((ranks & (ranks - 1)) == 0) return a;
  if (a.allreduce == AllreduceAlgorithm::kRecursiveDoubling) {
    a.allreduce = AllreduceAlgorithm::kReduceBcast;
  }
  if (a.allgather == AllgatherAlgorithm::kRecursiveDoubling) a.allgather = AllgatherAlgorithm::kBruck;
  return a;
}

// One message to r + d and one from r - d (mod P), of `bytes`.
Round shift_round(std::uint32_t rank, std::uint32_t ranks, std::uint32_t d, std::uint64_t bytes) {
  Round r;
  r.bytes = bytes;
  r.sends.push_back((rank + d) % ranks);
  r.recvs.push_back((rank + ranks - d) % ranks);
  return r;
}

// How many j in [0, ranks) have bit k set: the blocks Bruck's alltoall moves in round k.
std::uint64_t blocks_with_bit(std::uint32_t ranks, std::uint32_t k) {
  const std::uint64_t bit = std::uint64_t{1} << k;
  const std::uint64_t period = bit << 1;
  const std::uint64_t tail = ranks % period;
  return (ranks / period) * bit + (tail > bit ? tail - bit : 0);
}

Round alltoall_round(std::uint32_t rank, std::uint32_t ranks, std::uint32_t k,
                     std::uint64_t bytes, AlltoallAlgorithm algorithm) {
  switch (algorithm) {
    case AlltoallAlgorithm::kLinear: {
      // MPICH's basic linear algorithm: every isend and irecv posted at once, then a waitall.
      Round r;
      r.bytes = bytes;
      for (std::uint32_t i = 1; i < ranks; ++i) {
        r.sends.push_back((rank + i) % ranks);
        r.recvs.push_back((rank + ranks - i) % ranks);
      }
      return r;
    }
    case AlltoallAlgorithm::kBruck:
      // After a local rotation, block j travels in every round k whose bit is set in j, so
      // round k carries every such block in one message (Bruck et al. 1997).
      return shift_round(rank, ranks, static_cast<std::uint32_t>(std::uint64_t{1} << k),
                         bytes * blocks_with_bit(ranks, k));
    default:
      return shift_round(rank, ranks, k + 1, bytes);
  }
}

Round allgather_round(std::uint32_t rank, std::uint32_t ranks, std::uint32_t k,
                      std::uint64_t bytes, AllgatherAlgorithm algorithm) {
  const std::uint64_t d = std::uint64_t{1} << k;
  if (algorithm == AllgatherAlgorithm::kRecursiveDoubling) {
    // Round k exchanges the 2^k blocks gathered so far with the partner across bit k.
    Round r;
    r.bytes = bytes * d;
    r.sends.push_back(rank ^ static_cast<std::uint32_t>(d));
    r.recvs.push_back(rank ^ static_cast<std::uint32_t>(d));
    return r;
  }
  if (algorithm == AllgatherAlgorithm::kRing) return shift_round(rank, ranks, 1, bytes);
  // Bruck: the blocks gathered so far, at most P - 2^k in the last round, go to r - 2^k; the
  // ones of r + 2^k come in.
  return shift_round(rank, ranks, static_cast<std::uint32_t>(ranks - d),
                     bytes * std::min<std::uint64_t>(d, ranks - d));
}

}  // namespace

bool is_collective(OpKind kind) {
  switch (kind) {
    case OpKind::kBarrier:
    case OpKind::kBcast:
    case OpKind::kReduce:
    case OpKind::kAllreduce:
    case OpKind::kAlltoall:
    case OpKind::kAllgather:
      return true;
    default:
      return false;
  }
}

std::uint32_t receiver_round(const MpiOp& op, std::uint32_t ranks, std::uint32_t k,
                             CollectiveAlgorithms algorithms) {
  algorithms = for_size(algorithms, ranks);
  const AllreduceAlgorithm allreduce = algorithms.allreduce;
  const bool tree = op.kind == OpKind::kBcast || op.kind == OpKind::kReduce ||
                    (op.kind == OpKind::kAllreduce &&
                     allreduce == AllreduceAlgorithm::kReduceBcast) ||
                    (op.kind == OpKind::kBarrier && algorithms.barrier == BarrierAlgorithm::kTree);
  return tree ? k - 1 : k;
}

std::uint32_t round_count(const MpiOp& op, std::uint32_t /*rank*/, std::uint32_t ranks,
                          CollectiveAlgorithms algorithms) {
  algorithms = for_size(algorithms, ranks);
  const AllreduceAlgorithm allreduce = algorithms.allreduce;
  if (ranks <= 1) return 0;
  switch (op.kind) {
    case OpKind::kBarrier:
      return algorithms.barrier == BarrierAlgorithm::kTree ? 4 : ceil_log2(ranks);
    case OpKind::kBcast:
    case OpKind::kReduce: return 2;
    case OpKind::kAllreduce:
      return allreduce == AllreduceAlgorithm::kRecursiveDoubling ? ceil_log2(ranks) : 4;
    case OpKind::kAlltoall:
      switch (algorithms.alltoall) {
        case AlltoallAlgorithm::kLinear: return 1;
        case AlltoallAlgorithm::kBruck: return ceil_log2(ranks);
        default: return ranks - 1;
      }
    case OpKind::kAllgather:
      return algorithms.allgather == AllgatherAlgorithm::kRing ? ranks - 1 : ceil_log2(ranks);
    default: PDES_CHECK(false, "not a collective"); return 0;
  }
}

Round round_of(const MpiOp& op, std::uint32_t rank, std::uint32_t ranks, std::uint32_t k,
               CollectiveAlgorithms algorithms) {
  algorithms = for_size(algorithms, ranks);
  const AllreduceAlgorithm allreduce = algorithms.allreduce;
  const TreeShape shape = algorithms.tree;
  Round r;
  r.bytes = op.amount;
  switch (op.kind) {
    case OpKind::kBarrier:
      if (algorithms.barrier == BarrierAlgorithm::kTree) {
        // A reduce of nothing to rank 0, then a bcast of nothing from it.
        return k < 2 ? tree_round(true, rank, ranks, 0, k, 0, shape)
                     : tree_round(false, rank, ranks, 0, k - 2, 0, shape);
      }
      return shift_round(rank, ranks, static_cast<std::uint32_t>((std::uint64_t{1} << k) % ranks),
                         0);
    case OpKind::kBcast: return tree_round(false, rank, ranks, op.root, k, op.amount, shape);
    case OpKind::kReduce: return tree_round(true, rank, ranks, op.root, k, op.amount, shape);
    case OpKind::kAllreduce:
      if (allreduce == AllreduceAlgorithm::kRecursiveDoubling) {
        const std::uint32_t peer = rank ^ (1u << k);
        r.sends.push_back(peer);
        r.recvs.push_back(peer);
        return r;
      }
      return k < 2 ? tree_round(true, rank, ranks, 0, k, op.amount, shape)
                   : tree_round(false, rank, ranks, 0, k - 2, op.amount, shape);
    case OpKind::kAlltoall: return alltoall_round(rank, ranks, k, op.amount, algorithms.alltoall);
    case OpKind::kAllgather:
      return allgather_round(rank, ranks, k, op.amount, algorithms.allgather);
    default: PDES_CHECK(false, "not a collective"); return r;
  }
}

}  // namespace net::replay
