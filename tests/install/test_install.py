# SPDX-License-Identifier: Apache-2.0
"""warpnet installed like HPC software: `cmake --install <build> --prefix P` into a temporary
prefix, then everything from P alone: P/bin/warpnet --version and a run of the installed
examples (from another directory; the examples that read data files find them beside
themselves), the installed analysis package reading its results, and the installed cluster
scripts finding P/bin/warpnet, also after the tree is moved. The analysis package installs
with pip from its pyproject.toml (offline: no build isolation, no dependencies)."""
import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

SOURCE = pathlib.Path(os.environ.get("WARPNET_SOURCE_DIR", pathlib.Path(__file__).parents[2]))
CMAKE = os.environ.get("CMAKE_COMMAND", "cmake")
PYTHON = "/usr/bin/python3"


def run(args, timeout=300, **kwargs):
    return subprocess.run([str(a) for a in args], capture_output=True, text=True,
                          timeout=timeout, **kwargs)


def env_without_warpnet_bin():
    return {k: v for k, v in os.environ.items() if k != "WARPNET_BIN"}


@pytest.fixture(scope="module")
def prefix(tmp_path_factory):
    build = os.environ.get("WARPNET_BUILD_DIR")
    if not build:
        pytest.fail("WARPNET_BUILD_DIR is not set (run this test through ctest)")
    p = tmp_path_factory.mktemp("prefix")
    r = run([CMAKE, "--install", build, "--prefix", p], timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    return p


def test_the_prefix_has_the_binary_scripts_examples_docs_and_analysis(prefix):
    share = prefix / "share/warpnet"
    assert os.access(prefix / "bin/warpnet", os.X_OK)
    for script in ("submit-run.sh", "submit-sweep.sh", "submit-scaling.sh", "gather.sh",
                   "gather.py", "scaling_table.py"):
        assert os.access(share / "cluster-scripts" / script, os.X_OK), script
    for sourced in ("config.sh", "lib.sh", "job-setup.sh", "run.sbatch", "sweep-point.sbatch",
                    "gather.sbatch"):   # sourced, or read by sbatch
        assert (share / "cluster-scripts" / sourced).is_file(), sourced
    assert (share / "cluster-scripts/install-layout.sh").is_file()
    for example in (SOURCE / "examples").glob("*.toml"):
        assert (share / "examples" / example.name).is_file(), example.name
    assert (share / "examples/message-list.txt").is_file()
    assert (share / "examples/workload-collectives/rank-0.trace").is_file()
    assert (share / "docs/install.md").is_file() and (share / "docs/cluster.md").is_file()
    assert (share / "README.md").is_file()
    assert (share / "analysis/pyproject.toml").is_file()
    assert (share / "analysis/warpnet_analysis/__init__.py").is_file()
    assert not list(share.rglob("__pycache__"))


def test_version_names_the_build_and_its_mpi_and_hdf5(prefix):
    r = run([prefix / "bin/warpnet", "--version"])
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert re.fullmatch(r"warpnet \d+\.\d+\.\d+ \(git [0-9a-z]+\)", lines[0]), lines
    assert re.fullmatch(r"built with \S+ [\d.]+ \(\w+\), .+ \(MPI \d+\.\d+\), "
                        r"parallel HDF5 \d+\.\d+\.\d+", lines[1]), lines
    assert lines[2].startswith("partitioners: block, round-robin, file"), lines


def test_the_installed_binary_runs_the_installed_example(prefix, tmp_path):
    example = prefix / "share/warpnet/examples/mesh8x8.toml"
    r = run([prefix / "bin/warpnet", "run", example, "--no-progress"], cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    results = tmp_path / "mesh8x8-uniform-0.3.h5"
    assert results.is_file(), r.stdout
    # The installed analysis package reads it.
    code = ("import warpnet_analysis as wa, sys; r = wa.load_run(sys.argv[1]); "
            "t = wa.load_runs([sys.argv[1]]); "
            "print(wa.__file__); print(r.termination, float(t.accepted_load.iloc[0]))")
    r = run([PYTHON, "-c", code, results], cwd=tmp_path,
            env={**os.environ, "PYTHONPATH": str(prefix / "share/warpnet/analysis")})
    assert r.returncode == 0, r.stderr
    module, summary = r.stdout.splitlines()
    assert module.startswith(str(prefix)), module
    termination, accepted = summary.split()
    assert termination == "end_time_reached" and 0.2 < float(accepted) < 0.4, summary


@pytest.mark.parametrize("example", ["message-list.toml", "workload-replay.toml"])
def test_installed_examples_find_their_data_files(prefix, tmp_path, example):
    r = run([prefix / "bin/warpnet", "run", prefix / "share/warpnet/examples" / example,
             "--no-progress", "--no-output"], cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr


def resolved_bin(scripts: pathlib.Path, env) -> str:
    r = run(["bash", "-c", 'source "$1/config.sh" && echo "$WARPNET_BIN"', "bash", scripts],
            env=env, cwd="/")
    assert r.returncode == 0, r.stderr
    return os.path.realpath(r.stdout.strip())


def test_the_installed_cluster_scripts_find_the_installed_binary(prefix, tmp_path):
    scripts = prefix / "share/warpnet/cluster-scripts"
    assert resolved_bin(scripts, env_without_warpnet_bin()) == str(
        (prefix / "bin/warpnet").resolve())
    # The tree may move: the scripts find the binary relative to themselves.
    moved = tmp_path / "moved"
    shutil.copytree(prefix, moved, symlinks=True)
    assert resolved_bin(moved / "share/warpnet/cluster-scripts", env_without_warpnet_bin()) == (
        str((moved / "bin/warpnet").resolve()))
    # WARPNET_BIN still wins.
    assert resolved_bin(scripts, {**env_without_warpnet_bin(), "WARPNET_BIN": "/bin/true"}) == (
        os.path.realpath("/bin/true"))
    # A submit helper runs from the prefix (its help needs no Slurm).
    r = run([scripts / "submit-run.sh", "--help"], env=env_without_warpnet_bin(), cwd=tmp_path)
    assert r.returncode == 0 and "--ranks" in r.stdout, r.stdout + r.stderr


def test_the_source_checkout_scripts_still_default_to_the_build_tree():
    assert resolved_bin(SOURCE / "cluster-scripts", env_without_warpnet_bin()) == (
        os.path.realpath(SOURCE / "build/app/warpnet"))


def test_pip_installs_the_analysis_package_from_its_pyproject(tmp_path):
    # A copy, so that setuptools' in-tree build leaves nothing in the checkout.
    source = tmp_path / "analysis"
    shutil.copytree(SOURCE / "analysis", source,
                    ignore=shutil.ignore_patterns("tests", "__pycache__", "*.egg-info", "build"))
    target = tmp_path / "site"
    r = run([PYTHON, "-m", "pip", "install", "--quiet", "--no-build-isolation", "--no-deps",
             "--no-index", "--disable-pip-version-check", "--target", target, source],
            timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert list(target.glob("warpnet_analysis-*.dist-info")), sorted(os.listdir(target))
    r = run([PYTHON, "-c", "import warpnet_analysis as wa; print(wa.__file__)"],
            env={**os.environ, "PYTHONPATH": str(target)}, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().startswith(str(target)), r.stdout
