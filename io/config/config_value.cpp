// SPDX-License-Identifier: Apache-2.0
#include "io/config/config_value.hpp"

#include <charconv>
#include <cmath>
#include <stdexcept>
#include <type_traits>

namespace io {

std::string_view type_name(ValueType type) {
  switch (type) {
    case ValueType::integer:
      return "integer";
    case ValueType::floating:
      return "float";
    case ValueType::boolean:
      return "boolean";
    case ValueType::string:
      return "string";
    case ValueType::choice:
      return "choice";
    case ValueType::int_list:
      return "integer list";
    case ValueType::float_list:
      return "float list";
    case ValueType::string_list:
      return "string list";
    case ValueType::table_list:
      return "table list";
  }
  return "unknown";
}

bool is_list(ValueType type) {
  return type == ValueType::int_list || type == ValueType::float_list ||
         type == ValueType::string_list;
}

std::string float_to_toml(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buffer[64];
  // Shortest text that reads back as the same double.
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  std::string text(buffer, result.ptr);
  if (text.find_first_of(".e") == std::string::npos) text += ".0";
  return text;
}

std::string string_to_toml(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
          static constexpr char kHex[] = "0123456789ABCDEF";
          out += "\\u00";
          out += kHex[(c >> 4) & 0xf];
          out += kHex[c & 0xf];
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

namespace {

std::string element_to_toml(std::int64_t v) { return std::to_string(v); }
std::string element_to_toml(double v) { return float_to_toml(v); }
std::string element_to_toml(bool v) { return v ? "true" : "false"; }
std::string element_to_toml(const std::string& v) { return string_to_toml(v); }

// An inline table: TOML 1.0 keeps it on one line, which effective_toml() relies on.
std::string element_to_toml(const TableRow& row) {
  std::string out = "{";
  for (const TableField& f : row.fields) {
    if (!f.value) continue;
    if (out.size() > 1) out += ", ";
    out += f.name + " = " + to_toml(*f.value);
  }
  return out + "}";
}

template <typename T>
std::string list_to_toml(const std::vector<T>& list) {
  std::string out = "[";
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (i > 0) out += ", ";
    out += element_to_toml(list[i]);
  }
  return out + "]";
}

}  // namespace

std::string to_toml(const Value& value) {
  return std::visit(
      [](const auto& v) -> std::string {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::vector<std::int64_t>> ||
                      std::is_same_v<T, std::vector<double>> ||
                      std::is_same_v<T, std::vector<std::string>> ||
                      std::is_same_v<T, std::vector<TableRow>>) {
          return list_to_toml(v);
        } else {
          return element_to_toml(v);
        }
      },
      value);
}

// --- TableRow --------------------------------------------------------------------------------

const TableField& TableRow::field(std::string_view name) const {
  for (const TableField& f : fields) {
    if (f.name == name) return f;
  }
  throw std::logic_error("io::TableRow: field \"" + std::string(name) + "\" is not declared");
}

template <typename T>
const T& TableRow::get(std::string_view name) const {
  const TableField& f = field(name);
  if (!f.value) {
    throw std::logic_error("io::TableRow: optional field \"" + std::string(name) +
                           "\" has no value (check has_value() first)");
  }
  const T* v = std::get_if<T>(&*f.value);
  if (v == nullptr) {
    throw std::logic_error("io::TableRow: field \"" + std::string(name) +
                           "\" read with the wrong getter");
  }
  return *v;
}

bool TableRow::is_set(std::string_view name) const { return field(name).given; }
bool TableRow::has_value(std::string_view name) const { return field(name).value.has_value(); }
std::int64_t TableRow::get_int(std::string_view name) const { return get<std::int64_t>(name); }
double TableRow::get_float(std::string_view name) const { return get<double>(name); }
bool TableRow::get_bool(std::string_view name) const { return get<bool>(name); }
const std::string& TableRow::get_string(std::string_view name) const {
  return get<std::string>(name);
}
std::vector<std::int64_t> TableRow::get_int_list(std::string_view name) const {
  return get<std::vector<std::int64_t>>(name);
}
std::vector<double> TableRow::get_float_list(std::string_view name) const {
  return get<std::vector<double>>(name);
}
std::vector<std::string> TableRow::get_string_list(std::string_view name) const {
  return get<std::vector<std::string>>(name);
}

long double Number::as_long_double() const {
  return std::visit([](auto v) { return static_cast<long double>(v); }, value_);
}

std::string Number::to_string() const {
  if (const auto* i = std::get_if<std::int64_t>(&value_)) return std::to_string(*i);
  const double d = std::get<double>(value_);
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, d);
  return std::string(buffer, result.ptr);
}

}  // namespace io
