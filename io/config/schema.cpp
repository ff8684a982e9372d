// SPDX-License-Identifier: Apache-2.0
#include "io/config/schema.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace io {

namespace {

bool valid_segment(std::string_view segment) {
  return !segment.empty() && std::all_of(segment.begin(), segment.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-';
  });
}

void check_path(std::string_view path, std::string_view what) {
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = path.find('.', start);
    const std::string_view segment = path.substr(start, dot - start);
    if (!valid_segment(segment)) {
      throw std::logic_error(fmt::format(
          "io::Schema: invalid {} path \"{}\" (dotted names of letters, digits, _ and -)", what,
          path));
    }
    if (dot == std::string_view::npos) return;
    start = dot + 1;
  }
}

bool is_numeric(ValueType type) {
  return type == ValueType::integer || type == ValueType::floating || type == ValueType::int_list ||
         type == ValueType::float_list;
}

std::string element_type_plural(ValueType type) {
  switch (type) {
    case ValueType::int_list:
      return "integers";
    case ValueType::float_list:
      return "floats";
    default:
      return "strings";
  }
}

KeyDecl make_decl(std::string path, ValueType type, Value default_value) {
  KeyDecl decl;
  decl.path = std::move(path);
  decl.type = type;
  decl.default_value = std::move(default_value);
  return decl;
}

KeyDecl make_choice_decl(std::string path, std::string default_value,
                         std::vector<std::string> choices) {
  if (choices.empty()) {
    throw std::logic_error("io::Schema: choice key \"" + path + "\" has no choices");
  }
  for (std::size_t i = 0; i < choices.size(); ++i) {
    if (std::find(choices.begin() + static_cast<std::ptrdiff_t>(i) + 1, choices.end(),
                  choices[i]) != choices.end()) {
      throw std::logic_error("io::Schema: choice \"" + choices[i] + "\" of \"" + path +
                             "\" is listed twice");
    }
  }
  KeyDecl decl = make_decl(std::move(path), ValueType::choice, std::move(default_value));
  decl.choices = std::move(choices);
  return decl;
}

// A field's path and name are both its bare name (KeyBuilder::field sets its section).
KeyBuilder make_field(KeyDecl decl) {
  if (!valid_segment(decl.path)) {
    throw std::logic_error("io::Schema: invalid field name \"" + decl.path +
                           "\" (letters, digits, _ and -)");
  }
  decl.name = decl.path;
  return KeyBuilder(std::move(decl));
}

// Why a declared default breaks its own constraints, or "" if it does not.
std::string default_violation(const KeyDecl& d) {
  auto number_violation = [&](long double v, bool is_float) -> std::string {
    if (is_float && std::isnan(v)) return "nan";
    if (is_float && d.finite && std::isinf(v)) return "not finite";
    if (!within_bounds(d, v)) return "out of range " + describe_bounds(d);
    return "";
  };
  auto size_violation = [&](std::size_t n) -> std::string {
    if ((d.min_size && n < *d.min_size) || (d.max_size && n > *d.max_size)) {
      return "wrong number of elements";
    }
    return "";
  };
  switch (d.type) {
    case ValueType::integer:
      return number_violation(std::get<std::int64_t>(d.default_value), false);
    case ValueType::floating:
      return number_violation(std::get<double>(d.default_value), true);
    case ValueType::choice: {
      const auto& v = std::get<std::string>(d.default_value);
      return std::find(d.choices.begin(), d.choices.end(), v) == d.choices.end()
                 ? "not one of the choices"
                 : "";
    }
    case ValueType::int_list: {
      const auto& list = std::get<std::vector<std::int64_t>>(d.default_value);
      for (const auto v : list) {
        if (auto why = number_violation(v, false); !why.empty()) return why;
      }
      return size_violation(list.size());
    }
    case ValueType::float_list: {
      const auto& list = std::get<std::vector<double>>(d.default_value);
      for (const auto v : list) {
        if (auto why = number_violation(v, true); !why.empty()) return why;
      }
      return size_violation(list.size());
    }
    case ValueType::string_list:
      return size_violation(std::get<std::vector<std::string>>(d.default_value).size());
    case ValueType::table_list:
      return size_violation(std::get<std::vector<TableRow>>(d.default_value).size());
    case ValueType::boolean:
    case ValueType::string:
      return "";
  }
  return "";
}

// Why the fields of a table list are unusable, or "".
std::string fields_violation(const KeyDecl& d) {
  if (d.fields.empty()) return "a table list without fields";
  for (const KeyDecl& f : d.fields) {
    if (f.required || f.optional) continue;
    if (const std::string why = default_violation(f); !why.empty()) {
      return fmt::format("default {} of field \"{}\" is invalid: {}", to_toml(f.default_value),
                         f.name, why);
    }
  }
  return "";
}

}  // namespace

// --- KeyBuilder ------------------------------------------------------------------------------

KeyBuilder& KeyBuilder::unit(std::string unit) {
  decl_.unit = std::move(unit);
  return *this;
}

KeyBuilder& KeyBuilder::describe(std::string description) {
  decl_.description = std::move(description);
  return *this;
}

KeyBuilder& KeyBuilder::required() {
  if (decl_.optional) {
    throw std::logic_error("io::Schema: \"" + decl_.path + "\" is both required and optional");
  }
  decl_.required = true;
  return *this;
}

KeyBuilder& KeyBuilder::optional() {
  if (decl_.required) {
    throw std::logic_error("io::Schema: \"" + decl_.path + "\" is both required and optional");
  }
  decl_.optional = true;
  return *this;
}

void KeyBuilder::require_numeric(std::string_view modifier) const {
  if (!is_numeric(decl_.type)) {
    throw std::logic_error(fmt::format("io::Schema: .{}() on {} key \"{}\"", modifier,
                                       type_name(decl_.type), decl_.path));
  }
}

KeyBuilder& KeyBuilder::range(Number min, Number max) {
  require_numeric("range");
  if (min.as_long_double() > max.as_long_double()) {
    throw std::logic_error(fmt::format("io::Schema: empty range {} .. {} for \"{}\"",
                                       min.to_string(), max.to_string(), decl_.path));
  }
  decl_.lower = Bound{min, true};
  decl_.upper = Bound{max, true};
  return *this;
}

KeyBuilder& KeyBuilder::min(Number min) {
  require_numeric("min");
  decl_.lower = Bound{min, true};
  return *this;
}

KeyBuilder& KeyBuilder::max(Number max) {
  require_numeric("max");
  decl_.upper = Bound{max, true};
  return *this;
}

KeyBuilder& KeyBuilder::greater_than(Number bound) {
  require_numeric("greater_than");
  decl_.lower = Bound{bound, false};
  return *this;
}

KeyBuilder& KeyBuilder::less_than(Number bound) {
  require_numeric("less_than");
  decl_.upper = Bound{bound, false};
  return *this;
}

KeyBuilder& KeyBuilder::finite() {
  if (decl_.type != ValueType::floating && decl_.type != ValueType::float_list) {
    throw std::logic_error(
        fmt::format("io::Schema: .finite() on {} key \"{}\"", type_name(decl_.type), decl_.path));
  }
  decl_.finite = true;
  return *this;
}

KeyBuilder& KeyBuilder::list_size(std::size_t min, std::size_t max) {
  if ((!is_list(decl_.type) && decl_.type != ValueType::table_list) || min > max) {
    throw std::logic_error(fmt::format("io::Schema: .list_size({}, {}) on {} key \"{}\"", min, max,
                                       type_name(decl_.type), decl_.path));
  }
  decl_.min_size = min;
  decl_.max_size = max;
  return *this;
}

KeyBuilder& KeyBuilder::field(const KeyBuilder& field) {
  KeyDecl f = field.decl();
  if (decl_.type != ValueType::table_list) {
    throw std::logic_error(fmt::format("io::Schema: .field(\"{}\") on {} key \"{}\"", f.name,
                                       type_name(decl_.type), decl_.path));
  }
  if (f.type == ValueType::table_list) {
    throw std::logic_error(
        fmt::format("io::Schema: field \"{}\" of \"{}\" is a table list; "
                    "table lists do not nest",
                    f.name, decl_.path));
  }
  if (decl_.find_field(f.name) != nullptr) {
    throw std::logic_error(
        fmt::format("io::Schema: field \"{}\" of \"{}\" is declared twice", f.name, decl_.path));
  }
  f.section = decl_.path;
  decl_.fields.push_back(std::move(f));
  return *this;
}

const KeyDecl* KeyDecl::find_field(std::string_view field_name) const {
  for (const KeyDecl& f : fields) {
    if (f.name == field_name) return &f;
  }
  return nullptr;
}

// --- Schema ----------------------------------------------------------------------------------

void Schema::declare_group(const std::string& name,
                           const std::function<void(Schema&)>& declare) {
  if (std::find(groups_.begin(), groups_.end(), name) != groups_.end()) return;
  groups_.push_back(name);
  declare(*this);
}

KeyBuilder& Schema::add_like(std::string path, const KeyBuilder& like) {
  KeyDecl decl = like.decl();
  decl.path = std::move(path);
  return add(std::move(decl));
}

KeyBuilder& Schema::add(KeyDecl decl) {
  check_path(decl.path, "key");
  if (find(decl.path) != nullptr) {
    throw std::logic_error("io::Schema: key \"" + decl.path + "\" is declared twice");
  }
  if (find_section(decl.path) != nullptr) {
    throw std::logic_error("io::Schema: \"" + decl.path + "\" is a section and cannot be a key");
  }
  decl.section = std::string(parent_of(decl.path));
  decl.name = decl.path.substr(decl.section.empty() ? 0 : decl.section.size() + 1);
  if (!decl.section.empty()) section_entry(decl.section);
  keys_.emplace_back(std::move(decl));
  return keys_.back();
}

SectionInfo& Schema::section_entry(std::string name) {
  const auto it = std::find_if(sections_.begin(), sections_.end(),
                               [&](const SectionInfo& s) { return s.name == name; });
  if (it != sections_.end()) return *it;
  check_path(name, "section");
  if (find(name) != nullptr) {
    throw std::logic_error("io::Schema: \"" + name + "\" is a key and cannot be a section");
  }
  const std::string parent(parent_of(name));
  if (!parent.empty()) section_entry(parent);  // enclosing sections come first
  sections_.push_back(SectionInfo{std::move(name), "", "", {}});
  return sections_.back();
}

KeyBuilder& Schema::add_int(std::string path, std::int64_t default_value) {
  return add(make_decl(std::move(path), ValueType::integer, default_value));
}

KeyBuilder& Schema::add_float(std::string path, double default_value) {
  return add(make_decl(std::move(path), ValueType::floating, default_value));
}

KeyBuilder& Schema::add_bool(std::string path, bool default_value) {
  return add(make_decl(std::move(path), ValueType::boolean, default_value));
}

KeyBuilder& Schema::add_string(std::string path, std::string default_value) {
  return add(make_decl(std::move(path), ValueType::string, std::move(default_value)));
}

KeyBuilder& Schema::add_choice(std::string path, std::string default_value,
                               std::vector<std::string> choices) {
  return add(make_choice_decl(std::move(path), std::move(default_value), std::move(choices)));
}

KeyBuilder& Schema::add_int_list(std::string path, std::vector<std::int64_t> default_value) {
  return add(make_decl(std::move(path), ValueType::int_list, std::move(default_value)));
}

KeyBuilder& Schema::add_float_list(std::string path, std::vector<double> default_value) {
  return add(make_decl(std::move(path), ValueType::float_list, std::move(default_value)));
}

KeyBuilder& Schema::add_string_list(std::string path, std::vector<std::string> default_value) {
  return add(make_decl(std::move(path), ValueType::string_list, std::move(default_value)));
}

KeyBuilder& Schema::add_table_list(std::string path) {
  return add(make_decl(std::move(path), ValueType::table_list, std::vector<TableRow>{}));
}

void Schema::describe_section(std::string section, std::string description) {
  section_entry(std::move(section)).description = std::move(description);
}

void Schema::section_active_when(std::string section, std::string choice_key, std::string value) {
  SectionInfo& info = section_entry(std::move(section));
  if (!info.choice_key.empty() && info.choice_key != choice_key) {
    throw std::logic_error("io::Schema: section [" + info.name + "] is already governed by \"" +
                           info.choice_key + "\", not \"" + choice_key + "\"");
  }
  info.choice_key = std::move(choice_key);
  if (std::find(info.active_values.begin(), info.active_values.end(), value) ==
      info.active_values.end()) {
    info.active_values.push_back(std::move(value));
  }
}

void Schema::verify() const {
  for (const KeyBuilder& key : keys_) {
    const KeyDecl& d = key.decl();
    if (d.type == ValueType::table_list) {
      if (const std::string why = fields_violation(d); !why.empty()) {
        throw std::logic_error(fmt::format("io::Schema: table list \"{}\": {}", d.path, why));
      }
    }
    if (d.required || d.optional) continue;
    if (const std::string why = default_violation(d); !why.empty()) {
      throw std::logic_error(fmt::format("io::Schema: default {} of \"{}\" is invalid: {}",
                                         to_toml(d.default_value), d.path, why));
    }
  }
  for (const SectionInfo& s : sections_) {
    if (s.choice_key.empty()) continue;
    const KeyDecl* choice = find(s.choice_key);
    if (choice == nullptr || choice->type != ValueType::choice) {
      throw std::logic_error("io::Schema: section [" + s.name + "] is governed by \"" +
                             s.choice_key + "\", which is not a declared choice key");
    }
    if (choice->path.starts_with(s.name + ".")) {
      throw std::logic_error("io::Schema: section [" + s.name + "] is governed by its own key \"" +
                             s.choice_key + "\"");
    }
    for (const std::string& v : s.active_values) {
      if (std::find(choice->choices.begin(), choice->choices.end(), v) == choice->choices.end()) {
        throw std::logic_error("io::Schema: section [" + s.name + "] is active when \"" +
                               s.choice_key + "\" is \"" + v +
                               "\", which is not one of its choices");
      }
    }
  }
}

const KeyDecl* Schema::find(std::string_view path) const {
  for (const KeyBuilder& key : keys_) {
    if (key.decl().path == path) return &key.decl();
  }
  return nullptr;
}

bool Schema::is_section(std::string_view path) const { return find_section(path) != nullptr; }

const SectionInfo* Schema::find_section(std::string_view name) const {
  for (const SectionInfo& s : sections_) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

std::vector<const KeyDecl*> Schema::keys() const {
  std::vector<const KeyDecl*> out;
  out.reserve(keys_.size());
  for (const KeyBuilder& key : keys_) out.push_back(&key.decl());
  return out;
}

std::vector<std::string> Schema::child_keys(std::string_view section) const {
  std::vector<std::string> out;
  for (const KeyBuilder& key : keys_) {
    if (key.decl().section == section) out.push_back(key.decl().name);
  }
  return out;
}

std::vector<std::string> Schema::child_sections(std::string_view section) const {
  std::vector<std::string> out;
  for (const SectionInfo& s : sections_) {
    if (parent_of(s.name) == section) {
      out.push_back(section.empty() ? s.name : s.name.substr(section.size() + 1));
    }
  }
  return out;
}

// --- free functions --------------------------------------------------------------------------

std::string_view parent_of(std::string_view path) {
  const std::size_t dot = path.rfind('.');
  return dot == std::string_view::npos ? std::string_view{} : path.substr(0, dot);
}

bool within_bounds(const KeyDecl& decl, long double value) {
  if (decl.lower) {
    const long double b = decl.lower->value.as_long_double();
    if (decl.lower->inclusive ? !(value >= b) : !(value > b)) return false;
  }
  if (decl.upper) {
    const long double b = decl.upper->value.as_long_double();
    if (decl.upper->inclusive ? !(value <= b) : !(value < b)) return false;
  }
  return true;
}

std::string describe_bounds(const KeyDecl& decl) {
  if (decl.lower && decl.upper && decl.lower->inclusive && decl.upper->inclusive) {
    return decl.lower->value.to_string() + " .. " + decl.upper->value.to_string();
  }
  std::string out;
  if (decl.lower) out = (decl.lower->inclusive ? ">= " : "> ") + decl.lower->value.to_string();
  if (decl.upper) {
    if (!out.empty()) out += " and ";
    out += (decl.upper->inclusive ? "<= " : "< ") + decl.upper->value.to_string();
  }
  return out;
}

std::string describe_allowed(const KeyDecl& decl) {
  const std::string bounds = describe_bounds(decl);
  const bool both_inclusive =
      decl.lower && decl.upper && decl.lower->inclusive && decl.upper->inclusive;
  const std::string bounds_phrase = bounds.empty() ? "" : (both_inclusive ? " in " : " ") + bounds;
  const std::string finite = decl.finite ? "finite " : "";
  switch (decl.type) {
    case ValueType::integer:
      return "an integer" + bounds_phrase;
    case ValueType::floating:
      return "a " + finite + "float" + bounds_phrase;
    case ValueType::boolean:
      return "true or false";
    case ValueType::string:
      return "a string";
    case ValueType::choice:
      return fmt::format("one of: {}", fmt::join(decl.choices, ", "));
    case ValueType::int_list:
    case ValueType::float_list:
    case ValueType::string_list: {
      std::string out = "an array of " + finite + element_type_plural(decl.type);
      if (decl.min_size && decl.max_size) {
        out += *decl.min_size == *decl.max_size
                   ? fmt::format(" with exactly {} elements", *decl.min_size)
                   : fmt::format(" with {} .. {} elements", *decl.min_size, *decl.max_size);
      }
      if (!bounds.empty()) out += ", each" + bounds_phrase;
      return out;
    }
    case ValueType::table_list: {
      std::vector<std::string> names;
      for (const KeyDecl& f : decl.fields) names.push_back(f.name);
      std::string out = fmt::format("an array of tables ([[{}]]) with fields {}", decl.path,
                                    fmt::join(names, ", "));
      if (decl.min_size && decl.max_size) {
        out += *decl.min_size == *decl.max_size
                   ? fmt::format(", exactly {} tables", *decl.min_size)
                   : fmt::format(", {} .. {} tables", *decl.min_size, *decl.max_size);
      }
      return out;
    }
  }
  return "";
}

// --- fields of table lists -------------------------------------------------------------------

KeyBuilder field_int(std::string name, std::int64_t default_value) {
  return make_field(make_decl(std::move(name), ValueType::integer, default_value));
}

KeyBuilder field_float(std::string name, double default_value) {
  return make_field(make_decl(std::move(name), ValueType::floating, default_value));
}

KeyBuilder field_bool(std::string name, bool default_value) {
  return make_field(make_decl(std::move(name), ValueType::boolean, default_value));
}

KeyBuilder field_string(std::string name, std::string default_value) {
  return make_field(make_decl(std::move(name), ValueType::string, std::move(default_value)));
}

KeyBuilder field_choice(std::string name, std::string default_value,
                        std::vector<std::string> choices) {
  return make_field(
      make_choice_decl(std::move(name), std::move(default_value), std::move(choices)));
}

KeyBuilder field_int_list(std::string name, std::vector<std::int64_t> default_value) {
  return make_field(make_decl(std::move(name), ValueType::int_list, std::move(default_value)));
}

KeyBuilder field_float_list(std::string name, std::vector<double> default_value) {
  return make_field(make_decl(std::move(name), ValueType::float_list, std::move(default_value)));
}

KeyBuilder field_string_list(std::string name, std::vector<std::string> default_value) {
  return make_field(make_decl(std::move(name), ValueType::string_list, std::move(default_value)));
}

}  // namespace io
