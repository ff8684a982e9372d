# SPDX-License-Identifier: Apache-2.0
"""Safe events: what kernel.lookahead lets the optimistic engine run without state saving.

A GVT round proves that no event earlier than min(smallest unprocessed time + lookahead) can
still arrive at any rank; such events run as final. What must hold: the results are the same
bits with and without the lookahead (and as the sequential engine's), the summary and
--stats-json say how many events were safe and where the lookahead came from, and a lookahead
that the model breaks stops the run with a clear error (exit 2), leaving no results file.
"""
import json
import os
import subprocess

from mpi_support import MPI_ENV, MPIEXEC

NETWORK = ["--set", "network.topology=torus", "--set", "network.dims=[8,8]",
           "--set", "traffic.load=0.2", "--set", "simulation.end_time=1500",
           "--set", "traffic.warmup_cycles=0"]


def run(warpnet, root, tmp_path, name, config, ranks, *settings, check=True):
    env = dict(os.environ)
    env.update(MPI_ENV)
    stats = tmp_path / f"{name}.json"
    output = tmp_path / f"{name}.h5"
    command = [warpnet.binary, "run", str(root / "examples" / config), "--no-progress",
               "--output", str(output), "--stats-json", str(stats), *settings]
    if ranks > 0:
        command = [MPIEXEC, "-np", str(ranks), *command, "--engine", "optimistic"]
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=240)
    if check:
        assert result.returncode == 0, result.stderr
    return result, (json.loads(stats.read_text()) if stats.exists() else None), output


def row(stdout, label):
    rows = [line for line in stdout.splitlines() if line.strip().startswith(label)]
    assert len(rows) == 1, stdout
    return rows[0]


def test_network_safe_events_change_no_result(warpnet, root, tmp_path):
    _, sequential, _ = run(warpnet, root, tmp_path, "seq", "mesh8x8.toml", 0, *NETWORK)
    safe_run, safe, safe_h5 = run(warpnet, root, tmp_path, "safe", "mesh8x8.toml", 2, *NETWORK)
    plain_run, plain, plain_h5 = run(warpnet, root, tmp_path, "plain", "mesh8x8.toml", 2,
                                     *NETWORK, "--set", "kernel.lookahead=0")
    digest = sequential["total"]["event_digest"]
    assert safe["total"]["event_digest"] == digest
    assert plain["total"]["event_digest"] == digest
    # The network's default: one link cycle (1000 ps) less the allocation phase (1 tick).
    assert safe["lookahead_ticks"] == 999 and safe["lookahead_origin"] == "model default"
    assert plain["lookahead_ticks"] == 0 and plain["lookahead_origin"] == "kernel.lookahead"
    assert 0 < safe["total"]["events_safe"] <= safe["total"]["events_committed"]
    assert sum(r["events_safe"] for r in safe["per_rank"]) == safe["total"]["events_safe"]
    assert plain["total"]["events_safe"] == 0
    assert "lookahead 0.999 cycles, model default" in row(safe_run.stdout, "safe events")
    assert "none (no lookahead)" in row(plain_run.stdout, "safe events")
    diff = subprocess.run(["h5diff", "--exclude-path", "/run", str(safe_h5), str(plain_h5)],
                          capture_output=True, text=True)
    assert diff.returncode == 0, diff.stdout[-2000:]


def test_models_with_ideal_channels_promise_no_lookahead(warpnet, root, tmp_path):
    # PR-DRB's routers notify sources over a one-tick channel: no lookahead by default.
    _, stats, _ = run(warpnet, root, tmp_path, "prdrb", "prdrb-mesh8x8-bursts.toml", 2,
                      "--set", "simulation.end_time=1000")
    assert stats["lookahead_ticks"] == 0 and stats["lookahead_origin"] == "default"
    assert stats["total"]["events_safe"] == 0


def test_phold_lookahead_comes_from_its_delays(warpnet, root, tmp_path):
    _, sequential, _ = run(warpnet, root, tmp_path, "seq", "phold.toml", 0)
    _, safe, _ = run(warpnet, root, tmp_path, "safe", "phold.toml", 2)
    assert safe["total"]["event_digest"] == sequential["total"]["event_digest"]
    assert safe["lookahead_origin"] == "model default" and safe["lookahead_ticks"] > 0
    assert safe["total"]["events_safe"] > 0


def test_a_broken_lookahead_stops_the_run_cleanly(warpnet, root, tmp_path):
    # PHOLD's delays are phold.lookahead (0.1 in the example) plus an exponential draw: a
    # kernel lookahead of 0.5 is broken by the first short remote delay.
    result, _, output = run(warpnet, root, tmp_path, "broken", "phold.toml", 2,
                            "--set", "kernel.lookahead=0.5", check=False)
    assert result.returncode == 2, result.stderr
    assert "kernel.lookahead" in result.stderr
    assert "on another rank" in result.stderr and "ticks between ranks" in result.stderr
    assert not output.exists()


def test_lookahead_must_be_a_finite_non_negative_time(warpnet, root, tmp_path):
    for value in ("-1", "inf"):
        result, _, output = run(warpnet, root, tmp_path, "bad", "phold.toml", 0,
                                "--set", f"kernel.lookahead={value}", check=False)
        assert result.returncode == 2, result.stderr
        assert "kernel.lookahead" in result.stderr
        assert not output.exists()
