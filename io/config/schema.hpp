// SPDX-License-Identifier: Apache-2.0
//
// Schema: the single declaration of every configuration key (CONTRIBUTING.md §7).
//
// Each part of warpnet declares its keys once, at start-up, before any file is read: the kernel
// (declare_kernel_schema), each model, the output writer. A key has a dotted path
// ("section.key"; sections nest: "traffic.phases.rate"), a type, a default or `.required()`, a
// unit, the allowed values and a one-line description. load_config() checks a file against the
// schema, and explain() prints it for `warpnet config --explain`.
//
//   io::Schema schema;
//   schema.describe_section("phold", "PHOLD benchmark");
//   schema.add_int("phold.lps", 64).min(1).unit("LPs").describe("Number of logical processes");
//   schema.add_float("phold.mean_delay", 1.0).greater_than(0).unit("time units")
//       .describe("Mean of the exponential delay between events");
//   schema.add_choice("traffic.pattern", "uniform", {"uniform", "hotspot"});
//   schema.section_active_when("traffic.hotspot", "traffic.pattern", "hotspot");
//
// Contracts:
// - A path is declared once; declaring it again, declaring a key where a section is (or the other
//   way round), or a modifier that does not fit the type (a range on a string) throws
//   std::logic_error: these are programming errors, not user errors.
// - Bounds are inclusive except greater_than/less_than. For lists they apply to every element.
// - A default must satisfy the key's own constraints; verify() checks this (and the section
//   rules) and load_config() calls it. A required key has no default: leaving it out is an error.
// - A section governed by section_active_when() is active only while its choice key has one of
//   the listed values (calling it again for the same section adds a value). A section is inactive
//   when any enclosing section is. Keys of an inactive section given in the file are errors; they
//   are left out of Config::effective_toml(), and required keys there are not required.
// - The returned KeyBuilder& stays valid for the life of the Schema (keys live in a deque).
// - An optional() key has no default: it has a value only when the file or a --set gives it
//   (Config::is_set), and it is left out of effective_toml() otherwise. Use it for parameters
//   whose absence means something ("no injection end") or that only some choices use (a mesh's
//   network.dims), so that the model can tell "not given" from "given" and reject a key that
//   does not apply.
// - A table list (add_table_list) is a TOML array of tables, [[section.key]] in a file or
//   `key=[{a = 1}, {a = 2}]` with --set. Its fields are declared with field() from field_int()
//   and friends, with the same modifiers as keys (required, optional, bounds, choices); a field
//   cannot itself be a table list. Every table is checked like a section: unknown fields,
//   wrong types, bounds and missing required fields are errors naming the table's position.
//
//   schema.add_table_list("traffic.phases").list_size(1, 64).describe("Traffic phases")
//       .field(io::field_int("duration", 1).required().min(1).unit("cycles"))
//       .field(io::field_float("load", 0.1).range(0, 1));
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "io/config/config_value.hpp"

namespace io {

/// One side of a range check.
struct Bound {
  Number value;
  bool inclusive = true;
};

/// Everything declared about one key. Read by the loader and by explain().
struct KeyDecl {
  std::string path;     ///< "phold.lps"
  std::string section;  ///< "phold" ("" for a top-level key)
  std::string name;     ///< "lps"
  ValueType type = ValueType::integer;
  Value default_value;  ///< meaningless when required or optional
  bool required = false;
  bool optional = false;  ///< no default: a value only when given
  std::string unit;
  std::string description;
  std::vector<std::string> choices;  ///< choice keys only
  std::optional<Bound> lower;
  std::optional<Bound> upper;
  bool finite = false;  ///< float keys: reject inf
  std::optional<std::size_t> min_size;
  std::optional<std::size_t> max_size;
  /// Table lists: the fields of every table, in declaration order. A field's `path` and `name`
  /// are its bare name; its `section` is the table list's path.
  std::vector<KeyDecl> fields;

  /// The field called `name` of a table list, or nullptr.
  const KeyDecl* find_field(std::string_view name) const;
};

/// Fluent modifiers of one declared key; every modifier returns *this.
class KeyBuilder {
 public:
  explicit KeyBuilder(KeyDecl decl) : decl_(std::move(decl)) {}

  KeyBuilder& unit(std::string unit);
  KeyBuilder& describe(std::string description);
  /// No default: a file (or --set) must give the key while its section is active.
  KeyBuilder& required();
  /// No default and not required: the key has a value only when given (see the contracts).
  KeyBuilder& optional();
  /// Inclusive lower and upper bound (numbers and numeric lists).
  KeyBuilder& range(Number min, Number max);
  KeyBuilder& min(Number min);
  KeyBuilder& max(Number max);
  /// Exclusive lower bound, e.g. a mean delay > 0.
  KeyBuilder& greater_than(Number bound);
  /// Exclusive upper bound, e.g. a probability < 1.
  KeyBuilder& less_than(Number bound);
  /// Float keys: reject inf and -inf (nan is always rejected).
  KeyBuilder& finite();
  /// Inclusive bounds on the number of elements of a list (or of tables of a table list).
  KeyBuilder& list_size(std::size_t min, std::size_t max);
  /// Table lists: adds a field to every table (made with field_int() and friends).
  KeyBuilder& field(const KeyBuilder& field);

  const KeyDecl& decl() const { return decl_; }

 private:
  void require_numeric(std::string_view modifier) const;
  KeyDecl decl_;
};

/// A section: a group of keys, with an optional description and activation rule.
struct SectionInfo {
  std::string name;  ///< "traffic.hotspot"
  std::string description;
  std::string choice_key;                  ///< empty: always active (unless a parent is not)
  std::vector<std::string> active_values;  ///< active while choice_key has one of these
};

class Schema {
 public:
  KeyBuilder& add_int(std::string path, std::int64_t default_value);
  /// Accepts TOML integers too (when exactly representable); inf is allowed unless .finite().
  KeyBuilder& add_float(std::string path, double default_value);
  KeyBuilder& add_bool(std::string path, bool default_value);
  KeyBuilder& add_string(std::string path, std::string default_value);
  KeyBuilder& add_choice(std::string path, std::string default_value,
                         std::vector<std::string> choices);
  KeyBuilder& add_int_list(std::string path, std::vector<std::int64_t> default_value);
  KeyBuilder& add_float_list(std::string path, std::vector<double> default_value);
  KeyBuilder& add_string_list(std::string path, std::vector<std::string> default_value);
  /// An array of tables, empty by default; declare its fields with KeyBuilder::field().
  KeyBuilder& add_table_list(std::string path);
  /// A key at `path` declared like `like` (a field made with field_int() and friends: type,
  /// default, modifiers), so that one declaration can serve as a section key and as a field of
  /// a table list (a traffic pattern's parameters, say).
  KeyBuilder& add_like(std::string path, const KeyBuilder& like);

  void describe_section(std::string section, std::string description);
  /// Runs `declare` unless a group called `name` was declared before: keys that several parts
  /// (of one family or of several) read are declared once, by whichever comes first.
  void declare_group(const std::string& name, const std::function<void(Schema&)>& declare);
  void section_active_when(std::string section, std::string choice_key, std::string value);

  /// Checks what can only be checked once everything is declared: defaults satisfy their
  /// constraints, choice keys of section rules exist and name valid choices. Throws
  /// std::logic_error.
  void verify() const;

  /// Every key, grouped by section: path, type, default, unit, allowed values, description.
  std::string explain() const;

  // --- queries (used by the loader) -------------------------------------------------------
  /// The key declared at `path`, or nullptr.
  const KeyDecl* find(std::string_view path) const;
  /// True if some key lives in `path` or in a section below it.
  bool is_section(std::string_view path) const;
  /// Keys in declaration order.
  std::vector<const KeyDecl*> keys() const;
  /// Sections in order of first mention (declaration of a key, describe_section or
  /// section_active_when), enclosing sections before the sections they contain.
  const std::vector<SectionInfo>& sections() const { return sections_; }
  const SectionInfo* find_section(std::string_view name) const;
  /// Names directly inside `section` ("" for the top level): keys, then subsections, in order.
  std::vector<std::string> child_keys(std::string_view section) const;
  std::vector<std::string> child_sections(std::string_view section) const;

 private:
  KeyBuilder& add(KeyDecl decl);
  SectionInfo& section_entry(std::string name);

  std::deque<KeyBuilder> keys_;
  std::vector<SectionInfo> sections_;
  std::vector<std::string> groups_;
};

/// Fields of table lists (KeyBuilder::field), declared like keys but with a bare name.
KeyBuilder field_int(std::string name, std::int64_t default_value);
KeyBuilder field_float(std::string name, double default_value);
KeyBuilder field_bool(std::string name, bool default_value);
KeyBuilder field_string(std::string name, std::string default_value);
KeyBuilder field_choice(std::string name, std::string default_value,
                        std::vector<std::string> choices);
KeyBuilder field_int_list(std::string name, std::vector<std::int64_t> default_value);
KeyBuilder field_float_list(std::string name, std::vector<double> default_value);
KeyBuilder field_string_list(std::string name, std::vector<std::string> default_value);

/// "an integer in 1 .. 64", "a float > 0", "one of: a, b", "an array of 2 .. 3 integers, each
/// >= 1": what a key accepts, for error messages and explain().
std::string describe_allowed(const KeyDecl& decl);

/// "1 .. 64", "> 0", ">= 0 and < 1", or "" when the key has no bounds.
std::string describe_bounds(const KeyDecl& decl);

/// True if `value` satisfies the key's bounds (lower, upper; not `finite`).
bool within_bounds(const KeyDecl& decl, long double value);

/// "section.name" -> "section"; "name" -> "".
std::string_view parent_of(std::string_view path);

}  // namespace io
