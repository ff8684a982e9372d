// SPDX-License-Identifier: Apache-2.0
//
// "Did you mean": the closest name to a misspelt one, by edit distance.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace io::internal {

/// Optimal-string-alignment distance (insertions, deletions, substitutions and transpositions of
/// adjacent characters), ignoring ASCII case.
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The candidate closest to `name`, if it is close enough to be a plausible typo: at most one
/// edit per three characters of `name` (at least 1, at most 3). Ties go to the earlier candidate.
std::optional<std::string> closest(std::string_view name,
                                   const std::vector<std::string>& candidates);

}  // namespace io::internal
