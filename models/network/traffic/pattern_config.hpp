// SPDX-License-Identifier: Apache-2.0
//
// PatternConfig: the parameters of a traffic pattern, declared once in the pattern's own file
// and readable from two places — the [traffic] keys (steady traffic, or the default of phases
// without a pattern) and the fields of one [[traffic.phases]] table (a phase with a pattern of
// its own).
//
// A parameter is a bare-named declaration (io::field_int() and friends) in a section of
// [traffic]. It becomes the key <section>.<name> and the phase field <section tail>_<name>:
//
//   section "traffic.hot_spot", field "nodes"      ->  traffic.hot_spot.nodes, hot_spot_nodes
//   section "traffic",          field "permutation_seed" ->  traffic.permutation_seed,
//                                                            permutation_seed
//
// The pattern's read function gets a PatternValues view of either place, so it reads its
// parameters once, whatever the place; a parameter set for a pattern that does not use it is an
// error naming the key (or the phase's field).
#pragma once

#include <any>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/config/config.hpp"
#include "io/config/schema.hpp"
#include "models/network/traffic/traffic_pattern.hpp"

namespace net {


/// One parameter of a traffic pattern.
struct PatternParameter {
  std::string section;  ///< "traffic" or a subsection of it ("traffic.hot_spot")
  io::KeyBuilder field;  ///< made by io::field_int() and friends, with its bare name

  const std::string& name() const { return field.decl().name; }
  /// "traffic.hot_spot.nodes"
  std::string key() const { return section + "." + name(); }
  /// "hot_spot_nodes": the section below [traffic], with '.' as '_', then the name.
  std::string phase_field() const;
};

/// Where a pattern's parameters are read: the [traffic] keys or one phase's table. Getters take
/// the parameter's bare name; is_set() says whether the file (or --set) gives it, and the
/// getters of a parameter without a default need it given.
class PatternValues {
 public:
  virtual ~PatternValues() = default;
  virtual bool is_set(std::string_view name) const = 0;
  virtual std::int64_t get_int(std::string_view name) const = 0;
  virtual double get_float(std::string_view name) const = 0;
  virtual std::string get_string(std::string_view name) const = 0;
  virtual std::vector<std::int64_t> get_int_list(std::string_view name) const = 0;
  virtual std::vector<double> get_float_list(std::string_view name) const = 0;
};

/// The configuration of a pattern with parameters.
struct PatternConfig {
  /// Names the declaration: patterns sharing one (same name) share its keys.
  std::string section;
  /// Described in `config --explain` when the section is a subsection of [traffic].
  std::string description;
  std::vector<PatternParameter> parameters;
  /// The pattern's parameters struct from the values given.
  std::function<std::any(const PatternValues&)> read;
};

/// The [traffic] keys of `parameters`, read from a validated configuration.
class SectionValues final : public PatternValues {
 public:
  SectionValues(const io::Config& config, const std::vector<PatternParameter>& parameters)
      : config_(config), parameters_(parameters) {}
  bool is_set(std::string_view name) const override;
  std::int64_t get_int(std::string_view name) const override;
  double get_float(std::string_view name) const override;
  std::string get_string(std::string_view name) const override;
  std::vector<std::int64_t> get_int_list(std::string_view name) const override;
  std::vector<double> get_float_list(std::string_view name) const override;

 private:
  std::string key(std::string_view name) const;
  const io::Config& config_;
  const std::vector<PatternParameter>& parameters_;
};

/// The phase fields of `parameters` in one [[traffic.phases]] table.
class PhaseValues final : public PatternValues {
 public:
  PhaseValues(const io::TableRow& row, const std::vector<PatternParameter>& parameters)
      : row_(row), parameters_(parameters) {}
  bool is_set(std::string_view name) const override;
  std::int64_t get_int(std::string_view name) const override;
  double get_float(std::string_view name) const override;
  std::string get_string(std::string_view name) const override;
  std::vector<std::int64_t> get_int_list(std::string_view name) const override;
  std::vector<double> get_float_list(std::string_view name) const override;

 private:
  std::string field(std::string_view name) const;
  const io::TableRow& row_;
  const std::vector<PatternParameter>& parameters_;
};

}  // namespace net
