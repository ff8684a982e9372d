// SPDX-License-Identifier: Apache-2.0
//
// Schema::explain(): the schema as a table, for `warpnet config --explain`.
#include "io/config/schema.hpp"

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace io {

namespace {

constexpr std::size_t kColumns = 5;  // path, type, default, unit, allowed; then the description
using Row = std::array<std::string, kColumns>;

std::string allowed_column(const KeyDecl& d) {
  if (d.type == ValueType::choice) return fmt::format("{}", fmt::join(d.choices, " | "));
  if (d.type == ValueType::table_list) {
    return d.min_size && d.max_size ? fmt::format("{} .. {} tables", *d.min_size, *d.max_size)
                                    : "any";
  }
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

std::string default_column(const KeyDecl& d) {
  if (d.required) return "(required)";
  if (d.optional) return "(none)";
  return to_toml(d.default_value);
}

// A table list's own row, then one row per field, "traffic.phases[].load".
std::vector<std::pair<Row, std::string>> rows_of(const KeyDecl& d) {
  std::vector<std::pair<Row, std::string>> rows{
      {Row{d.path, std::string(type_name(d.type)), default_column(d), d.unit.empty() ? "-" : d.unit,
           allowed_column(d)},
       d.description}};
  for (const KeyDecl& f : d.fields) {
    auto field_rows = rows_of(f);  // one row: fields do not nest
    field_rows.front().first[0] = d.path + "[]." + f.name;
    rows.push_back(std::move(field_rows.front()));
  }
  return rows;
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
  for (const KeyBuilder& key : keys_) {
    for (const auto& [row, description] : rows_of(key.decl())) widen(row);
  }

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
      for (const auto& [row, description] : rows_of(key.decl())) {
        out += format_row(row, description);
      }
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
