# SPDX-License-Identifier: Apache-2.0
"""Parallel HDF5 on real runs: every rank writes its own rows of every table (io::distribute,
collective H5Dwrite), and the file is the one a single process writes — the same datasets,
dtypes, attributes and rows in the same order — for the network model (every per-entity table
switched on: ports, pairs, packet samples, messages) and PHOLD, with the sequential engine and
the optimistic one on 1, 2 and 4 ranks. Compared table by table with h5py and whole with
h5diff (outside /run, which describes the execution); the summary figures of --stats-json
too. docs/hdf5-schema.md, "How the file is written"."""
import json
import os
import subprocess

import h5py
import numpy as np
import pytest

from mpi_support import MPI_ENV, MPIEXEC

# A short 8x8 mesh run with every optional per-entity table.
NETWORK = ["examples/mesh8x8.toml", "--set", "simulation.end_time=3000",
           "--set", "traffic.warmup_cycles=500", "--set", "metrics.packet_sample_every=3",
           "--set", "metrics.message_table=true", "--set", "metrics.latency_table=pairs"]
PHOLD = ["examples/phold.toml", "--set", "simulation.end_time=50", "--set", "phold.lps=256"]
MODELS = {"network": NETWORK, "phold": PHOLD}
RANKS = (1, 2, 4)


def run(warpnet, root, args, out, ranks=None):
    command = [warpnet.binary, "run", *args, "--no-progress", "--output", str(out),
               "--stats-json", str(out.with_suffix(".json"))]
    env = dict(os.environ)
    if ranks is not None:
        command = [MPIEXEC, "-np", str(ranks), *command, "--engine", "optimistic"]
        env.update(MPI_ENV)
    r = subprocess.run(command, capture_output=True, text=True, env=env, timeout=240, cwd=root)
    assert r.returncode == 0, r.stderr
    return r.stdout


def digest(stdout):
    return [line for line in stdout.splitlines() if "event digest" in line]


@pytest.fixture(scope="module", params=sorted(MODELS))
def files(request, warpnet, root, tmp_path_factory):
    d = tmp_path_factory.mktemp(request.param)
    args = MODELS[request.param]
    out = {"sequential": d / "sequential.h5"}
    stdout = {"sequential": run(warpnet, root, args, out["sequential"])}
    for n in RANKS:
        out[n] = d / f"np{n}.h5"
        stdout[n] = run(warpnet, root, args, out[n], ranks=n)
    return request.param, out, stdout


def datasets(h5):
    """Every dataset outside /run, by path."""
    found = {}

    def visit(name, obj):  # returns None: a value would stop the visit
        if isinstance(obj, h5py.Dataset) and not name.startswith("run/"):
            found[name] = obj

    h5.visititems(visit)
    return found


def attributes(obj):
    return {k: (list(v) if isinstance(v, np.ndarray) else v) for k, v in obj.attrs.items()}


def test_same_digest_on_every_rank_count(files):
    _, _, stdout = files
    reference = digest(stdout["sequential"])
    assert len(reference) == 1
    assert all(digest(s) == reference for s in stdout.values())


@pytest.mark.parametrize("ranks", RANKS)
def test_file_equals_the_sequential_one_table_by_table(files, ranks):
    model, out, _ = files
    with h5py.File(out["sequential"], "r") as a, h5py.File(out[ranks], "r") as b:
        assert attributes(a) == attributes(b)
        tables_a, tables_b = datasets(a), datasets(b)
        assert sorted(tables_a) == sorted(tables_b)
        if model == "network":
            assert {"network/nodes", "network/ports", "network/pairs", "network/packet_samples",
                    "network/messages", "network/time_series"} <= set(tables_a)
        for name, ds in tables_a.items():
            other = tables_b[name]
            assert ds.dtype == other.dtype, name
            assert ds.shape == other.shape, name
            assert ds.chunks == other.chunks, name  # the layout does not depend on the ranks
            assert ds.compression == other.compression, name
            assert attributes(ds) == attributes(other), name
            np.testing.assert_array_equal(ds[()], other[()], err_msg=name)
        for group in ("network", "summary"):
            if group in a:
                assert attributes(a[group]) == attributes(b[group])


@pytest.mark.parametrize("ranks", RANKS)
def test_h5diff_outside_run(files, ranks):
    _, out, _ = files
    r = subprocess.run(["h5diff", "--exclude-path", "/run", str(out["sequential"]),
                        str(out[ranks])], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.parametrize("ranks", RANKS)
def test_summary_figures_are_the_sequential_ones(files, ranks):
    # The summary is reduced from the ranks' slabs (io::DistributedTables), never from gathered
    # tables: its figures must still be the sequential run's, doubles bit for bit (the JSON
    # prints them to round-trip), and the network run must have the saturation rows.
    model, out, _ = files
    a = json.loads(out["sequential"].with_suffix(".json").read_text())
    b = json.loads(out[ranks].with_suffix(".json").read_text())
    assert b["figures"] == a["figures"]
    assert b["model_summary"] == a["model_summary"]
    if model == "network":
        assert {"latency_dest_mean", "saturated", "worst_source_delivered"} <= set(a["figures"])


def test_run_tables_have_a_row_per_rank_and_per_lp(files):
    model, out, _ = files
    with h5py.File(out[4], "r") as f:
        assert list(f["run/engine_statistics"]["rank"]) == [0, 1, 2, 3]
        partition = f["run/partition"][()]
        lps = 256 if model == "phold" else 128
        assert list(partition["lp"]) == list(range(lps))
        assert set(partition["rank"]) == {0, 1, 2, 3}


def test_no_temporary_file_is_left(files):
    _, out, _ = files
    directory = out["sequential"].parent
    assert not list(directory.glob(".*.partial-*"))
