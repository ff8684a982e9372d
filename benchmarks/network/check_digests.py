#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Event digests of two warpnet builds on the example networks: a change meant to speed the
engine or the model up must leave every digest (and so every event) as it was.

Runs `warpnet run EXAMPLE --no-output --stats-json ...` with build A and with build B for each
example (shortened by --set overrides where it is long) and prints the two digests and event
counts; exits 1 if any differ. With --h5, also writes both results files and h5diffs them.

  /usr/bin/python3 benchmarks/network/check_digests.py --a /work/build-m --b build
  /usr/bin/python3 benchmarks/network/check_digests.py --a /work/build-m --b build --np 2
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

# (example, overrides): the network examples, a few shortened so that the whole check takes
# seconds; engine and rank count as the file says (sequential, one rank).
CASES = [
    ("examples/mesh8x8.toml", []),
    ("examples/booksim-like.toml", []),
    ("examples/mesh8x8.toml", ["--set", "traffic.packet_size=4", "--set", "simulation.end_time=5000"]),
    ("examples/mesh8x8.toml", ["--set", "router.switching=saf",
                               "--set", "traffic.packet_size=4", "--set", "simulation.end_time=5000"]),
    ("examples/mesh8x8.toml", ["--set", "router.switching=vct", "--set", "traffic.packet_size=4",
                               "--set", "simulation.end_time=5000"]),
    ("examples/mesh8x8.toml", ["--set", "network.topology=torus", "--set", "router.vcs=2",
                               "--set", "simulation.end_time=5000"]),
    ("examples/drb-torus8-bitrev.toml", []),
    ("examples/drb-fattree.toml", []),
    ("examples/speculative-uniform.toml", []),
    ("examples/speculative-hotspot.toml", []),
    ("examples/prdrb-mesh8x8-bursts.toml", []),
    ("examples/phases.toml", []),
    ("examples/missions-q4.toml", []),
    ("examples/message-list.toml", []),
    ("examples/prdrb-torus8-bursts.toml", ["--set", "simulation.end_time=6000"]),
    ("examples/workload-replay.toml", []),
    ("examples/workload-skeleton.toml", []),
    ("examples/phold.toml", []),
]


def run(build, example, overrides, h5, np=0):
    with tempfile.TemporaryDirectory() as tmp:
        stats = os.path.join(tmp, "stats.json")
        cmd = [os.path.join(build, "app/warpnet"), "run", example, "--no-progress",
               "--stats-json", stats] + overrides
        if np > 0:
            cmd = ["mpirun", "-np", str(np)] + cmd + ["--engine", "optimistic"]
        cmd += ["-o", h5, "--force"] if h5 else ["--no-output"]
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if proc.returncode != 0:
            return None, proc.stderr.decode().strip().splitlines()[-1:]
        total = json.load(open(stats))["total"]
        return (total["event_digest"], total["events_committed"]), None


def same_results(a, b):
    """h5diff of everything but the run's own record (/run: times, wall seconds, peak memory, and
    the root's git revision), which differs between any two runs."""
    top = subprocess.run(["h5ls", a], stdout=subprocess.PIPE, check=True).stdout.decode()
    objects = ["/" + line.split()[0] for line in top.splitlines() if line.split()]
    objects = [x for x in objects if x != "/run"] + ["/run/partition"]
    return all(subprocess.run(["h5diff", a, b, x, x], stdout=subprocess.DEVNULL).returncode == 0
               for x in objects)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--a", required=True, help="build directory A (reference)")
    p.add_argument("--b", required=True, help="build directory B")
    p.add_argument("--np", type=int, default=0,
                   help="run on this many ranks with the optimistic engine (default: as the "
                        "file says, sequential)")
    p.add_argument("--only", default="",
                   help="only the cases whose example path contains this text")
    p.add_argument("--h5", action="store_true",
                   help="also h5diff the results files (all but /run's timing record)")
    o = p.parse_args()
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for i, (example, overrides) in enumerate(CASES):
            if o.only not in example:
                continue
            files = [os.path.join(tmp, f"{i}{name}.h5") if o.h5 else None for name in "AB"]
            a, a_err = run(o.a, example, overrides, files[0], o.np)
            b, b_err = run(o.b, example, overrides, files[1], o.np)
            same = a is not None and a == b
            if same and o.h5:
                same = same_results(files[0], files[1])
            failed |= not same
            label = " ".join([example] + overrides[1::2])
            print(f"{'same' if same else 'DIFFERENT'}  {label}: A {a or a_err}  B {b or b_err}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
