// SPDX-License-Identifier: Apache-2.0
#include "models/network/traffic/pattern_config.hpp"

#include <algorithm>

#include "pdes/error.hpp"

namespace net {

namespace {

const PatternParameter& parameter(const std::vector<PatternParameter>& parameters,
                                  std::string_view name) {
  const auto it = std::find_if(parameters.begin(), parameters.end(),
                               [&](const PatternParameter& p) { return p.name() == name; });
  PDES_CHECK(it != parameters.end(),
             "traffic pattern reads parameter '" + std::string(name) + "' it did not declare");
  return *it;
}

}  // namespace

std::string PatternParameter::phase_field() const {
  constexpr std::string_view kTraffic = "traffic";
  if (section == kTraffic) return name();
  std::string tail = section.substr(kTraffic.size() + 1);
  std::replace(tail.begin(), tail.end(), '.', '_');
  return tail + "_" + name();
}

std::string SectionValues::key(std::string_view name) const {
  return parameter(parameters_, name).key();
}
bool SectionValues::is_set(std::string_view name) const { return config_.is_set(key(name)); }
std::int64_t SectionValues::get_int(std::string_view name) const {
  return config_.get_int(key(name));
}
double SectionValues::get_float(std::string_view name) const {
  return config_.get_float(key(name));
}
std::string SectionValues::get_string(std::string_view name) const {
  return config_.get_string(key(name));
}
std::vector<std::int64_t> SectionValues::get_int_list(std::string_view name) const {
  return config_.get_int_list(key(name));
}
std::vector<double> SectionValues::get_float_list(std::string_view name) const {
  return config_.get_float_list(key(name));
}

std::string PhaseValues::field(std::string_view name) const {
  return parameter(parameters_, name).phase_field();
}
bool PhaseValues::is_set(std::string_view name) const { return row_.is_set(field(name)); }
std::int64_t PhaseValues::get_int(std::string_view name) const {
  return row_.get_int(field(name));
}
double PhaseValues::get_float(std::string_view name) const { return row_.get_float(field(name)); }
std::string PhaseValues::get_string(std::string_view name) const {
  return row_.get_string(field(name));
}
std::vector<std::int64_t> PhaseValues::get_int_list(std::string_view name) const {
  return row_.get_int_list(field(name));
}
std::vector<double> PhaseValues::get_float_list(std::string_view name) const {
  return row_.get_float_list(field(name));
}

}  // namespace net
