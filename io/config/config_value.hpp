// SPDX-License-Identifier: Apache-2.0
//
// The values a configuration key can hold, and how they are written back as TOML text.
//
// ValueType is the declared type of a key (Schema::add_int and friends). Value is what a loaded
// key holds: choice keys hold a std::string, table-list keys (TOML arrays of tables,
// [[section.key]]) a std::vector<TableRow>, the other types the alternative of the same name.
// Number is a bound of a range check (Schema's .range(), .min(), ...): it keeps integers exact,
// so `.range(1, 1099511627776)` on an integer key compares without rounding.
//
//   io::Value v = std::int64_t{64};
//   io::to_toml(v)   // "64"
//   io::to_toml(io::Value{1.0})   // "1.0" (always reads back as a float)
#pragma once

#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

namespace io {

enum class ValueType {
  integer,
  floating,
  boolean,
  string,
  choice,  ///< a string from a fixed list of names
  int_list,
  float_list,
  string_list,
  table_list,  ///< an array of tables whose fields are declared like keys (KeyBuilder::field)
};

/// "integer", "float", "boolean", "string", "choice", "integer list", ... (for explain()).
std::string_view type_name(ValueType type);

/// True for int_list, float_list and string_list (not for table_list, whose elements are tables).
bool is_list(ValueType type);

struct TableRow;

using Value = std::variant<std::int64_t, double, bool, std::string, std::vector<std::int64_t>,
                           std::vector<double>, std::vector<std::string>, std::vector<TableRow>>;

/// One field of a TableRow. `value` is empty only for an optional field that was not given.
struct TableField {
  std::string name;
  std::optional<Value> value;
  bool given = false;  ///< written in the table (false: the declared default, or no value)
  /// Compares name and value: `given` is provenance (like Config::is_set), not value.
  bool operator==(const TableField& other) const {
    return name == other.name && value == other.value;
  }
};

/// One table of a table-list key, e.g. one [[traffic.phases]] table. It holds every declared
/// field, in declaration order, with defaults filled in. The getters take the field's bare name
/// and, like io::Config's, throw std::logic_error for an undeclared field, the wrong type, or an
/// optional field without a value (check has_value() first): programming errors.
struct TableRow {
  std::vector<TableField> fields;
  std::uint32_t line = 0;  ///< line of the table in the file; 0 when it came from --set

  bool is_set(std::string_view name) const;     ///< the table gives the field
  bool has_value(std::string_view name) const;  ///< given, or declared with a default
  std::int64_t get_int(std::string_view name) const;
  double get_float(std::string_view name) const;
  bool get_bool(std::string_view name) const;
  const std::string& get_string(std::string_view name) const;  ///< string and choice fields
  std::vector<std::int64_t> get_int_list(std::string_view name) const;
  std::vector<double> get_float_list(std::string_view name) const;
  std::vector<std::string> get_string_list(std::string_view name) const;

  bool operator==(const TableRow& other) const { return fields == other.fields; }

 private:
  const TableField& field(std::string_view name) const;
  template <typename T>
  const T& get(std::string_view name) const;
};

/// The value as TOML text: integers in decimal, floats so that they read back bit-identical and
/// as floats ("1.0", "inf", "1e+20"), strings as escaped basic strings, lists as "[a, b]", table
/// lists as arrays of inline tables "[{a = 1, b = \"x\"}]" (fields without a value left out).
std::string to_toml(const Value& value);

/// A floating-point number as TOML text that reads back bit-identical and as a float.
std::string float_to_toml(double value);

/// A string as a TOML basic string (quoted, with escapes).
std::string string_to_toml(std::string_view text);

/// A numeric bound. Integers (of any width that fits int64) stay exact; floating-point values and
/// integers beyond int64 are kept as double. Comparisons with values use long double, which holds
/// every int64 exactly.
class Number {
 public:
  template <typename T>
  requires(std::integral<T> && !std::same_as<T, bool>) constexpr Number(
      T value)  // NOLINT(google-explicit-constructor): bounds are written as literals
      : value_(fits_int64(value) ? Rep{static_cast<std::int64_t>(value)}
                                 : Rep{static_cast<double>(value)}) {}
  template <typename T>
  requires std::floating_point<T>
  constexpr Number(T value)  // NOLINT(google-explicit-constructor)
      : value_(static_cast<double>(value)) {}

  bool is_integer() const { return std::holds_alternative<std::int64_t>(value_); }
  long double as_long_double() const;
  /// "5", "-1", "0.5", "inf".
  std::string to_string() const;

 private:
  using Rep = std::variant<std::int64_t, double>;
  template <typename T>
  static constexpr bool fits_int64(T value) {
    if constexpr (std::is_signed_v<T>) {
      return true;
    } else {
      return static_cast<std::uint64_t>(value) <=
             static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    }
  }
  Rep value_;
};

}  // namespace io
