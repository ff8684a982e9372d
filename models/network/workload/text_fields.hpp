// SPDX-License-Identifier: Apache-2.0
//
// Reading the small text files of workloads (message lists, logical traces, communicators, rank
// placements): a line's fields, and whole numbers within a range, so that every file refuses a
// bad value with the same words.
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace net {

/// The fields of `line` (its comment already cut), separated by blanks, tabs, carriage returns
/// and any of `also` (e.g. ",").
inline std::vector<std::string_view> split_fields(std::string_view line,
                                                  std::string_view also = "") {
  auto separator = [&](char c) {
    return c == ' ' || c == '\t' || c == '\r' || also.find(c) != std::string_view::npos;
  };
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && separator(line[i])) ++i;
    std::size_t j = i;
    while (j < line.size() && !separator(line[j])) ++j;
    if (j > i) fields.push_back(line.substr(i, j - i));
    i = j;
  }
  return fields;
}

/// `field` as a whole number if it is one within [low, high].
inline std::optional<std::uint64_t> whole_number(std::string_view field, std::uint64_t low,
                                                 std::uint64_t high) {
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), v);
  if (ec != std::errc{} || end != field.data() + field.size() || v < low || v > high) {
    return std::nullopt;
  }
  return v;
}

/// `field` fit to quote in a message: bytes that are not printable ASCII as \xNN, and at most
/// 40 characters, so that a binary file's bad line stays readable.
inline std::string printable(std::string_view field) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (const char ch : field.substr(0, 40)) {
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0x20 && c < 0x7f) {
      out += ch;
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  if (field.size() > 40) out += "...";
  return out;
}

/// "<name> '<field>' is not a whole number in [low, high]"
inline std::string not_whole_number(std::string_view name, std::string_view field,
                                    std::uint64_t low, std::uint64_t high) {
  return std::string(name) + " '" + printable(field) + "' is not a whole number in [" +
         std::to_string(low) + ", " + std::to_string(high) + "]";
}

}  // namespace net
