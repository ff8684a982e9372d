# SPDX-License-Identifier: Apache-2.0
"""cluster-scripts/ on a real Slurm (a private single-machine cluster, slurm_cluster.py): a
2-rank run, a sweep as a 4-task job array followed by the gather step, a job that gets the
time-limit warning (USR1), checkpoints, resubmits itself and finishes with the results of an
uninterrupted run, and a small scaling study. Skips, saying why, only where the Slurm
daemons cannot start. Every wait has a timeout; the daemons this test started are stopped.

Everything runs as a user of an installation would: the build is installed (`cmake --install`)
into a temporary prefix, and the scripts, examples and binary all come from there, with
WARPNET_BIN unset, so that the installed scripts must find the installed binary."""
import atexit
import csv
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

import h5py
import numpy as np
import pytest

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "analysis"))
import warpnet_analysis as wa  # noqa: E402
from slurm_cluster import SlurmCluster, SlurmUnavailable  # noqa: E402


def install_prefix() -> pathlib.Path:
    """Installs the build (WARPNET_BUILD_DIR, set by ctest) into a temporary prefix, once."""
    build = os.environ.get("WARPNET_BUILD_DIR")
    if not build:
        pytest.fail("WARPNET_BUILD_DIR is not set (run this test through ctest)")
    prefix = pathlib.Path(tempfile.mkdtemp(prefix="warpnet-prefix-"))
    r = subprocess.run([os.environ.get("CMAKE_COMMAND", "cmake"), "--install", build,
                        "--prefix", str(prefix)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    return prefix


PREFIX = install_prefix()
atexit.register(shutil.rmtree, PREFIX, True)
SCRIPTS = PREFIX / "share/warpnet/cluster-scripts"
EXAMPLES = PREFIX / "share/warpnet/examples"
WARPNET = PREFIX / "bin/warpnet"

# About 3-10 s on 2 ranks: long enough to be interrupted after its first checkpoint.
PHOLD = [str(EXAMPLES / "phold.toml"), "--set", "simulation.end_time=1500"]
SWEEP = [str(EXAMPLES / "mesh8x8.toml"), "--set", "traffic.load=0.1,0.2",
         "--set", "network.routing=dimension_order,minimal_adaptive",
         "--set", "simulation.end_time=2000", "--set", "traffic.warmup_cycles=500"]
NAME = "mesh8x8-uniform-0.3"
JOB_TIMEOUT = 120


@pytest.fixture(scope="module")
def slurm(tmp_path_factory):
    cluster = SlurmCluster(tmp_path_factory.mktemp("slurm"))
    try:
        cluster.start()
    except SlurmUnavailable as why:
        pytest.skip(f"no Slurm here: {why}")
    # The jobs inherit this environment (sbatch --export=ALL): Open MPI as root and
    # oversubscribed, Debian's Python; no WARPNET_BIN: the installed scripts find the
    # installed binary.
    cluster.env.pop("WARPNET_BIN", None)
    cluster.env.update({
        "OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
        "OMPI_MCA_rmaps_base_oversubscribe": "1", "WARPNET_PYTHON": "/usr/bin/python3",
        "WARPNET_TIME": "00:05:00", "PYTHONDONTWRITEBYTECODE": "1"})
    yield cluster
    cluster.stop()


def submit(slurm, cwd, script, *args, env=None):
    """Runs a submit helper; returns the job ids it prints."""
    r = subprocess.run([str(SCRIPTS / script), *map(str, args)], cwd=cwd, capture_output=True,
                       text=True, env={**slurm.env, **(env or {})}, timeout=60)
    assert r.returncode == 0, r.stderr
    return r.stdout.split()


def logs(cwd):
    return "\n".join(f"--- {p.name}\n{p.read_text()}"
                     for p in sorted((cwd / "slurm-logs").glob("*.out")))


def wait_for_jobs(slurm, cwd):
    try:
        slurm.wait_until_idle(JOB_TIMEOUT)
    except TimeoutError as e:
        pytest.fail(f"{e}\n{logs(cwd)}")


def h5_contents(path):
    """Every dataset and attribute outside /run, bit for bit (run-specific facts live there)."""
    out = {}
    with h5py.File(path, "r") as f:
        def visit(name, obj):
            if name == "run" or name.startswith("run/"):
                return
            if isinstance(obj, h5py.Dataset):
                out[name] = np.asarray(obj[()]).tobytes()
            for key, value in obj.attrs.items():
                out[f"{name}@{key}"] = repr(np.asarray(value).tolist())
        f.visititems(visit)
        for key, value in f.attrs.items():
            out[f"/@{key}"] = repr(np.asarray(value).tolist())
    return out


@pytest.fixture(scope="module")
def reference_run(slurm, tmp_path_factory):
    """(a) a 2-rank job of PHOLD through submit-run.sh: srun --mpi=pmix, optimistic engine."""
    cwd = tmp_path_factory.mktemp("single")
    [job] = submit(slurm, cwd, "submit-run.sh", "--ranks", 2, "--name", "single", *PHOLD,
                   "--output", "single.h5")
    wait_for_jobs(slurm, cwd)
    assert slurm.state(job) == "COMPLETED", logs(cwd)
    return cwd / "single.h5", logs(cwd)


def test_a_two_rank_job_runs_the_optimistic_engine(reference_run):
    path, log = reference_run
    assert f"warpnet binary: {WARPNET}" in log   # the installed one
    assert "engine                 optimistic on 2 ranks" in log
    run = wa.load_run(path)
    assert run.ranks == 2
    assert run.termination == "end_time_reached"


def test_a_sweep_array_and_its_gather_step_give_one_table(slurm, tmp_path):
    array, gather = submit(slurm, tmp_path, "submit-sweep.sh", "--name", "sw", *SWEEP,
                           "--output-dir", "sweep")
    wait_for_jobs(slurm, tmp_path)
    assert slurm.state(gather) == "COMPLETED", logs(tmp_path)
    for task in range(4):
        assert slurm.state(f"{array}_{task}") == "COMPLETED", logs(tmp_path)
    out = tmp_path / "sweep"
    # The same index as a whole `warpnet sweep`, point for point.
    assert (out / "index.csv").read_text().splitlines() == [
        "file,traffic.load,network.routing",
        f"{NAME}-0000.h5,0.1,dimension_order", f"{NAME}-0001.h5,0.1,minimal_adaptive",
        f"{NAME}-0002.h5,0.2,dimension_order", f"{NAME}-0003.h5,0.2,minimal_adaptive"]
    with open(out / "table.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert [(r["file"], r["traffic.load"], r["network.routing"]) for r in rows] == [
        (f"{NAME}-0000.h5", "0.1", "dimension_order"),
        (f"{NAME}-0001.h5", "0.1", "minimal_adaptive"),
        (f"{NAME}-0002.h5", "0.2", "dimension_order"),
        (f"{NAME}-0003.h5", "0.2", "minimal_adaptive")]
    runs = wa.load_runs(out)
    for row, (_, run) in zip(rows, runs.iterrows()):
        assert float(row["accepted_load"]) == pytest.approx(run.accepted_load)
        assert float(row["latency"]) == pytest.approx(run.latency)
        assert 0.05 < run.accepted_load < 0.25
    with h5py.File(out / "table.h5", "r") as f:
        columns = [c.decode() if isinstance(c, bytes) else c for c in f["runs"].attrs["columns"]]
        assert columns == list(runs.columns)
        assert list(f["runs/latency"][()]) == pytest.approx(list(runs.latency))


def test_a_job_warned_of_its_time_limit_checkpoints_resubmits_and_finishes_identically(
        slurm, reference_run, tmp_path):
    # Checkpoint every 0.3 s too, so that the manifest shows warpnet is running (its
    # handlers installed) before the warning is sent.
    env = {"WARPNET_CHECKPOINT_EVERY": "0.3", "WARPNET_SIGNAL_SECONDS": "60"}
    [first] = submit(slurm, tmp_path, "submit-run.sh", "--ranks", 2, "--name", "long",
                     "--resubmit", "ckpt", *PHOLD, "--output", "resumed.h5", env=env)
    deadline = time.monotonic() + JOB_TIMEOUT
    while not (tmp_path / "ckpt/manifest").exists():
        assert time.monotonic() < deadline, logs(tmp_path)
        assert slurm.jobs(), f"the job ended before its first checkpoint\n{logs(tmp_path)}"
        time.sleep(0.2)
    # What Slurm does WARPNET_SIGNAL_SECONDS before the limit (sbatch --signal=B:USR1@S):
    # USR1 to the batch shell only.
    r = subprocess.run(["scancel", "--batch", "--signal=USR1", first], env=slurm.env,
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 0, r.stderr
    wait_for_jobs(slurm, tmp_path)
    log = logs(tmp_path)
    assert "got USR1, asking warpnet to checkpoint" in log
    assert "(stopping; resume with --restart ckpt)" in log
    assert "checkpointed; resubmitted as job" in log
    assert "resuming from the checkpoint in ckpt" in log
    assert slurm.state(first) == "COMPLETED", log
    assert not (tmp_path / "ckpt").exists(), "a finished run leaves no checkpoint to resume"

    reference, _ = reference_run
    resumed = tmp_path / "resumed.h5"
    assert resumed.is_file(), log
    assert (wa.load_run(resumed).attrs["event_digest"]
            == wa.load_run(reference).attrs["event_digest"])
    assert h5_contents(resumed) == h5_contents(reference)


def test_resubmission_stops_at_the_maximum_count(slurm, tmp_path):
    env = {"WARPNET_MAX_RESUBMITS": "0"}
    [job] = submit(slurm, tmp_path, "submit-run.sh", "--ranks", 1, "--name", "capped",
                   "--resubmit", "ckpt", *PHOLD, "--no-output", "--checkpoint-stop-after", 1,
                   "--checkpoint-every", "0.1", env=env)
    wait_for_jobs(slurm, tmp_path)
    assert slurm.state(job) == "FAILED", logs(tmp_path)
    assert "not resubmitting: 0 resubmissions already" in logs(tmp_path)
    assert (tmp_path / "ckpt/manifest").is_file()   # kept: a new submission resumes from it


def test_a_scaling_study_tabulates_speedup_and_efficiency(slurm, tmp_path):
    ids = submit(slurm, tmp_path, "submit-scaling.sh", "--key", "phold.lps", "--strong", "1024",
                 "--ranks", "1 2", "--weak", "1:512 2:1024", "--output-dir", "scaling",
                 str(EXAMPLES / "phold.toml"), "--set", "simulation.end_time=50")
    assert len(ids) == 5
    wait_for_jobs(slurm, tmp_path)
    assert slurm.state(ids[-1]) == "COMPLETED", logs(tmp_path)
    with open(tmp_path / "scaling/scaling.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert [(r["study"], r["size"], r["ranks"], r["status"]) for r in rows] == [
        ("strong", "1024", "1", "ok"), ("strong", "1024", "2", "ok"),
        ("weak", "512", "1", "ok"), ("weak", "1024", "2", "ok")]
    for r in rows:
        assert float(r["wall_seconds"]) > 0 and float(r["event_rate"]) > 0
        if r["ranks"] == "1":
            assert float(r["speedup"]) == 1 and float(r["efficiency"]) == 1
    strong2 = rows[1]
    assert float(strong2["efficiency"]) == pytest.approx(float(strong2["speedup"]) / 2, rel=1e-4)
    assert rows[0]["event_digest"] == rows[1]["event_digest"] == rows[3]["event_digest"]


def test_bad_input_to_the_submit_helpers_is_refused_before_submitting(slurm, tmp_path):
    def refused(script, *args):
        r = subprocess.run([str(SCRIPTS / script), *map(str, args)], cwd=tmp_path, text=True,
                           capture_output=True, env=slurm.env, timeout=60)
        assert r.returncode == 2, (r.stdout, r.stderr)
        return r.stderr

    assert "--ranks: 'two' is not a positive number" in refused(
        "submit-run.sh", "--ranks", "two", *PHOLD)
    assert "traffic.load" in refused("submit-sweep.sh", SWEEP[0], "--set", "traffic.load=0.1:2:0.5")
    assert "'x' is not RANKS:SIZE" in refused(
        "submit-scaling.sh", "--key", "phold.lps", "--weak", "x", PHOLD[0])
    assert not slurm.jobs()


def test_a_sweep_can_rerun_chosen_points(slurm, tmp_path):
    array, = submit(slurm, tmp_path, "submit-sweep.sh", "--name", "again", "--no-gather",
                    "--points", "1,3", *SWEEP, "--output-dir", "sweep")
    wait_for_jobs(slurm, tmp_path)
    assert sorted(p.name for p in (tmp_path / "sweep").glob("*.h5")) == [
        f"{NAME}-0001.h5", f"{NAME}-0003.h5"]
    r = subprocess.run([str(SCRIPTS / "submit-sweep.sh"), "--points", "2-4", *SWEEP],
                       cwd=tmp_path, capture_output=True, text=True, env=slurm.env, timeout=60)
    assert r.returncode == 2 and "there is no point 4; the sweep has 4 points" in r.stderr
