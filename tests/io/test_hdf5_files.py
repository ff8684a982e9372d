# SPDX-License-Identifier: Apache-2.0
"""Results files as their readers see them (docs/hdf5-schema.md).

- Files written on 1, 2 and 3 ranks are equal outside /run (h5diff), whether each rank writes
  its own rows (io::distribute, as the app does) or every rank holds the combined tables
  (io::combine), and h5diff does notice a changed cell and the /run differences, so the
  comparison is not vacuous.
- h5py (Debian's python3-h5py, as the analysis package uses it) reads the compound datasets,
  their units and keys, and the root and /run attributes.
- A writer killed with SIGKILL in the middle leaves no file under the final name.

Run by ctest (io_hdf5_files) with WARPNET_MPIEXEC, WARPNET_RESULTS_WRITER and
WARPNET_SLOW_WRITER set.
"""
import datetime
import os
import pathlib
import re
import shutil
import signal
import subprocess
import time
import tomllib

import h5py
import numpy as np
import pandas as pd
import pytest

MPIEXEC = os.environ.get("WARPNET_MPIEXEC", "mpiexec")
WRITER = os.environ["WARPNET_RESULTS_WRITER"]
SLOW_WRITER = os.environ["WARPNET_SLOW_WRITER"]
H5DIFF = shutil.which("h5diff")
RANK_COUNTS = (1, 2, 3)
NODES = 37


def mpi(ranks, *args, **kwargs):
    return [MPIEXEC, "-n", str(ranks), *map(str, args)]


def write(path, ranks, *extra):
    subprocess.run(mpi(ranks, WRITER, path, *extra), check=True, timeout=120)
    return path


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("files")
    out = {n: write(d / f"np{n}.h5", n) for n in RANK_COUNTS}
    out["perturbed"] = write(d / "perturbed.h5", 2, "--perturb")
    out["combined"] = write(d / "combined.h5", 3, "--combined")
    return out


def h5diff(a, b, *options):
    return subprocess.run([H5DIFF, *options, str(a), str(b)], capture_output=True, text=True,
                          timeout=60)


# --- the same file for every rank count -------------------------------------------------------

@pytest.mark.parametrize("ranks", [2, 3])
def test_file_outside_run_does_not_depend_on_rank_count(files, ranks):
    r = h5diff(files[1], files[ranks], "--exclude-path", "/run")
    assert r.returncode == 0, r.stdout + r.stderr


def test_distributed_file_equals_the_combined_one(files):
    # /run too: both were written on 3 ranks, only the clock and host attributes differ.
    r = h5diff(files[3], files["combined"], "--exclude-path", "/run")
    assert r.returncode == 0, r.stdout + r.stderr
    with h5py.File(files[3], "r") as a, h5py.File(files["combined"], "r") as b:
        for name in ("run/engine_statistics", "run/partition"):
            assert a[name].dtype == b[name].dtype
            np.testing.assert_array_equal(a[name][()], b[name][()])


def test_h5diff_sees_the_differences_inside_run(files):
    r = h5diff(files[1], files[2])
    assert r.returncode == 1
    differing = re.findall(r"attribute: <(\S+) of <(\S+)>>", r.stdout)
    assert {obj for _, obj in differing} == {"/run"}
    assert {"ranks", "edge_cut"} <= {name for name, _ in differing}


def test_h5diff_sees_a_changed_cell(files):
    r = h5diff(files[1], files["perturbed"], "--exclude-path", "/run")
    assert r.returncode == 1
    assert "dataset: </network/nodes> and </network/nodes>" in r.stdout


def test_no_temporary_file_is_left(files):
    directory = pathlib.Path(files[1]).parent
    assert sorted(p.name for p in directory.iterdir()) == sorted(
        f"{k if isinstance(k, str) else 'np' + str(k)}.h5" for k in files)


# --- reading with h5py ------------------------------------------------------------------------

@pytest.fixture()
def f(files):
    with h5py.File(files[2], "r") as h5:
        yield h5


def columns_and_units(ds):
    return dict(zip(ds.dtype.names, ds.attrs["units"]))


def test_root_attributes(f):
    a = f.attrs
    assert a["schema_version"] == 1
    assert a["warpnet_version"] == "0.1.0"
    assert a["git_revision"] == "test"
    assert a["seed"] == 42
    assert a["termination_reason"] == "end_time_reached"
    assert a["events_committed"] == 1000
    assert a["event_digest"] == "fedcba9876543210"
    assert a["model"] == "sample"  # the model's own root attribute


def test_run_group(f):
    run = f["run"].attrs
    assert run["ranks"] == 2
    assert run["engine"] == "optimistic"
    assert run["partitioner"] == "block"
    assert run["edge_cut"] == 10
    config = tomllib.loads(run["config_toml"])
    assert config["simulation"]["seed"] == f.attrs["seed"]
    start = datetime.datetime.fromisoformat(run["start_time"])
    end = datetime.datetime.fromisoformat(run["end_time"])
    assert start.tzinfo is not None and start.utcoffset() == datetime.timedelta(0)
    assert (end - start).total_seconds() == pytest.approx(run["wall_seconds"], abs=1e-3)
    assert run["unit:wall_seconds"] == "s"
    assert run["hostname"]
    stats = f["run/engine_statistics"]
    assert list(stats["rank"]) == [0, 1]
    assert columns_and_units(stats)["wall_seconds"] == "s"
    partition = f["run/partition"][()]  # each rank wrote a share of it
    assert list(partition["lp"]) == list(range(NODES))
    assert list(partition["rank"]) == [lp * 2 // NODES for lp in range(NODES)]
    assert list(partition["weight"]) == [1 + lp % 3 for lp in range(NODES)]


def test_group_attributes_carry_units(f):
    net = f["network"].attrs
    assert net["offered_load"] == pytest.approx(0.3)
    assert net["unit:offered_load"] == "flits/node/cycle"
    assert net["nodes"] == NODES
    assert "unit:model" not in f.attrs


def test_compound_dataset_layout(f):
    ds = f["network/nodes"]
    assert ds.dtype.names == ("node", "packets", "latency_sum", "mean_latency")
    assert [ds.dtype[n] for n in ds.dtype.names] == [
        np.dtype("<u8"), np.dtype("<u8"), np.dtype("<i8"), np.dtype("<f8")]
    assert ds.shape == (NODES,)
    assert ds.maxshape == (None,)  # extendable
    assert ds.chunks is not None
    assert ds.compression == "gzip" and ds.shuffle
    assert columns_and_units(ds) == {
        "node": "", "packets": "packets", "latency_sum": "ps", "mean_latency": "ps"}
    assert list(ds.attrs["key_columns"]) == ["node"]
    assert ds.attrs["combine"] == "concatenate"
    assert ds.attrs["description"] == "Per compute node"
    assert len(ds.attrs["column_descriptions"]) == 4


def test_rows_are_ordered_by_key_and_values_survive(f):
    nodes = f["network/nodes"][()]
    assert list(nodes["node"]) == list(range(NODES))
    np.testing.assert_array_equal(nodes["packets"], np.arange(NODES) + 1)
    np.testing.assert_allclose(nodes["mean_latency"], nodes["latency_sum"] / (nodes["node"] + 1))
    assert (nodes["latency_sum"][1::2] < 0).all()  # signed values stay signed

    latency = f["network/latency_map"][()]
    keys = list(zip(latency["router"], latency["port"]))
    assert keys == sorted(keys) and len(keys) == 15
    assert latency["flits"].sum() == 1000  # summed over ranks, not concatenated
    assert list(f["network/latency_map"].attrs["key_columns"]) == ["router", "port"]
    assert f["network/latency_map"].attrs["combine"] == "sum"

    windows = f["network/time_series"]["window"]
    assert list(windows) == list(range(-3, 17))

    packets = f["network/packets"]
    assert packets.shape == (100000,)
    assert packets.chunks[0] < packets.shape[0]  # several chunks, written by several ranks
    np.testing.assert_array_equal(packets["packet"], np.arange(100000))

    assert f["empty"].shape == (0,)


def test_a_table_becomes_a_dataframe(f):
    ds = f["network/nodes"]
    df = pd.DataFrame(ds[()]).set_index(list(ds.attrs["key_columns"]))
    assert df.index.name == "node"
    assert df.loc[11, "packets"] == 12
    assert columns_and_units(ds)[df.columns[1]] == "ps"


# --- atomic output ----------------------------------------------------------------------------

def partial_files(directory, name):
    return sorted(directory.glob(f".{name}.partial-*"))


def test_slow_writer_completes_when_left_alone(tmp_path):
    out = tmp_path / "slow.h5"
    r = subprocess.run(mpi(2, SLOW_WRITER, out, 10, 5), capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    assert "rank 0 done" in r.stdout and "rank 1 done" in r.stdout
    assert out.exists() and not partial_files(tmp_path, "slow.h5")
    with h5py.File(out, "r") as h5:
        assert sorted(h5["slow"]) == [f"table_{i:03d}" for i in range(5)]


@pytest.mark.parametrize("ranks", [1, 2])
def test_killed_writer_leaves_no_final_file(tmp_path, ranks):
    out = tmp_path / "killed.h5"
    # 100 tables, 200 ms apart: 20 s if not killed.
    proc = subprocess.Popen(mpi(ranks, SLOW_WRITER, out, 200, 100), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        pids = {}
        while len(pids) < ranks:
            line = proc.stdout.readline()
            assert line, "the writer ended before it started writing: " + proc.stderr.read()
            m = re.match(r"rank (\d+) pid (\d+)", line)
            if m:
                pids[int(m.group(1))] = int(m.group(2))
        time.sleep(0.5)  # a few tables in
        partial = partial_files(tmp_path, "killed.h5")
        assert len(partial) == 1, "the temporary file exists while the writer works"
        assert not out.exists()
        # What a job scheduler does at the time limit: SIGKILL every rank.
        for pid in pids.values():
            os.kill(pid, signal.SIGKILL)
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    time.sleep(0.5)
    assert not out.exists(), "a killed writer must not leave a file under the final name"
    # The hidden temporary file remains (nothing can clean up after SIGKILL); its name says
    # it is unfinished.
    assert partial_files(tmp_path, "killed.h5") == partial
