// SPDX-License-Identifier: Apache-2.0
//
// NamedRegistry: a family of interchangeable implementations (topologies, traffic patterns,
// later routing algorithms) looked up by name (STYLE.md R8).
//
// Each entry is {name, one-line description, factory}. Entries are added by one explicit line
// each in the family's registration function (register_topologies, register_traffic_patterns),
// never by static constructors. Looking up an unknown name throws pdes::ConfigError with the
// family's config key and the list of valid names.
//
//   TopologyRegistry registry;             // a NamedRegistry<Topology, const TopologyParams&>
//   register_topologies(registry);
//   std::unique_ptr<Topology> t = registry.create("torus", params);
//
// A registry is owned by the application (no global instance). After registration it is only
// read, so it may be shared const.
#pragma once

#include <algorithm>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pdes/error.hpp"

namespace net {

template <typename Product, typename... Args>
class NamedRegistry {
 public:
  using Factory = std::function<std::unique_ptr<Product>(Args...)>;

  struct Entry {
    std::string name;
    std::string description;
    Factory factory;
  };

  /// `key` is the config key that selects an entry (e.g. "network.topology"); `family` names the
  /// kind of thing in messages (e.g. "topology").
  NamedRegistry(std::string key, std::string family)
      : key_(std::move(key)), family_(std::move(family)) {}

  /// Adds an entry; a duplicate name is a programming error (pdes::InvariantError).
  void add(std::string name, std::string description, Factory factory) {
    PDES_CHECK(!contains(name), family_ + " '" + name + "' registered twice");
    entries_.push_back({std::move(name), std::move(description), std::move(factory)});
  }

  bool contains(std::string_view name) const { return lookup(name) != nullptr; }

  /// The entry called `name`; throws pdes::ConfigError listing the valid names if there is none.
  const Entry& find(std::string_view name) const {
    const Entry* entry = lookup(name);
    if (entry == nullptr) {
      throw pdes::ConfigError(key_, "unknown " + family_ + " '" + std::string(name) +
                                        "'; valid names: " + joined_names());
    }
    return *entry;
  }

  std::unique_ptr<Product> create(std::string_view name, Args... args) const {
    return find(name).factory(std::forward<Args>(args)...);
  }

  /// Entries in registration order.
  std::span<const Entry> entries() const { return entries_; }

  std::vector<std::string> names() const {
    std::vector<std::string> result;
    for (const Entry& e : entries_) result.push_back(e.name);
    return result;
  }

  /// "a, b, c" in registration order.
  std::string joined_names() const {
    std::string result;
    for (const Entry& e : entries_) {
      if (!result.empty()) result += ", ";
      result += e.name;
    }
    return result;
  }

  const std::string& key() const { return key_; }

 private:
  const Entry* lookup(std::string_view name) const {
    const auto it = std::find_if(entries_.begin(), entries_.end(),
                                 [&](const Entry& e) { return e.name == name; });
    return it == entries_.end() ? nullptr : &*it;
  }

  std::string key_;
  std::string family_;
  std::vector<Entry> entries_;
};

}  // namespace net
