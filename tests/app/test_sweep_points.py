# SPDX-License-Identifier: Apache-2.0
"""`warpnet sweep --list-points / --point I / --write-index`: a sweep run one point at a time
(a Slurm job array, docs/cluster.md) gives the same files and index as the whole sweep."""
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "analysis"))
import warpnet_analysis as wa  # noqa: E402

SWEEP = ["--set", "traffic.load=0.1,0.2", "--set", "network.routing=dimension_order,minimal_adaptive",
         "--set", "simulation.end_time=2000", "--set", "traffic.warmup_cycles=500"]
NAME = "mesh8x8-uniform-0.3"


def sweep(warpnet, root, *args):
    return warpnet("sweep", root / "examples/mesh8x8.toml", *SWEEP, *args)


def test_list_points_prints_number_file_and_settings_and_creates_nothing(warpnet, root, tmp_path):
    r = warpnet("sweep", root / "examples/mesh8x8.toml", *SWEEP, "--list-points", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [
        f"0\t{NAME}-0000.h5\ttraffic.load=0.1 network.routing=dimension_order",
        f"1\t{NAME}-0001.h5\ttraffic.load=0.1 network.routing=minimal_adaptive",
        f"2\t{NAME}-0002.h5\ttraffic.load=0.2 network.routing=dimension_order",
        f"3\t{NAME}-0003.h5\ttraffic.load=0.2 network.routing=minimal_adaptive"]
    assert list(tmp_path.iterdir()) == []


def test_points_run_one_by_one_equal_the_whole_sweep(warpnet, root, tmp_path):
    whole, parts = tmp_path / "whole", tmp_path / "parts"
    r = sweep(warpnet, root, "--jobs", "2", "--output-dir", whole)
    assert r.returncode == 0, r.stderr
    for i in (3, 0, 2, 1):   # any order, into one shared directory
        r = sweep(warpnet, root, "--point", i, "--output-dir", parts)
        assert r.returncode == 0, r.stderr
        assert f"point {i} " in r.stderr
    assert not (parts / "index.csv").exists()
    r = sweep(warpnet, root, "--write-index", "--output-dir", parts)
    assert r.returncode == 0, r.stderr
    assert (parts / "index.csv").read_text() == (whole / "index.csv").read_text()
    for i in range(4):
        file = f"{NAME}-{i:04d}.h5"
        assert (wa.load_run(parts / file).attrs["event_digest"]
                == wa.load_run(whole / file).attrs["event_digest"])
    assert len(wa.load_runs(parts)) == 4


def test_write_index_leaves_out_missing_points_and_says_so(warpnet, root, tmp_path):
    r = sweep(warpnet, root, "--point", "1", "--output-dir", tmp_path)
    assert r.returncode == 0, r.stderr
    r = sweep(warpnet, root, "--write-index", "--output-dir", tmp_path)
    assert r.returncode == 1
    assert "points without a results file (left out): 0, 2, 3" in r.stderr
    assert (tmp_path / "index.csv").read_text().splitlines() == [
        "file,traffic.load,network.routing", f"{NAME}-0001.h5,0.1,minimal_adaptive"]
    r = sweep(warpnet, root, "--write-index", "--output-dir", tmp_path / "none")
    assert r.returncode == 2 and "is not a directory" in r.stderr


@pytest.mark.parametrize("point, message", [
    ("4", "--point: there is no point 4; this sweep has 4 points: 0 .. 3"),
    ("-1", "--point: '-1' is not a point number; this sweep has 4 points: 0 .. 3"),
    ("two", "--point: 'two' is not a point number; this sweep has 4 points: 0 .. 3"),
])
def test_a_bad_point_number_is_a_clear_error_and_creates_nothing(warpnet, root, tmp_path,
                                                                  point, message):
    r = sweep(warpnet, root, f"--point={point}", "--output-dir", tmp_path / "out")
    assert r.returncode == 2
    assert message in r.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("options", [["--point", "0", "--saturation"],
                                     ["--list-points", "--point", "0"],
                                     ["--list-points", "--write-index"]])
def test_point_modes_exclude_each_other_and_the_saturation_search(warpnet, root, options):
    r = sweep(warpnet, root, *options)
    assert r.returncode == 2
    assert "excludes" in r.stderr
