// SPDX-License-Identifier: Apache-2.0
//
// ValueReader: turns one TOML node into the Value of a declared key, or says why it cannot.
//
// The same reader checks values from the file and from --set (whose text is parsed as the TOML
// document "v = <text>"), so both get the same rules and the same messages. Every message names
// the value as written and what the key allows.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <toml++/toml.h>

#include "io/config/config_value.hpp"
#include "io/config/internal/source_text.hpp"
#include "io/config/schema.hpp"

namespace io::internal {

struct ValueProblem {
  TextPosition position;  ///< where in the document (a list element's own position)
  std::string message;
};

struct ReadResult {
  std::optional<Value> value;  ///< set when there are no problems
  std::vector<ValueProblem> problems;
};

class ValueReader {
 public:
  /// `source` is the document the nodes come from; it must outlive the reader.
  explicit ValueReader(const SourceText& source) : source_(source) {}

  ReadResult read(const KeyDecl& decl, const toml::node& node) const;

  /// The node's text as written in the document (shortened when long), or a TOML rendering of
  /// the node when the text cannot be recovered (values that span lines).
  std::string as_written(const toml::node& node) const;

 private:
  std::optional<Value> read_scalar(const KeyDecl& decl, const toml::node& node,
                                   const std::string& subject, std::string& problem) const;
  std::optional<Value> read_list(const KeyDecl& decl, const toml::array& array,
                                 std::vector<ValueProblem>& problems) const;
  std::optional<Value> read_table_list(const KeyDecl& decl, const toml::array& array,
                                       std::vector<ValueProblem>& problems) const;
  /// One table of a table list; `which` is "table 2 of 3" for messages.
  std::optional<TableRow> read_row(const KeyDecl& decl, const toml::table& table,
                                   const std::string& which,
                                   std::vector<ValueProblem>& problems) const;

  const SourceText& source_;
};

/// "an integer", "a float", "a string", "a boolean", "an array", "a table", "a date", ...
std::string node_kind(const toml::node& node);

/// A compact one-line TOML rendering of a node.
std::string format_node(const toml::node& node);

/// The node's begin position.
TextPosition position_of(const toml::node& node);

}  // namespace io::internal
