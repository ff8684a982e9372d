// SPDX-License-Identifier: Apache-2.0
#include "models/network/workload/replay/collective_rounds.hpp"

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

std::uint32_t receiver_round(const MpiOp& op, std::uint32_t k, CollectiveAlgorithms algorithms) {
  const AllreduceAlgorithm allreduce = algorithms.allreduce;
  const bool tree = op.kind == OpKind::kBcast || op.kind == OpKind::kReduce ||
                    (op.kind == OpKind::kAllreduce &&
                     allreduce == AllreduceAlgorithm::kReduceBcast);
  return tree ? k - 1 : k;
}

std::uint32_t round_count(const MpiOp& op, std::uint32_t /*rank*/, std::uint32_t ranks,
                          CollectiveAlgorithms algorithms) {
  const AllreduceAlgorithm allreduce = algorithms.allreduce;
  if (ranks <= 1) return 0;
  switch (op.kind) {
    case OpKind::kBarrier: return ceil_log2(ranks);
    case OpKind::kBcast:
    case OpKind::kReduce: return 2;
    case OpKind::kAllreduce:
      return allreduce == AllreduceAlgorithm::kRecursiveDoubling ? ceil_log2(ranks) : 4;
    case OpKind::kAlltoall:
    case OpKind::kAllgather: return ranks - 1;
    default: PDES_CHECK(false, "not a collective"); return 0;
  }
}

Round round_of(const MpiOp& op, std::uint32_t rank, std::uint32_t ranks, std::uint32_t k,
               CollectiveAlgorithms algorithms) {
  const AllreduceAlgorithm allreduce = algorithms.allreduce;
  const TreeShape shape = algorithms.tree;
  Round r;
  r.bytes = op.amount;
  switch (op.kind) {
    case OpKind::kBarrier: {
      const std::uint32_t d = static_cast<std::uint32_t>((std::uint64_t{1} << k) % ranks);
      r.bytes = 0;
      r.sends.push_back((rank + d) % ranks);
      r.recvs.push_back((rank + ranks - d) % ranks);
      return r;
    }
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
    case OpKind::kAlltoall:
      r.sends.push_back((rank + k + 1) % ranks);
      r.recvs.push_back((rank + ranks - (k + 1)) % ranks);
      return r;
    case OpKind::kAllgather:
      r.sends.push_back((rank + 1) % ranks);
      r.recvs.push_back((rank + ranks - 1) % ranks);
      return r;
    default: PDES_CHECK(false, "not a collective"); return r;
  }
}

}  // namespace net::replay
