// SPDX-License-Identifier: Apache-2.0
//
// A ResultSet as a flat array of 64-bit words, so that io::combine can move every rank's
// results with one MPI_Allgatherv. Words rather than bytes because MPI counts are ints: in
// MPI_UINT64_T units one exchange can carry 16 GiB instead of 2 GiB.
//
// The encoding is private to one run (all ranks run the same binary on the same byte order);
// it is not a file format.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "io/results/result_set.hpp"

namespace io::internal {

std::vector<std::uint64_t> encode_result_set(const ResultSet& results);

/// Throws pdes::InvariantError when `words` is not a complete encoding.
ResultSet decode_result_set(std::span<const std::uint64_t> words);

}  // namespace io::internal
