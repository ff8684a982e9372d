// SPDX-License-Identifier: Apache-2.0
#include "io/config/internal/value_reader.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "io/config/internal/suggest.hpp"

namespace io::internal {

namespace {

constexpr std::size_t kMaxQuoted = 60;

ValueType element_type(ValueType list_type) {
  switch (list_type) {
    case ValueType::int_list:
      return ValueType::integer;
    case ValueType::float_list:
      return ValueType::floating;
    default:
      return ValueType::string;
  }
}

std::string wrong_type(const std::string& subject, const toml::node& node, const KeyDecl& decl) {
  return fmt::format("{} has the wrong type ({}); expected {}", subject, node_kind(node),
                     describe_allowed(decl));
}

std::string out_of_range(const std::string& subject, const KeyDecl& decl, bool element) {
  return fmt::format("{} is out of range; allowed: {}{}", subject, element ? "each " : "",
                     describe_bounds(decl));
}

// Size limits of lists and table lists: "exactly 2" or "1 .. 3".
std::string size_limits(const KeyDecl& decl) {
  return *decl.min_size == *decl.max_size ? fmt::format("exactly {}", *decl.min_size)
                                          : fmt::format("{} .. {}", *decl.min_size, *decl.max_size);
}

// An integer is read as a float only if the float holds it exactly: no silent rounding.
bool exact_as_double(std::int64_t v) {
  const double d = static_cast<double>(v);
  return static_cast<long double>(d) == static_cast<long double>(v);
}

}  // namespace

TextPosition position_of(const toml::node& node) {
  return TextPosition{node.source().begin.line, node.source().begin.column};
}

std::string node_kind(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a float";
    case toml::node_type::boolean:
      return "a boolean";
    case toml::node_type::string:
      return "a string";
    case toml::node_type::array:
      return "an array";
    case toml::node_type::table:
      return "a table";
    case toml::node_type::date:
      return "a date";
    case toml::node_type::time:
      return "a time";
    case toml::node_type::date_time:
      return "a date-time";
    case toml::node_type::none:
      break;
  }
  return "nothing";
}

std::string format_node(const toml::node& node) {
  if (const auto* v = node.as_integer()) return std::to_string(v->get());
  if (const auto* v = node.as_floating_point()) return float_to_toml(v->get());
  if (const auto* v = node.as_boolean()) return v->get() ? "true" : "false";
  if (const auto* v = node.as_string()) return string_to_toml(v->get());
  if (const auto* array = node.as_array()) {
    std::vector<std::string> parts;
    for (const toml::node& element : *array) parts.push_back(format_node(element));
    return fmt::format("[{}]", fmt::join(parts, ", "));
  }
  if (const auto* table = node.as_table()) {
    std::vector<std::string> parts;
    for (auto&& [key, value] : *table) {
      parts.push_back(std::string(key.str()) + " = " + format_node(value));
    }
    return fmt::format("{{{}}}", fmt::join(parts, ", "));
  }
  std::ostringstream out;  // dates and times
  node.visit([&](const auto& v) { out << v; });
  return out.str();
}

std::string ValueReader::as_written(const toml::node& node) const {
  const auto& region = node.source();
  // Tables (often implicit, from dotted keys) have no text of their own.
  std::string text = node.is_table()
                         ? format_node(node)
                         : source_
                               .slice(TextPosition{region.begin.line, region.begin.column},
                                      TextPosition{region.end.line, region.end.column})
                               .value_or(format_node(node));
  if (text.size() > kMaxQuoted) text = text.substr(0, kMaxQuoted - 3) + "...";
  return text;
}

std::optional<Value> ValueReader::read_scalar(const KeyDecl& decl, const toml::node& node,
                                              const std::string& subject,
                                              std::string& problem) const {
  const bool element = is_list(decl.type);
  KeyDecl scalar = decl;
  scalar.type = element ? element_type(decl.type) : decl.type;
  scalar.min_size.reset();
  scalar.max_size.reset();

  switch (scalar.type) {
    case ValueType::integer: {
      const auto* v = node.as_integer();
      if (v == nullptr) break;
      if (!within_bounds(scalar, v->get())) {
        problem = out_of_range(subject, scalar, element);
        return std::nullopt;
      }
      return Value{v->get()};
    }
    case ValueType::floating: {
      double d = 0.0;
      if (const auto* f = node.as_floating_point()) {
        d = f->get();
      } else if (const auto* i = node.as_integer()) {
        if (!exact_as_double(i->get())) {
          problem = fmt::format("{} cannot be represented exactly as a float; expected {}", subject,
                                describe_allowed(scalar));
          return std::nullopt;
        }
        d = static_cast<double>(i->get());
      } else {
        break;
      }
      if (std::isnan(d)) {
        problem = fmt::format("{} is not a number; expected {}", subject, describe_allowed(scalar));
        return std::nullopt;
      }
      if (scalar.finite && std::isinf(d)) {
        problem = fmt::format("{} is not finite; expected {}", subject, describe_allowed(scalar));
        return std::nullopt;
      }
      if (!within_bounds(scalar, d)) {
        problem = out_of_range(subject, scalar, element);
        return std::nullopt;
      }
      return Value{d};
    }
    case ValueType::boolean:
      if (const auto* v = node.as_boolean()) return Value{v->get()};
      break;
    case ValueType::string:
      if (const auto* v = node.as_string()) return Value{v->get()};
      break;
    case ValueType::choice: {
      const auto* v = node.as_string();
      if (v == nullptr) break;
      const auto& choices = scalar.choices;
      if (std::find(choices.begin(), choices.end(), v->get()) != choices.end()) {
        return Value{v->get()};
      }
      problem =
          fmt::format("{} is not a valid choice; allowed: {}", subject, fmt::join(choices, ", "));
      if (const auto guess = closest(v->get(), choices)) {
        problem += fmt::format("; did you mean \"{}\"?", *guess);
      }
      return std::nullopt;
    }
    case ValueType::int_list:
    case ValueType::float_list:
    case ValueType::string_list:
    case ValueType::table_list:
      break;  // not a scalar type
  }
  problem = wrong_type(subject, node, scalar);
  return std::nullopt;
}

std::optional<Value> ValueReader::read_list(const KeyDecl& decl, const toml::array& array,
                                            std::vector<ValueProblem>& problems) const {
  const std::size_t n = array.size();
  std::vector<std::int64_t> ints;
  std::vector<double> floats;
  std::vector<std::string> strings;
  bool ok = true;
  for (std::size_t i = 0; i < n; ++i) {
    const toml::node& element = *array.get(i);
    const std::string subject =
        fmt::format("element {} of {} (value {})", i + 1, n, as_written(element));
    std::string problem;
    const auto value = read_scalar(decl, element, subject, problem);
    if (!value) {
      problems.push_back(ValueProblem{position_of(element), problem});
      ok = false;
      continue;
    }
    if (const auto* v = std::get_if<std::int64_t>(&*value)) ints.push_back(*v);
    if (const auto* v = std::get_if<double>(&*value)) floats.push_back(*v);
    if (const auto* v = std::get_if<std::string>(&*value)) strings.push_back(*v);
  }
  if ((decl.min_size && n < *decl.min_size) || (decl.max_size && n > *decl.max_size)) {
    const std::string allowed = size_limits(decl);
    problems.push_back(ValueProblem{position_of(array),
                                    fmt::format("value {} has {} element{}; allowed: {} elements",
                                                as_written(array), n, n == 1 ? "" : "s", allowed)});
    ok = false;
  }
  if (!ok) return std::nullopt;
  switch (decl.type) {
    case ValueType::int_list:
      return Value{std::move(ints)};
    case ValueType::float_list:
      return Value{std::move(floats)};
    default:
      return Value{std::move(strings)};
  }
}

std::optional<TableRow> ValueReader::read_row(const KeyDecl& decl, const toml::table& table,
                                              const std::string& which,
                                              std::vector<ValueProblem>& problems) const {
  TableRow row;
  row.line = table.source().begin.line;
  for (const KeyDecl& f : decl.fields) {
    std::optional<Value> value;
    if (!f.required && !f.optional) value = f.default_value;
    row.fields.push_back(TableField{f.name, std::move(value), false});
  }
  bool ok = true;
  std::vector<std::string> names;
  for (const KeyDecl& f : decl.fields) names.push_back(f.name);
  for (auto&& [key, node] : table) {
    const std::string name(key.str());
    const KeyDecl* field = decl.find_field(name);
    if (field == nullptr) {
      std::string message =
          fmt::format("{}: unknown field \"{}\" (value {})", which, name, as_written(node));
      if (const auto guess = closest(name, names)) {
        message += fmt::format("; did you mean \"{}\"?", *guess);
      }
      message += fmt::format(" valid fields: {}", fmt::join(names, ", "));
      problems.push_back(ValueProblem{
          TextPosition{key.source().begin.line, key.source().begin.column}, std::move(message)});
      ok = false;
      continue;
    }
    ReadResult result = read(*field, node);  // fields are scalars or lists, never tables
    if (!result.value) {
      for (ValueProblem& p : result.problems) {
        p.message = fmt::format("{}, field \"{}\": {}", which, name, p.message);
        problems.push_back(std::move(p));
      }
      ok = false;
      continue;
    }
    for (TableField& f : row.fields) {
      if (f.name != name) continue;
      f.value = std::move(*result.value);
      f.given = true;
    }
  }
  for (const KeyDecl& f : decl.fields) {
    if (!f.required || table.contains(f.name)) continue;
    problems.push_back(ValueProblem{
        position_of(table),
        fmt::format("{}: required field \"{}\" is missing; expected {}{}", which, f.name,
                    describe_allowed(f), f.unit.empty() ? "" : " (" + f.unit + ")")});
    ok = false;
  }
  if (!ok) return std::nullopt;
  return row;
}

std::optional<Value> ValueReader::read_table_list(const KeyDecl& decl, const toml::array& array,
                                                  std::vector<ValueProblem>& problems) const {
  const std::size_t n = array.size();
  std::vector<TableRow> rows;
  bool ok = true;
  for (std::size_t i = 0; i < n; ++i) {
    const toml::node& element = *array.get(i);
    const std::string which = fmt::format("table {} of {}", i + 1, n);
    const toml::table* table = element.as_table();
    if (table == nullptr) {
      problems.push_back(ValueProblem{
          position_of(element),
          fmt::format("{} (value {}) has the wrong type ({}); expected {}", which,
                      as_written(element), node_kind(element), describe_allowed(decl))});
      ok = false;
      continue;
    }
    if (auto row = read_row(decl, *table, which, problems)) {
      rows.push_back(std::move(*row));
    } else {
      ok = false;
    }
  }
  if ((decl.min_size && n < *decl.min_size) || (decl.max_size && n > *decl.max_size)) {
    problems.push_back(
        ValueProblem{position_of(array), fmt::format("{} table{} given; allowed: {} tables", n,
                                                     n == 1 ? "" : "s", size_limits(decl))});
    ok = false;
  }
  if (!ok) return std::nullopt;
  return Value{std::move(rows)};
}

ReadResult ValueReader::read(const KeyDecl& decl, const toml::node& node) const {
  ReadResult result;
  if (decl.type == ValueType::table_list) {
    if (const auto* array = node.as_array()) {
      result.value = read_table_list(decl, *array, result.problems);
      return result;
    }
    result.problems.push_back(
        ValueProblem{position_of(node), wrong_type("value " + as_written(node), node, decl)});
    return result;
  }
  if (is_list(decl.type)) {
    if (const auto* array = node.as_array()) {
      result.value = read_list(decl, *array, result.problems);
      return result;
    }
    result.problems.push_back(
        ValueProblem{position_of(node), wrong_type("value " + as_written(node), node, decl)});
    return result;
  }
  std::string problem;
  result.value = read_scalar(decl, node, "value " + as_written(node), problem);
  if (!result.value) result.problems.push_back(ValueProblem{position_of(node), problem});
  return result;
}

}  // namespace io::internal
