// SPDX-License-Identifier: Apache-2.0
//
// Registry: the one way warpnet looks up a family of interchangeable parts by name — models,
// partitioners, topologies, traffic patterns, injection processes, workloads, routing
// algorithms, selection functions, allocators, LP kinds.
//
// An entry is at least {name, one-line description}; a family adds what it needs (a factory, a
// configuration section) by choosing its entry type. Entries are added by one explicit line each
// in the family's registration function (register_topologies, register_routings, ...), never by
// static constructors, so the list of a family is one place to read and the order is fixed.
//
//   struct ShapeEntry { std::string name; std::string description; int sides; };
//   pdes::Registry<ShapeEntry> shapes("shape.kind", "shape");
//   shapes.add({"triangle", "three sides", 3});
//   shapes.find("square");   // ConfigError: "shape.kind: unknown shape 'square'; valid names:
//                            //               triangle"
//
// FactoryRegistry<Product, Args...> is the common case: entries that build a Product from Args.
//
// Looking up an unknown name throws pdes::ConfigError naming the family's config key and listing
// the valid names; adding a name twice is a programming error (pdes::InvariantError). A registry
// is owned by whoever needs it (no global instance); after registration it is only read.
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

namespace pdes {

/// `Entry` has public members `std::string name` and `std::string description`.
template <class Entry>
class Registry {
 public:
  /// `key` is the config key that selects an entry (e.g. "network.topology"); `family` names
  /// the kind of thing in messages (e.g. "topology").
  Registry(std::string key, std::string family)
      : key_(std::move(key)), family_(std::move(family)) {}

  /// Adds an entry; a duplicate or empty name, or an empty description, is a programming error.
  void add(Entry entry) {
    PDES_CHECK(!entry.name.empty(), family_ + " registered without a name");
    PDES_CHECK(!contains(entry.name), family_ + " '" + entry.name + "' registered twice");
    PDES_CHECK(!entry.description.empty(),
               family_ + " '" + entry.name + "' registered without a description");
    entries_.push_back(std::move(entry));
  }

  bool contains(std::string_view name) const { return lookup(name) != nullptr; }

  /// The entry called `name`; throws pdes::ConfigError listing the valid names if there is none.
  const Entry& find(std::string_view name) const {
    const Entry* entry = lookup(name);
    if (entry == nullptr) {
      throw ConfigError(key_, "unknown " + family_ + " '" + std::string(name) +
                                  "'; valid names: " + joined_names());
    }
    return *entry;
  }

  /// Entries in registration order.
  std::span<const Entry> entries() const { return entries_; }

  std::vector<std::string> names() const {
    std::vector<std::string> result;
    result.reserve(entries_.size());
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
  const std::string& family() const { return family_; }

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

/// An entry that builds a Product from Args.
template <class Product, class... Args>
struct FactoryEntry {
  using Factory = std::function<std::unique_ptr<Product>(Args...)>;
  std::string name;
  std::string description;
  Factory factory;
};

/// A Registry of FactoryEntry: add(name, description, factory) and create(name, args...).
template <class Product, class... Args>
class FactoryRegistry : public Registry<FactoryEntry<Product, Args...>> {
 public:
  using Entry = FactoryEntry<Product, Args...>;
  using Factory = typename Entry::Factory;
  using Registry<Entry>::Registry;
  using Registry<Entry>::add;

  void add(std::string name, std::string description, Factory factory) {
    add(Entry{std::move(name), std::move(description), std::move(factory)});
  }

  std::unique_ptr<Product> create(std::string_view name, Args... args) const {
    return this->find(name).factory(std::forward<Args>(args)...);
  }
};

}  // namespace pdes
