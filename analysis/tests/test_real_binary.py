# SPDX-License-Identifier: Apache-2.0
"""The package on files the real warpnet writes (needs WARPNET_BIN; ctest sets it).

A short 8x8 mesh run below saturation: the schema is what the package expects, the figures it
computes agree with the summary warpnet prints, and a two-point sweep through `run_sweep`
loads back through its index. Skipped, with the reason, when WARPNET_BIN is not set or when
that build of `warpnet run` has no --output option yet.
"""
import os
import re
import subprocess
from pathlib import Path

import pytest

import warpnet_analysis as wa

BINARY = os.environ.get("WARPNET_BIN")
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "mesh8x8.toml"
# end_time 2000 leaves nothing to measure after the example's 2000-cycle warm-up; windows of
# 250 cycles put three whole windows in the second half of the measurement (saturation test)
SHORT = {"simulation.end_time": 2000, "traffic.warmup_cycles": 500, "metrics.window_cycles": 250}


def _skip_reason():
    if not BINARY:
        return "WARPNET_BIN is not set"
    if not Path(BINARY).is_file():
        return f"WARPNET_BIN={BINARY} does not exist (build the warpnet target)"
    if not wa.supports_output(BINARY):
        return f"{BINARY} run has no --output option yet"
    return None


pytestmark = pytest.mark.skipif(_skip_reason() is not None, reason=str(_skip_reason()))


@pytest.fixture(scope="module")
def mesh_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("real") / "x.h5"
    command = [BINARY, "run", str(EXAMPLE), "--no-progress", "--output", str(out)]
    for key, value in SHORT.items():
        command += ["--set", f"{key}={value}"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    return wa.load_run(out), done.stdout


def printed(stdout, label, unit):
    match = re.search(rf"^\s*{label}\s+([0-9.]+) {unit}", stdout, re.MULTILINE)
    return float(match.group(1)) if match else None


def test_file_has_the_schema_the_package_reads(mesh_run):
    run, _ = mesh_run
    assert run.schema_version == 1
    assert run.termination == "end_time_reached"
    assert run.engine == "sequential" and run.ranks == 1
    assert run.config_flat["network.dims"] == (8, 8)
    assert run.config_flat["simulation.end_time"] == 2000
    assert run.group_attrs("network")["num_nodes"] == 64
    assert {"network/nodes", "network/time_series", "run/engine_statistics"} <= set(run.tables)
    nodes = run.table("network/nodes")
    assert nodes.attrs["units"]["latency_sum"] == "ps"
    assert len(nodes) == 64


def test_summary_figures_are_plausible_and_match_warpnet(mesh_run):
    run, stdout = mesh_run
    s = wa.network_summary(run)
    assert s["offered_load"] == pytest.approx(0.3, abs=0.02)
    assert s["accepted_load"] == pytest.approx(s["offered_load"], abs=0.02)   # below saturation
    assert 2 < s["hops"] < 8                    # uniform on an 8x8 mesh: about 16/3 + 1 routers
    assert s["latency"] >= s["network_latency"] > 5 * (s["hops"] - 1)   # 5-cycle hops
    assert s["saturated"] is False
    for label, key, unit in (("offered load", "offered_load", "flits/node/cycle"),
                             ("accepted load", "accepted_load", "flits/node/cycle"),
                             ("latency", "latency", "cycles"), ("hops", "hops", "routers")):
        value = printed(stdout, label, unit)
        if value is not None:
            assert s[key] == pytest.approx(value, abs=0.006), label


def test_time_series_and_latency_map(mesh_run, tmp_path):
    run, _ = mesh_run
    frame = wa.window_frame(run)
    assert len(frame) == 8                       # 2000 cycles in windows of 250
    assert frame["offered"].tolist() == pytest.approx([0.3] * 8, abs=0.05)
    wa.plot_time_series(run, path=tmp_path / "ts.png")
    routers = wa.router_latency(run)
    assert len(routers) == 64
    assert routers["mean_wait"].notna().all()
    wa.plot_latency_map(run, path=tmp_path / "map.png")
    assert (tmp_path / "map.png").stat().st_size > 10_000


def test_ports_agree_with_nodes(mesh_run):
    """Flits leaving through ejection ports reach the nodes, bar those still on the last link
    when the run ends."""
    run, _ = mesh_run
    ports = wa.port_latency(run)
    ejected = ports.loc[ports["terminal"] == 1, "flits"].sum()
    received = run.table("network/nodes")["flits_received"].sum()
    assert (ports["terminal"] == 1).sum() == 64
    assert received <= ejected <= received * 1.01
    s = wa.network_summary(run)
    assert 0 < s["port_wait_mean"] < s["port_wait_max"]
    assert 0.3 < s["channel_utilisation_max"] <= 1.0


def test_run_sweep_writes_an_index_load_runs_reads(tmp_path):
    index = wa.run_sweep(EXAMPLE, tmp_path / "sweep", {"traffic.load": [0.1, 0.2]},
                         fixed=SHORT, binary=BINARY)
    runs = wa.load_runs(index.parent)
    assert runs["file"].tolist() == ["run-0000.h5", "run-0001.h5"]
    assert runs.attrs["swept_keys"] == ["traffic.load"]
    assert runs["offered_load"].tolist() == pytest.approx([0.1, 0.2], abs=0.02)


def test_pairs_agree_with_nodes_and_destination_means(mesh_run, tmp_path):
    """64 nodes: `latency_table = "auto"` keeps the pairs table; its sums per destination are
    the nodes' measured sums, and the mean of destination means is the summary's."""
    run, _ = mesh_run
    assert run.group_attrs("network")["latency_table"] == "pairs"
    pairs = wa.pair_latency(run)
    assert pairs[["src", "dst"]].apply(tuple, axis=1).is_monotonic_increasing
    assert (pairs["min_latency"] <= pairs["mean_latency"]).all()
    assert (pairs["mean_latency"] <= pairs["max_latency"]).all()
    nodes = run.table("network/nodes").set_index("node")
    dests = wa.destination_latency(run).set_index("dst")
    measured = nodes[nodes["packets_measured"] > 0]
    assert dests["packets"].tolist() == measured["packets_measured"].tolist()
    assert dests["latency_sum"].tolist() == measured["latency_sum"].tolist()
    s = wa.network_summary(run)
    assert dests["mean_latency"].mean() == pytest.approx(s["latency_dest_mean"])
    wa.plot_destination_latency(run, path=tmp_path / "dest.png")
    assert (tmp_path / "dest.png").stat().st_size > 5_000


def test_warmup_packets_and_samples(tmp_path):
    """A warm-up of K delivered packets is the warm-up in cycles up to the K-th delivery, and
    the packet sample is the measured packets whose (src, seq) hash picks them."""
    out = tmp_path / "w.h5"
    command = [BINARY, "run", str(EXAMPLE), "--no-progress", "--output", str(out),
               "--set", "simulation.end_time=1500", "--set", "traffic.warmup_cycles=0",
               "--set", "traffic.warmup_packets=3000", "--set", "metrics.packet_sample_every=5"]
    subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    run = wa.load_run(out)
    attrs = run.group_attrs("network")
    assert attrs["warmup_packets"] == 3000
    series = run.table("network/time_series")
    assert 0 < attrs["warmup_cycles"] < 1500
    samples = wa.packet_samples(run)
    assert len(samples) > 0
    tpc = attrs["ticks_per_cycle"]
    assert (samples["created"] >= attrs["warmup_cycles"] * tpc).all()
    assert (samples["latency"] >= samples["network_latency"]).all()
    measured = run.table("network/nodes")["packets_measured"].sum()
    assert len(samples) == pytest.approx(measured / 5, rel=0.15)
    assert series["packets_delivered"].sum() >= 3000


def test_warpnet_writes_its_figures_and_the_package_agrees(mesh_run):
    run, _ = mesh_run
    written = run.group_attrs("summary")
    assert {"offered_load", "accepted_load", "latency", "hops", "saturated"} <= set(written)
    computed = wa.computed_summary(run)
    for name, value in written.items():
        if name in computed:
            assert float(computed[name]) == pytest.approx(float(value), rel=1e-9), name
    assert wa.network_summary(run)["latency"] == written["latency"]
