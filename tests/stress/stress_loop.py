#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""A stress loop for the optimistic engine: the same rollback-heavy runs again and again on
several ranks, each digest checked against a reference the optimistic engine did not make.

Why: three engine bugs of session 10 (docs/performance.md, "Session 10: safe events") gave a
wrong digest in about 1 run of 12, or stopped 1 run of 2, and passed every determinism test,
each of which runs a configuration once. Timing decides which events run safely, which
speculatively and which roll back, so only many runs of a configuration where all three happen
at once find such bugs. Run it after any engine change, or nightly:

    /usr/bin/python3 tests/stress/stress_loop.py --warpnet build/app/warpnet --runs 20

Configurations (--configs, comma-separated; all by default):
  torus    32x32 torus, uniform 0.3, 1,000 cycles: many remote events each cycle, safe events,
           rollbacks on 4 ranks; reference: the sequential engine's digest;
  phold    PHOLD with every event remote, batches of 64 (determinism_phold_safe_remote on more
           ranks): safe events and many rollbacks; reference: the sequential engine;
  phold-tw the same with kernel.lookahead = 0: pure Time Warp, no safe event.
Each run must give the reference digest and, where the configuration says so, have rolled
back and run safe events (a run without them tested nothing). Prints a line per run and a
summary; exit status 1 on any wrong digest or failed run (the command is printed to repeat
it), 2 on bad arguments. ctest runs it once per configuration (stress_loop_smoke).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MPIEXEC = shutil.which("mpiexec") or "/usr/bin/mpiexec"
ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
           OMPI_MCA_rmaps_base_oversubscribe="1")


def configs(ranks):
    """name: (config file, --set overrides, needs rollbacks, needs safe events)."""
    torus = ["network.topology=torus", "network.dims=[32,32]", "traffic.load=0.3",
             "simulation.end_time=1000", "traffic.warmup_cycles=0"]
    lps = 1024 * ranks
    phold = ["simulation.end_time=60", "phold.remote_fraction=1.0", f"phold.lps={lps}",
             f"phold.group_size={lps // ranks}", "kernel.batch_size=64"]
    return {
        "torus": ("examples/mesh8x8.toml", torus, False, True),
        "phold": ("examples/phold.toml", phold, True, True),
        "phold-tw": ("examples/phold.toml", phold + ["kernel.lookahead=0"], True, False),
    }


def run(warpnet, config, overrides, engine, ranks, stats_path):
    cmd = [] if ranks == 1 else [MPIEXEC, "-np", str(ranks)]
    cmd += [warpnet, "run", os.path.join(ROOT, config), "--engine", engine, "--no-output",
            "--no-progress", "--stats-json", stats_path]
    for o in overrides:
        cmd += ["--set", o]
    done = subprocess.run(cmd, capture_output=True, text=True, env=ENV, timeout=600)
    if done.returncode != 0:
        return cmd, None, done.stderr.strip().splitlines()[-3:]
    with open(stats_path) as f:
        stats = json.load(f)["total"]
    return cmd, stats, None


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--warpnet", default=os.path.join(ROOT, "build", "app", "warpnet"))
    p.add_argument("--runs", type=int, default=10, help="parallel runs per configuration")
    p.add_argument("--ranks", type=int, default=4)
    p.add_argument("--configs", default="torus,phold,phold-tw")
    a = p.parse_args()
    table = configs(a.ranks)
    chosen = a.configs.split(",")
    unknown = [c for c in chosen if c not in table]
    if unknown or a.runs < 1 or a.ranks < 2:
        p.error(f"--configs takes {', '.join(table)} (got {', '.join(unknown) or a.configs}); "
                "--runs >= 1; --ranks >= 2")
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        stats_path = os.path.join(tmp, "stats.json")
        for name in chosen:
            config, overrides, needs_rollbacks, needs_safe = table[name]
            cmd, ref, error = run(a.warpnet, config, overrides, "sequential", 1, stats_path)
            if ref is None:
                print(f"{name}: the sequential reference failed: {' '.join(cmd)}\n  {error}")
                failures += 1
                continue
            want = ref["event_digest"]
            print(f"{name}: reference {want} ({ref['events_committed']} events, sequential)",
                  flush=True)
            for i in range(a.runs):
                cmd, stats, error = run(a.warpnet, config, overrides, "optimistic", a.ranks,
                                        stats_path)
                problems = []
                if stats is None:
                    problems.append(f"failed: {error}")
                else:
                    if stats["event_digest"] != want:
                        problems.append(f"digest {stats['event_digest']} != {want}")
                    if needs_rollbacks and stats["events_rolled_back"] == 0:
                        problems.append("no rollback")
                    if needs_safe and stats["events_safe"] == 0:
                        problems.append("no safe event")
                detail = "" if stats is None else (
                    f"rolled back {stats['events_rolled_back']}, safe {stats['events_safe']}")
                print(f"  {name} run {i + 1}/{a.runs}: {'; '.join(problems) or 'ok'}  {detail}",
                      flush=True)
                if problems:
                    failures += 1
                    print(f"    repeat: {' '.join(cmd)}")
    print(f"{failures} failed" if failures else "all runs gave the reference digest")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
