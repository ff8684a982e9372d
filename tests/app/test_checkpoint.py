# SPDX-License-Identifier: Apache-2.0
"""Checkpoint / restart (docs/checkpoint-restart.md): a run stopped at a checkpoint and resumed
gives bit-identical results to an uninterrupted run (digest, committed events, every table and
attribute outside /run, every summary figure), with the sequential engine and the optimistic
engine on 1 and 2 ranks, on PHOLD and on the network model; SIGTERM/SIGUSR1 write a checkpoint
and exit 75; checkpoints of another run, or damaged ones, are refused with exit 2."""
import os
import pathlib
import signal
import subprocess
import time

import h5py
import numpy as np
import pytest

from mpi_support import MPI_ENV, MPIEXEC

CHECKPOINTED = 75

MODELS = {
    "phold": ["phold.toml", "--set", "simulation.end_time=300"],
    # DRB keeps type-erased routing state (a metapath table per source) in its node LPs.
    "network": ["drb-torus8-bitrev.toml", "--set", "simulation.end_time=5000",
                "--set", "traffic.warmup_cycles=1000"],
    # UGAL-G with exchanged queues: each router's table of its group's global queues in its
    # routing state (type-erased, in the router LPs), and reports in flight.
    "ugal_exchange": ["dragonfly.toml", "--set", "simulation.end_time=2000",
                      "--set", "traffic.warmup_cycles=400", "--set", "traffic.pattern=group_shift",
                      "--set", "traffic.load=0.4", "--set", "network.routing=ugal_global",
                      "--set", "ugal.global_info=exchange"],
    # A message workload: messages part sent in the source queues (shortest_first takes them
    # out of its middle), and the per-message table.
    "messages": ["message-list.toml", "--set", "workload.scheduler=shortest_first",
                 "--set", "metrics.message_table=true"],
}
# Wall seconds between checkpoints: short enough for two within each model's run.
EVERY = {"phold": "0.05", "network": "0.05", "messages": "0.002", "ugal_exchange": "0.05"}
# Summary lines that depend on timing or on speculation, not on the results.
VOLATILE = ("wall time", "event rate", "peak memory", "events processed", "events rolled back",
            "efficiency", "rank ", "warpnet ", "optimism window", "results file", "rollbacks",
            "anti-messages", "remote events", "GVT rounds", "waiting", "safe events",
            "promise messages")


def command(root, ranks, engine, model, *args):
    config, *settings = MODELS[model]
    run = [str(pathlib.Path(root) / "examples" / config), "--no-progress", "--engine", engine,
           *settings, *map(str, args)]
    if engine == "optimistic" and ranks > 1:
        return [MPIEXEC, "-np", str(ranks)], run
    return [], run


def warpnet_run(warpnet, root, ranks, engine, model, *args, wait=True):
    launcher, run = command(root, ranks, engine, model, *args)
    env = dict(os.environ)
    env.update(MPI_ENV)
    full = [*launcher, warpnet.binary, "run", *run]
    if not wait:
        return subprocess.Popen(full, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env=env)
    return subprocess.run(full, capture_output=True, text=True, env=env, timeout=300)


def stable_summary(stdout):
    return [line for line in stdout.splitlines()
            if line.startswith("  ") and not line.strip().startswith(VOLATILE)
            and not line.strip()[:1].isdigit()]


def comparable(value):
    value = np.asarray(value)
    return repr(value.tolist()) if value.dtype.hasobject else value.tobytes()


def h5_contents(path):
    """Every dataset and attribute outside /run, as comparable values (bit for bit)."""
    out = {}
    with h5py.File(path, "r") as f:
        def visit(name, obj):
            if name == "run" or name.startswith("run/"):
                return
            for key, value in obj.attrs.items():
                out[f"{name}@{key}"] = comparable(value)
            if isinstance(obj, h5py.Dataset):
                out[name] = comparable(obj[()])
        visit("", f)
        f.visititems(visit)
    # The root's times and run attributes describe the process, not the results.
    for key in [k for k in out if k.startswith("@") and ("time" in k or "git" in k)]:
        del out[key]
    return out


def manifest_values(directory):
    text = (pathlib.Path(directory) / "manifest").read_text()
    return dict(line.split(" = ", 1) for line in text.splitlines() if " = " in line)


CASES = [("sequential", 1), ("optimistic", 1), ("optimistic", 2)]


@pytest.mark.parametrize("model", sorted(MODELS))
@pytest.mark.parametrize("engine,ranks", CASES)
def test_a_resumed_run_gives_identical_results(warpnet, root, tmp_path, engine, ranks, model):
    full = warpnet_run(warpnet, root, ranks, engine, model, "--output", tmp_path / "full.h5")
    assert full.returncode == 0, full.stderr
    committed = int(next(l for l in full.stdout.splitlines() if "events committed" in l)
                    .split()[-1].replace(",", ""))

    cp = tmp_path / "cp"
    out = tmp_path / "resumed.h5"
    stopped = warpnet_run(warpnet, root, ranks, engine, model, "--output", out,
                          "--checkpoint-dir", cp, "--checkpoint-every", EVERY[model],
                          "--checkpoint-stop-after", "2")
    assert stopped.returncode == CHECKPOINTED, stopped.stderr
    assert "checkpoint 2 written" in stopped.stderr
    assert not out.exists()  # no results until the run is over
    values = manifest_values(cp)
    assert values["generation"] == "2" and values["engine"] == engine
    assert 0 < int(values["events_committed"]) < committed  # truly in the middle
    assert [p.name for p in cp.iterdir() if p.is_dir()] == ["gen-000002"]  # older ones removed

    resumed = warpnet_run(warpnet, root, ranks, engine, model, "--output", out,
                          "--restart", cp, "--checkpoint-dir", cp)
    assert resumed.returncode == 0, resumed.stderr
    assert "resuming from checkpoint 2" in resumed.stderr
    assert stable_summary(resumed.stdout) == stable_summary(full.stdout)
    assert any("event digest" in l for l in stable_summary(full.stdout))
    assert h5_contents(out) == h5_contents(tmp_path / "full.h5")


@pytest.mark.parametrize("engine,ranks,signum", [("sequential", 1, signal.SIGTERM),
                                                 ("optimistic", 2, signal.SIGUSR1)])
def test_a_signal_writes_a_checkpoint_and_exits_75(warpnet, root, tmp_path, engine, ranks,
                                                   signum):
    model = ["--set", "simulation.end_time=3000"]  # several seconds: the signal comes first
    full = warpnet_run(warpnet, root, ranks, engine, "phold", *model, "--no-output")
    cp = tmp_path / "cp"
    process = warpnet_run(warpnet, root, ranks, engine, "phold", *model, "--no-output",
                          "--checkpoint-dir", cp, wait=False)
    time.sleep(1.5)
    process.send_signal(signum)  # mpiexec forwards SIGUSR1 to the ranks (Slurm's --signal)
    stdout, stderr = process.communicate(timeout=300)
    assert process.returncode == CHECKPOINTED, stderr
    assert "stopping; resume with --restart" in stderr
    resumed = warpnet_run(warpnet, root, ranks, engine, "phold", *model, "--no-output",
                          "--restart", cp)
    assert resumed.returncode == 0, resumed.stderr
    assert stable_summary(resumed.stdout) == stable_summary(full.stdout)


def test_without_a_checkpoint_dir_sigterm_ends_the_run_as_before(warpnet, root):
    process = warpnet_run(warpnet, root, 1, "sequential", "phold",
                          "--set", "simulation.end_time=3000", "--no-output", wait=False)
    time.sleep(0.5)
    process.send_signal(signal.SIGTERM)
    process.communicate(timeout=60)
    assert process.returncode == -signal.SIGTERM


# --- refusals -------------------------------------------------------------------------------

def checkpoint(warpnet, root, tmp_path, engine="sequential", ranks=1):
    cp = tmp_path / "cp"
    r = warpnet_run(warpnet, root, ranks, engine, "phold", "--no-output", "--checkpoint-dir", cp,
                    "--checkpoint-every", "0.01", "--checkpoint-stop-after", "1")
    assert r.returncode == CHECKPOINTED, r.stderr
    return cp


def restart(warpnet, root, cp, *args, engine="sequential", ranks=1):
    return warpnet_run(warpnet, root, ranks, engine, "phold", "--no-output", "--restart", cp,
                       *args)


def refused(result, *words):
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("configuration error") == 1, result.stderr  # once, by rank 0
    for word in words:
        assert word in result.stderr, result.stderr


def test_a_checkpoint_of_another_configuration_is_refused(warpnet, root, tmp_path):
    cp = checkpoint(warpnet, root, tmp_path)
    refused(restart(warpnet, root, cp, "--set", "phold.remote_fraction=0.5"),
            "--restart", "written by another run", "configuration (hash")


def test_a_checkpoint_of_another_engine_is_refused(warpnet, root, tmp_path):
    cp = checkpoint(warpnet, root, tmp_path)
    refused(restart(warpnet, root, cp, engine="optimistic"),
            "engine: the checkpoint has sequential, this run optimistic")


def test_a_checkpoint_of_another_rank_count_is_refused(warpnet, root, tmp_path):
    cp = checkpoint(warpnet, root, tmp_path, engine="optimistic", ranks=1)
    refused(restart(warpnet, root, cp, engine="optimistic", ranks=2),
            "MPI ranks: the checkpoint has 1, this run 2")


def test_a_checkpoint_of_another_version_is_refused(warpnet, root, tmp_path):
    cp = checkpoint(warpnet, root, tmp_path)
    manifest = cp / "manifest"
    text = manifest.read_text().splitlines()
    text = [("warpnet_version = 0.0.1 (git 0000000)" if l.startswith("warpnet_version") else l)
            for l in text]
    manifest.write_text("\n".join(text) + "\n")
    refused(restart(warpnet, root, cp), "warpnet version: the checkpoint has 0.0.1 (git 0000000)")


def image(cp):
    return next(cp.glob("gen-*/rank-0.ckpt"))


@pytest.mark.parametrize("damage,message", [
    ("truncate image", "has another size than the manifest says"),
    ("flip a byte", "fails its checksum"),
    ("delete image", "is missing"),
    ("delete manifest", "no manifest"),
    ("truncate manifest", "cut short"),
    ("garble manifest", "not a warpnet checkpoint"),
])
def test_a_damaged_checkpoint_is_refused(warpnet, root, tmp_path, damage, message):
    cp = checkpoint(warpnet, root, tmp_path)
    if damage == "truncate image":
        data = image(cp).read_bytes()
        image(cp).write_bytes(data[: len(data) // 2])
    elif damage == "flip a byte":
        data = bytearray(image(cp).read_bytes())
        data[len(data) // 3] ^= 0x40
        image(cp).write_bytes(bytes(data))
    elif damage == "delete image":
        image(cp).unlink()
    elif damage == "delete manifest":
        (cp / "manifest").unlink()
    elif damage == "truncate manifest":
        text = (cp / "manifest").read_text()
        (cp / "manifest").write_text(text[: len(text) // 2])
    else:
        (cp / "manifest").write_text("hello\n")
    refused(restart(warpnet, root, cp), message)


def test_a_damaged_image_of_one_rank_stops_every_rank(warpnet, root, tmp_path):
    cp = checkpoint(warpnet, root, tmp_path, engine="optimistic", ranks=2)
    other = next(cp.glob("gen-*/rank-1.ckpt"))
    data = bytearray(other.read_bytes())
    data[-1] ^= 1
    other.write_bytes(bytes(data))
    refused(restart(warpnet, root, cp, engine="optimistic", ranks=2),
            "rank-1.ckpt' of rank 1 fails its checksum")


def test_a_missing_checkpoint_directory_is_refused(warpnet, root, tmp_path):
    refused(restart(warpnet, root, tmp_path / "nowhere"), "is not a directory")


def test_a_fresh_run_does_not_overwrite_a_checkpoint(warpnet, root, tmp_path):
    cp = checkpoint(warpnet, root, tmp_path)
    again = warpnet_run(warpnet, root, 1, "sequential", "phold", "--no-output",
                        "--checkpoint-dir", cp)
    refused(again, "already holds a checkpoint", "--force")
    forced = warpnet_run(warpnet, root, 1, "sequential", "phold", "--no-output",
                         "--checkpoint-dir", cp, "--force")
    assert forced.returncode == 0, forced.stderr


def test_rollback_check_cannot_checkpoint(warpnet, root, tmp_path):
    r = warpnet_run(warpnet, root, 1, "rollback-check", "phold", "--no-output",
                    "--set", "simulation.end_time=5", "--checkpoint-dir", tmp_path / "cp")
    refused(r, "rollback-check")
