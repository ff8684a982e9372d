# SPDX-License-Identifier: Apache-2.0
"""Where an optimistic rank's time goes: the `waiting` row, the `wait %` column, the
wait_*_seconds of --stats-json, and kernel.uncommitted_limit (the throttle).

The times depend on the machine; what must hold: every rank reports its waits, they fit in its
wall time, and the throttle changes the speed only — a run held by a tiny limit spends part of
its time throttled and commits exactly the same events (same digest).
"""
import json
import os
import subprocess

from mpi_support import MPI_ENV, MPIEXEC

NETWORK = ["--set", "network.topology=torus", "--set", "network.dims=[8,8]",
           "--set", "traffic.load=0.2", "--set", "simulation.end_time=400",
           "--set", "traffic.warmup_cycles=0"]


def run_two_ranks(warpnet, root, tmp_path, name, *settings):
    env = dict(os.environ)
    env.update(MPI_ENV)
    stats = tmp_path / f"{name}.json"
    command = [MPIEXEC, "-np", "2", warpnet.binary, "run", str(root / "examples" / "mesh8x8.toml"),
               "--no-progress", "--no-output", "--engine", "optimistic", "--stats-json",
               str(stats), *NETWORK, *settings]
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=240)
    assert result.returncode == 0, result.stderr
    return result.stdout, json.loads(stats.read_text())


def waits(rank):
    return (rank["wait_window_seconds"], rank["wait_starved_seconds"],
            rank["wait_throttled_seconds"])


def test_every_rank_reports_where_it_waited(warpnet, root, tmp_path):
    stdout, stats = run_two_ranks(warpnet, root, tmp_path, "default")
    row = [line for line in stdout.splitlines() if line.strip().startswith("waiting")]
    assert len(row) == 1, stdout
    for part in ("% of the ranks' time", "window", "no event", "throttled"):
        assert part in row[0]
    assert "wait %" in stdout  # the per-rank table's column
    assert len(stats["per_rank"]) == 2
    for rank in stats["per_rank"]:
        assert all(w >= 0.0 for w in waits(rank))
        assert sum(waits(rank)) <= rank["wall_seconds"] + 1e-6
    total = stats["total"]
    for i, key in enumerate(("wait_window_seconds", "wait_starved_seconds",
                             "wait_throttled_seconds")):
        assert abs(total[key] - sum(waits(r)[i] for r in stats["per_rank"])) < 1e-9


def test_a_tiny_uncommitted_limit_throttles_and_changes_nothing_else(warpnet, root, tmp_path):
    _, free = run_two_ranks(warpnet, root, tmp_path, "default")
    stdout, held = run_two_ranks(warpnet, root, tmp_path, "held",
                                 "--set", "kernel.uncommitted_limit=16")
    assert held["total"]["event_digest"] == free["total"]["event_digest"]
    assert held["total"]["events_committed"] == free["total"]["events_committed"]
    # Every batch of 16 events reaches the limit: the ranks wait for GVT rounds.
    assert held["total"]["wait_throttled_seconds"] > 0.0, stdout
