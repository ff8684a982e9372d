// SPDX-License-Identifier: Apache-2.0
#include "io/config/internal/source_text.hpp"

namespace io::internal {

SourceText::SourceText(std::string text) : text_(std::move(text)) {
  line_starts_.push_back(0);
  for (std::size_t i = 0; i < text_.size(); ++i) {
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
  }
}

std::size_t SourceText::offset(TextPosition position) const {
  if (position.line == 0 || position.column == 0 || position.line > line_starts_.size()) {
    return std::string::npos;
  }
  std::size_t at = line_starts_[position.line - 1];
  // Step over column - 1 code points; UTF-8 continuation bytes are 10xxxxxx.
  for (std::uint32_t col = 1; col < position.column; ++col) {
    if (at >= text_.size() || text_[at] == '\n') return std::string::npos;
    ++at;
    while (at < text_.size() && (static_cast<unsigned char>(text_[at]) & 0xC0) == 0x80) ++at;
  }
  return at;
}

std::optional<std::string> SourceText::slice(TextPosition begin, TextPosition end) const {
  if (begin.line != end.line || end.column <= begin.column) return std::nullopt;
  const std::size_t from = offset(begin);
  if (from == std::string::npos) return std::nullopt;
  std::size_t to = from;
  for (std::uint32_t col = begin.column; col < end.column && to < text_.size(); ++col) {
    if (text_[to] == '\n') break;
    ++to;
    while (to < text_.size() && (static_cast<unsigned char>(text_[to]) & 0xC0) == 0x80) ++to;
  }
  std::string out = text_.substr(from, to - from);
  while (!out.empty() && (out.back() == ' ' || out.back() == '\t' || out.back() == '\r')) {
    out.pop_back();
  }
  if (out.empty()) return std::nullopt;
  return out;
}

}  // namespace io::internal
