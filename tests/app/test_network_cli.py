# SPDX-License-Identifier: Apache-2.0
"""End-to-end tests of the warpnet command line on the network model's examples."""
import re
import subprocess

import pytest

EXAMPLES = ["mesh8x8.toml", "booksim-like.toml", "phases.toml", "drb-torus8-bitrev.toml",
            "drb-torus8-paper.toml",
            "drb-fattree.toml",
            "message-list.toml", "workload-replay.toml", "workload-skeleton.toml",
            "prdrb-mesh8x8-bursts.toml", "prdrb-torus8-bursts.toml"]
SHORT = ["--set", "simulation.end_time=3000", "--set", "traffic.warmup_cycles=500",
         "--set", "metrics.window_cycles=250"]


def rows(stdout):
    """The summary as {label: value} (two spaces of indent, the label padded to 22)."""
    out = {}
    for line in stdout.splitlines():
        match = re.match(r"  (\S.{0,21}?)\s{2,}(\S.*)$", line)
        if match:
            out[match.group(1).strip()] = match.group(2)
    return out


def digest_of(stdout):
    match = re.search(r"event digest\s+(0x[0-9a-f]{16})", stdout)
    assert match, stdout
    return match.group(1)


@pytest.mark.parametrize("example", EXAMPLES)
def test_examples_are_valid(warpnet, root, example):
    r = warpnet("validate", root / "examples" / example)
    assert r.returncode == 0, r.stderr
    assert "valid (model network" in r.stdout


def test_mesh_example_runs_and_describes_the_network(warpnet, root):
    r = warpnet("run", root / "examples/mesh8x8.toml", *SHORT)
    assert r.returncode == 0, r.stderr
    summary = rows(r.stdout)
    assert summary["model"] == "network"
    assert summary["termination"].startswith("end time reached")
    assert summary["network"] == "mesh 8x8, concentration 1 (64 routers, 64 nodes)"
    assert summary["routing"] == "dimension_order"
    assert summary["router"] == "wormhole, 2 VCs x 8 flits, 5-cycle hop"
    assert summary["traffic"] == "uniform at 0.3 flits/node/cycle, bernoulli, 1-flit packets"


def test_mesh_example_prints_the_network_results(warpnet, root):
    r = warpnet("run", root / "examples/mesh8x8.toml", *SHORT)
    assert r.returncode == 0, r.stderr
    summary = rows(r.stdout)
    offered = float(summary["offered load"].split()[0])
    accepted = float(summary["accepted load"].split()[0])
    assert offered == pytest.approx(0.3, rel=0.05)
    assert accepted == pytest.approx(offered, rel=0.05)
    assert 32.0 < float(summary["network latency"].split()[0]) < 40.0
    for label in ["latency", "source-queue wait", "hops", "latency (dest. means)",
                  "packets measured"]:
        assert label in summary
    assert summary["saturation"].startswith("no")


def test_phases_example_runs(warpnet, root):
    r = warpnet("run", root / "examples/phases.toml", "--set", "simulation.end_time=5000")
    assert r.returncode == 0, r.stderr
    assert rows(r.stdout)["traffic"].startswith(
        "2 phases (transpose 0.2 for 2000, uniform 0.3 for 2000), repeated")


def test_same_seed_same_digest_and_rollback_check_agrees(warpnet, root):
    example = root / "examples/mesh8x8.toml"
    small = ["--set", "network.dims=[4,4]", "--set", "simulation.end_time=1500",
             "--set", "traffic.warmup_cycles=100"]
    a = warpnet("run", example, *small)
    b = warpnet("run", example, *small, "--engine", "rollback-check")
    c = warpnet("run", example, *small, "--set", "simulation.seed=2")
    assert a.returncode == b.returncode == c.returncode == 0, a.stderr + b.stderr + c.stderr
    assert digest_of(a.stdout) == digest_of(b.stdout)
    assert digest_of(a.stdout) != digest_of(c.stdout)


def test_explain_lists_the_network_sections(warpnet):
    r = warpnet("config", "--explain")
    assert r.returncode == 0
    for text in ["[network]", "[router]", "[traffic]", "[traffic.hot_spot]", "[traffic.periodic]",
                 "[traffic.on_off]", "[metrics]", "network.routing", "router.vcs",
                 "traffic.phases[].duration", "traffic.phases_repeat", "metrics.window_cycles",
                 '(only when simulation.model = "network")']:
        assert text in r.stdout, text


def test_effective_config_of_the_phases_example_is_valid_again(warpnet, root, tmp_path):
    r = warpnet("config", "--effective", root / "examples/phases.toml")
    assert r.returncode == 0, r.stderr
    assert 'phases = [{duration = 2000, pattern = "transpose", load = 0.2}' in r.stdout
    assert "network.n" not in r.stdout and "\nn = " not in r.stdout
    path = tmp_path / "effective.toml"
    path.write_text(r.stdout)
    again = warpnet("validate", path)
    assert again.returncode == 0, again.stderr


def test_bad_network_input_names_every_key_and_exits_2(warpnet, root):
    r = warpnet("validate", root / "examples/mesh8x8.toml", "--set", "network.n=3",
                "--set", "traffic.phases_repeat=2", "--set", "traffic.warmup_cycles=30000")
    assert r.returncode == 2
    for key in ["network.n", "traffic.phases_repeat", "traffic.warmup_cycles"]:
        assert key in r.stderr, r.stderr


def test_a_phase_set_on_the_command_line(warpnet, root):
    r = warpnet("validate", root / "examples/mesh8x8.toml", "--set",
                'traffic.phases=[{duration=100, pattern="transpose"}, {duration=100, lod=1}]')
    assert r.returncode == 2
    assert 'unknown field "lod"' in r.stderr
    assert 'did you mean "load"?' in r.stderr


def test_results_file_holds_the_network_tables(warpnet, root, tmp_path):
    out = tmp_path / "mesh.h5"
    r = warpnet("run", root / "examples/mesh8x8.toml", *SHORT, "--output", out, output=True)
    assert r.returncode == 0, r.stderr
    listing = subprocess.run(["h5ls", "-r", str(out)], capture_output=True, text=True)
    assert listing.returncode == 0, listing.stderr
    assert re.search(r"^/network/nodes\s+Dataset \{64", listing.stdout, re.M), listing.stdout
    assert re.search(r"^/network/time_series\s+Dataset \{12", listing.stdout, re.M), listing.stdout


DRB_SHORT = ["--set", "simulation.end_time=6000", "--set", "traffic.warmup_cycles=2000"]


def test_drb_example_reports_its_metapaths_and_beats_its_dor_baseline(warpnet, root):
    drb = warpnet("run", root / "examples/drb-torus8-bitrev.toml", *DRB_SHORT)
    dor = warpnet("run", root / "examples/drb-torus8-bitrev.toml", *DRB_SHORT,
                  "--set", "drb.max_width=1")
    assert drb.returncode == 0, drb.stderr
    assert dor.returncode == 0, dor.stderr
    a, b = rows(drb.stdout), rows(dor.stdout)
    assert a["routing"] == "drb"
    width = float(a["path width"].split()[0])
    assert 1.0 < width <= 3.0
    assert float(a["non-canonical packets"].split("%")[0]) > 5.0
    assert re.match(r"\d+ \(\d+\.\d% of the flits delivered", a["ACKs"])
    assert float(a["path stretch"]) >= 1.0
    # Width 1 is DOR: no metapath rows, no ACKs, minimal paths.
    assert "path width" in b and float(b["path width"].split()[0]) == 1.0
    assert float(b["non-canonical packets"].split("%")[0]) == 0.0
    assert "ACKs" not in b
    assert float(b["path stretch"]) == 1.0
    # Bit-reversal at 0.3 flits/node/cycle is beyond DOR's saturation, not DRB's.
    assert float(a["latency"].split()[0]) < 0.7 * float(b["latency"].split()[0])
    assert float(a["accepted load"].split()[0]) > float(b["accepted load"].split()[0])


CUBE_BITREV = ["--set", "network.topology=hypercube", "--set", "network.n=6", "--set",
               "network.dims=[]", "--set", "traffic.pattern=bit_reversal"]


@pytest.mark.parametrize("load, verdict", [
    # Well below the knee: latency flat (21.8 cycles).
    ("0.2", "no"),
    # Just past it: every source still keeps within its allowance and the network's backlog
    # stays at +0.1 %, but latency rises from window to window (35 cycles, +27 % from the first
    # half of the measurement to the second): the start of saturation (docs/saturation.md).
    ("0.2463", "yes (latency growing)"),
])
def test_latency_growing_over_the_measurement_is_saturation(warpnet, root, load, verdict):
    r = warpnet("run", root / "examples/mesh8x8.toml", *CUBE_BITREV, "--set",
                f"traffic.load={load}")
    assert r.returncode == 0, r.stderr
    summary = rows(r.stdout)
    assert summary["saturation"] == verdict
    assert summary["sources behind"] == "0"
    assert summary["latency growth"].startswith("+")


def message_run(warpnet, root, tmp_path, scheduler):
    stats = tmp_path / f"{scheduler}.json"
    r = warpnet("run", root / "examples/message-list.toml", "--set",
                f"workload.scheduler={scheduler}", "--stats-json", stats)
    assert r.returncode == 0, r.stderr
    import json
    return rows(r.stdout), json.loads(stats.read_text())["figures"]


def test_message_list_example_delivers_every_message_and_reports_them(warpnet, root, tmp_path):
    summary, figures = message_run(warpnet, root, tmp_path, "fifo")
    assert summary["termination"] == "no more events"
    assert summary["traffic"] == "message_list (" + str(root / "examples/message-list.txt") + \
        "), 8-flit packets"
    # 240 all-to-all + 15 gather + 16 ring messages, every one of them delivered.
    assert figures["messages_delivered"]["value"] == 271
    assert figures["offered_load"]["value"] == pytest.approx(figures["accepted_load"]["value"])
    # Loads are measured up to the last delivery, not to the end time (100,000 cycles).
    last = figures["last_delivery"]["value"]
    assert 4000 < last < 6000
    flits = 16 * sum(8 * (16 - k) for k in range(1, 16)) + 15 * 64 + 16 * 128
    assert figures["offered_load"]["value"] == pytest.approx(flits / 16 / (last + 1), rel=1e-3)
    assert "saturated" not in figures  # a steady-state notion: not judged for a finite workload


def test_shortest_first_lowers_the_mean_message_latency(warpnet, root, tmp_path):
    # Each node releases its 15 all-to-all messages longest first: served shortest first, the
    # mean time to completion falls (the shortest-processing-time rule), by a third here.
    _, fifo = message_run(warpnet, root, tmp_path, "fifo")
    _, sf = message_run(warpnet, root, tmp_path, "shortest_first")
    assert sf["message_latency"]["value"] < 0.75 * fifo["message_latency"]["value"]
    assert sf["messages_delivered"]["value"] == fifo["messages_delivered"]["value"]


def test_message_table_has_one_row_per_message(warpnet, root, tmp_path):
    import h5py
    out = tmp_path / "m.h5"
    r = warpnet("run", root / "examples/message-list.toml", "--set", "metrics.message_table=true",
                "--output", out, output=True)
    assert r.returncode == 0, r.stderr
    with h5py.File(out) as f:
        table = f["network/messages"][()]
    assert len(table) == 271
    assert table["flits"].sum() == 16 * sum(8 * (16 - k) for k in range(1, 16)) + 15 * 64 + 16 * 128
    assert (table["delivered"] > table["created"]).all()
    assert (table["packets_delivered"] == table["packets"]).all()
    keys = list(zip(table["src"], table["message"]))
    assert keys == sorted(keys)
    # The groups of the message file: the all-to-all, the gather, the ring; each group's
    # completion time is the latest arrival of its messages.
    groups = {g: int((table["group"] == g).sum()) for g in (0, 1, 2)}
    assert groups == {0: 240, 1: 15, 2: 16}
    done = {g: int(table["delivered"][table["group"] == g].max()) // 1000 for g in (0, 1, 2)}
    assert done[0] < 2000 + 1000 and 2000 < done[1] < done[2]


def replay_config(tmp_path, traces, dims="[4, 4]", extra=""):
    """A replay run of `traces` ({rank: text}) on a mesh; returns the configuration file."""
    trace_dir = tmp_path / "traces"
    trace_dir.mkdir()
    for rank, text in traces.items():
        (trace_dir / f"rank-{rank}.trace").write_text(text)
    config = tmp_path / "replay.toml"
    config.write_text(f"""
[simulation]
model = "network"
end_time = 1000000.0
[network]
topology = "mesh"
dims = {dims}
[traffic]
packet_size = 4
[workload]
kind = "replay"
trace_dir = "traces"
{extra}
""")
    return config


def test_replay_ping_pong_takes_the_zero_load_time(warpnet, tmp_path):
    # 64 bytes = 4 flits = one packet between neighbouring routers: 1 + 2 x 5 + 3 = 14 cycles
    # (docs/router.md, zero-load latency) each way, 5 round trips, nothing else.
    config = replay_config(tmp_path, {0: "send 1 0 64\nrecv 1 0 64\n" * 5,
                                      1: "recv 0 0 64\nsend 0 0 64\n" * 5})
    r = warpnet("run", config)
    assert r.returncode == 0, r.stderr
    summary = rows(r.stdout)
    assert summary["ranks finished"] == "2 of 2"
    assert summary["execution time"].startswith("140 ns")


def test_replay_token_ring_takes_the_zero_load_time(warpnet, tmp_path):
    # A token around 8 ranks on a line of 8 routers: 7 one-hop messages (14 cycles each) and
    # the 7-hop way back (1 + 8 x 5 + 3 = 44 cycles), with 100 ns of compute at rank 0 first.
    traces = {0: "compute 100\nsend 1 0 64\nrecv 7 0 64\n"}
    for r in range(1, 8):
        traces[r] = f"recv {r - 1} 0 64\nsend {(r + 1) % 8} 0 64\n"
    r = warpnet("run", replay_config(tmp_path, traces, dims="[8]"))
    assert r.returncode == 0, r.stderr
    assert rows(r.stdout)["execution time"].startswith(f"{100 + 7 * 14 + 44} ns")


def test_replay_trace_deadlock_is_reported_with_who_waits_on_whom(warpnet, tmp_path):
    config = replay_config(tmp_path, {0: "recv 1 5 8\nsend 1 5 8\n", 1: "recv 0 5 8\nsend 0 5 8\n"})
    r = warpnet("run", config)
    assert r.returncode == 0, r.stderr
    summary = rows(r.stdout)
    assert summary["termination"] == "no more events"
    assert summary["ranks finished"] == "0 of 2"
    assert summary["trace deadlock"] == ("2 ranks blocked with nothing in flight: rank 0 in recv "
                                         "from 1 tag 5; rank 1 in recv from 0 tag 5")


def test_replay_example_runs_every_collective(warpnet, root, tmp_path):
    out = tmp_path / "replay.h5"
    r = warpnet("run", root / "examples/workload-replay.toml", "--output", out, output=True)
    assert r.returncode == 0, r.stderr
    summary = rows(r.stdout)
    assert summary["ranks finished"] == "8 of 8"
    import h5py
    with h5py.File(out) as f:
        ranks = f["network/replay_ranks"][()]
        sizes = f["network/message_sizes"][()]
    assert len(ranks) == 8 and ranks["finished"].all()
    # Message latency by size: every delivered message in one power-of-two class.
    assert sizes["messages"].sum() == int(summary["messages delivered"])
    assert all(2 ** k <= f / m < 2 ** (k + 1)
               for k, f, m in zip(sizes["size_class"], sizes["flits"], sizes["messages"]))
    assert (ranks["compute_time"] == 150_000).all()  # 100 + 50 ns of compute, in ps
    assert ranks["finish_time"].max() == float(summary["execution time"].split()[0]) * 1000


def test_replay_bad_trace_is_refused_naming_file_and_line(warpnet, tmp_path):
    config = replay_config(tmp_path, {0: "send 1 0 8\n", 1: "recv 0 0 8\nallgatherv 8\n"})
    r = warpnet("run", config)
    assert r.returncode == 2
    assert "workload.trace_dir" in r.stderr
    assert "rank-1.trace:2: unknown operation 'allgatherv'" in r.stderr


# Each collective algorithm on a line of P nodes (4-flit packets; 64 bytes = one packet), every
# rank calling the one collective. Zero-load times (docs/router.md): a message of L flits over
# h hops takes 1 + 5 (h + 1) + L - 1 cycles: 11 for a 1-flit message (a barrier's) and 14 for
# a 64-byte one to a neighbour, 19 over 2 hops, 24 over 3.
#   barrier dissemination, P = 4: round 0 r -> r + 1 (11; 3 -> 0 over 3 hops: 21), round 1
#     r -> r + 2 (16) once round 0 is done: rank 0 sends at 21, rank 2 hears at 37.
#   barrier tree, P = 4 (binomial from 0: 0 -> {2, 1}, 2 -> 3): 3 -> 2 (11), 2 -> 0 (27);
#     0 -> 2 (43, one cycle behind 0 -> 1 at the node's injection), 2 -> 3 (54).
#   alltoall pairwise, P = 4: round 0 as the ring (rank 0 hears from 3 at 24), round 1 over 2
#     hops (rank 0 sends at 24: rank 2 hears at 43), round 2 to r - 1: rank 2 sends at 43, rank
#     1 hears at 57; rank 0 sends at 33 over 3 hops, rank 3 hears at 57.
#   allgather ring, P = 4: a message to r + 1 in each of 3 rounds; the 3-hop link home (24)
#     delays rank 0 by 10 once: 24, 38, 52.
# The others overlap messages on shared links (contention): their time is not worked out by
# hand; they must finish and send the messages the docs count.
@pytest.mark.parametrize("ranks,op,key,value,time,messages", [
    (2, "barrier", "barrier", "dissemination", 11, 2),
    (2, "barrier", "barrier", "tree", 22, 2),
    (4, "barrier", "barrier", "dissemination", 37, 8),
    (4, "barrier", "barrier", "tree", 54, 6),
    (2, "alltoall 64", "alltoall", "linear", 14, 2),
    (2, "alltoall 64", "alltoall", "bruck", 14, 2),
    (4, "alltoall 64", "alltoall", "pairwise", 57, 12),
    (4, "alltoall 64", "alltoall", "linear", None, 12),
    (4, "alltoall 64", "alltoall", "bruck", None, 8),
    (2, "allgather 64", "allgather", "recursive_doubling", 14, 2),
    (2, "allgather 64", "allgather", "bruck", 14, 2),
    (4, "allgather 64", "allgather", "ring", 52, 12),
    (4, "allgather 64", "allgather", "recursive_doubling", None, 8),
    (4, "allgather 64", "allgather", "bruck", None, 8),
    (3, "allgather 64", "allgather", "bruck", None, 6),
])
def test_replay_collective_algorithms_take_their_time(warpnet, tmp_path, ranks, op, key, value,
                                                      time, messages):
    config = replay_config(tmp_path, {r: op + "\n" for r in range(ranks)}, dims=f"[{ranks}]")
    r = warpnet("run", config, "--set", f"workload.{key}={value}")
    assert r.returncode == 0, r.stderr
    summary = rows(r.stdout)
    assert summary["ranks finished"] == f"{ranks} of {ranks}"
    assert summary["messages delivered"] == str(messages)
    if time is not None:
        assert summary["execution time"].startswith(f"{time} ns")


def test_replay_allgather_recursive_doubling_on_3_ranks_runs_as_bruck(warpnet, tmp_path):
    def run(value, sub):
        config = replay_config(tmp_path / sub, {r: "allgather 64\n" for r in range(3)}, dims="[3]")
        r = warpnet("run", config, "--set", f"workload.allgather={value}")
        assert r.returncode == 0, r.stderr
        return rows(r.stdout)["execution time"]
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert run("recursive_doubling", "a") == run("bruck", "b")


def test_replay_unknown_collective_algorithm_is_refused(warpnet, tmp_path):
    config = replay_config(tmp_path, {0: "barrier\n", 1: "barrier\n"})
    r = warpnet("run", config, "--set", "workload.barrier=butterfly")
    assert r.returncode == 2
    assert 'workload.barrier: value "butterfly" is not a valid choice' in r.stderr
    assert "dissemination, tree" in r.stderr


@pytest.mark.parametrize("skeleton", ["lu", "mg", "lammps", "pop", "sweep3d", "fft"])
def test_skeleton_runs_and_slows_down_with_a_slower_network(warpnet, root, skeleton):
    def execution(link):
        r = warpnet("run", root / "examples/workload-skeleton.toml", "--set",
                    f"workload.skeleton={skeleton}", "--set", "workload.iterations=1",
                    "--set", f"router.link_latency={link}")
        assert r.returncode == 0, r.stderr
        summary = rows(r.stdout)
        assert summary["ranks finished"] == "64 of 64"
        return float(summary["execution time"].split()[0])
    fast, slow = execution(1), execution(8)
    assert slow > fast * 1.05


def test_skeleton_on_a_fat_tree_and_with_fewer_ranks_than_nodes(warpnet, root):
    r = warpnet("run", root / "examples/workload-skeleton.toml", "--set", "network.topology=fat_tree",
                "--set", "network.dims=[]", "--set", "network.k=4", "--set", "network.n=3",
                "--set", "network.routing=nca_random", "--set", "workload.skeleton_ranks=48",
                "--set", "workload.skeleton=mg")
    assert r.returncode == 0, r.stderr
    assert rows(r.stdout)["ranks finished"] == "48 of 48"


def test_replay_rendezvous_ping_pong_takes_three_trips_each_way(warpnet, tmp_path):
    # With eager_limit 0 each 64-byte send is a one-flit request to send (11 cycles: 1 + 2 x 5),
    # a one-flit clear to send back (11) and the 4-flit data (14): 36 cycles each way.
    config = replay_config(tmp_path, {0: "send 1 0 64\nrecv 1 0 64\n" * 5,
                                      1: "recv 0 0 64\nsend 0 0 64\n" * 5},
                           extra="eager_limit = 0")
    r = warpnet("run", config)
    assert r.returncode == 0, r.stderr
    assert rows(r.stdout)["execution time"].startswith("360 ns")


def test_replay_rendezvous_send_send_deadlock_is_reported(warpnet, tmp_path):
    # Both ranks send first: eager, that works; above the eager limit both wait for a clear to
    # send that never comes (the classic unsafe MPI program).
    traces = {0: "send 1 0 4096\nrecv 1 0 4096\n", 1: "send 0 0 4096\nrecv 0 0 4096\n"}
    eager = warpnet("run", replay_config(tmp_path, traces))
    assert rows(eager.stdout)["ranks finished"] == "2 of 2"
    (tmp_path / "traces").rename(tmp_path / "eager-traces")
    r = warpnet("run", replay_config(tmp_path, traces, extra="eager_limit = 1024"))
    assert r.returncode == 0, r.stderr
    assert rows(r.stdout)["trace deadlock"] == (
        "2 ranks blocked with nothing in flight: rank 0 in send to 1 tag 0 (rendezvous); "
        "rank 1 in send to 0 tag 0 (rendezvous)")


def test_replay_communicators_scope_matching_and_collectives(warpnet, tmp_path):
    # Communicator 1 holds the even ranks, 2 the odd ones, 3 all six backwards. Rank 0 sends
    # rank 1 a world message, then after 1000 ns one on communicator 3 (where rank 1 is 4 and
    # rank 0 is 5), same tag; rank 1 receives the communicator-3 one first, computes 500 ns,
    # then the world one: it can only finish after 1000 + 500 ns if the communicators keep the
    # two apart. Meanwhile allreduces run on 1 and 2 at once and a bcast on 3.
    traces = {r: "" for r in range(6)}
    traces[0] = "send 1 1 8\ncompute 1000\nsend 4 1 8 comm=3\n"
    traces[1] = "recv 5 1 8 comm=3\ncompute 500\nrecv 0 1 8\n"
    for r in range(6):
        traces[r] += f"allreduce 64 comm={1 + r % 2}\nbcast 0 256 comm=3\nbarrier\n"
    config = replay_config(tmp_path, traces, dims="[3, 2]")
    (tmp_path / "traces" / "communicators.txt").write_text("1 0 2 4\n2 1 3 5\n3 5 4 3 2 1 0\n")
    r = warpnet("run", config, "--output", tmp_path / "c.h5", output=True)
    assert r.returncode == 0, r.stderr
    summary = rows(r.stdout)
    assert summary["ranks finished"] == "6 of 6"
    import h5py
    with h5py.File(tmp_path / "c.h5") as f:
        ranks = f["network/replay_ranks"][()]
    assert ranks["finish_time"][1] > 1_500_000  # ps


def test_replay_power_of_two_algorithms_on_a_communicator_of_3(warpnet, tmp_path):
    # 4 ranks (a power of two: accepted), but communicator 1 has 3 members: its allreduce runs
    # reduce_bcast and its allgather Bruck's algorithm instead of recursive doubling.
    traces = {r: "allreduce 64 comm=1\nallgather 64 comm=1\n" for r in range(3)}
    traces[3] = "compute 10\n"
    config = replay_config(tmp_path, traces, dims="[4]")
    (tmp_path / "traces" / "communicators.txt").write_text("1 0 1 2\n")
    r = warpnet("run", config, "--set", "workload.allreduce=recursive_doubling", "--set",
                "workload.allgather=recursive_doubling")
    assert r.returncode == 0, r.stderr
    summary = rows(r.stdout)
    assert summary["ranks finished"] == "4 of 4"
    assert summary["messages delivered"] == str(2 * 2 + 3 * 2)  # reduce_bcast + Bruck


@pytest.mark.parametrize("communicators,line,message", [
    ("1 0 1\n", "allreduce 8 comm=2\n", "communicator '2' is not a whole number in [0, 1]"),
    ("1 1 2\n", "allreduce 8 comm=1\n", "rank 0 is not a member of communicator 1"),
    ("1 0 1\n", "send 2 0 8 comm=1\n", "peer '2' is not a whole number in [0, 1]"),
    ("1 0 0\n", "barrier\n", "communicators.txt:1: rank 0 is listed twice"),
])
def test_replay_bad_communicators_are_refused(warpnet, tmp_path, communicators, line, message):
    config = replay_config(tmp_path, {0: line, 1: "barrier\n", 2: "barrier\n"})
    (tmp_path / "traces" / "communicators.txt").write_text(communicators)
    r = warpnet("run", config)
    assert r.returncode == 2
    assert message in r.stderr, r.stderr


def test_replay_mapping_file_places_the_ranks(warpnet, tmp_path):
    # The ping-pong's two ranks on nodes 0 and 15 of the 4x4 mesh: 6 router hops apart, so each
    # 4-flit message takes 1 + 7 x 5 + 3 = 39 cycles instead of 14.
    config = replay_config(tmp_path, {0: "send 1 0 64\nrecv 1 0 64\n" * 5,
                                      1: "recv 0 0 64\nsend 0 0 64\n" * 5},
                           extra='rank_mapping = "file"\nmapping_file = "nodes.txt"')
    (tmp_path / "nodes.txt").write_text("# node of each rank\n0\n15\n")
    r = warpnet("run", config)
    assert r.returncode == 0, r.stderr
    assert rows(r.stdout)["execution time"].startswith(f"{10 * 39} ns")
    (tmp_path / "nodes.txt").write_text("0\n0\n")
    r = warpnet("run", config)
    assert r.returncode == 2
    assert "workload.mapping_file" in r.stderr and "nodes.txt:2: node 0 is given to two ranks" in r.stderr


LABEL_WIDTH = 22  # app/run_report.cpp prints "  {label:<22} {value}"


@pytest.mark.parametrize("example", EXAMPLES + ["speculative-hotspot.toml", "missions-q4.toml"])
def test_every_summary_label_fits_its_column(warpnet, root, tmp_path, example):
    """A longer label would push its value out of the summary's column (and out of `rows`)."""
    stats = tmp_path / "s.json"
    r = warpnet("run", root / "examples" / example, *SHORT, "--no-output", "--stats-json", stats)
    assert r.returncode == 0, r.stderr
    import json
    document = json.loads(stats.read_text())
    labels = [f["label"] for f in document["figures"].values()] + list(document["model_summary"])
    too_long = [label for label in labels if len(label) > LABEL_WIDTH]
    assert not too_long, f"{example}: labels longer than {LABEL_WIDTH} characters: {too_long}"


def test_ugal_global_oracle_runs_only_on_the_sequential_engine(warpnet, root, tmp_path):
    """UGAL-G's oracle reads a table outside the LPs' state (docs/dragonfly.md): any other engine
    is a configuration error naming ugal.global_info and its value and suggesting exchange,
    before anything runs or is written; exchange runs on every engine."""
    config = root / "examples/dragonfly.toml"
    args = ["--set", "network.routing=ugal_global", "--set", "simulation.end_time=800",
            "--set", "traffic.warmup_cycles=200",
            "--no-output"]
    ok = warpnet("run", config, *args, cwd=tmp_path)
    assert ok.returncode == 0, ok.stderr
    for engine in ("optimistic", "rollback-check"):
        r = warpnet("run", config, *args, "--engine", engine, cwd=tmp_path)
        assert r.returncode == 2, f"{engine}: exit {r.returncode}\n{r.stderr}"
        for word in ("ugal.global_info", "'oracle'", "sequential", "exchange"):
            assert word in r.stderr, f"{engine}: '{word}' not in\n{r.stderr}"
        assert "events processed" not in r.stdout
        r = warpnet("run", config, *args, "--engine", engine, "--set",
                    "ugal.global_info=exchange", cwd=tmp_path)
        assert r.returncode == 0, f"{engine}, exchange: exit {r.returncode}\n{r.stderr}"
