#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The million-terminal dragonfly on 1 and 2 ranks (docs/performance.md, "Million-terminal
dragonfly"): runs benchmarks/network/dragonfly-1m.toml (or --config) sequentially and on 2
optimistic ranks, one run at a time, and prints set-up time, peak memory, bytes per router and per
terminal and events per second. Not run by the test suite (minutes and about 4 GiB a run).

    /usr/bin/python3 benchmarks/network/dragonfly_1m.py --build build [--ranks 1 2] [--set k=v]

Set-up time is the elapsed time less the run's own wall_seconds (which covers sim.run()): the
configuration, the topology, the partition, building the LPs, and writing the summary after.
Peak memory is the sum over ranks of each rank's peak resident set (--stats-json peak_rss_bytes).
"""
import argparse
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent


def run(build, ranks, config, overrides):
    warpnet = str(pathlib.Path(build) / "app" / "warpnet")
    with tempfile.TemporaryDirectory() as tmp:
        stats = os.path.join(tmp, "stats.json")
        cmd = [warpnet, "run", config, "--no-output", "--no-progress", "--stats-json", stats]
        for o in overrides:
            cmd += ["--set", o]
        if ranks > 1:
            cmd = ["mpirun", "-np", str(ranks)] + cmd + ["--engine", "optimistic"]
        cmd = ["nice", "-n", "10"] + cmd
        env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
                   OMPI_MCA_rmaps_base_oversubscribe="1")
        start = time.monotonic()
        out = subprocess.run(cmd, env=env, capture_output=True, text=True)
        elapsed = time.monotonic() - start
        if out.returncode != 0:
            sys.exit(f"{' '.join(cmd)} failed ({out.returncode}):\n{out.stderr[-2000:]}")
        with open(stats) as f:
            s = json.load(f)
    network = s["figures"]["network"]["text"]
    m = re.search(r"\((\d+) routers, (\d+) nodes\)", network)
    routers, nodes = int(m.group(1)), int(m.group(2))
    peak = sum(r["peak_rss_bytes"] for r in s["per_rank"])
    wall = s["total"]["wall_seconds"]
    events = s["total"]["events_committed"]
    return {"ranks": ranks, "network": network, "routers": routers, "terminals": nodes,
            "elapsed_s": elapsed, "run_s": wall, "setup_s": elapsed - wall,
            "peak_rss_gib": peak / 2**30, "bytes_per_router": peak / routers,
            "bytes_per_terminal": peak / nodes, "events": events,
            "events_per_s": events / wall if wall > 0 else 0.0,
            "rolled_back": s["total"]["events_rolled_back"],
            "digest": s["total"]["event_digest"]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--config", default=str(HERE / "dragonfly-1m.toml"))
    ap.add_argument("--ranks", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    args = ap.parse_args()
    rows = [run(args.build, r, args.config, args.set) for r in args.ranks]
    print(rows[0]["network"])
    print("ranks  set-up s  run s  peak GiB  B/router  B/terminal  events      events/s  rolled back")
    for r in rows:
        print(f"{r['ranks']:5d}  {r['setup_s']:8.1f}  {r['run_s']:5.1f}  {r['peak_rss_gib']:8.2f}  "
              f"{r['bytes_per_router']:8.0f}  {r['bytes_per_terminal']:10.0f}  {r['events']:10d}  "
              f"{r['events_per_s']:8.0f}  {r['rolled_back']}")
    print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
