// SPDX-License-Identifier: Apache-2.0
//
// DRB on k-ary n-trees, the parts (models/network/routing/drb/nca_candidates.hpp,
// fat_tree_transport.hpp): the candidate MSPs are the pair's nearest common ancestors with the
// static (d-mod-k) one first; every candidate route is up*/down* and as long as its MSP; the
// channel dependency graph of all candidate routes of all pairs is acyclic (deadlock freedom in
// one VC class set); ACKs take their own class; options a fat tree cannot honour are errors
// naming the key; the cyclic and deterministic up-port policies of the NCA baselines.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "models/network/routing/drb/drb_routing.hpp"
#include "models/network/routing/drb/fat_tree_transport.hpp"
#include "models/network/routing/drb/nca_candidates.hpp"
#include "models/network/routing/fat_tree_nca.hpp"
#include "models/network/topology/fat_tree.hpp"
#include "pdes/error.hpp"

namespace {

using net::drb::DrbParams;
using net::drb::Msp;
using net::drb::NcaCandidates;

struct Hop {
  net::RouterId router;
  net::PortId port;
  std::uint32_t vc_class;
};

// Follows route() from the source's leaf to the ejection port: the (router, port, class) of
// every hop, the ejection last. Takes the first candidate (the one the lowest set offers).
std::vector<Hop> walk(const net::FatTree& tree,
                      const std::function<void(const net::RouteInput&, net::Flit&,
                                               net::RouteCandidates&)>& route,
                      net::Flit head) {
  std::vector<Hop> hops;
  net::RouteInput at{tree.router_of_node(head.src), tree.attachment(head.src).port, 0, true};
  for (int guard = 0; guard < 64; ++guard) {
    net::RouteCandidates out;
    route(at, head, out);
    REQUIRE(!out.empty());
    const net::RouteCandidate c = out[0];
    hops.push_back({at.router, c.port, c.vc_class});
    const auto next = tree.neighbour(at.router, c.port);
    if (!next) return hops;  // a terminal port: ejected
    at = {next->router, next->port, c.vc_class, false};
  }
  FAIL("route did not reach its destination");
  return hops;
}

net::Flit data_head(std::uint32_t src, std::uint32_t dst) {
  net::Flit f;
  f.src = src;
  f.dst = dst;
  return f;
}

// The header DrbRouting writes for MSP `m` of the pair.
net::Flit with_msp(const net::drb::FatTreeTransport& t, std::uint32_t src, std::uint32_t dst,
                   const Msp& m) {
  net::Flit f = data_head(src, dst);
  net::MultiPhaseHeader h;
  t.write_route(src, dst, {0, m.x, m.y, m.length}, h);
  f.route.set(h);
  return f;
}

}  // namespace

TEST_CASE("NCA candidates on a 4-ary 2-tree: the static NCA first, then the other three") {
  const net::FatTree tree(4, 2);  // 16 nodes, leaves 0..3, roots 4..7
  const NcaCandidates gen(tree);
  // Node 1 (leaf 0) to node 5 (leaf 1): NCA level 1, four roots; d-mod-k climbs by digit 0 of
  // node 5 (= 1) to root 4 + 1.
  const std::vector<Msp> all = gen.generate(1, 5, 100);
  REQUIRE(all.size() == 4);
  CHECK(all[0] == Msp{0, 1, 2});  // canonical: X = S, Y = D
  CHECK(all[1] == Msp{4 + 2, 1, 2});
  CHECK(all[2] == Msp{4 + 3, 1, 2});
  CHECK(all[3] == Msp{4 + 0, 1, 2});
  CHECK(gen.generate(1, 5, 2) == std::vector<Msp>{all[0], all[1]});
  // The same pair seen from another node of the destination leaf starts elsewhere: the static
  // route depends on the destination node (its leaf port), so does the list.
  CHECK(gen.generate(1, 6, 100)[1] == Msp{4 + 3, 1, 2});
  SUBCASE("a pair on one leaf has only the canonical MSP") {
    CHECK(gen.generate(1, 2, 4) == std::vector<Msp>{{0, 0, 0}});
  }
}

TEST_CASE("NCA candidates on a 4-ary 3-tree: all 16 NCAs, the first four link-disjoint") {
  const net::FatTree tree(4, 3);  // 64 nodes, 16 switches per level
  const NcaCandidates gen(tree);
  const net::drb::FatTreeTransport transport(tree, DrbParams{});
  const std::vector<Msp> all = gen.generate(0, 63, 1000);
  REQUIRE(all.size() == 16);
  std::set<std::uint32_t> ncas;
  for (std::size_t j = 1; j < all.size(); ++j) {
    CHECK(tree.level(all[j].x) == 2);
    CHECK(all[j].y == tree.router_of_node(63));
    CHECK(all[j].length == 4);
    ncas.insert(all[j].x);
  }
  CHECK(ncas.size() == 15);  // distinct, and none is the static route's NCA
  // The canonical MSP and the next three (drb.max_width = 4, the thesis's bound) share no
  // link between switches: only the two leaves.
  std::set<std::pair<net::RouterId, net::PortId>> links;
  for (std::size_t j = 0; j < 4; ++j) {
    const auto route = [&](const net::RouteInput& at, net::Flit& h, net::RouteCandidates& out) {
      transport.route(at, h, out);
    };
    for (const Hop& h : walk(tree, route, with_msp(transport, 0, 63, all[j]))) {
      if (tree.neighbour(h.router, h.port)) CHECK(links.insert({h.router, h.port}).second);
    }
  }
}

TEST_CASE("every candidate route is up*/down*, as long as its MSP, and deadlock-free in one set") {
  const net::FatTree tree(4, 3);
  const NcaCandidates gen(tree);
  const net::drb::FatTreeTransport transport(tree, DrbParams{});
  CHECK(transport.data_classes() == 1);
  const auto route = [&](const net::RouteInput& at, net::Flit& h, net::RouteCandidates& out) {
    transport.route(at, h, out);
  };
  // Channel dependency graph over (router, out port) of every hop of every candidate route.
  std::map<std::pair<net::RouterId, net::PortId>, std::set<std::pair<net::RouterId, net::PortId>>>
      cdg;
  std::uint64_t routes = 0;
  for (std::uint32_t s = 0; s < 64; ++s) {
    for (std::uint32_t d = 0; d < 64; ++d) {
      for (const Msp& m : gen.generate(s, d, 1000)) {
        const std::vector<Hop> hops = walk(tree, route, with_msp(transport, s, d, m));
        ++routes;
        CHECK(hops.size() == m.length + 1);  // switches visited = hops + 1
        CHECK(tree.attachment(d).router == hops.back().router);
        bool down = false;
        for (std::size_t i = 0; i < hops.size(); ++i) {
          CHECK(hops[i].vc_class == 0);
          const bool up = tree.is_up_port(hops[i].router, hops[i].port);
          CHECK_FALSE((down && up));  // no down-then-up turn
          down = down || !up;
          if (i > 0) cdg[{hops[i - 1].router, hops[i - 1].port}].insert(
              {hops[i].router, hops[i].port});
        }
      }
    }
  }
  CHECK(routes > 64 * 64);
  // Acyclic: depth-first search with colours.
  std::map<std::pair<net::RouterId, net::PortId>, int> colour;
  std::function<bool(const std::pair<net::RouterId, net::PortId>&)> cyclic =
      [&](const std::pair<net::RouterId, net::PortId>& c) {
        colour[c] = 1;
        for (const auto& n : cdg[c]) {
          if (colour[n] == 1) return true;
          if (colour[n] == 0 && cyclic(n)) return true;
        }
        colour[c] = 2;
        return false;
      };
  bool any_cycle = false;
  for (const auto& [c, next] : cdg) {
    if (colour[c] == 0) any_cycle = any_cycle || cyclic(c);
  }
  CHECK_FALSE(any_cycle);
}

TEST_CASE("DRB on a fat tree: VC classes, ACKs in their own class, width 1 is d-mod-k") {
  const net::FatTree tree(4, 3);
  const net::drb::ZeroLoadLatency zero_load{5, 4};
  DrbParams p;
  p.max_width = 4;
  CHECK(net::drb::DrbRouting(tree, p, zero_load).vc_classes() == 1);  // shared: ACKs in class 0
  p.ack_vcs = net::drb::AckVcs::kReserved;
  const net::drb::DrbRouting drb(tree, p, zero_load);
  CHECK(drb.vc_classes() == 2);  // data, ACKs
  p.ack = net::drb::AckDelivery::kIdeal;
  CHECK(net::drb::DrbRouting(tree, p, zero_load).vc_classes() == 1);
  p.max_width = 1;
  p.ack = net::drb::AckDelivery::kNetwork;
  const net::drb::DrbRouting canonical(tree, p, zero_load);
  CHECK(canonical.vc_classes() == 1);
  CHECK(canonical.acks() == net::drb::AckDelivery::kNone);
  // An ACK climbs and descends by d-mod-k in class 1.
  net::Flit ack = data_head(63, 0);
  ack.kind = net::FlitKind::kAck;
  const auto ack_route = [&](const net::RouteInput& at, net::Flit& h, net::RouteCandidates& out) {
    drb.route(at, h, out);
  };
  const net::FatTreeNcaRouting dmodk(tree, net::UpPortPolicy::kDeterministic);
  const auto static_route = [&](const net::RouteInput& at, net::Flit& h,
                                net::RouteCandidates& out) { dmodk.route(at, h, out); };
  const std::vector<Hop> a = walk(tree, ack_route, ack);
  const std::vector<Hop> b = walk(tree, static_route, data_head(63, 0));
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].router == b[i].router);
    CHECK(a[i].port == b[i].port);
    if (i + 1 < a.size()) CHECK(a[i].vc_class == 1);
  }
}

TEST_CASE("DRB options a fat tree cannot honour are errors naming the key") {
  const net::FatTree tree(4, 2);
  const auto key_of = [&](const std::function<void(DrbParams&)>& set) {
    DrbParams p;
    set(p);
    try {
      [[maybe_unused]] const net::drb::DrbRouting drb(tree, p, {5, 4});
    } catch (const pdes::ConfigError& e) {
      return e.key();
    }
    return std::string();
  };
  CHECK(key_of([](DrbParams&) {}).empty());
  SUBCASE("ejection at an intermediate switch") {
    CHECK(key_of([](DrbParams& p) { p.eject_at_intermediates = true; }) ==
          "drb.eject_at_intermediates");
  }
  SUBCASE("supernode keys") {
    CHECK(key_of([](DrbParams& p) { p.supernode = net::drb::SupernodeKind::kSubtopology; }) ==
          "drb.supernode");
    CHECK(key_of([](DrbParams& p) { p.source_size = 2; }) == "drb.source_size");
    CHECK(key_of([](DrbParams& p) { p.destination_size = 0; }) == "drb.destination_size");
    CHECK(key_of([](DrbParams& p) { p.subtopology_dims = 1; }) == "drb.subtopology_dims");
  }
  SUBCASE("duplicates") {
    CHECK(key_of([](DrbParams& p) { p.distinct_paths = false; }) == "drb.distinct_paths");
  }
}

TEST_CASE("NCA up-port policies: cyclic visits every NCA in turn, d-mod-k one per destination") {
  const net::FatTree tree(4, 3);
  const auto top_of = [&](const net::FatTreeNcaRouting& r, std::uint32_t src, std::uint32_t seq) {
    net::Flit f = data_head(src, 63);
    f.seq = seq;
    const auto route = [&](const net::RouteInput& at, net::Flit& h, net::RouteCandidates& out) {
      r.route(at, h, out);
    };
    net::RouterId top = 0;
    for (const Hop& h : walk(tree, route, f)) top = std::max(top, h.router);
    return top;
  };
  const net::FatTreeNcaRouting cyclic(tree, net::UpPortPolicy::kCyclic);
  std::set<net::RouterId> tops;
  for (std::uint32_t q = 0; q < 16; ++q) tops.insert(top_of(cyclic, 0, q));
  CHECK(tops.size() == 16);  // 16 consecutive packets, 16 NCAs
  CHECK(top_of(cyclic, 0, 5) == top_of(cyclic, 0, 5 + 16));  // periodic
  CHECK(top_of(cyclic, 1, 0) != top_of(cyclic, 0, 0));        // leaf mates start apart
  const net::FatTreeNcaRouting dmodk(tree, net::UpPortPolicy::kDeterministic);
  for (std::uint32_t q = 0; q < 8; ++q) CHECK(top_of(dmodk, q, q) == top_of(dmodk, 0, 0));
  const net::FatTreeNcaRouting random(tree, net::UpPortPolicy::kRandom);
  std::set<net::RouterId> random_tops;
  for (std::uint32_t q = 0; q < 64; ++q) random_tops.insert(top_of(random, 0, q));
  CHECK(random_tops.size() > 8);
  CHECK(top_of(random, 0, 3) == top_of(random, 0, 3));  // repeatable
  CHECK(net::parse_up_port_policy("cyclic") == net::UpPortPolicy::kCyclic);
  CHECK(net::to_string(net::UpPortPolicy::kRandom) == "random");
  CHECK_THROWS_AS(net::parse_up_port_policy("round_robin"), pdes::ConfigError);
}
