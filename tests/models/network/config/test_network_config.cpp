// SPDX-License-Identifier: Apache-2.0
// net::network_setup_from: a valid configuration becomes NetworkParams; each bad value is an
// issue naming its key (one SUBCASE each); independent problems are reported together.
#include "models/network/config/network_config.hpp"

#include <doctest/doctest.h>

#include "models/network/node/on_off_injection.hpp"
#include "models/network/traffic/hot_spot.hpp"
#include "models/network/traffic/random_permutation.hpp"
#include "tests/models/network/config/network_config_checks.hpp"

using net::testing::issues_of;
using net::testing::network_file;
using net::testing::require_one_issue;
using net::testing::setup_of;

namespace {

net::traffic::HotSpotParams hot_spot_of(const std::any& options) {
  return std::any_cast<net::traffic::HotSpotParams>(options);
}

net::traffic::RandomPermutationParams permutation_of(const std::any& options) {
  return std::any_cast<net::traffic::RandomPermutationParams>(options);
}

}  // namespace

TEST_CASE("every key reaches its field") {
  const net::NetworkSetup s = setup_of(
      "[simulation]\nmodel = \"network\"\nend_time = 5000.5\n"
      "[network]\ntopology = \"torus\"\ndims = [4, 8]\nconcentration = 2\n"
      "routing = \"valiant\"\n"
      "[router]\nvcs = 4\nbuffer_depth = 16\nrouting_delay = 2\nvc_alloc_delay = 3\n"
      "sw_alloc_delay = 0\nst_delay = 4\nlink_latency = 5\ncredit_delay = 6\n"
      "switching = \"vct\"\narbitration = \"age\"\n"
      "[traffic]\npattern = \"hot_spot\"\nload = 0.25\npacket_size = 4\ninjection = \"on_off\"\n"
      "warmup_cycles = 100\ninjection_end = 4000\n"
      "[traffic.hot_spot]\nnodes = [3, 7]\nfraction = 0.5\n"
      "[traffic.on_off]\nmean_on = 50.0\nmean_off = 50.0\n"
      "[metrics]\nwindow_cycles = 250\n");
  const net::NetworkParams& p = s.params;
  CHECK(p.topology == "torus");
  CHECK(std::any_cast<net::NetworkSizeKeys>(p.topology_options).dims == std::vector<std::uint32_t>{4, 8});
  CHECK(std::any_cast<net::NetworkSizeKeys>(p.topology_options).concentration == 2u);
  CHECK_FALSE(std::any_cast<net::NetworkSizeKeys>(p.topology_options).k.has_value());
  CHECK_FALSE(std::any_cast<net::NetworkSizeKeys>(p.topology_options).n.has_value());
  CHECK(p.routing == "valiant");
  CHECK(p.router.vcs == 4);
  CHECK(p.router.buffer_depth == 16);
  CHECK(p.router.routing_delay == 2);
  CHECK(p.router.vc_alloc_delay == 3);
  CHECK(p.router.sw_alloc_delay == 0);
  CHECK(p.router.st_delay == 4);
  CHECK(p.router.link_latency == 5);
  CHECK(p.router.credit_delay == 6);
  CHECK(p.router.cycle_ps == net::kTicksPerCycle);
  CHECK(p.router.switching == net::SwitchingMode::kVirtualCutThrough);
  CHECK(p.router.arbitration == net::Arbitration::kAge);
  CHECK(p.pattern == "hot_spot");
  CHECK(hot_spot_of(p.pattern_options).nodes == std::vector<std::uint64_t>{3, 7});
  CHECK(hot_spot_of(p.pattern_options).fraction == 0.5);
  CHECK(p.load == 0.25);
  CHECK(p.packet_size == 4);
  CHECK(p.injection.kind == "on_off");
  CHECK(std::any_cast<net::OnOffParams>(p.injection.options).mean_on_cycles == 50.0);
  CHECK(std::any_cast<net::OnOffParams>(p.injection.options).mean_off_cycles == 50.0);
  CHECK(p.warmup_cycles == 100);
  CHECK(p.injection_end_cycle == 4000);
  CHECK(p.phases.empty());
  CHECK(s.end_cycle == 5001);  // rounded up: cycle 5000 still runs
  CHECK(s.measure_end_cycle == 4000);
  CHECK(s.window_cycles == 250);
  REQUIRE(s.topology != nullptr);
  CHECK(s.topology->num_nodes() == 64);
}

TEST_CASE("defaults: a 4x4 mesh with the default router and Bernoulli uniform traffic") {
  const net::NetworkSetup s = setup_of(network_file());
  const net::NetworkParams defaults;
  CHECK(s.params.topology == "mesh");
  CHECK(s.params.routing == defaults.routing);
  CHECK(s.params.router.vcs == defaults.router.vcs);
  CHECK(s.params.load == defaults.load);
  CHECK(s.params.injection.kind == "bernoulli");
  CHECK(s.params.injection_end_cycle == defaults.injection_end_cycle);
  CHECK(s.measure_end_cycle == 1000);
}

TEST_CASE("phases: each table becomes a TrafficPhase; missing pattern and load are inherited") {
  const net::NetworkSetup s = setup_of(network_file(
      "[traffic]\npattern = \"hot_spot\"\nload = 0.2\n"
      "[traffic.hot_spot]\nnodes = [1]\nfraction = 0.3\n"
      "[[traffic.phases]]\nduration = 300\n"
      "[[traffic.phases]]\nduration = 200\npattern = \"random_permutation\"\n"
      "permutation_seed = 9\nload = 0.6\n"
      "[[traffic.phases]]\nduration = 100\npattern = \"hot_spot\"\nhot_spot_nodes = [4, 5]\n"
      "hot_spot_fraction = 1.0\n"));
  const auto& phases = s.params.phases;
  REQUIRE(phases.size() == 3);
  CHECK(phases[0].duration_cycles == 300);
  CHECK(phases[0].pattern == "hot_spot");
  CHECK(hot_spot_of(phases[0].pattern_options).nodes == std::vector<std::uint64_t>{1});
  CHECK(phases[0].load == 0.2);
  CHECK(phases[1].pattern == "random_permutation");
  CHECK(permutation_of(phases[1].pattern_options).seed == 9u);
  CHECK(phases[1].load == 0.6);
  CHECK(hot_spot_of(phases[2].pattern_options).nodes == std::vector<std::uint64_t>{4, 5});
  CHECK(hot_spot_of(phases[2].pattern_options).fraction == 1.0);
  CHECK(phases[2].load == 0.2);
  CHECK(s.params.phases_repeat == net::kRepeatForever);
}

TEST_CASE("phases_repeat: a whole number, or inf for ever; finite phases end the measurement") {
  const std::string phases = "[[traffic.phases]]\nduration = 100\n";
  CHECK(setup_of(network_file("[traffic]\nphases_repeat = 3\n" + phases)).params.phases_repeat ==
        3);
  CHECK(setup_of(network_file("[traffic]\nphases_repeat = inf\n" + phases)).params.phases_repeat ==
        net::kRepeatForever);
  CHECK(setup_of(network_file("[traffic]\nphases_repeat = 3\n" + phases)).measure_end_cycle == 300);
}

TEST_CASE("each bad value is an issue naming its key") {
  SUBCASE("a hypercube's dimension on a mesh") {
    require_one_issue(network_file("n = 3\n"), "network.n");
  }
  SUBCASE("an arity on a hypercube") {
    require_one_issue(
        "[simulation]\nmodel = \"network\"\nend_time = 100.0\n"
        "[network]\ntopology = \"hypercube\"\nn = 4\nk = 2\n",
        "network.k");
  }
  SUBCASE("a concentration on a fat tree") {
    require_one_issue(
        "[simulation]\nmodel = \"network\"\nend_time = 100.0\n"
        "[network]\ntopology = \"fat_tree\"\nk = 4\nn = 2\nconcentration = 2\n"
        "routing = \"nca_random\"\n",
        "network.concentration");
  }
  SUBCASE("a mesh without dims") {
    require_one_issue("[simulation]\nmodel = \"network\"\nend_time = 100.0\n", "network.dims");
  }
  SUBCASE("one VC on a torus") {
    require_one_issue(network_file("topology = \"torus\"\n[router]\nvcs = 1\n"), "router.vcs");
  }
  SUBCASE("zero VCs") { require_one_issue(network_file("[router]\nvcs = 0\n"), "router.vcs"); }
  SUBCASE("a routing for another topology") {
    require_one_issue(network_file("routing = \"nca_deterministic\"\n"), "network.routing");
  }
  SUBCASE("an unknown routing") {
    require_one_issue(network_file("routing = \"xy\"\n"), "network.routing");
  }
  SUBCASE("a pattern that needs a power-of-two node count") {
    require_one_issue(
        "[simulation]\nmodel = \"network\"\nend_time = 100.0\n[network]\ndims = [3, 4]\n"
        "[traffic]\npattern = \"bit_complement\"\n",
        "traffic.pattern");
  }
  SUBCASE("a load above one flit per cycle") {
    require_one_issue(network_file("[traffic]\nload = 1.01\n"), "traffic.load");
  }
  SUBCASE("a packet larger than a VCT buffer") {
    require_one_issue(network_file("[router]\nswitching = \"saf\"\nbuffer_depth = 4\n"
                                   "[traffic]\npacket_size = 5\n"),
                      "router.buffer_depth");
  }
  SUBCASE("hot-spot keys with another pattern") {
    require_one_issue(network_file("[traffic.hot_spot]\nnodes = [1]\n"), "traffic.hot_spot.nodes");
  }
  SUBCASE("a hot spot without its fraction") {
    require_one_issue(
        network_file("[traffic]\npattern = \"hot_spot\"\n[traffic.hot_spot]\nnodes = [1]\n"),
        "traffic.hot_spot.fraction");
  }
  SUBCASE("a permutation seed with another pattern") {
    require_one_issue(network_file("[traffic]\npermutation_seed = 4\n"),
                      "traffic.permutation_seed");
  }
  SUBCASE("a random permutation without its seed") {
    require_one_issue(network_file("[traffic]\npattern = \"random_permutation\"\n"),
                      "traffic.permutation_seed");
  }
  SUBCASE("on/off bursts above one flit per cycle") {
    require_one_issue(network_file("[traffic]\ninjection = \"on_off\"\nload = 0.5\n"),
                      "traffic.load");
  }
  SUBCASE("a periodic key with Bernoulli injection") {
    require_one_issue(network_file("[traffic.periodic]\noffset = \"aligned\"\n"),
                      "traffic.periodic.offset");
  }
  SUBCASE("phases_repeat without phases") {
    require_one_issue(network_file("[traffic]\nphases_repeat = 2\n"), "traffic.phases_repeat");
  }
  SUBCASE("phases_repeat that is not a whole number") {
    require_one_issue(
        network_file("[traffic]\nphases_repeat = 1.5\n[[traffic.phases]]\nduration = 10\n"),
        "traffic.phases_repeat");
  }
  SUBCASE("a phase pattern that does not fit the network") {
    const auto issues = issues_of(
        "[simulation]\nmodel = \"network\"\nend_time = 100.0\n[network]\ndims = [4, 2]\n"
        "[[traffic.phases]]\nduration = 10\n"
        "[[traffic.phases]]\nduration = 10\npattern = \"transpose\"\n");
    REQUIRE(issues.size() == 1);
    CHECK(issues[0].key == "traffic.phases");
    CHECK(issues[0].message.find("phase 1 (line 8): field pattern: 'transpose' needs") == 0);
  }
  SUBCASE("a phase's pattern field without its pattern") {
    const auto issues =
        issues_of(network_file("[[traffic.phases]]\nduration = 10\nhot_spot_nodes = [1]\n"));
    REQUIRE(issues.size() == 1);
    CHECK(issues[0].key == "traffic.phases");
    CHECK(issues[0].message.find("field hot_spot_nodes") != std::string::npos);
  }
  SUBCASE("a phase with its own hot spot but no fraction names the field") {
    const auto issues = issues_of(network_file(
        "[[traffic.phases]]\nduration = 10\npattern = \"hot_spot\"\nhot_spot_nodes = [1]\n"));
    REQUIRE(issues.size() == 1);
    CHECK(issues[0].message.find("field hot_spot_fraction") != std::string::npos);
  }
  SUBCASE("on/off bursts of one phase above one flit per cycle") {
    require_one_issue(network_file("[traffic]\ninjection = \"on_off\"\nload = 0.05\n"
                                   "[[traffic.phases]]\nduration = 10\nload = 0.5\n"),
                      "traffic.phases");
  }
  SUBCASE("a warm-up that is not over before the end") {
    require_one_issue(network_file("[traffic]\nwarmup_cycles = 1000\n"), "traffic.warmup_cycles");
  }
  SUBCASE("phases that end within the warm-up") {
    require_one_issue(network_file("[traffic]\nwarmup_cycles = 300\nphases_repeat = 2\n"
                                   "[[traffic.phases]]\nduration = 100\n"),
                      "traffic.phases_repeat");
  }
  SUBCASE("an injection end within the warm-up") {
    require_one_issue(network_file("[traffic]\nwarmup_cycles = 100\ninjection_end = 100\n"),
                      "traffic.injection_end");
  }
}

TEST_CASE("independent problems are all reported at once") {
  const auto issues =
      issues_of(network_file("n = 3\n[traffic]\nphases_repeat = 2\nwarmup_cycles = 5000\n"));
  INFO(net::testing::describe(issues));
  REQUIRE(issues.size() == 3);
  CHECK(issues[0].key == "traffic.phases_repeat");
  CHECK(issues[1].key == "network.n");
  CHECK(issues[2].key == "traffic.warmup_cycles");
}

TEST_CASE("the effective configuration loads back to the same setup") {
  const auto schema = net::testing::full_schema();
  const io::Config original = net::testing::load(
      network_file("[traffic]\npattern = \"hot_spot\"\ninjection = \"periodic\"\n"
                   "[traffic.hot_spot]\nnodes = [2]\nfraction = 0.5\n"
                   "[[traffic.phases]]\nduration = 30\nload = 0.4\n"
                   "[[traffic.phases]]\nduration = 20\npattern = \"random_permutation\"\n"
                   "permutation_seed = 1\n"));
  const io::Config again =
      io::load_config_string(schema, original.effective_toml(), "effective.toml", {});
  CHECK(again.hash() == original.hash());
  const net::NetworkSetup a = net::network_setup_from(original);
  const net::NetworkSetup b = net::network_setup_from(again);
  REQUIRE(a.params.phases.size() == b.params.phases.size());
  CHECK(permutation_of(b.params.phases[1].pattern_options).seed == 1u);
  CHECK(hot_spot_of(b.params.pattern_options).nodes == hot_spot_of(a.params.pattern_options).nodes);
  CHECK(b.params.injection.kind == a.params.injection.kind);
  CHECK_FALSE(again.is_set("network.n"));
}
