// SPDX-License-Identifier: Apache-2.0
//
// Schema::explain(): the schema as a table, for `warpnet config --explain`.
#include "io/config/schema.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace io {

namespace {

constexpr std::size_t kColumns = 5;  // path, type, default, unit, allowed; then the description
using Row = std::array<std::string, kColumns>;

std::string allowed_column(const KeyDecl& d) {
  if (d.type == ValueType::choice) return fmt::format("{}", fmt::join(d.choices, " | "));
  if (d.type == ValueType::boolean) return "true | false";
  std::string out = describe_bounds(d);
  if (d.finite) out = out.empty() ? "finite" : out + ", finite";
  if (d.min_size && d.max_size) {
    const std::string size = *d.min_size == *d.max_size
                                 ? fmt::format("{} elements", *d.min_size)
                                 : fmt::format("{} .. {} elements", *d.min_size, *d.max_size);
    out = out.empty() ? size : size + ", each " + out;
  } else if (is_list(d.type) && !out.empty()) {
    out = "each " + out;
  }
  return out.empty() ? "any" : out;
}

Row row_of(const KeyDecl& d) {
  return Row{d.path, std::string(type_name(d.type)),
             d.required ? "(required)" : to_toml(d.default_value), d.unit.empty() ? "-" : d.unit,
             allowed_column(d)};
}

std::string activation_note(const SectionInfo& s) {
  if (s.choice_key.empty()) return "";
  std::vector<std::string> quoted;
  for (const auto& v : s.active_values) quoted.push_back("\"" + v + "\"");
  return fmt::format("  (only when {} = {})", s.choice_key, fmt::join(quoted, " or "));
}

}  // namespace

std::string Schema::explain() const {
  const Row header{"KEY", "TYPE", "DEFAULT", "UNIT", "ALLOWED"};
  std::array<std::size_t, kColumns> width{};
  auto widen = [&](const Row& row) {
    for (std::size_t c = 0; c < kColumns; ++c) width[c] = std::max(width[c], row[c].size());
  };
  widen(header);
  for (const KeyBuilder& key : keys_) widen(row_of(key.decl()));

  auto format_row = [&](const Row& row, std::string_view description) {
    std::string line = " ";
    for (std::size_t c = 0; c < kColumns; ++c) line += fmt::format(" {:<{}}", row[c], width[c]);
    line += "  ";
    line += description;
    while (!line.empty() && line.back() == ' ') line.pop_back();
    return line + "\n";
  };

  std::string out =
      "Configuration keys. Give them in a TOML file ([section] then key = value) or on the\n"
      "command line with --set section.key=value.\n";
  // Appends rather than "\n" + string: GCC 12 gives a false -Wrestrict on the latter.
  out += '\n';
  out += format_row(header, "DESCRIPTION");

  auto print_section = [&](std::string_view name, std::string_view title) {
    bool any = false;
    for (const KeyBuilder& key : keys_) {
      if (key.decl().section != name) continue;
      if (!any) {
        out += '\n';
        out += title;
        out += '\n';
      }
      any = true;
      out += format_row(row_of(key.decl()), key.decl().description);
    }
  };
  print_section("", "(top level)");
  for (const SectionInfo& s : sections_) {
    std::string title = "[" + s.name + "]";
    if (!s.description.empty()) title += "  " + s.description;
    print_section(s.name, title + activation_note(s));
  }
  return out;
}

}  // namespace io
