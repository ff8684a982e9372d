# SPDX-License-Identifier: Apache-2.0
"""load_runs: a directory of files or a sweep index into one row per run; the index format."""
import math

import pytest

import warpnet_analysis as wa
from results_builder import network_file

LOADS = (0.1, 0.2, 0.3)


@pytest.fixture
def sweep_dir(tmp_path):
    """Two topologies x three loads, written in an order unlike their names' order."""
    rows = []
    number = 0
    for topology in ("torus", "mesh"):
        for load in LOADS:
            name = f"run-{number:04d}.h5"
            network_file(tmp_path / name, topology=topology, load=load,
                         name=f"{topology}-{load}")
            rows.append({"file": name, "network.topology": topology, "traffic.load": load})
            number += 1
    return tmp_path, rows


def test_directory_without_index_globs_and_skips_partial_files(sweep_dir):
    directory, _ = sweep_dir
    (directory / ".run-9999.h5.partial-123").write_bytes(b"")
    (directory / ".hidden.h5").write_bytes(b"")
    runs = wa.load_runs(directory)
    assert runs["file"].tolist() == [f"run-{i:04d}.h5" for i in range(6)]
    assert runs["network.topology"].tolist() == ["torus"] * 3 + ["mesh"] * 3
    assert runs["traffic.load"].tolist() == list(LOADS) * 2
    assert runs.attrs["varying_keys"] == ["simulation.name", "network.topology", "traffic.load"]
    assert runs.attrs["swept_keys"] == ["network.topology", "traffic.load"]


def test_columns_config_summary_and_run(sweep_dir):
    runs = wa.load_runs(sweep_dir[0])
    assert runs.columns[0] == "file"
    for column in ("network.dims", "router.vcs", "offered_load", "accepted_load", "latency",
                   "saturated", "port_wait_mean", "engine", "ranks", "termination_reason",
                   "wall_seconds", "warpnet_version", "path"):
        assert column in runs.columns, column
    assert runs["offered_load"].tolist() == pytest.approx([0.3] * 6)
    assert runs["ranks"].tolist() == [1] * 6
    assert runs.attrs["units"]["latency"] == "cycles"


def test_index_selects_and_orders_the_files(sweep_dir):
    directory, rows = sweep_dir
    network_file(directory / "stray.h5", load=0.9)         # not part of the sweep
    wa.write_index(directory, list(reversed(rows)))
    runs = wa.load_runs(directory)
    assert runs["file"].tolist() == [f"run-{i:04d}.h5" for i in reversed(range(6))]
    assert runs.attrs["swept_keys"] == ["network.topology", "traffic.load"]
    assert wa.load_runs(directory / "index.csv")["file"].tolist() == runs["file"].tolist()


def test_index_text_format(sweep_dir):
    directory, rows = sweep_dir
    path = wa.write_index(directory, rows[:2])
    assert path.read_text().splitlines() == [
        "file,network.topology,traffic.load",
        "run-0000.h5,torus,0.1",
        "run-0001.h5,torus,0.2",
    ]
    assert not list(directory.glob(".index.csv.partial-*"))
    read_rows, keys = wa.read_index(path)
    assert keys == ["network.topology", "traffic.load"]
    assert read_rows[1] == {"file": "run-0001.h5", "network.topology": "torus",
                            "traffic.load": "0.2"}


def test_index_accepts_toml_spellings(sweep_dir):
    directory, _ = sweep_dir
    (directory / "index.csv").write_text(
        'file,network.topology,traffic.load,network.dims,label\n'
        'run-0000.h5,"""torus""",0.10,"[4,4]",first\n'
        'run-0001.h5,torus,2e-1,"[4, 4]",second\n')
    runs = wa.load_runs(directory)
    assert runs["label"].tolist() == ["first", "second"]     # extra columns are kept
    assert runs["traffic.load"].tolist() == [0.1, 0.2]       # typed, from the files


def test_index_that_contradicts_a_file_is_refused(sweep_dir):
    directory, rows = sweep_dir
    rows[1] = {**rows[1], "traffic.load": 0.25}
    wa.write_index(directory, rows)
    with pytest.raises(ValueError, match="traffic.load = 0.25"):
        wa.load_runs(directory)


def test_index_naming_a_missing_file_is_refused(sweep_dir):
    directory, rows = sweep_dir
    wa.write_index(directory, rows + [{**rows[0], "file": "run-0099.h5"}])
    with pytest.raises(FileNotFoundError, match="run-0099.h5"):
        wa.load_runs(directory)


def test_index_without_file_column_is_refused(sweep_dir):
    directory, _ = sweep_dir
    (directory / "index.csv").write_text("traffic.load,file\n0.1,run-0000.h5\n")
    with pytest.raises(ValueError, match="first column must be 'file'"):
        wa.load_runs(directory)


def test_write_index_checks_rows(tmp_path):
    with pytest.raises(ValueError):
        wa.write_index(tmp_path, [])
    with pytest.raises(ValueError, match="columns"):
        wa.write_index(tmp_path, [{"file": "a.h5", "x": 1}, {"file": "b.h5", "y": 2}])


def test_empty_directory_is_an_error(tmp_path):
    with pytest.raises(FileNotFoundError, match="no index.csv"):
        wa.load_runs(tmp_path)


def test_list_of_files_and_runs_frame(sweep_dir):
    directory, _ = sweep_dir
    files = [directory / "run-0004.h5", directory / "run-0001.h5"]
    runs = wa.load_runs(files)
    assert runs["file"].tolist() == ["run-0004.h5", "run-0001.h5"]
    frame = wa.runs_frame(wa.load_run(p) for p in files)
    assert frame["network.topology"].tolist() == ["mesh", "torus"]
    assert frame.attrs["swept_keys"] == ["network.topology"]     # both at load 0.2


def test_files_without_network_tables_still_load(tmp_path):
    network_file(tmp_path / "a.h5", node_table=False, ports=False)
    runs = wa.load_runs(tmp_path)
    assert math.isnan(runs.loc[0, "latency"])


def test_over_seeds_reduces_each_point_over_its_seeds():
    import pandas as pd
    runs = pd.DataFrame({"traffic.load": [0.1, 0.1, 0.1, 0.2, 0.2],
                         "simulation.seed": [1, 2, 3, 1, 2],
                         "latency": [10.0, 12.0, 14.0, 20.0, 30.0],
                         "saturated": [False, None, True, True, True]})
    table = wa.over_seeds(runs, ["traffic.load"], ["latency", "saturated", "absent"])
    low, high = table.iloc[0], table.iloc[1]
    assert list(table["traffic.load"]) == [0.1, 0.2]
    assert (low.latency, low.latency_std) == (12.0, 2.0)
    assert (low.latency_min, low.latency_max) == (10.0, 14.0)
    assert low.seeds == 3 and high.seeds == 2
    assert math.isclose(low.saturated, 1 / 3) and high.saturated == 1.0
    assert math.isnan(low.absent)
    assert "latency" in runs and runs["saturated"].isna().sum() == 1  # the input is not modified
