// SPDX-License-Identifier: Apache-2.0
//
// The values a configuration key can hold, and how they are written back as TOML text.
//
// ValueType is the declared type of a key (Schema::add_int and friends). Value is what a loaded
// key holds: choice keys hold a std::string, the other types hold the alternative of the same
// name. Number is a bound of a range check (Schema's .range(), .min(), ...): it keeps integers
// exact, so `.range(1, 1099511627776)` on an integer key compares without rounding.
//
//   io::Value v = std::int64_t{64};
//   io::to_toml(v)   // "64"
//   io::to_toml(io::Value{1.0})   // "1.0" (always reads back as a float)
#pragma once

#include <concepts>
#include <cstdint>
#include <limits>
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
};

/// "integer", "float", "boolean", "string", "choice", "integer list", ... (for explain()).
std::string_view type_name(ValueType type);

/// True for int_list, float_list and string_list.
bool is_list(ValueType type);

using Value = std::variant<std::int64_t, double, bool, std::string, std::vector<std::int64_t>,
                           std::vector<double>, std::vector<std::string>>;

/// The value as TOML text: integers in decimal, floats so that they read back bit-identical and
/// as floats ("1.0", "inf", "1e+20"), strings as escaped basic strings, lists as "[a, b]".
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
