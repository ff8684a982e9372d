// SPDX-License-Identifier: Apache-2.0
#include "io/config/internal/config_loader.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "io/config/internal/suggest.hpp"
#include "io/config/internal/value_reader.hpp"

namespace io::internal {

namespace {

constexpr int kFileGroup = 0;
constexpr int kOverrideGroup = 1;
constexpr int kMissingGroup = 2;

std::string section_title(std::string_view section) {
  return section.empty() ? "at the top level" : fmt::format("in [{}]", section);
}

// "valid keys in [phold]: lps, start_events; sections: [phold.x]"
std::string valid_names(const Schema& schema, std::string_view section) {
  const auto keys = schema.child_keys(section);
  std::vector<std::string> sections;
  for (const auto& sub : schema.child_sections(section)) {
    sections.push_back(fmt::format("[{}{}{}]", section, section.empty() ? "" : ".", sub));
  }
  std::string out;
  if (!keys.empty())
    out = fmt::format("valid keys {}: {}", section_title(section), fmt::join(keys, ", "));
  if (!sections.empty()) {
    out += fmt::format("{}valid sections {}: {}", out.empty() ? "" : "; ", section_title(section),
                       fmt::join(sections, ", "));
  }
  return out.empty() ? fmt::format("no keys are declared {}", section_title(section)) : out;
}

std::string join_path(std::string_view section, std::string_view name) {
  return section.empty() ? std::string(name) : fmt::format("{}.{}", section, name);
}

// A string list written with bare words, "[a, b]", which TOML itself rejects.
std::optional<toml::table> bare_string_list(std::string_view text) {
  if (text.size() < 2 || text.front() != '[' || text.back() != ']') return std::nullopt;
  toml::array array;
  std::string_view rest = text.substr(1, text.size() - 2);
  auto trim = [](std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
  };
  if (!trim(rest).empty()) {
    while (true) {
      const auto comma = rest.find(',');
      std::string_view word = trim(rest.substr(0, comma));
      if (word.size() >= 2 && (word.front() == '"' || word.front() == '\'') &&
          word.back() == word.front()) {
        word = word.substr(1, word.size() - 2);
      }
      if (word.empty()) return std::nullopt;
      array.push_back(std::string(word));
      if (comma == std::string_view::npos) break;
      rest.remove_prefix(comma + 1);
    }
  }
  toml::table doc;
  doc.insert("v", std::move(array));
  return doc;
}

}  // namespace

ConfigLoader::ConfigLoader(const Schema& schema, std::string source_name)
    : config_(std::make_shared<const Schema>(schema), std::move(source_name)) {}

std::string ConfigLoader::file_location(TextPosition position) const {
  return fmt::format("{}:{}:{}", config_.source_name_, position.line, position.column);
}

void ConfigLoader::add_issue(int group, TextPosition position, std::string location,
                             std::string key, std::string message) {
  issues_.push_back(PendingIssue{
      group, position, ConfigIssue{std::move(location), std::move(key), std::move(message)}});
}

Config ConfigLoader::load(std::optional<std::string> text, const std::string& read_error,
                          const std::vector<Override>& overrides) {
  if (text) {
    read_document(SourceText(std::move(*text)));
  } else {
    document_ok_ = false;
    add_issue(kFileGroup, {}, config_.source_name_, "", read_error);
  }
  for (const Override& o : overrides) apply_override(o);
  check_sections();

  if (issues_.empty()) return std::move(config_);
  std::stable_sort(issues_.begin(), issues_.end(),
                   [](const PendingIssue& a, const PendingIssue& b) {
                     if (a.group != b.group) return a.group < b.group;
                     if (a.group != kFileGroup) return false;
                     return std::tie(a.position.line, a.position.column) <
                            std::tie(b.position.line, b.position.column);
                   });
  std::vector<ConfigIssue> issues;
  for (auto& pending : issues_) issues.push_back(std::move(pending.issue));
  throw ConfigErrors(std::move(issues));
}

void ConfigLoader::read_document(const SourceText& source) {
  toml::table document;
  try {
    document = toml::parse(std::string_view(source.text()), std::string_view(config_.source_name_));
  } catch (const toml::parse_error& e) {
    document_ok_ = false;
    const TextPosition at{e.source().begin.line, e.source().begin.column};
    add_issue(kFileGroup, at, file_location(at), "",
              "TOML syntax error: " + std::string(e.description()));
    return;
  }
  walk(document, "", source);
}

void ConfigLoader::walk(const toml::table& table, const std::string& prefix,
                        const SourceText& source) {
  const Schema& schema = *config_.schema_;
  const ValueReader reader(source);
  for (auto&& [key, node] : table) {
    const std::string path = join_path(prefix, key.str());
    if (key.str().find('.') != std::string_view::npos) {
      // A quoted key such as "phold.lps" is one key whose name holds dots, not a dotted path.
      const TextPosition at{key.source().begin.line, key.source().begin.column};
      add_issue(kFileGroup, at, file_location(at), path,
                fmt::format("unknown key: the quoted name \"{}\" {} is one key whose name "
                            "contains dots; write the dotted path without quotes",
                            key.str(), section_title(prefix)));
    } else if (const KeyDecl* decl = schema.find(path)) {
      const ReadResult result = reader.read(*decl, node);
      if (result.value) {
        Config::Entry& e = config_.entries_.at(path);
        e.value = *result.value;
        e.origin = Config::Origin::file;
        e.line = node.source().begin.line;
        e.column = node.source().begin.column;
        e.written = reader.as_written(node);
      } else {
        failed_.insert(path);
        for (const ValueProblem& p : result.problems) {
          add_issue(kFileGroup, p.position, file_location(p.position), path, p.message);
        }
      }
    } else if (schema.is_section(path)) {
      if (const auto* sub = node.as_table()) {
        walk(*sub, path, source);
      } else {
        const TextPosition at = position_of(node);
        add_issue(
            kFileGroup, at, file_location(at), path,
            fmt::format("value {} has the wrong type ({}); [{}] is a section, expected a "
                        "table of keys ({})",
                        reader.as_written(node), node_kind(node), path, valid_names(schema, path)));
      }
    } else {
      const TextPosition at{key.source().begin.line, key.source().begin.column};
      report_unknown(prefix, key.str(), node.is_table(), at, file_location(at), kFileGroup,
                     node.is_table() ? "" : reader.as_written(node));
    }
  }
}

void ConfigLoader::report_unknown(std::string_view section, std::string_view name, bool is_table,
                                  TextPosition position, const std::string& location, int group,
                                  const std::string& written) {
  const Schema& schema = *config_.schema_;
  const std::string path = join_path(section, name);
  std::string message = is_table ? fmt::format("unknown section [{}]", path)
                                 : fmt::format("unknown key (value {})", written);
  std::string guess;
  if (schema.is_section(section) || section.empty()) {
    std::vector<std::string> candidates = schema.child_keys(section);
    for (auto& sub : schema.child_sections(section)) candidates.push_back(sub);
    if (const auto close = closest(name, candidates)) guess = join_path(section, *close);
  } else {  // only from --set: the section itself is unknown
    std::vector<std::string> paths;
    for (const KeyDecl* d : schema.keys()) paths.push_back(d->path);
    if (const auto close = closest(path, paths)) guess = *close;
  }
  if (guess.empty()) {  // the same name in another section, e.g. simulation.batch_size
    for (const KeyDecl* d : schema.keys()) {
      if (d->name == name) {
        guess = d->path;
        break;
      }
    }
  }
  if (!guess.empty()) {
    message += schema.is_section(guess) ? fmt::format("; did you mean [{}]?", guess)
                                        : fmt::format("; did you mean {}?", guess);
  }
  if (schema.is_section(section) || section.empty()) {
    message += (guess.empty() ? "; " : " ") + valid_names(schema, section);
  } else {
    message += fmt::format("{}there is no section [{}] (see `warpnet config --explain`)",
                           guess.empty() ? "; " : " ", section);
  }
  add_issue(group, position, location, path, std::move(message));
}

void ConfigLoader::apply_override(const Override& o) {
  const Schema& schema = *config_.schema_;
  const std::string location = o.location();
  const KeyDecl* decl = schema.find(o.key);
  if (decl == nullptr) {
    if (schema.is_section(o.key)) {
      add_issue(kOverrideGroup, {}, location, o.key,
                fmt::format("[{}] is a section, not a key; {}", o.key, valid_names(schema, o.key)));
    } else {
      const std::string_view section = parent_of(o.key);
      const std::string_view name =
          std::string_view(o.key).substr(section.empty() ? 0 : section.size() + 1);
      report_unknown(section, name, false, {}, location, kOverrideGroup, o.value);
    }
    return;
  }
  auto reject = [&](const std::string& message) {
    failed_.insert(o.key);
    add_issue(kOverrideGroup, {}, location, o.key, message);
  };
  if (o.value.find_first_of("\r\n") != std::string::npos) {
    reject("the value must be on one line");
    return;
  }

  // The value becomes the TOML document "v = <text>" so that the file's rules apply to it.
  const bool quoted = !o.value.empty() && (o.value.front() == '"' || o.value.front() == '\'');
  const bool bare_word =
      (decl->type == ValueType::string || decl->type == ValueType::choice) && !quoted;
  const std::string document = "v = " + (bare_word ? string_to_toml(o.value) : o.value);
  toml::table parsed;
  try {
    parsed = toml::parse(std::string_view(document), std::string_view(location));
  } catch (const toml::parse_error& e) {
    if (auto words =
            decl->type == ValueType::string_list ? bare_string_list(o.value) : std::nullopt) {
      parsed = std::move(*words);
    } else {
      const bool structured = !o.value.empty() && std::string_view("[{\"'").find(o.value.front()) !=
                                                      std::string_view::npos;
      reject(fmt::format("value {} cannot be read as {}{}", o.value.empty() ? "(empty)" : o.value,
                         describe_allowed(*decl),
                         structured ? " (TOML: " + std::string(e.description()) + ")" : ""));
      return;
    }
  }
  if (parsed.size() != 1 || parsed.get("v") == nullptr) {
    reject(fmt::format("value {} is not a single value; expected {}", o.value,
                       describe_allowed(*decl)));
    return;
  }
  const SourceText source(document);
  const ReadResult result = ValueReader(source).read(*decl, *parsed.get("v"));
  if (!result.value) {
    for (const ValueProblem& p : result.problems) reject(p.message);
    return;
  }
  Config::Entry& e = config_.entries_.at(o.key);
  e.value = *result.value;
  if (auto* rows = std::get_if<std::vector<TableRow>>(&*e.value)) {
    for (TableRow& row : *rows) row.line = 0;  // a line of "v = <text>", not of the file
  }
  e.origin = Config::Origin::override_value;
  e.override_location = location;
  e.written = o.value;
  failed_.erase(o.key);
}

ConfigLoader::Activity ConfigLoader::activity(const std::string& section,
                                              const SectionInfo** governing) const {
  std::vector<std::string_view> chain;  // outermost first
  for (std::string_view s = section; !s.empty(); s = parent_of(s)) chain.insert(chain.begin(), s);
  Activity result = Activity::active;
  for (const std::string_view s : chain) {
    const SectionInfo* info = config_.schema_->find_section(s);
    if (info == nullptr || info->choice_key.empty()) continue;
    const Config::Entry& choice = config_.entries_.at(info->choice_key);
    if (failed_.contains(info->choice_key) || !choice.value) {
      result = Activity::unknown;
      continue;
    }
    const auto& value = std::get<std::string>(*choice.value);
    if (std::find(info->active_values.begin(), info->active_values.end(), value) ==
        info->active_values.end()) {
      *governing = info;
      return Activity::inactive;
    }
  }
  return result;
}

void ConfigLoader::check_sections() {
  for (const KeyDecl* decl : config_.schema_->keys()) {
    Config::Entry& e = config_.entries_.at(decl->path);
    const SectionInfo* governing = nullptr;
    const Activity a = activity(decl->section, &governing);
    e.active = a != Activity::inactive;
    if (a == Activity::inactive && e.origin != Config::Origin::default_value) {
      const std::string& choice_key = governing->choice_key;
      std::vector<std::string> wanted;
      for (const auto& v : governing->active_values) wanted.push_back("\"" + v + "\"");
      const std::string message = fmt::format(
          "value {} is not used: section [{}] applies only when {} is {}, but {} is \"{}\" ({}); "
          "remove the key or change {}",
          e.written, governing->name, choice_key, fmt::join(wanted, " or "), choice_key,
          config_.get_string(choice_key), config_.location(choice_key), choice_key);
      if (e.origin == Config::Origin::file) {
        const TextPosition at{e.line, e.column};
        add_issue(kFileGroup, at, file_location(at), decl->path, message);
      } else {
        add_issue(kOverrideGroup, {}, e.override_location, decl->path, message);
      }
    } else if (a == Activity::active && decl->required && !e.value && document_ok_ &&
               !failed_.contains(decl->path)) {
      add_issue(kMissingGroup, {}, config_.source_name_, decl->path,
                fmt::format("required key is missing; expected {}{}", describe_allowed(*decl),
                            decl->unit.empty() ? "" : " (" + decl->unit + ")"));
    }
  }
}

}  // namespace io::internal

namespace io {

Config load_config_string(const Schema& schema, std::string_view toml_text, std::string source_name,
                          const std::vector<Override>& overrides) {
  schema.verify();
  return internal::ConfigLoader(schema, std::move(source_name))
      .load(std::string(toml_text), "", overrides);
}

Config load_config(const Schema& schema, const std::string& file,
                   const std::vector<Override>& overrides) {
  schema.verify();
  std::optional<std::string> text;
  std::string read_error;
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec)) {
    read_error = "cannot read the configuration file: it is a directory";
  } else if (std::ifstream in(file, std::ios::binary); !in) {
    read_error = fmt::format("cannot read the configuration file: {}", std::strerror(errno));
  } else {
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) {
      read_error = "cannot read the configuration file: read error";
    } else {
      text = buffer.str();
    }
  }
  return internal::ConfigLoader(schema, file).load(std::move(text), read_error, overrides);
}

}  // namespace io
