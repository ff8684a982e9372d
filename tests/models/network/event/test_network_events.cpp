// SPDX-License-Identifier: Apache-2.0
// The network model's event vocabulary: payload variants within the 64-byte event, opaque
// header bytes owned by one part of the model, and AlgorithmState's value semantics.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "models/network/event/net_event.hpp"
#include "models/network/routing/algorithm_state.hpp"
#include "models/network/routing/multi_phase_header.hpp"

namespace {

struct Registers {
  std::vector<std::uint32_t> latency;
  std::uint64_t samples = 0;
  bool operator==(const Registers&) const = default;
  template <class Archive>
  void serialize(Archive& ar, unsigned) {
    pdes::checkpoint_value(ar, latency);
    pdes::checkpoint_value(ar, samples);
  }
};

struct Other {
  int x = 0;
  bool operator==(const Other&) const = default;
};

}  // namespace

TEST_CASE("a routing reads and writes its own header layout in the flit") {
  net::Flit f;
  CHECK(f.route.get<net::MultiPhaseHeader>().vias == 0);  // fresh bytes: nothing set
  net::MultiPhaseHeader h;
  h.vias = 2;
  h.via[0] = 7;
  h.via[1] = 9;
  h.path = 3;
  f.route.set(h);
  const net::Flit copy = f;
  const auto back = copy.route.get<net::MultiPhaseHeader>();
  CHECK(back.vias == 2);
  CHECK(back.via[1] == 9);
  CHECK(back.path == 3);
  CHECK(copy == f);
  h.phase = 1;
  f.route.set(h);
  CHECK_FALSE(copy == f);  // the header takes part in the byte-for-byte comparison
}

TEST_CASE("each payload kind fits the 64-byte event and shares its storage") {
  static_assert(sizeof(net::NetEvent) <= net::kMaxNetEventBytes);
  net::NetEvent e;
  e.kind = net::NetEventKind::kControl;
  e.control.origin = 12;
  e.control.origin_is_router = 1;
  e.control.topic = 4;
  struct Status {
    std::uint32_t luc[3];
  };
  e.control.body.set(Status{{1, 2, 3}});
  const net::NetEvent copy = e;  // events travel as bytes
  CHECK(copy.control.origin == 12);
  CHECK(copy.control.body.get<Status>().luc[2] == 3);
  CHECK(copy.control == e.control);
}

TEST_CASE("AlgorithmState copies, compares and assigns the value it holds") {
  net::AlgorithmState empty;
  CHECK(empty.empty());
  CHECK(empty == net::AlgorithmState{});

  net::AlgorithmState a = net::AlgorithmState::of(Registers{{1, 2}, 5});
  net::AlgorithmState b = a;  // a deep copy
  CHECK(a == b);
  b.get<Registers>().latency.push_back(3);
  CHECK_FALSE(a == b);
  CHECK(a.get<Registers>().latency.size() == 2);

  // Assignment between equal types keeps the target's buffers (copy state saving).
  const std::uint32_t* buffer = b.get<Registers>().latency.data();
  b = a;
  CHECK(a == b);
  CHECK(b.get<Registers>().latency.data() == buffer);

  CHECK_FALSE(a == empty);
  CHECK_FALSE(a == net::AlgorithmState::of(Other{}));
  b = empty;
  CHECK(b.empty());
  CHECK_THROWS_AS(a.get<Other>(), pdes::InvariantError);
}

TEST_CASE("AlgorithmState goes through a checkpoint into the state on_init made again") {
  net::AlgorithmState saved = net::AlgorithmState::of(Registers{{7, 8, 9}, 3});
  std::ostringstream out_stream(std::ios::binary);
  {
    pdes::CheckpointWriter out(out_stream, boost::archive::no_header);
    pdes::checkpoint_value(out, saved);
  }
  const std::string bytes = out_stream.str();

  net::AlgorithmState restored = net::AlgorithmState::of(Registers{});  // as on_init makes it
  {
    std::istringstream in_stream(bytes, std::ios::binary);
    pdes::CheckpointReader in(in_stream, boost::archive::no_header);
    pdes::checkpoint_value(in, restored);
  }
  CHECK(restored == saved);

  net::AlgorithmState wrong_type = net::AlgorithmState::of(Other{});
  std::istringstream in_stream(bytes, std::ios::binary);
  pdes::CheckpointReader in(in_stream, boost::archive::no_header);
  CHECK_THROWS_AS(pdes::checkpoint_value(in, wrong_type), pdes::InvariantError);
}
