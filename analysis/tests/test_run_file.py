# SPDX-License-Identifier: Apache-2.0
"""load_run: attributes, configuration and tables of one file, and what it refuses."""
import pickle

import numpy as np
import pytest

import warpnet_analysis as wa
from results_builder import (NODE_COLUMNS, ResultsFile, Table, mesh_config, network_attributes,
                             network_file, node_rows)


@pytest.fixture
def run(tmp_path):
    return wa.load_run(network_file(tmp_path / "mesh.h5"))


def test_root_and_run_attributes(run):
    assert run.schema_version == 1
    assert run.versions == {"schema_version": 1, "warpnet_version": "0.1.0",
                            "git_revision": "abc1234"}
    assert run.seed == 7
    assert run.termination == "end_time_reached"
    assert run.attrs["event_digest"] == "0123456789abcdef"
    assert run.engine == "sequential"
    assert run.ranks == 1
    assert run.run_attrs["wall_seconds"] == 2.5
    assert run.attribute_units["/run"] == {"wall_seconds": "s"}
    assert "unit:wall_seconds" not in run.run_attrs


def test_group_attributes_are_split_from_their_units(run):
    assert run.group_attrs("network")["ticks_per_cycle"] == 1000
    assert run.group_attrs("/network/")["window_cycles"] == 100
    assert run.attribute_units["/network"]["warmup_cycles"] == "cycles"
    assert "num_nodes" not in run.attribute_units["/network"]
    assert run.group_attrs("nothing") == {}


def test_config_nested_and_flat(run):
    assert run.config["traffic"]["load"] == 0.3
    assert run.config_flat["traffic.load"] == 0.3
    assert run.config_flat["network.dims"] == (4, 4)
    assert run.config_flat["simulation.end_time"] == 1100.0
    assert run.model == "network"
    assert all("." in key for key in run.config_flat)


def test_arrays_of_tables_become_one_hashable_value(tmp_path):
    extra = '\n[[traffic.phases]]\npattern = "uniform"\nduration = 10\n'
    path = network_file(tmp_path / "p.h5", config_extra=extra)
    phases = wa.load_run(path).config_flat["traffic.phases"]
    hash(phases)
    assert "uniform" in phases


def test_tables_are_dataframes_with_units(run):
    assert set(run.tables) == {"network/nodes", "network/time_series", "network/ports",
                               "run/engine_statistics"}
    nodes = run.table("network/nodes")
    assert list(nodes.columns) == [c for c, _, _ in NODE_COLUMNS]
    assert len(nodes) == 16
    assert nodes["node"].dtype == np.uint64 and nodes["latency_sum"].dtype == np.int64
    assert nodes.attrs["units"]["latency_sum"] == "ps"
    assert nodes.attrs["units"]["node"] == ""
    assert nodes.attrs["key_columns"] == ["node"]
    assert nodes.attrs["combine"] == "concatenate"
    assert nodes.attrs["table"] == "network/nodes"
    assert nodes.attrs["column_descriptions"]["hops_sum"] == "the hops_sum"
    engine = run.table("/run/engine_statistics")
    assert engine.attrs["units"]["wall_seconds"] == "s"
    assert engine["events_committed"].tolist() == [900]


def test_a_table_is_read_once_and_the_run_pickles(run):
    assert run.table("network/nodes") is run.table("network/nodes")
    again = pickle.loads(pickle.dumps(run))
    assert again.table("network/ports").equals(run.table("network/ports"))


def test_unknown_table_lists_the_tables(run):
    with pytest.raises(KeyError, match="network/time_series"):
        run.table("network/pairs")
    assert not run.has_table("network/pairs")


def test_empty_table_keeps_its_columns(tmp_path):
    path = ResultsFile(tables=[Table("network/nodes", NODE_COLUMNS, [])],
                       group_attributes=network_attributes(16)).write(tmp_path / "e.h5")
    nodes = wa.load_run(path).table("network/nodes")
    assert nodes.empty and "latency_sum" in nodes.columns


def test_columns_are_found_by_name_not_position(tmp_path):
    order = list(reversed(range(len(NODE_COLUMNS))))
    columns = [NODE_COLUMNS[i] for i in order]
    rows = [[row[i] for i in order] for row in node_rows(16)]
    shuffled = ResultsFile(tables=[Table("network/nodes", columns, rows)],
                           group_attributes=network_attributes(16)).write(tmp_path / "s.h5")
    straight = network_file(tmp_path / "n.h5")
    a = wa.network_summary(wa.load_run(shuffled))
    b = wa.network_summary(wa.load_run(straight))
    for key in ("offered_load", "accepted_load", "latency", "hops", "latency_dest_mean"):
        assert a[key] == pytest.approx(b[key])


def test_newer_schema_is_refused(tmp_path):
    path = ResultsFile(schema_version=2).write(tmp_path / "v2.h5")
    with pytest.raises(wa.ResultsFileError, match="schema_version 2"):
        wa.load_run(path)


def test_not_hdf5_and_missing_files(tmp_path):
    (tmp_path / "x.h5").write_text("not hdf5")
    with pytest.raises(wa.ResultsFileError, match="not an HDF5 file"):
        wa.load_run(tmp_path / "x.h5")
    with pytest.raises(FileNotFoundError):
        wa.load_run(tmp_path / "absent.h5")


def test_hdf5_without_schema_version_is_refused(tmp_path):
    import h5py
    with h5py.File(tmp_path / "other.h5", "w") as f:
        f["x"] = 1
    with pytest.raises(wa.ResultsFileError, match="schema_version"):
        wa.load_run(tmp_path / "other.h5")


def test_phold_file_has_only_run_tables(tmp_path):
    config = '[simulation]\nname = "p"\nmodel = "phold"\nseed = 7\nend_time = 100.0\n'
    run = wa.load_run(ResultsFile(config_toml=config).write(tmp_path / "phold.h5"))
    assert list(run.tables) == ["run/engine_statistics"]
    assert run.model == "phold"
    summary = wa.network_summary(run)
    assert np.isnan(summary["offered_load"]) and summary["saturated"] is None


def test_flatten_config():
    flat = wa.flatten_config({"a": {"b": 1, "c": {"d": [1, 2]}}, "e": "x"})
    assert flat == {"a.b": 1, "a.c.d": (1, 2), "e": "x"}


def test_mesh_config_helper_is_valid_toml():
    import tomllib
    assert tomllib.loads(mesh_config())["network"]["dims"] == [4, 4]
