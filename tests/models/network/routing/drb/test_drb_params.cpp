// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/drb_params.hpp"

#include <doctest/doctest.h>

#include <functional>
#include <limits>
#include <string>

#include "models/network/topology/fat_tree.hpp"
#include "models/network/topology/torus.hpp"
#include "pdes/error.hpp"

using net::drb::DrbParams;

namespace {

// Runs `f` and returns the key of the ConfigError it throws ("" if none).
std::string error_key(const std::function<void()>& f) {
  try {
    f();
  } catch (const pdes::ConfigError& e) {
    return e.key();
  }
  return "";
}

std::string invalid(const std::function<void(DrbParams&)>& change) {
  DrbParams p;
  change(p);
  const net::Torus torus({8, 8});
  return error_key([&] { p.validate(torus); });
}

}  // namespace

TEST_CASE("the defaults are valid: Gravity Area 1, width 1..3, paper controller") {
  const DrbParams p;
  const net::Torus torus({8, 8});
  CHECK_NOTHROW(p.validate(torus));
  CHECK(p.max_width == 3);
  CHECK(p.initial_width == 1);
  CHECK(p.supernode == net::drb::SupernodeKind::kGravityArea);
  CHECK(p.controller == net::drb::WidthRule::kPaper);
  CHECK(p.selection == net::drb::SelectionRule::kBandwidth);
}

TEST_CASE("bad parameters name their key") {
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  SUBCASE("width 0") {
    CHECK(invalid([](DrbParams& p) { p.max_width = 0; }) == "drb.max_width");
  }
  SUBCASE("initial width 0") {
    CHECK(invalid([](DrbParams& p) { p.initial_width = 0; }) == "drb.initial_width");
  }
  SUBCASE("initial width above the maximum") {
    CHECK(invalid([](DrbParams& p) { p.initial_width = 4; }) == "drb.initial_width");
  }
  SUBCASE("ThL < 0") {
    CHECK(invalid([](DrbParams& p) { p.threshold = -1; }) == "drb.threshold");
  }
  SUBCASE("ThL = 0 with the paper's rule") {
    CHECK(invalid([](DrbParams& p) {
            p.threshold = 0;
            p.tolerance = 0;
          }) == "drb.threshold");
  }
  SUBCASE("ThL = 0 is fine with the step rule") {
    CHECK(invalid([](DrbParams& p) {
            p.threshold = 0;
            p.tolerance = 0;
            p.controller = net::drb::WidthRule::kStep;
          }) == "");
  }
  SUBCASE("ThL not a number") {
    CHECK(invalid([&](DrbParams& p) { p.threshold = kNaN; }) == "drb.threshold");
  }
  SUBCASE("Tol > ThL") {
    CHECK(invalid([](DrbParams& p) { p.tolerance = 21; }) == "drb.tolerance");
  }
  SUBCASE("Tol < 0") {
    CHECK(invalid([](DrbParams& p) { p.tolerance = -1; }) == "drb.tolerance");
  }
  SUBCASE("channel use k <= 0") {
    CHECK(invalid([](DrbParams& p) { p.channel_use = 0; }) == "drb.channel_use");
  }
  SUBCASE("source supernode larger than the network") {
    CHECK(invalid([](DrbParams& p) { p.source_size = 9; }) == "drb.source_size");
  }
  SUBCASE("destination supernode larger than the network") {
    CHECK(invalid([](DrbParams& p) {
            p.supernode = net::drb::SupernodeKind::kSubtopology;
            p.destination_size = 9;
          }) == "drb.destination_size");
  }
  SUBCASE("subtopology with too many dimensions") {
    CHECK(invalid([](DrbParams& p) {
            p.supernode = net::drb::SupernodeKind::kSubtopology;
            p.subtopology_dims = 3;
          }) == "drb.subtopology_dims");
  }
  SUBCASE("max width above the candidates is allowed (clamped per pair)") {
    CHECK(invalid([](DrbParams& p) { p.max_width = 1000; }) == "");
  }
}

TEST_CASE("the supernode check uses the topology: a fat tree's sub-tree radix") {
  DrbParams p;
  p.supernode = net::drb::SupernodeKind::kSubtopology;
  p.source_size = 3;
  const net::FatTree tree(4, 3);
  CHECK(error_key([&] { p.validate(tree); }) == "drb.source_size");
  CHECK(error_key([&] { p.validate(); }) == "");  // the topology-free check cannot see it
}

TEST_CASE("names parse both ways; unknown names are errors listing the valid ones") {
  using namespace net::drb;
  CHECK(parse_supernode_kind("gravity_area") == SupernodeKind::kGravityArea);
  CHECK(parse_supernode_kind(to_string(SupernodeKind::kSubtopology)) ==
        SupernodeKind::kSubtopology);
  CHECK(parse_width_rule(to_string(WidthRule::kStep)) == WidthRule::kStep);
  CHECK(parse_width_rule(to_string(WidthRule::kFixed)) == WidthRule::kFixed);
  CHECK(parse_width_rule(to_string(WidthRule::kPaper)) == WidthRule::kPaper);
  CHECK(parse_controller_input(to_string(ControllerInput::kMessage)) == ControllerInput::kMessage);
  CHECK(parse_selection_rule(to_string(SelectionRule::kUniform)) == SelectionRule::kUniform);
  CHECK(parse_threshold_base(to_string(ThresholdBase::kAbsolute)) == ThresholdBase::kAbsolute);
  CHECK(parse_new_msp_latency(to_string(NewMspLatency::kZeroLoad)) == NewMspLatency::kZeroLoad);
  try {
    parse_supernode_kind("gravity");
    FAIL("expected a ConfigError");
  } catch (const pdes::ConfigError& e) {
    CHECK(e.key() == "drb.supernode");
    CHECK(std::string(e.what()).find("gravity_area, subtopology") != std::string::npos);
  }
  CHECK(error_key([] { parse_width_rule("adaptive"); }) == "drb.controller");
  CHECK(error_key([] { parse_controller_input("x"); }) == "drb.controller_input");
  CHECK(error_key([] { parse_selection_rule("x"); }) == "drb.selection");
  CHECK(error_key([] { parse_threshold_base("x"); }) == "drb.threshold_base");
  CHECK(error_key([] { parse_new_msp_latency("x"); }) == "drb.new_msp_latency");
  CHECK(parse_candidate_tie(to_string(CandidateTie::kHashed)) == CandidateTie::kHashed);
  CHECK(parse_candidate_tie(to_string(CandidateTie::kRouterId)) == CandidateTie::kRouterId);
  CHECK(parse_ack_vcs(to_string(AckVcs::kReserved)) == AckVcs::kReserved);
  CHECK(parse_ack_vcs(to_string(AckVcs::kShared)) == AckVcs::kShared);
  CHECK(error_key([] { parse_candidate_tie("random"); }) == "drb.candidate_tie");
  CHECK(error_key([] { parse_ack_vcs("own"); }) == "drb.ack_vcs");
}
