// SPDX-License-Identifier: Apache-2.0
#include "io/config/config.hpp"

#include <stdexcept>

#include <fmt/format.h>

namespace io {

Config::Config(std::shared_ptr<const Schema> schema, std::string source_name)
    : schema_(std::move(schema)), source_name_(std::move(source_name)) {
  for (const KeyDecl* decl : schema_->keys()) {
    Entry e;
    e.decl = decl;
    if (!decl->required && !decl->optional) e.value = decl->default_value;
    entries_.emplace(decl->path, std::move(e));
  }
}

const Config::Entry& Config::entry(std::string_view path) const {
  const auto it = entries_.find(path);
  if (it == entries_.end()) {
    throw std::logic_error(fmt::format("io::Config: key \"{}\" is not declared", path));
  }
  return it->second;
}

const Value& Config::value_of(std::string_view path, std::initializer_list<ValueType> types) const {
  const Entry& e = entry(path);
  bool type_ok = false;
  for (const ValueType t : types) type_ok = type_ok || e.decl->type == t;
  if (!type_ok) {
    throw std::logic_error(fmt::format("io::Config: key \"{}\" is a {}, read with the wrong getter",
                                       path, type_name(e.decl->type)));
  }
  if (!e.value) {
    if (e.decl->optional) {
      throw std::logic_error(fmt::format(
          "io::Config: optional key \"{}\" was not given (check is_set() first)", path));
    }
    throw std::logic_error(
        fmt::format("io::Config: required key \"{}\" has no value: its section is inactive", path));
  }
  return *e.value;
}

std::int64_t Config::get_int(std::string_view path) const {
  return std::get<std::int64_t>(value_of(path, {ValueType::integer}));
}

double Config::get_float(std::string_view path) const {
  return std::get<double>(value_of(path, {ValueType::floating}));
}

bool Config::get_bool(std::string_view path) const {
  return std::get<bool>(value_of(path, {ValueType::boolean}));
}

const std::string& Config::get_string(std::string_view path) const {
  return std::get<std::string>(value_of(path, {ValueType::string, ValueType::choice}));
}

std::vector<std::int64_t> Config::get_int_list(std::string_view path) const {
  return std::get<std::vector<std::int64_t>>(value_of(path, {ValueType::int_list}));
}

std::vector<double> Config::get_float_list(std::string_view path) const {
  return std::get<std::vector<double>>(value_of(path, {ValueType::float_list}));
}

std::vector<std::string> Config::get_string_list(std::string_view path) const {
  return std::get<std::vector<std::string>>(value_of(path, {ValueType::string_list}));
}

const std::vector<TableRow>& Config::get_table_list(std::string_view path) const {
  return std::get<std::vector<TableRow>>(value_of(path, {ValueType::table_list}));
}

bool Config::is_set(std::string_view path) const {
  return entry(path).origin != Origin::default_value;
}

bool Config::is_active(std::string_view path) const { return entry(path).active; }

std::string Config::location(std::string_view path) const {
  const Entry& e = entry(path);
  switch (e.origin) {
    case Origin::file:
      return fmt::format("{}:{}", source_name_, e.line);
    case Origin::override_value:
      return e.override_location;
    case Origin::default_value:
      return "default";
  }
  return "default";
}

std::string Config::as_written(std::string_view path) const {
  const Entry& e = entry(path);
  if (e.origin != Origin::default_value) return e.written;
  return e.value ? to_toml(*e.value) : "";
}

std::string Config::issue_location(std::string_view path) const {
  const Entry& e = entry(path);
  switch (e.origin) {
    case Origin::file:
      return fmt::format("{}:{}:{}", source_name_, e.line, e.column);
    case Origin::override_value:
      return e.override_location;
    case Origin::default_value:
      return source_name_;
  }
  return source_name_;
}

std::string Config::effective_toml() const {
  std::string out;
  auto emit_section = [&](const std::string& section) {
    bool header = section.empty();
    for (const KeyDecl* decl : schema_->keys()) {
      if (decl->section != section) continue;
      const Entry& e = entries_.at(decl->path);
      if (!e.active || !e.value) continue;
      if (!header) {
        out += (out.empty() ? "[" : "\n[") + section + "]\n";
        header = true;
      }
      out += decl->name + " = " + to_toml(*e.value) + "\n";
    }
  };
  emit_section("");
  for (const SectionInfo& s : schema_->sections()) emit_section(s.name);
  return out;
}

std::uint64_t Config::hash() const {
  // FNV-1a: simple, and the same on every platform and compiler (std::hash is neither).
  std::uint64_t h = 14695981039346656037ULL;
  for (const char c : effective_toml()) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ULL;
  }
  return h;
}

}  // namespace io
