// SPDX-License-Identifier: Apache-2.0
// io::internal::edit_distance and closest: the "did you mean" of config errors.
#include <doctest/doctest.h>

#include "io/config/internal/suggest.hpp"

using io::internal::closest;
using io::internal::edit_distance;

TEST_CASE("edit distance counts insertions, deletions, substitutions and transpositions") {
  CHECK(edit_distance("lps", "lps") == 0);
  CHECK(edit_distance("lsp", "lps") == 1);  // transposition
  CHECK(edit_distance("lp", "lps") == 1);
  CHECK(edit_distance("lpss", "lps") == 1);
  CHECK(edit_distance("lqs", "lps") == 1);
  CHECK(edit_distance("LPS", "lps") == 0);  // case is ignored
  CHECK(edit_distance("", "abc") == 3);
  CHECK(edit_distance("kitten", "sitting") == 3);
}

TEST_CASE("closest suggests only plausible typos") {
  const std::vector<std::string> keys{"lps", "start_events", "mean_delay", "lookahead"};
  CHECK(closest("lsp", keys) == "lps");
  CHECK(closest("mean_dealy", keys) == "mean_delay");
  CHECK(closest("startevents", keys) == "start_events");
  CHECK(closest("colour", keys) == std::nullopt);
  CHECK(closest("x", keys) == std::nullopt);
  CHECK(closest("anything", {}) == std::nullopt);
}
