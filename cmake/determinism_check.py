#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Checks that a warpnet configuration gives bit-identical results in every engine.

Runs the configuration with the sequential engine (the reference), the rollback-check engine,
and the optimistic engine under mpiexec on each requested rank count, reads the statistics each
run writes with --stats-json, and requires that all of them agree on the event digest, the
number of committed events, the termination reason, the last event time and the model's
summary rows (e.g. the network's latency statistics) and, with h5diff, the HDF5 results files
apart from their /run group. The largest rank count is also run with
the round-robin partitioner: the LP -> rank map must not matter either. On two ranks or
more it also requires that rollbacks and anti-messages really happened (a run without
rollbacks proves nothing about the optimistic machinery) and, where the run had a lookahead,
that some events ran safe (kernel.lookahead at work).

Neither may depend on how the ranks are scheduled: on a loaded machine the ranks may take turns
and never overtake one another, and a test that counted on natural stragglers failed (with two
busy loops beside it, 4 oversubscribed ranks of determinism_phold_safe_remote had none in 2 of 3
runs). So the runs on two ranks or more
  - set kernel.forced_rollback_probability (--forced-all): a speculative event is rolled back
    with this probability, its sends cancelled by anti-messages that roll back their receivers
    in turn; the engine's own stream decides, whatever the timing, and a run has thousands of
    speculative events;
  - set kernel.test_lag (--lag-us): the last rank sleeps about once per GVT round, the others
    run ahead of it in simulated time and its events reach them as stragglers (natural
    rollbacks, most runs);
  - get safe events from the engine itself: with forced rollbacks and a lookahead no rank runs
    anything before the first GVT round has ended, and the rank holding the smallest event then
    runs it safe (forced rollbacks keep above each rank's safe time, so the two mix). Runs
    without forced rollbacks start at once, as before.
All of this changes timing only, never results.

Used by warpnet_determinism_test() (cmake/WarpnetDeterminism.cmake); it can also be run by
hand:

  /usr/bin/python3 cmake/determinism_check.py --warpnet build/app/warpnet \
      --config examples/phold.toml --set simulation.end_time=20 --workdir /tmp/det

Exit status: 0 when everything agrees, 1 on a mismatch or a missing rollback, 2 on bad usage
or a run that failed.
"""
import argparse
import json
import shutil
import os
import subprocess
import sys


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--warpnet", required=True, help="the warpnet executable")
    p.add_argument("--config", required=True, help="configuration file (TOML)")
    p.add_argument("--workdir", required=True, help="directory for the statistics files")
    p.add_argument("--mpiexec", default="mpiexec")
    p.add_argument("--numproc-flag", default="-n")
    p.add_argument("--ranks", default="1,2,4", help="rank counts for the optimistic engine")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="configuration override for every run (repeatable)")
    p.add_argument("--require-rollbacks-from", type=int, default=2,
                   help="rank count from which rollbacks and anti-messages must be > 0 "
                        "(0: never require them)")
    p.add_argument("--require-safe-from", type=int, default=2,
                   help="rank count from which the runs with a lookahead must have run some "
                        "events safe (the model's lookahead at work; 0: never require them)")
    p.add_argument("--forced-rollback", type=float, default=0.0,
                   help="also run the optimistic engine on the largest rank count with this "
                        "kernel.forced_rollback_probability")
    p.add_argument("--forced-all", type=float, default=0.01,
                   help="kernel.forced_rollback_probability for every run on two ranks or "
                        "more, so that rollbacks and anti-messages happen whatever the "
                        "machine's load (0: natural stragglers only)")
    p.add_argument("--lag-us", type=int, default=5000,
                   help="kernel.test_lag for the runs on two ranks or more: microseconds the "
                        "last rank sleeps about once per GVT round, so that rollbacks happen whatever "
                        "the machine's load (0: natural timing)")
    p.add_argument("--timeout", type=float, default=600.0, help="seconds per run")
    return p.parse_args()


def run(label, command, stats_path, timeout):
    if os.path.exists(stats_path):
        os.remove(stats_path)
    print(f"[{label}] {' '.join(command)}", flush=True)
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        print(f"[{label}] timed out after {timeout:.0f} s", file=sys.stderr)
        sys.exit(2)
    if done.returncode != 0 or not os.path.exists(stats_path):
        print(f"[{label}] failed with exit status {done.returncode}\n{done.stdout}\n{done.stderr}",
              file=sys.stderr)
        sys.exit(2)
    with open(stats_path) as f:
        return json.load(f)


def main():
    args = parse_args()
    os.makedirs(args.workdir, exist_ok=True)
    overrides = []
    for s in args.set:
        overrides += ["--set", s]
    base = [args.warpnet, "run", args.config, "--no-progress"] + overrides

    runs = []  # (label, ranks, stats)
    outputs = []  # (label, HDF5 results file)

    def cli_run(label, engine, ranks=None, extra=()):
        stats = os.path.join(args.workdir, f"{label}.json")
        output = os.path.join(args.workdir, f"{label}.h5")
        command = base + ["--engine", engine, "--stats-json", stats, "--output", output,
                          "--force"] + list(extra)
        if ranks is not None:
            if ranks > 1 and args.lag_us > 0:
                command += ["--set", f"kernel.test_lag={args.lag_us}"]
            if ranks > 1 and args.forced_all > 0 and not any(
                    "forced_rollback_probability" in e for e in extra):
                command += ["--set", f"kernel.forced_rollback_probability={args.forced_all}"]
            command = [args.mpiexec, args.numproc_flag, str(ranks)] + command
        runs.append((label, ranks or 1, run(label, command, stats, args.timeout)))
        outputs.append((label, output))

    cli_run("sequential", "sequential")
    cli_run("rollback-check", "rollback-check")
    rank_counts = [int(r) for r in args.ranks.split(",") if r]
    for n in rank_counts:
        cli_run(f"optimistic-np{n}", "optimistic", n)
    if rank_counts and max(rank_counts) > 1:
        # Another LP -> rank map must not change a single bit either.
        n = max(rank_counts)
        cli_run(f"optimistic-np{n}-round-robin", "optimistic", n,
                ["--set", "simulation.partitioner=round-robin"])
    if args.forced_rollback > 0 and rank_counts:
        n = max(rank_counts)
        cli_run(f"optimistic-np{n}-forced", "optimistic", n,
                ["--set", f"kernel.forced_rollback_probability={args.forced_rollback}"])

    print(f"\n{'run':<28} {'digest':<20} {'committed':>12} {'safe':>10} {'rolled back':>12} "
          f"{'anti-msgs':>10} {'efficiency':>10}  termination")
    for label, _, s in runs:
        t = s["total"]
        print(f"{label:<28} {t['event_digest']:<20} {t['events_committed']:>12} "
              f"{t['events_safe']:>10} {t['events_rolled_back']:>12} {t['anti_messages']:>10} "
              f"{t['efficiency']:>10.4f}  {s['termination']}")

    failures = []
    reference_label, _, reference = runs[0]
    for label, ranks, s in runs[1:]:
        for what, get in [("event digest", lambda x: x["total"]["event_digest"]),
                          ("committed events", lambda x: x["total"]["events_committed"]),
                          ("termination", lambda x: x["termination"]),
                          ("last event time", lambda x: x["last_event_time_ticks"]),
                          ("model results", lambda x: x.get("model_summary", {}))]:
            if get(s) != get(reference):
                failures.append(f"{label}: {what} {get(s)} differs from {reference_label}'s "
                                f"{get(reference)}")
        if label.startswith("optimistic") and args.require_rollbacks_from > 0 \
                and ranks >= args.require_rollbacks_from:
            t = s["total"]
            if t["events_rolled_back"] == 0 or t["anti_messages"] == 0:
                failures.append(
                    f"{label}: no rollbacks ({t['events_rolled_back']}) or no anti-messages "
                    f"({t['anti_messages']}) although its last rank lagged by {args.lag_us} us "
                    f"per GVT round and speculative events were rolled back with probability "
                    f"{args.forced_all}; the run proves nothing about rollback. Make the "
                    f"configuration more aggressive (more remote events, smaller delays, "
                    f"longer runs)")
        if label.startswith("optimistic") and args.require_safe_from > 0 \
                and ranks >= args.require_safe_from and s.get("lookahead_ticks", 0) > 0 \
                and s["total"]["events_safe"] == 0:
            failures.append(f"{label}: no safe events; the run proves nothing about them "
                            f"(lookahead {s['lookahead_ticks']} ticks, "
                            f"{s['lookahead_origin']})")
    # The results files must be identical apart from /run (how the run was executed).
    h5diff = shutil.which("h5diff")
    if h5diff:
        reference_file = outputs[0][1]
        for label, path in outputs[1:]:
            diff = subprocess.run([h5diff, "--exclude-path", "/run", reference_file, path],
                                  capture_output=True, text=True)
            if diff.returncode != 0:
                failures.append(f"{label}: results file differs from {outputs[0][0]}'s "
                                f"(h5diff --exclude-path /run):\n{diff.stdout[-2000:]}")
    else:
        print("note: h5diff not found; results files not compared", file=sys.stderr)
    if failures:
        print("\nDETERMINISM CHECK FAILED:\n  " + "\n  ".join(failures), file=sys.stderr)
        return 1
    print(f"\ndeterminism check passed: {len(runs)} runs agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
