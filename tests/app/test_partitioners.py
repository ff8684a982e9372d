# SPDX-License-Identifier: Apache-2.0
"""Every partitioner on a real run: the same results whatever the mapping (event digest and
every table outside /run), the mapping and its figures in the summary and the results file, and
a partition file that does not match the run is a clear error (exit 2) naming file and line."""
import os
import subprocess

import h5py
import numpy as np
import pytest

from mpi_support import MPI_ENV, MPIEXEC

# An 8x8 torus: 64 routers (LPs 0..63) and 64 nodes (LPs 64..127), a short run.
TORUS = ["--set", "network.topology=torus", "--set", "simulation.end_time=1500",
         "--set", "traffic.warmup_cycles=500"]


def mpi_run(warpnet, root, ranks, *args):
    env = dict(os.environ)
    env.update(MPI_ENV)
    command = [MPIEXEC, "-np", str(ranks), warpnet.binary, "run",
               str(root / "examples" / "mesh8x8.toml"), "--no-progress", "--engine",
               "optimistic", *TORUS, *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)


def digest(stdout):
    return [line for line in stdout.splitlines() if "event digest" in line]


def test_every_partitioner_gives_the_same_results(warpnet, root, tmp_path):
    # A hand-made mapping: routers and nodes alternate between the ranks by LP id parity.
    mapping = tmp_path / "parity.part"
    mapping.write_text("# LP i on rank i mod 2\n" + "".join(f"{i % 2}\n" for i in range(128)))
    runs = {}
    for name in ("block", "metis", "scotch", "file"):
        out = tmp_path / f"{name}.h5"
        extra = ["--set", f"simulation.partition_file={mapping}"] if name == "file" else []
        r = mpi_run(warpnet, root, 2, "--set", f"simulation.partitioner={name}", *extra,
                    "--output", out)
        assert r.returncode == 0, r.stderr
        assert f"partitioner            {name} (edge cut" in r.stdout
        assert "load imbalance" in r.stdout
        assert "partition              rank 0: " in r.stdout
        runs[name] = (r.stdout, out)
    assert all(digest(s) == digest(runs["block"][0]) for s, _ in runs.values())
    assert len(digest(runs["block"][0])) == 1
    for name, (_, out) in runs.items():
        diff = subprocess.run(["h5diff", "--exclude-path", "/run", runs["block"][1], out],
                              capture_output=True, text=True)
        assert diff.returncode == 0, f"{name}: {diff.stdout}"
        with h5py.File(out, "r") as f:
            table = f["run/partition"][()]
            assert list(table["lp"]) == list(range(128))
            assert set(table["rank"]) == {0, 1}
            cut = f["run"].attrs["edge_cut"]
            assert f["run"].attrs["partitioner"] == name
            assert 1.0 <= f["run"].attrs["load_imbalance"] < 1.1
            # Routers weigh more than nodes (models/network/build/lp_weights.hpp).
            assert table["weight"][0] > table["weight"][64] > 0
            if name == "file":
                assert np.array_equal(table["rank"], np.arange(128) % 2)
    with h5py.File(runs["metis"][1], "r") as f, h5py.File(runs["block"][1], "r") as g:
        # On 2 ranks of an 8x8 torus both cut two rings of 8 links (32 edge weights) or so.
        assert f["run"].attrs["edge_cut"] <= 48 and g["run"].attrs["edge_cut"] == 32


@pytest.mark.parametrize("text,ranks,expected", [
    ("0\n" * 127, 2, ":127: the file gives ranks for 127 LPs, but the model has 128"),
    ("0\n1\n" * 64 + "1\n", 2, ":129: a rank for LP 128, but the model has only 128 LPs"),
    ("0\n1\n2\n3\n" * 32, 2, ":3: rank 2 for LP 2, but the run has 2 ranks; allowed: a rank 0 .. 1"),
    ("0\n1\n" * 64, 3, ": no LP is mapped to rank 2 of the 3 ranks launched"),
    ("0\none\n" + "0\n" * 126, 2, ":2: value 'one' is not a rank"),
], ids=["too_few_lines", "too_many_lines", "made_for_more_ranks", "made_for_fewer_ranks",
        "not_a_number"])
def test_a_partition_file_that_does_not_match_is_refused(warpnet, root, tmp_path, text, ranks,
                                                        expected):
    mapping = tmp_path / "bad.part"
    mapping.write_text(text)
    r = mpi_run(warpnet, root, ranks, "--set", "simulation.partitioner=file", "--set",
                f"simulation.partition_file={mapping}", "--no-output")
    assert r.returncode == 2, r.stderr
    assert f"simulation.partition_file: {mapping}{expected}" in r.stderr
    assert r.stderr.count("warpnet: ") == 1, r.stderr
    assert "MPI_ABORT" not in r.stderr and r.stdout == ""


@pytest.mark.parametrize("name", ["metis", "scotch"])
def test_more_ranks_than_lps_is_refused_by_graph_partitioners(warpnet, root, name):
    env = dict(os.environ)
    env.update(MPI_ENV)
    r = subprocess.run([MPIEXEC, "-np", "3", warpnet.binary, "run",
                        str(root / "examples" / "phold.toml"), "--no-progress", "--no-output",
                        "--engine", "optimistic", "--set", "phold.lps=2", "--set",
                        f"simulation.partitioner={name}"],
                       capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 2, r.stderr
    assert "the model has 2 LPs but 3 ranks were launched" in r.stderr
    assert r.stderr.count("warpnet: ") == 1, r.stderr
