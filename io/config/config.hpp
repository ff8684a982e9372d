// SPDX-License-Identifier: Apache-2.0
//
// Config: a configuration file checked against a Schema, with its --set overrides applied.
//
// load_config() is the only way to get a Config, so holding one means every key is known, typed,
// in range, and every required key of an active section is present. A run reads its parameters
// once, at set-up, into typed structs (CONTRIBUTING.md §7):
//
//   io::Schema schema;
//   io::declare_kernel_schema(schema, {"phold"});
//   phold::declare_schema(schema);
//   const io::Config config = io::load_config(schema, "examples/phold.toml",
//                                             io::parse_overrides(set_texts));
//   const std::int64_t lps = config.get_int("phold.lps");
//
// Contracts:
// - load_config() throws io::ConfigErrors (a pdes::ConfigError) listing every problem at once:
//   TOML syntax, unknown keys and sections (with a "did you mean"), wrong types, values out of
//   range, unknown choice names, missing required keys, keys of inactive sections, and bad or
//   unknown --set keys. It writes nothing. A schema that contradicts itself throws
//   std::logic_error (Schema::verify()).
// - Precedence: --set over the file over the declared default; of two --set for one key the last
//   wins.
// - Getters on an undeclared path or with the wrong type (get_int on a float key) throw
//   std::logic_error: a programming error, not a user error. get_string() serves string and
//   choice keys. A key of an inactive section reads as its default; reading a required key of an
//   inactive section, or an optional key that was not given (is_set() is false), throws
//   std::logic_error.
// - A Config owns a copy of its schema: it does not refer to the Schema it was loaded with.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/config/config_errors.hpp"
#include "io/config/config_value.hpp"
#include "io/config/override.hpp"
#include "io/config/schema.hpp"

namespace io {

namespace internal {
class ConfigLoader;
}  // namespace internal

class Config {
 public:
  std::int64_t get_int(std::string_view path) const;
  double get_float(std::string_view path) const;
  bool get_bool(std::string_view path) const;
  /// String and choice keys.
  const std::string& get_string(std::string_view path) const;
  std::vector<std::int64_t> get_int_list(std::string_view path) const;
  std::vector<double> get_float_list(std::string_view path) const;
  std::vector<std::string> get_string_list(std::string_view path) const;
  /// Table lists: one TableRow per table, in file order.
  const std::vector<TableRow>& get_table_list(std::string_view path) const;

  /// True if the file or a --set gave the key (false when it has its default).
  bool is_set(std::string_view path) const;
  /// False for keys of a section switched off by its choice key (Schema::section_active_when).
  bool is_active(std::string_view path) const;
  /// Where the value came from: "file.toml:12", "--set phold.lps=3", or "default".
  std::string location(std::string_view path) const;
  /// The value as the user wrote it ("1_000", "1e300", "optimistic" from --set), or as TOML
  /// text for a default: for quoting the value in semantic error messages.
  std::string as_written(std::string_view path) const;
  /// The location for a ConfigIssue about this key: "file.toml:12:7", "--set phold.lps=3", or
  /// the file name when the key has its default.
  std::string issue_location(std::string_view path) const;

  /// Every active key with its effective value, as TOML: top-level keys, then one [section] per
  /// section in schema order. Loading it again gives the same values. For the HDF5 attributes and
  /// `--dump-config`.
  std::string effective_toml() const;
  /// FNV-1a 64 of effective_toml(): equal on every rank that loaded the same configuration.
  std::uint64_t hash() const;

  /// The file name (or source name) the configuration was loaded from.
  const std::string& source_name() const { return source_name_; }
  const Schema& schema() const { return *schema_; }

 private:
  friend class internal::ConfigLoader;

  enum class Origin { default_value, file, override_value };
  struct Entry {
    const KeyDecl* decl = nullptr;  // points into *schema_
    std::optional<Value> value;     // empty only for a required key that was not given
    Origin origin = Origin::default_value;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    std::string override_location;  // "--set key=value"
    std::string written;            // the value as written, when given
    bool active = true;
  };

  explicit Config(std::shared_ptr<const Schema> schema, std::string source_name);
  const Entry& entry(std::string_view path) const;
  const Value& value_of(std::string_view path, std::initializer_list<ValueType> types) const;

  std::shared_ptr<const Schema> schema_;
  std::string source_name_;
  std::map<std::string, Entry, std::less<>> entries_;
};

/// Reads `file`, checks it and the overrides against `schema`. Throws io::ConfigErrors.
Config load_config(const Schema& schema, const std::string& file,
                   const std::vector<Override>& overrides);

/// load_config() on text held in memory; `source_name` stands for the file name in messages.
Config load_config_string(const Schema& schema, std::string_view toml_text, std::string source_name,
                          const std::vector<Override>& overrides);

}  // namespace io
