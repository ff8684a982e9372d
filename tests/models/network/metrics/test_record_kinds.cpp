// SPDX-License-Identifier: Apache-2.0
#include "models/network/metrics/record_kinds.hpp"

#include <doctest/doctest.h>

#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "models/network/metrics/network_results.hpp"
#include "pdes/error.hpp"

namespace {

struct Ping {
  static constexpr std::uint16_t kRecordKind = 0x7E10;
  std::uint64_t value = 0;
};

struct Pong {
  static constexpr std::uint16_t kRecordKind = 0x7E11;
  std::uint64_t value = 0;
};

// Reads the kinds it is given and counts the records that reach it.
class Counter final : public net::ResultsExtension {
 public:
  explicit Counter(std::vector<net::RecordKind> kinds, int* seen)
      : kinds_(std::move(kinds)), seen_(seen) {}
  std::vector<net::RecordKind> record_kinds() const override { return kinds_; }
  void write(const pdes::Record& /*record*/) override { ++*seen_; }
  void add_tables(io::ResultSet& /*local*/) const override {}
  void add_figures(const io::DistributedTables& /*tables*/,
                   std::vector<models::Figure>& /*figures*/) const override {}

 private:
  std::vector<net::RecordKind> kinds_;
  int* seen_;
};

net::NetworkResultsParams params() {
  net::NetworkResultsParams p;
  p.num_nodes = 4;
  p.measure_end_cycle = 100;
  return p;
}

template <class R>
void feed(net::NetworkResults& results, const R& record) {
  results.write(pdes::Record{R::kRecordKind, pdes::LpId{0}, pdes::SimTime{0},
                             std::as_bytes(std::span(&record, 1))});
}

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const pdes::InvariantError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("RecordKinds: a kind is found by its number, with its reader") {
  net::RecordKinds kinds;
  kinds.add(net::record_kind<Ping>("Ping"), 3);
  const net::RecordKinds::Entry* e = kinds.find(Ping::kRecordKind);
  REQUIRE(e != nullptr);
  CHECK(e->kind.name == "Ping");
  CHECK(e->reader == 3);
  CHECK(kinds.find(Pong::kRecordKind) == nullptr);
  CHECK(kinds.entries().size() == 1);
}

TEST_CASE("RecordKinds: a kind registered twice names both records") {
  net::RecordKinds kinds;
  kinds.add(net::record_kind<Ping>("Ping"), 0);
  const std::string what = message_of([&] { kinds.add({Ping::kRecordKind, "Impostor"}, 1); });
  CHECK(what.find("0x7E10") != std::string::npos);
  CHECK(what.find("Ping") != std::string::npos);
  CHECK(what.find("Impostor") != std::string::npos);
  CHECK(kinds.find(Ping::kRecordKind)->kind.name == "Ping");
}

TEST_CASE("RecordKinds: a name registered under two kinds, or no name, is an error") {
  net::RecordKinds kinds;
  kinds.add(net::record_kind<Ping>("Ping"), 0);
  CHECK_THROWS_AS(kinds.add(net::record_kind<Pong>("Ping"), 0), pdes::InvariantError);
  CHECK_THROWS_AS(kinds.add(net::record_kind<Pong>(""), 0), pdes::InvariantError);
}

TEST_CASE("NetworkResults registers its own kinds and each extension's") {
  net::NetworkResults results(params());
  for (const net::RecordKind& k : net::NetworkResults::own_record_kinds()) {
    CHECK(results.record_kinds().find(k.kind) != nullptr);
  }
  int seen = 0;
  results.add_extension(std::make_unique<Counter>(
      std::vector<net::RecordKind>{net::record_kind<Ping>("Ping")}, &seen));
  feed(results, Ping{1});
  feed(results, Pong{2});  // nobody reads it
  CHECK(seen == 1);
}

TEST_CASE("an extension whose kind is already registered is refused") {
  net::NetworkResults results(params());
  int seen = 0;
  // The kind of PacketDelivered, which NetworkResults reads itself.
  const std::string own = message_of([&] {
    results.add_extension(std::make_unique<Counter>(
        std::vector<net::RecordKind>{{net::PacketDelivered::kRecordKind, "Clash"}}, &seen));
  });
  CHECK(own.find("PacketDelivered") != std::string::npos);
  CHECK(own.find("Clash") != std::string::npos);
  // Two extensions of one run with the same kind.
  results.add_extension(std::make_unique<Counter>(
      std::vector<net::RecordKind>{net::record_kind<Ping>("Ping")}, &seen));
  CHECK_THROWS_AS(results.add_extension(std::make_unique<Counter>(
                      std::vector<net::RecordKind>{{Ping::kRecordKind, "Ping2"}}, &seen)),
                  pdes::InvariantError);
}
