# SPDX-License-Identifier: Apache-2.0
"""End-to-end tests of `warpnet sweep`: parallel points, index.csv, --saturation, errors."""
import pathlib
import re
import signal
import subprocess
import sys
import time

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "analysis"))
import warpnet_analysis as wa  # noqa: E402

# A short 8x8 mesh run: 0.1-0.5 s each; the second half of the measurement holds 5 windows,
# enough for the saturation flag.
SHORT = ["--set", "simulation.end_time=3000", "--set", "traffic.warmup_cycles=500",
         "--set", "metrics.window_cycles=250"]
NAME = "mesh8x8-uniform-0.3"


def table_rows(stdout):
    """The table as a list of {column: cell}; a failed row has its message as 'offered'."""
    lines = [line for line in stdout.splitlines() if line.startswith("  ")]
    header = re.split(r"\s{2,}", lines[0].strip())
    return [dict(zip(header, re.split(r"\s{2,}", line.strip()))) for line in lines[1:]
            if re.match(r"\s+\d+\s", line)]


def digest(path):
    return wa.load_run(path).attrs["event_digest"]


def test_load_sweep_runs_every_point_and_writes_the_index(warpnet, root, tmp_path):
    out = tmp_path / "sweep"
    r = warpnet("sweep", root / "examples/mesh8x8.toml", "--set", "traffic.load=0.1:0.3:0.1",
                *SHORT, "--jobs", "2", "--output-dir", out)
    assert r.returncode == 0, r.stderr
    assert (out / "index.csv").read_text().splitlines() == [
        "file,traffic.load", f"{NAME}-0000.h5,0.1", f"{NAME}-0001.h5,0.2",
        f"{NAME}-0002.h5,0.3"]
    assert sorted(p.name for p in out.iterdir()) == sorted(
        ["index.csv", f"{NAME}-0000.h5", f"{NAME}-0001.h5", f"{NAME}-0002.h5"])

    runs = wa.load_runs(out)
    assert runs.attrs["swept_keys"] == ["traffic.load"]
    assert list(runs["traffic.load"]) == pytest.approx([0.1, 0.2, 0.3])
    rows = table_rows(r.stdout)
    assert [row["traffic.load"] for row in rows] == ["0.1", "0.2", "0.3"]
    for row, (_, run) in zip(rows, runs.iterrows()):
        assert float(row["offered (flits/node/cycle)"]) == pytest.approx(run.offered_load, abs=1e-4)
        assert float(row["accepted (flits/node/cycle)"]) == pytest.approx(run.accepted_load,
                                                                            abs=1e-4)
        assert float(row["latency (cycles)"]) == pytest.approx(run.latency, abs=0.01)
        assert row["saturated"] == "no" and not run.saturated

    # Each point is a plain `warpnet run`: same results as running it by hand.
    alone = tmp_path / "alone.h5"
    r = warpnet("run", root / "examples/mesh8x8.toml", "--set", "traffic.load=0.2", *SHORT,
                "--output", alone, output=True)
    assert r.returncode == 0, r.stderr
    assert digest(alone) == digest(out / f"{NAME}-0001.h5")


def test_saturation_search_brackets_the_saturation_load(warpnet, root, tmp_path):
    out = tmp_path / "sat"
    r = warpnet("sweep", root / "examples/mesh8x8.toml", "--set", "traffic.load=0.2:0.6:0.2",
                *SHORT, "--jobs", "2", "--output-dir", out, "--saturation", "--tolerance", "0.02")
    assert r.returncode == 0, r.stderr
    match = re.search(r"between (\S+) \(not saturated\) and (\S+) \(saturated\); accepted "
                      r"throughput (\S+) flits/node/cycle at traffic.load=(\S+)", r.stdout)
    assert match, r.stdout
    low, high, accepted = (float(match.group(i)) for i in (1, 2, 3))
    assert 0.4 <= low < high <= 0.6 and high - low <= 0.02
    assert match.group(4) == match.group(1)

    runs = wa.load_runs(out)
    assert len(runs) > 3  # the grid, then the bisection's points, all in the index
    assert list(runs["traffic.load"][:3]) == pytest.approx([0.2, 0.4, 0.6])
    load = runs["traffic.load"]
    at_low = runs[(load - low).abs() < 1e-9].iloc[0]
    at_high = runs[(load - high).abs() < 1e-9].iloc[0]
    assert not at_low.saturated and at_high.saturated
    assert at_low.accepted_load == pytest.approx(accepted, abs=1e-4)
    assert not runs[load < low].saturated.any()


@pytest.mark.parametrize("setting, message", [
    ("traffic.load=0.5:0.1:0.1", "--set traffic.load=0.5:0.1:0.1: traffic.load: range lo 0.5 "
                                 "is above hi 0.1"),
    ("traffic.load=0.1:0.5:0", "range step 0 must be > 0"),
    ("traffic.load=0.1:x:0.1", "range hi 'x' is not a number"),
    ("traffic.lod=0.1:0.3:0.1", "--set traffic.lod=0.1:0.3:0.1 (at traffic.lod=0.1): "
                                "traffic.lod: unknown key"),
    ("traffic.load=0.6:1.2:0.2", "--set traffic.load=0.6:1.2:0.2 (at traffic.load=1.2): "
                                 "traffic.load: value 1.2 is out of range"),
])
def test_bad_ranges_exit_2_and_create_nothing(warpnet, root, tmp_path, setting, message):
    out = tmp_path / "never"
    r = warpnet("sweep", root / "examples/mesh8x8.toml", "--set", setting, "--output-dir", out)
    assert r.returncode == 2
    assert message in r.stderr
    assert not out.exists()


def test_a_non_empty_directory_needs_force(warpnet, root, tmp_path):
    (tmp_path / "old.txt").write_text("x")
    r = warpnet("sweep", root / "examples/mesh8x8.toml", "--set", "traffic.load=0.1,0.2",
                "--output-dir", tmp_path)
    assert r.returncode == 2
    assert "exists and is not empty" in r.stderr


def test_a_failed_point_is_reported_and_left_out_of_the_index(warpnet, root, tmp_path):
    # Point 1's results file cannot be written: a directory has its name.
    (tmp_path / f"{NAME}-0001.h5").mkdir()
    r = warpnet("sweep", root / "examples/mesh8x8.toml", "--set", "traffic.load=0.1,0.2,0.3",
                *SHORT, "--jobs", "2", "--output-dir", tmp_path, "--force")
    assert r.returncode == 1
    assert "point 1 (traffic.load=0.2) failed with exit code 2" in r.stderr
    assert "it is a directory" in r.stderr
    assert "failed (exit 2)" in r.stdout
    runs = wa.load_runs(tmp_path)
    assert list(runs.file) == [f"{NAME}-0000.h5", f"{NAME}-0002.h5"]
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_sigterm_stops_the_points_and_writes_no_index(warpnet, root, tmp_path):
    out = tmp_path / "stopped"
    sweep = subprocess.Popen(
        [warpnet.binary, "sweep", str(root / "examples/mesh8x8.toml"), "--set",
         "traffic.load=0.1:0.4:0.1", "--set", "simulation.end_time=200000", "--jobs", "2",
         "--output-dir", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not list(out.glob(".*.stderr")):
        time.sleep(0.05)
    time.sleep(0.3)
    sweep.send_signal(signal.SIGTERM)
    _, stderr = sweep.communicate(timeout=30)
    assert sweep.returncode == 128 + signal.SIGTERM
    assert "interrupted by SIGTERM" in stderr
    assert list(out.iterdir()) == []


def test_a_sweep_over_the_routing_keeps_the_sections_of_other_routings(warpnet, root, tmp_path):
    # The [drb] section is inert under dimension_order: that point is the same run as the file
    # without the section, and the drb point reads it (its packets take non-canonical paths).
    example = root / "examples/drb-torus8-bitrev.toml"
    short = ["--set", "simulation.end_time=3000", "--set", "traffic.warmup_cycles=500"]
    out = tmp_path / "routings"
    r = warpnet("sweep", example, "--set", "network.routing=dimension_order,drb", *short,
                "--jobs", "2", "--output-dir", out)
    assert r.returncode == 0, r.stderr
    runs = wa.load_runs(out)
    assert list(runs["network.routing"]) == ["dimension_order", "drb"]

    text = example.read_text()
    no_drb = tmp_path / "no-drb.toml"
    no_drb.write_text(text[:text.index("\n[drb]\n")] + text[text.index("\n[metrics]\n"):])
    alone = tmp_path / "dor.h5"
    r = warpnet("run", no_drb, "--set", "network.routing=dimension_order", *short,
                "--output", alone, output=True)
    assert r.returncode == 0, r.stderr
    assert digest(alone) == digest(out / "drb-torus8-bitrev-0000.h5")
    assert digest(alone) != digest(out / "drb-torus8-bitrev-0001.h5")
    nodes = wa.load_run(out / "drb-torus8-bitrev-0001.h5").table("network/nodes")
    assert nodes["noncanonical_packets"].sum() > 0


@pytest.mark.parametrize("settings, grid, knee", [
    # 8x8 mesh, 4 VCs x 8 flits, uniform: latency 55 cycles at 0.433, 212 at 0.467.
    (["router.vcs=4", "router.buffer_depth=8"], "0.40,0.50", (0.43, 0.467)),
    # Binary 6-cube, bit reversal: latency 24 cycles at 0.233, 182 at 0.267.
    (["network.topology=hypercube", "network.n=6", "network.dims=[]",
      "traffic.pattern=bit_reversal"], "0.2,0.3", (0.233, 0.267)),
])
def test_the_saturation_search_finds_the_knee_where_latency_turns(warpnet, root, tmp_path,
                                                                  settings, grid, knee):
    out = tmp_path / "knee"
    fixed = [arg for s in settings for arg in ("--set", s)]
    r = warpnet("sweep", root / "examples/mesh8x8.toml", *fixed, "--set",
                "simulation.end_time=10000", "--set", "traffic.warmup_cycles=1000", "--set",
                f"traffic.load={grid}", "--saturation", "--tolerance", "0.01", "--jobs", "2",
                "--output-dir", out)
    assert r.returncode == 0, r.stderr
    match = re.search(r"between (\S+) \(not saturated\) and (\S+) \(saturated\)", r.stdout)
    assert match, r.stdout
    low, high = float(match.group(1)), float(match.group(2))
    assert knee[0] <= low < high <= knee[1] and high - low <= 0.01
    runs = wa.load_runs(out).sort_values("traffic.load")
    # Below the bracket latency is flat, at its top it has turned.
    base = runs.latency.iloc[0]
    assert runs[runs["traffic.load"] <= low].latency.max() < 4 * base
    assert runs[runs["traffic.load"] >= high].latency.min() > 1.5 * base
