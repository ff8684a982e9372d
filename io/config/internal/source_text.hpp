// SPDX-License-Identifier: Apache-2.0
//
// SourceText: the text of a TOML document, to quote a value exactly as the user wrote it.
//
// toml++ gives each node a source region (line and column, in code points, end exclusive) but not
// its text; error messages quote the text so that `1_000`, `0x10` or `"warp"` appear as typed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace io::internal {

struct TextPosition {
  std::uint32_t line = 0;    ///< 1-based
  std::uint32_t column = 0;  ///< 1-based, in code points
};

class SourceText {
 public:
  explicit SourceText(std::string text);

  /// The text from `begin` up to (not including) `end` on one line, without trailing blanks, or
  /// nothing when the region spans lines or lies outside the text.
  std::optional<std::string> slice(TextPosition begin, TextPosition end) const;

  const std::string& text() const { return text_; }

 private:
  /// Byte offset of a (line, column), or npos.
  std::size_t offset(TextPosition position) const;

  std::string text_;
  std::vector<std::size_t> line_starts_;
};

}  // namespace io::internal
