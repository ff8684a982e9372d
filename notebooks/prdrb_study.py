# SPDX-License-Identifier: Apache-2.0
"""PR-DRB reproduction experiments (docs/reproduction/prdrb.md; targets from seed 004 §4.6 and
§4.8).

Each experiment runs warpnet over routings x settings x seeds, reads the results files with the
analysis package and returns one row per run; `over_seeds` reduces them to mean, standard
deviation, min and max over the seeds. The notebook notebooks/prdrb.ipynb runs them at CI size
and checks the page's claims; the page's tables are the full-size runs:

    PYTHONPATH=analysis /usr/bin/python3 notebooks/prdrb_study.py learning --seeds 1,2,3
    PYTHONPATH=analysis /usr/bin/python3 notebooks/prdrb_study.py all --out /tmp/prdrb

Experiments:
  learning        target 1: bursts of bit reversal on the 8x8 torus; latency per round
  fattree_bursts  target 3: transpose bursts on the 4-ary 3-tree; latency per round
  fattree_steady  target 3: the thesis's steady permutations (shuffle and bit reversal on 32
                  nodes, transpose on 64); whole-run latency and its first 2,000 cycles
  stale           target 9: the bursts of `learning` learnt for four rounds, then the same
                  bursts over uniform noise that the saved paths did not see
  apps            targets 5-8: the LU, MG, LAMMPS and POP skeletons on the 64-node fat tree
  neighbours      target 9: the Sweep3D skeleton placed linearly (nearest-neighbour traffic)

The seeds' own set-up (issue 30: SEED_SYNTHETIC, SEED_APP_NETWORK):
  seed_steady     the fat-tree permutations, 40,000 cycles (past the thesis's 10 ms transient)
  seed_ablation   the same with one of the seed's settings put back to ours, one at a time
  seed_appendix   Appendix A: transpose on 32 nodes, shuffle and bit reversal on 64
  seed_mesh       the mesh hot region at 400 / 600 Mbit/s
  seed_apps       the skeletons at 2 Gbit/s with 1024-bit packets; POP also against random,
                  cyclic and FR-DRB
  mesh_knee       seed 003's uniform latency/load curve on the 8x8 mesh under XY
  seed003         seed 003's central hot area in bursts at Table 5's 1,000-1,800 Mbit/s: the
                  flows' metapath widths over time (network/pair_series), the early 0.2-0.4 ms
                  window, the latency map's border routers
  seed003_two_spots  seed 003's Fig. 40: two hot spots on one far pair's path
"""
from __future__ import annotations

import argparse
import math
import os
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "analysis"))
import warpnet_analysis as wa  # noqa: E402

REPO = Path(os.environ.get("WARPNET_SOURCE_DIR") or Path(__file__).resolve().parent.parent)
TORUS_BURSTS = REPO / "examples" / "prdrb-torus8-bursts.toml"
FATTREE = REPO / "examples" / "drb-fattree.toml"
SKELETON = REPO / "examples" / "workload-skeleton.toml"

# The routings compared. DRB is PR-DRB without its predictive module (the same DRB source, so
# the difference is the module alone); DOR is DRB that never widens.
ROUTINGS = {
    "DOR": ["network.routing=prdrb", "prdrb.predictive=false", "drb.max_width=1"],
    "DRB": ["network.routing=prdrb", "prdrb.predictive=false"],
    "PR-DRB dest": ["network.routing=prdrb", "prdrb.notification=destination"],
    "PR-DRB router": ["network.routing=prdrb", "prdrb.notification=router"],
    # A probe, not a design: destination-based flows delivered at detection instead of with the
    # ACK (prdrb.immediate_notice); it isolates what waiting for the ACK costs.
    "PR-DRB dest, immediate": ["network.routing=prdrb", "prdrb.notification=destination",
                               "prdrb.immediate_notice=true"],
}


@dataclass
class Run:
    """One warpnet run: its labels (the table's keys) and its --set overrides."""
    labels: dict
    sets: list[str]
    config: Path
    files: dict = field(default_factory=dict)  # name -> text written next to the run


def execute(runs: list[Run], out: Path, jobs: int, binary: Path) -> list[tuple[Run, Path]]:
    """Runs every Run (jobs at a time); the results file of each."""
    out.mkdir(parents=True, exist_ok=True)

    def one(indexed):
        index, run = indexed
        sets = list(run.sets)
        for name, text in run.files.items():
            path = out / f"run{index}-{name}"
            path.write_text(text)
            sets = [s.replace("{" + name + "}", str(path)) for s in sets]
        result = out / f"run{index}.h5"
        args = [str(binary), "run", str(run.config), "--no-progress", "--force", "-o", str(result)]
        for s in sets:
            args += ["--set", s]
        done = subprocess.run(args, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(args)}\nexit {done.returncode}\n{done.stderr[-3000:]}")
        return run, result

    start = time.monotonic()
    with ThreadPoolExecutor(jobs) as pool:
        results = list(pool.map(one, enumerate(runs)))
    print(f"{len(runs)} runs in {time.monotonic() - start:.0f} s", flush=True)
    return results


def rounds(path: Path, period: int) -> pd.DataFrame:
    """Mean packet latency (cycles) of the packets delivered in each `period`-cycle round."""
    run = wa.load_run(path)
    series = run.table("network/time_series")
    network = run.group_attrs("network")
    window = int(network["window_cycles"])
    ticks = float(network["ticks_per_cycle"])
    series = series.assign(round=(series["window"] * window) // period + 1)
    grouped = series.groupby("round")[["latency_sum", "packets_delivered"]].sum()
    grouped["latency"] = grouped["latency_sum"] / grouped["packets_delivered"] / ticks
    return grouped[["latency", "packets_delivered"]].reset_index()


def over_seeds(frame: pd.DataFrame, keys: list[str], values: list[str]) -> pd.DataFrame:
    """Mean, std, min and max of `values` over the seeds, per point of `keys`."""
    grouped = frame.groupby(keys, sort=False)[values]
    table = grouped.mean()
    for stat in ("std", "min", "max"):
        table = table.join(getattr(grouped, stat)().add_suffix("_" + stat))
    table["seeds"] = grouped.size()
    return table.reset_index()


def prdrb_totals(path: Path) -> dict:
    """Sums of the PR-DRB source counters (network/prdrb_sources), when the table exists."""
    run = wa.load_run(path)
    if not run.has_table("network/prdrb_sources"):
        return {}
    table = run.table("network/prdrb_sources")
    return {c: int(table[c].sum()) for c in table.columns if c != "node"}


# --- target 1: the learning curve on the 8x8 torus -----------------------------------------

def learning(out: Path, seeds: list[int], jobs: int, binary: Path, n_rounds: int = 8,
             routings: tuple = ("DOR", "DRB", "PR-DRB dest", "PR-DRB router")) -> pd.DataFrame:
    """Bursts of bit reversal at 0.3 (1000 cycles) and 0.03 (1000 cycles), `n_rounds` rounds."""
    base = ["traffic.warmup_cycles=0", f"traffic.phases_repeat={n_rounds}",
            f"simulation.end_time={2000 * n_rounds}", "prdrb.router_threshold=16"]
    runs = [Run({"routing": r, "seed": s}, ROUTINGS[r] + base + [f"simulation.seed={s}"],
                TORUS_BURSTS) for r in routings for s in seeds]
    return per_round(execute(runs, out / "learning", jobs, binary), 2000)


def per_round(results, period: int) -> pd.DataFrame:
    rows = []
    for run, path in results:
        totals = prdrb_totals(path)
        for _, r in rounds(path, period).iterrows():
            rows.append({**run.labels, "round": int(r["round"]), "latency": r["latency"],
                         "packets": int(r["packets_delivered"]),
                         "widenings": totals.get("widenings", 0), "hits": totals.get("hits", 0),
                         "stale": totals.get("stale", 0)})
    return pd.DataFrame(rows)


def later_rounds(frame: pd.DataFrame, keys: list[str], first: int = 2,
                 last: int | None = None) -> pd.DataFrame:
    """Per run: the mean of its round latencies from round `first` to `last`."""
    mask = frame["round"] >= first
    if last is not None:
        mask &= frame["round"] <= last
    return frame[mask].groupby(keys + ["seed"], sort=False)["latency"].mean().reset_index()


# --- target 3: the 4-ary 3-tree ---------------------------------------------------------------

FATTREE_BURST_ROUTINGS = ("DRB", "PR-DRB dest", "PR-DRB router")


def fattree_bursts(out: Path, seeds: list[int], jobs: int, binary: Path, n_rounds: int = 6,
                   loads: tuple = (0.2, 0.3),
                   routings: tuple = FATTREE_BURST_ROUTINGS) -> pd.DataFrame:
    """Transpose bursts (1000 cycles at `load`, 1000 at 0.03) on all 64 nodes."""
    runs = []
    for load in loads:
        phases = (f"traffic.phases=[{{duration=1000, pattern=\"transpose\", load={load}}}, "
                  "{duration=1000, pattern=\"transpose\", load=0.03}]")
        base = [phases, f"traffic.phases_repeat={n_rounds}", "traffic.warmup_cycles=0",
                f"simulation.end_time={2000 * n_rounds}", "prdrb.router_threshold=16",
                "metrics.window_cycles=250"]
        runs += [Run({"load": load, "routing": r, "seed": s},
                     ROUTINGS[r] + base + [f"simulation.seed={s}"], FATTREE)
                 for r in routings for s in seeds]
    return per_round(execute(runs, out / "fattree_bursts", jobs, binary), 2000)


def shuffle(s: int, bits: int) -> int:
    return ((s << 1) | (s >> (bits - 1))) & ((1 << bits) - 1)


def bit_reversal(s: int, bits: int) -> int:
    return int(format(s, f"0{bits}b")[::-1], 2)


class MessageList:
    """A workload.kind = "message_list" file being written: one-packet messages."""

    def __init__(self, rng: random.Random, packet: int):
        self.rng = rng
        self.packet = packet
        self.lines: list[tuple[int, int, int]] = []

    def poisson(self, src: int, start: float, end: float, load: float, dest) -> None:
        """Messages from `src` in [start, end) with exponential gaps at `load` flits/node/cycle,
        each to dest()."""
        t = float(start)
        while True:
            t += self.rng.expovariate(load / self.packet)
            if t >= end:
                return
            self.lines.append((int(t) + 1, src, dest()))

    def text(self) -> str:
        return "# cycle src dst flits\n" + "".join(
            f"{c} {s} {d} {self.packet}\n" for c, s, d in sorted(self.lines))


def permutation_messages(pattern, nodes: int, load: float, seed: int, cycles: int,
                         packet: int = 16) -> str:
    """A message list: one-packet messages from nodes 0..nodes-1 to their fixed destination,
    Poisson at `load` flits/node/cycle (as scripts/drb_fattree_compare.py)."""
    bits = nodes.bit_length() - 1
    messages = MessageList(random.Random(seed * 7919 + nodes), packet)
    for s in range(nodes):
        messages.poisson(s, 0, cycles, load, lambda d=pattern(s, bits): d)
    return messages.text()


def transpose_bits(s: int, bits: int) -> int:
    """Table 4.1's matrix transpose: the address rotated by half its bits (for an odd number of
    bits, by the floor of half: 32 nodes rotate by 2 of 5) [ours for odd n]."""
    half = bits // 2
    return ((s << half) | (s >> (bits - half))) & ((1 << bits) - 1)


STEADY_PATTERNS = ("shuffle (32)", "bit reversal (32)", "transpose (64)")
# Seed 004's Appendix A (Figs. A.1-A.4): plots only, no numbers in the text.
APPENDIX_PATTERNS = ("transpose (32)", "shuffle (64)", "bit reversal (64)")
PATTERN_FUNCTIONS = {"shuffle": shuffle, "bit reversal": bit_reversal,
                     "transpose": transpose_bits}


def fattree_steady(out: Path, seeds: list[int], jobs: int, binary: Path, cycles: int = 12000,
                   loads: tuple = (0.2, 0.3), routings: tuple = FATTREE_BURST_ROUTINGS,
                   patterns: tuple = STEADY_PATTERNS, extra: tuple = (),
                   first: int = 2000, name: str = "fattree_steady") -> pd.DataFrame:
    """The thesis's steady permutations: latency over the whole run (no warm-up, as the
    thesis's global latency) and over its first `first` cycles (the transient). `extra` are
    --set overrides before the routing's (the seed's set-up: SEED_SYNTHETIC). Transpose on 64
    nodes is warpnet's own pattern; the others are message lists over nodes 0..n-1."""
    runs = []
    common = ["traffic.warmup_cycles=0", "prdrb.router_threshold=16",
              f"metrics.window_cycles={math.gcd(first, 1000)}"]
    for load in loads:
        for s in seeds:
            for label in patterns:
                if label == "transpose (64)":
                    continue
                kind, nodes = label[:-1].split(" (")
                text = permutation_messages(PATTERN_FUNCTIONS[kind], int(nodes), load, s, cycles)
                for r in routings:
                    runs.append(Run({"pattern": label, "load": load, "routing": r, "seed": s},
                                    list(extra) + ROUTINGS[r] +
                                    common + ["workload.kind=message_list",
                                              "workload.message_file={msgs}",
                                              f"simulation.end_time={cycles * 5}",
                                              f"simulation.seed={s}"],
                                    FATTREE, {"msgs": text}))
            for r in routings if "transpose (64)" in patterns else ():
                runs.append(Run({"pattern": "transpose (64)", "load": load, "routing": r,
                                 "seed": s},
                                list(extra) + ROUTINGS[r] + common +
                                [f"traffic.load={load}", f"simulation.end_time={cycles}",
                                 f"simulation.seed={s}"], FATTREE))
    rows = []
    for run, path in execute(runs, out / name, jobs, binary):
        per = rounds(path, first)
        within = per[per["round"] * first <= cycles]  # the windows before the drain
        whole = (per["latency"] * per["packets_delivered"]).sum() / per["packets_delivered"].sum()
        summary = wa.load_run(path).group_attrs("summary")
        rows.append({**run.labels, "latency": whole,
                     "first": float(per.loc[per["round"] == 1, "latency"].iloc[0]),
                     "after_first": float(
                         (per.loc[per["round"] > 1, "latency"] *
                          per.loc[per["round"] > 1, "packets_delivered"]).sum() /
                         max(1, per.loc[per["round"] > 1, "packets_delivered"].sum())),
                     "accepted": float(summary.get("accepted_load", float("nan"))),
                     "settle_cycles": settle_time(within["latency"].tolist(), first),
                     **{k: v for k, v in prdrb_totals(path).items()
                        if k in ("hits", "widenings", "saved")}})
    return pd.DataFrame(rows)


def settle_time(series: list[float], window: int, band: float = 0.1) -> int:
    """Time to a stable latency: the start of the first window after which every window's mean
    latency stays within `band` of the mean of the run's second half (cycles)."""
    if not series:
        return 0
    tail = series[len(series) // 2:]
    level = sum(tail) / len(tail)
    start = len(series)
    for i in range(len(series) - 1, -1, -1):
        if abs(series[i] / level - 1.0) > band:
            break
        start = i
    return start * window


# --- the seeds' own set-up (issue 30) -------------------------------------------------------
#
# Table 4.3 (fat tree) and Table 4.2 (mesh): virtual cut-through, 2 Gbit/s links, 1024-byte
# packets, 2 MB buffers, 400 / 600 Mbit/s per node. In warpnet's units (64-byte flits, one flit
# per link and cycle): a cycle is 256 ns, a packet 16 flits, the loads 0.2 / 0.3. The thesis's
# controller is Alg. A.2 (one path at a time on the metapath latency of Eq. 3.4): drb.controller
# = step with drb.controller_input = metapath. A hit installs the maximum width at once
# (§4.6.3, prdrb.reapply = max_width). ACKs share the data VCs, so every routing compared has
# the same 4 data VCs. 2 MB per router is 32,768 flits; warpnet allocates its buffers, so the
# runs use 512 flits per VC (32 packets, 2,048 flits per port) [ours]: deep enough that no
# source stalls in these runs (checked: accepted load = offered).
CYCLE_NS = 256.0                       # one 64-byte flit at 2 Gbit/s
# The thesis's plots start the traffic at t = 1 s and both routings are stable "from time 1.01"
# (Fig. 4.16): a 10 ms transient, 10e6 / 256 = 39,063 cycles. The seed set-up runs 40,000.
TRANSIENT_CYCLES = 39063
SEED_CYCLES = 40000
SEED_BUFFER = 512
SEED_SYNTHETIC = ("router.switching=vct", "traffic.packet_size=16",
                  f"router.buffer_depth={SEED_BUFFER}", "router.vcs=4", "drb.max_width=4",
                  "drb.controller=step", "drb.controller_input=metapath",
                  "drb.ack_vcs=shared", "prdrb.reapply=max_width")


def seed_steady(out: Path, seeds: list[int], jobs: int, binary: Path,
                cycles: int = SEED_CYCLES, loads: tuple = (0.2, 0.3),
                routings: tuple = ("DRB", "PR-DRB dest", "PR-DRB router"),
                patterns: tuple = STEADY_PATTERNS, extra: tuple = ()) -> pd.DataFrame:
    """The fat-tree permutations in the seed's set-up, run past the thesis's transient."""
    return fattree_steady(out, seeds, jobs, binary, cycles=cycles, loads=loads,
                          routings=routings, patterns=patterns,
                          extra=SEED_SYNTHETIC + tuple(extra), first=4000,
                          name="seed_steady")


# --- target 2: a bursty hot spot over uniform noise on the 8x8 mesh ---------------------------

MESH_BURSTS = REPO / "examples" / "prdrb-mesh8x8-bursts.toml"


def mesh_hot_region_messages(seed: int, n_rounds: int, burst_load: float, noise: float,
                             packet: int = 16, side: int = 8, burst: int = 1000,
                             quiet: int = 1000) -> str:
    """Bursts in which the two western columns send to the two eastern columns with the rows
    reversed ((x, y) -> (side-2+x, side-1-y)), over uniform noise at `noise` on every node
    all the time. Under XY routing the bursts' flows turn into the two eastern columns and share
    their vertical links (a hot region, as the routers the thesis's Fig. 4.10 shows loaded);
    DRB's intermediates can turn them earlier, in the middle columns."""
    flows = [(y * side + x, (side - 1 - y) * side + (side - 2 + x))
             for y in range(side) for x in range(2)]
    return burst_messages(flows, seed, n_rounds, burst_load, noise, burst, quiet, packet,
                          nodes=side * side, rng_seed=seed * 15485863 + 5)


def mesh_hot_region(out: Path, seeds: list[int], jobs: int, binary: Path, n_rounds: int = 6,
                    burst_load: float = 0.5, noise: float = 0.05,
                    routings: tuple = ("DOR", "DRB", "PR-DRB dest", "PR-DRB router"),
                    burst: int = 1000, quiet: int = 1000, extra: tuple = (),
                    name: str = "mesh_hot_region") -> pd.DataFrame:
    period = burst + quiet
    runs = [Run({"routing": r, "seed": s, "burst_load": burst_load},
                list(extra) + ROUTINGS[r] +
                ["workload.kind=message_list", "workload.message_file={msgs}",
                 f"simulation.end_time={period * n_rounds}",
                 "prdrb.router_threshold=16", "metrics.window_cycles=250",
                 f"simulation.seed={s}"],
                MESH_BURSTS, {"msgs": mesh_hot_region_messages(s, n_rounds, burst_load, noise,
                                                               burst=burst, quiet=quiet)})
            for r in routings for s in seeds]
    results = execute(runs, out / name, jobs, binary)
    frame = per_round(results, period)
    peaks = {}
    for run, path in results:
        latency_map = wa.router_latency(wa.load_run(path), include_terminal=False)
        top = latency_map.sort_values("mean_wait", ascending=False).iloc[0]
        peaks[(run.labels["routing"], run.labels["seed"])] = (float(top["mean_wait"]),
                                                              int(top["router"]))
    frame["map_peak"] = [peaks[(r, s)][0] for r, s in zip(frame["routing"], frame["seed"])]
    frame["peak_router"] = [peaks[(r, s)][1] for r, s in zip(frame["routing"], frame["seed"])]
    return frame


def seed_mesh(out: Path, seeds: list[int], jobs: int, binary: Path, loads: tuple = (0.2, 0.3),
              n_rounds: int = 4, burst: int = 5000, quiet: int = 5000,
              routings: tuple = ("DOR", "DRB", "PR-DRB dest", "PR-DRB router")
              ) -> pd.DataFrame:
    """The mesh hot region in the seed's set-up (Table 4.2: VCT, 1024-byte packets, 2 MB
    buffers, 400 / 600 Mbit/s in the bursts; Alg. A.2's controller; maximum re-application),
    rounds of 5,000 burst and 5,000 quiet cycles [ours], 40,000 cycles in all (past the
    thesis's 10 ms transient)."""
    frames = [mesh_hot_region(out, seeds, jobs, binary, n_rounds=n_rounds, burst_load=load,
                              routings=routings, burst=burst, quiet=quiet,
                              extra=SEED_SYNTHETIC, name=f"seed_mesh_{load}")
              for load in loads]
    return pd.concat(frames, ignore_index=True)


# --- target 9: a stale solution ---------------------------------------------------------------

def stale_messages(seed: int, rounds_learnt: int, rounds_after: int, noise: float,
                   packet: int = 10, side: int = 8, burst: int = 1000, quiet: int = 1000,
                   burst_load: float = 0.3) -> str:
    """Bit-reversal bursts on the 8x8 torus (0.3 for 1000 cycles, 0.03 for 1000), and from round
    `rounds_learnt` + 1 on, uniform noise at `noise` flits/node/cycle during the bursts: the
    contending flows of the bursts are the same (the database recognises them) but the paths
    it saved now cross other traffic."""
    nodes = side * side
    bits = nodes.bit_length() - 1
    messages = MessageList(random.Random(seed * 104729 + 17), packet)
    rng, poisson = messages.rng, messages.poisson
    period = burst + quiet
    for r in range(rounds_learnt + rounds_after):
        start = period * r
        for s in range(nodes):
            d = bit_reversal(s, bits)
            poisson(s, start, start + burst, burst_load, lambda d=d: d)
            poisson(s, start + burst, start + period, 0.03, lambda d=d: d)
            if r >= rounds_learnt:
                poisson(s, start, start + burst, noise, lambda: rng.randrange(nodes))
    return messages.text()


def stale(out: Path, seeds: list[int], jobs: int, binary: Path, rounds_learnt: int = 4,
          rounds_after: int = 4, noise: float = 0.1,
          routings: tuple = ("DRB", "PR-DRB router")) -> pd.DataFrame:
    n = rounds_learnt + rounds_after
    runs = [Run({"routing": r, "seed": s},
                ROUTINGS[r] + ["workload.kind=message_list", "workload.message_file={msgs}",
                               "traffic.warmup_cycles=0", f"simulation.end_time={2000 * n}",
                               "prdrb.router_threshold=16", f"simulation.seed={s}"],
                TORUS_BURSTS, {"msgs": stale_messages(s, rounds_learnt, rounds_after, noise)})
            for r in routings for s in seeds]
    return per_round(execute(runs, out / "stale", jobs, binary), 2000)


def seed_stale(out: Path, seeds: list[int], jobs: int, binary: Path, rounds_learnt: int = 4,
               rounds_after: int = 4, noise: float = 0.1, burst: int = 2500, quiet: int = 2500,
               window: int = 100, loads: tuple = (0.3,),
               routings: tuple = ("DRB", "PR-DRB router")) -> pd.DataFrame:
    """Target 9 in the seed's set-up: the 8x8 mesh of Table 4.2 (SEED_SYNTHETIC: VCT,
    16-flit packets, deep buffers, Alg. A.2's controller, maximum re-application), bit-reversal
    bursts at each of `loads` (0.3: 600 Mbit/s) for `burst` cycles and 0.03 for `quiet`,
    `rounds_learnt` rounds,
    then `rounds_after` more with uniform noise at `noise` added during the bursts. 8 rounds of
    5,000 cycles [ours] = 40,000 cycles, past the thesis's 10 ms transient. One row per
    `window`-cycle window: the transient the thesis shows (Fig. 4.22b, PR-DRB above DRB for a
    while after the change) is read at that scale."""
    n = rounds_learnt + rounds_after
    period = burst + quiet
    runs = [Run({"burst_load": load, "routing": r, "seed": s},
                list(SEED_SYNTHETIC) + ROUTINGS[r] +
                ["workload.kind=message_list", "workload.message_file={msgs}",
                 "traffic.warmup_cycles=0", f"simulation.end_time={period * n}",
                 "prdrb.router_threshold=16", f"metrics.window_cycles={window}",
                 f"simulation.seed={s}"],
                MESH_BURSTS, {"msgs": stale_messages(s, rounds_learnt, rounds_after, noise,
                                                     packet=16, burst=burst, quiet=quiet,
                                                     burst_load=load)})
            for load in loads for r in routings for s in seeds]
    rows = []
    for run, path in execute(runs, out / "seed_stale", jobs, binary):
        totals = prdrb_totals(path)
        loaded = wa.load_run(path)
        series = loaded.table("network/time_series")
        ticks = float(loaded.group_attrs("network")["ticks_per_cycle"])
        width = int(loaded.group_attrs("network")["window_cycles"])
        for _, w in series.iterrows():
            cycle = int(w["window"]) * width
            rows.append({**run.labels, "cycle": cycle, "round": cycle // period + 1,
                         "in_burst": cycle % period < burst,
                         "latency_sum": float(w["latency_sum"]) / ticks,
                         "packets": int(w["packets_delivered"]),
                         "hits": totals.get("hits", 0), "stale": totals.get("stale", 0),
                         "widenings": totals.get("widenings", 0)})
    return pd.DataFrame(rows)


def stale_rounds(frame: pd.DataFrame) -> pd.DataFrame:
    """seed_stale's windows summed per round: mean latency per (routing, seed, round)."""
    grouped = frame.groupby(["burst_load", "routing", "seed", "round"], sort=False)[
        ["latency_sum", "packets"]].sum()
    grouped["latency"] = grouped["latency_sum"] / grouped["packets"]
    return grouped.reset_index()[["burst_load", "routing", "seed", "round", "latency", "packets"]]


def stale_transient(frame: pd.DataFrame, round_: int, block: int = 500, base: str = "DRB",
                    routing: str = "PR-DRB router") -> pd.DataFrame:
    """Per seed and `block`-cycle block of round `round_`'s burst: PR-DRB's mean latency
    against DRB's in % (both runs share the seed's message list), from the burst's start."""
    burst = frame[(frame["round"] == round_) & frame["in_burst"]]
    start = int(burst["cycle"].min())
    burst = burst.assign(block=(burst["cycle"] - start) // block * block)
    sums = burst.groupby(["burst_load", "routing", "seed", "block"])[
        ["latency_sum", "packets"]].sum()
    latency = (sums["latency_sum"] / sums["packets"]).unstack("routing")
    change = 100.0 * (latency[routing] / latency[base] - 1.0)
    return change.rename("change").reset_index()


# --- targets 5-8: application skeletons on the 64-node fat tree ------------------------------

APP_ROUTINGS = {
    "deterministic": ["network.routing=nca", "nca.up_port=deterministic"],
    "DRB": ["network.routing=prdrb", "prdrb.predictive=false"],
    "PR-DRB": ["network.routing=prdrb", "prdrb.notification=router"],
    "FR-DRB": ["network.routing=prdrb", "prdrb.predictive=false", "prdrb.watchdog={watchdog}"],
    "FR-DRB predictive": ["network.routing=prdrb", "prdrb.notification=router",
                          "prdrb.watchdog={watchdog}"],
}
FATTREE_NETWORK = ["network.topology=fat_tree", "network.k=4", "network.n=3", "network.dims=[]",
                   "router.vcs=4", "router.buffer_depth=32", "router.switching=vct",
                   "traffic.packet_size=16", "drb.max_width=4", "drb.controller=step",
                   "drb.ack_vcs=reserved", "prdrb.router_threshold=16"]
# Problem sizes and compute that make each skeleton communication-bound on 64 ranks (messages of
# several packets, 0.1 ns of compute per point): the thesis's application runs are judged by
# their messages' latency, which a compute-bound skeleton would hide.
APPS = {
    "lu": ["workload.problem_size=64", "workload.iterations=2", "workload.ns_per_point=0.1"],
    "mg": ["workload.problem_size=128", "workload.iterations=2", "workload.ns_per_point=0.1"],
    "lammps": ["workload.problem_size=128", "workload.iterations=4", "workload.ns_per_point=0.1"],
    "pop": ["workload.problem_size=256", "workload.iterations=4", "workload.ns_per_point=0.1"],
    "sweep3d": ["workload.problem_size=64", "workload.iterations=1", "workload.ns_per_point=0.1"],
}


def apps(out: Path, seeds: list[int], jobs: int, binary: Path, watchdog: int = 200,
         skeletons: tuple = ("lu", "mg", "lammps", "pop"), routings: tuple = tuple(APP_ROUTINGS),
         placement: str = "random") -> pd.DataFrame:
    """Each skeleton under each routing. The seed draws the rank placement (`random`), so the
    seeds differ in which flows meet; `linear` places rank r on node r."""
    runs = []
    for app in skeletons:
        for r in routings:
            sets = [x.replace("{watchdog}", str(watchdog)) for x in APP_ROUTINGS[r]]
            for s in seeds:
                runs.append(Run({"app": app, "routing": r, "seed": s},
                                FATTREE_NETWORK + sets + APPS[app] +
                                [f"workload.skeleton={app}", f"workload.rank_mapping={placement}", f"workload.mapping_seed={s}",
                                 "workload.bytes_per_point=8", "workload.flit_bytes=64",
                                 f"simulation.seed={s}"], SKELETON))
    rows = []
    for run, path in execute(runs, out / "apps", jobs, binary):
        loaded = wa.load_run(path)
        written = loaded.group_attrs("summary")  # the figures warpnet wrote (/summary)
        latency_map = wa.router_latency(loaded, include_terminal=False)
        rows.append({**run.labels, "execution": float(written["execution_time"]),
                     "latency": float(written["latency"]),
                     "contention": float(written["contention"]),
                     "map_peak": float(latency_map["mean_wait"].max())})
    return pd.DataFrame(rows)


def mesh_knee(out: Path, seeds: list[int], jobs: int, binary: Path,
              loads: tuple = (0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6),
              cycles: int = 10000) -> pd.DataFrame:
    """Seed 003's uniform latency/load curve on the 8x8 mesh under XY routing (Table 5: VCT,
    1024-byte packets, 2 Gbit/s links, exponential injection): where is the knee? 0.5 flits
    per node and cycle is 1 Gbit/s."""
    runs = [Run({"load": load, "seed": s},
                ["network.routing=dimension_order", "router.switching=vct",
                 "traffic.packet_size=16", f"router.buffer_depth={SEED_BUFFER}",
                 "traffic.injection=poisson", "traffic.phases_repeat=1",
                 f"traffic.phases=[{{duration={cycles}, pattern=\"uniform\", load={load}}}]",
                 "traffic.warmup_cycles=2000", f"simulation.end_time={cycles}",
                 f"simulation.seed={s}"], MESH_BURSTS)
            for load in loads for s in seeds]
    rows = []
    for run, path in execute(runs, out / "mesh_knee", jobs, binary):
        summary = wa.load_run(path).group_attrs("summary")
        rows.append({**run.labels, "latency": float(summary["latency"]),
                     "accepted": float(summary["accepted_load"]),
                     "offered": float(summary["offered_load"]),
                     "saturated": int(summary["saturated"])})
    return pd.DataFrame(rows)


# Which of the seed's settings moves PR-DRB's gain: each one put back to the setting the page used
# before issue 30 (ours), one at a time.
SEED_ABLATION = {
    "seed set-up": (),
    "re-apply saved width (ours)": ("prdrb.reapply=saved",),
    "controller input message (ours)": ("drb.controller_input=message",),
    "buffers 32 flits (ours)": ("router.buffer_depth=32",),
    "ACKs on reserved VCs (ours)": ("drb.ack_vcs=reserved",),
}


def seed_appendix(out: Path, seeds: list[int], jobs: int, binary: Path) -> pd.DataFrame:
    """Seed 004's Appendix A (Figs. A.1-A.4, plots only): transpose on 32 nodes at 400 and 600
    Mbit/s, shuffle and bit reversal on 64 at 400, in the seed's set-up."""
    frames = [seed_steady(out / "appendix", seeds, jobs, binary, loads=loads, patterns=patterns)
              for loads, patterns in (((0.2, 0.3), ("transpose (32)",)),
                                      ((0.2,), ("shuffle (64)", "bit reversal (64)")))]
    return pd.concat(frames, ignore_index=True)


def seed_ablation(out: Path, seeds: list[int], jobs: int, binary: Path,
                  patterns: tuple = ("bit reversal (32)", "transpose (64)"), load: float = 0.3,
                  routings: tuple = ("DRB", "PR-DRB router"),
                  variants: tuple = tuple(SEED_ABLATION),
                  cycles: int = SEED_CYCLES) -> pd.DataFrame:
    frames = []
    for variant in variants:
        frame = fattree_steady(out, seeds, jobs, binary, cycles=cycles, loads=(load,),
                               routings=routings, patterns=patterns,
                               extra=SEED_SYNTHETIC + SEED_ABLATION[variant], first=4000,
                               name="seed_ablation_" + variant.split(" (")[0].replace(" ", "_"))
        frames.append(frame.assign(variant=variant))
    return pd.concat(frames, ignore_index=True)


# The applications in the seed's set-up (§4.8.1): "Link Bandwidth was set to 2Gbps, packet
# size was set to 1024 bits and the size of routers buffers was 2MB", virtual cut-through. In
# warpnet's units: 16-byte flits (128 bits), so a packet is 8 flits and a cycle, one flit at
# 2 Gbit/s, is 64 ns; the skeletons' compute (ns, ours as in APPS) is divided by 64 to count in
# cycles, and execution times are multiplied by 64 to report ns. 2 MB is 131,072 flits; the runs
# use 512 per VC [ours]. ACKs share the data VCs, so DRB and the oblivious routings all have 4
# data VCs; Alg. A.2's controller; maximum re-application on a hit.
APP_CYCLE_NS = 64.0
SEED_APP_NETWORK = ["network.topology=fat_tree", "network.k=4", "network.n=3", "network.dims=[]",
                    "router.vcs=4", f"router.buffer_depth={SEED_BUFFER}",
                    "router.switching=vct", "traffic.packet_size=8", "drb.max_width=4",
                    "drb.controller=step", "drb.controller_input=metapath",
                    "drb.ack_vcs=shared", "prdrb.reapply=max_width",
                    "prdrb.router_threshold=16"]
SEED_APP_ROUTINGS = {
    **APP_ROUTINGS,
    "random": ["network.routing=nca", "nca.up_port=random"],
    "cyclic": ["network.routing=nca", "nca.up_port=cyclic"],
    # A probe, not a design: DRB's ACKs delivered on a side channel (no network traffic).
    "DRB, ideal ACKs": ["network.routing=prdrb", "prdrb.predictive=false", "drb.ack=ideal"],
}
# MG's NPB classes: S is 32^3 for 4 iterations, A 256^3 for 4, B 256^3 for 20, as run here (an MG
# B run takes about 2 CPU-minutes and 70 MB). Before, A / B ran at 128^3 with 1 and 5 iterations.
SEED_APPS = {
    "lu": ["workload.skeleton=lu", "workload.problem_size=64", "workload.iterations=2"],
    "mg S": ["workload.skeleton=mg", "workload.problem_size=32", "workload.iterations=4"],
    "mg A": ["workload.skeleton=mg", "workload.problem_size=256", "workload.iterations=4"],
    "mg B": ["workload.skeleton=mg", "workload.problem_size=256", "workload.iterations=20"],
    "lammps": ["workload.skeleton=lammps", "workload.problem_size=128", "workload.iterations=4"],
    "pop": ["workload.skeleton=pop", "workload.problem_size=256", "workload.iterations=4"],
}
# The CI size of the longest ones: the same grids with fewer iterations (the messages, and so
# the contention per packet, are those of the full runs; measured on seeds 1-3 to give the
# full runs' verdicts, docs/reproduction/prdrb.md, "Applications"). POP runs at full size.
SEED_APPS_CI = {
    "mg A, 1 iteration": ["workload.skeleton=mg", "workload.problem_size=256",
                          "workload.iterations=1"],
    "mg A, 2 iterations": ["workload.skeleton=mg", "workload.problem_size=256",
                           "workload.iterations=2"],
    "lammps, 1 iteration": ["workload.skeleton=lammps", "workload.problem_size=128",
                            "workload.iterations=1"],
}


# Target 9's second claim: Sweep3D's wavefronts, "mostly between neighbors", which "the network
# can handle ... without congestion" (004 §2); the skeleton as in APPS, rank r on node r.
SEED_NEIGHBOURS = {
    "sweep3d": ["workload.skeleton=sweep3d", "workload.problem_size=64", "workload.iterations=1"],
}


def seed_apps(out: Path, seeds: list[int], jobs: int, binary: Path, watchdog: int = 200,
              skeletons: tuple = tuple(SEED_APPS),
              routings: tuple = ("deterministic", "DRB", "PR-DRB"),
              ns_per_point: float = 0.1, more: dict | None = None,
              placement: str = "random", name: str = "seed_apps") -> pd.DataFrame:
    """The skeletons on the 64-node fat tree in the seed's set-up, random placement (`linear`:
    rank r on node r). `more`: routings run for one application only (default: POP against
    random, cyclic and FR-DRB, as §4.8.4)."""
    if more is None:
        more = {"pop": ("random", "cyclic", "FR-DRB", "FR-DRB predictive")}
    runs = []
    for app in skeletons:
        for r in tuple(routings) + tuple(more.get(app, ())):
            sets = [x.replace("{watchdog}", str(watchdog)) for x in SEED_APP_ROUTINGS[r]]
            for s in seeds:
                runs.append(Run({"app": app, "routing": r, "seed": s},
                                SEED_APP_NETWORK + sets + {**SEED_APPS, **SEED_APPS_CI,
                                                           **SEED_NEIGHBOURS}[app] +
                                [f"workload.ns_per_point={ns_per_point / APP_CYCLE_NS}",
                                 f"workload.rank_mapping={placement}", f"workload.mapping_seed={s}",
                                 "workload.bytes_per_point=8", "workload.flit_bytes=16",
                                 f"simulation.seed={s}"], SKELETON))
    rows = []
    for run, path in execute(runs, out / name, jobs, binary):
        loaded = wa.load_run(path)
        written = loaded.group_attrs("summary")
        latency_map = wa.router_latency(loaded, include_terminal=False)
        totals = prdrb_totals(path)
        rows.append({**run.labels,
                     "execution_us": float(written["execution_time"]) * APP_CYCLE_NS / 1000.0,
                     "latency": float(written["latency"]),
                     "contention": float(written["contention"]),
                     "map_peak": float(latency_map["mean_wait"].max()),
                     "hits": totals.get("hits", 0), "saved": totals.get("saved", 0)})
    return pd.DataFrame(rows)


def neighbours(out: Path, seeds: list[int], jobs: int, binary: Path) -> pd.DataFrame:
    """Target 9's second claim: a nearest-neighbour workload (the Sweep3D skeleton's wavefronts,
    rank r on node r) gains nothing and loses nothing under the DRB family."""
    return apps(out / "neighbours", seeds, jobs, binary, skeletons=("sweep3d",),
                routings=("deterministic", "DRB", "PR-DRB"), placement="linear")


def seed_neighbours(out: Path, seeds: list[int], jobs: int, binary: Path,
                    routings: tuple = ("deterministic", "DRB", "PR-DRB", "DRB, ideal ACKs")
                    ) -> pd.DataFrame:
    """Target 9's second claim in the seed's set-up: Sweep3D placed linearly under the
    deterministic routing, DRB and PR-DRB (SEED_APP_NETWORK); DRB with ideal ACKs separates
    what its ACK traffic costs."""
    return seed_apps(out, seeds, jobs, binary, skeletons=tuple(SEED_NEIGHBOURS), more={},
                     routings=routings, placement="linear", name="seed_neighbours")


# --- seed 003 in its own set-up (Table 5) -------------------------------------------------
#
# The master thesis's Table 5: an 8x8 mesh, virtual cut-through, 1024-byte packets, 2 Gbit/s
# links, exponential injection, 1,000-1,800 Mbit/s "offered by a node", bursty traffic "not
# injected at the whole network, but to controlled areas where the hotspot is wanted" (§5.5)
# with the hot spot "focused in central part of the network". In warpnet's units (as the
# PhD thesis's set-up, SEED_SYNTHETIC: a cycle is 256 ns, a packet 16 flits) 1,000 / 1,400 /
# 1,800 Mbit/s are 0.5 / 0.7 / 0.9 flits/node/cycle. The thesis gives neither the hot-spot
# nodes nor the burst timing: the flows below and the 2,000 / 2,000-cycle rounds are ours.
MBITS_PER_FLIT_RATE = 2000.0           # 1 flit/node/cycle = 2 Gbit/s
SEED003_LOADS = (0.5, 0.7, 0.9)        # 1,000 / 1,400 / 1,800 Mbit/s
# "between 0.0002 and 0.0004" s of Fig. 43, from the start of the traffic: 781 to 1,563 cycles.
EARLY_WINDOW = (round(0.0002e9 / CYCLE_NS), round(0.0004e9 / CYCLE_NS))
# The central hot area (mesh, node = 8y + x, XY routing): (1,3) (2,3) (3,3) east through the
# link (3,3)->(4,3), (6,4) (5,4) (4,4) west through (4,4)->(3,4), each then turning into its
# own column to its own destination: six flows converging on the centre.
CENTRAL_FLOWS = ((25, 4), (26, 53), (27, 14), (38, 59), (37, 10), (36, 49))
# Two hot spots on one path (Fig. 40): the far pair (0,1) -> (7,6) runs east along row 1, then
# north along column 7. Two flows share its row-1 links (2,1)->(3,1)->(4,1) and two its
# column-7 links (7,3)->(7,4)->(7,5): each hot spot carries three flows.
FAR_PAIR = (8, 55)
TWO_SPOT_FLOWS = (FAR_PAIR, (9, 4), (10, 21), (22, 47), (29, 63))
BORDER = {"south (routers 0-7)": lambda x, y: y == 0, "north (routers 56-63)": lambda x, y: y == 7,
          "west and east": lambda x, y: (x in (0, 7)) and 0 < y < 7}


def burst_messages(flows, seed: int, n_rounds: int, burst_load: float, noise: float,
                   burst: int, quiet: int, packet: int = 16, nodes: int = 64,
                   rng_seed: int | None = None) -> str:
    """Uniform noise at `noise` on every node all the time; in the first `burst` cycles of
    each round every flow (src, dst) sends Poisson at `burst_load`. `rng_seed` overrides the
    stream derived from `seed` (each study keeps the stream its published numbers came from)."""
    messages = MessageList(random.Random(seed * 104729 + 3 if rng_seed is None else rng_seed),
                           packet)
    rng, poisson = messages.rng, messages.poisson
    period = burst + quiet
    for s in range(nodes):
        poisson(s, 0, period * n_rounds, noise, lambda: rng.randrange(nodes))
    for r in range(n_rounds):
        for src, dst in flows:
            poisson(src, r * period, r * period + burst, burst_load, lambda d=dst: d)
    return messages.text()


def pair_series(path: Path, pairs) -> pd.DataFrame:
    """network/pair_series of the given (src, dst) pairs: per window, the packets delivered,
    their mean latency and mean / max metapath width (cycles from the window's start)."""
    run = wa.load_run(path)
    table = run.table("network/pair_series")
    window = int(run.group_attrs("network")["window_cycles"])
    ticks = float(run.group_attrs("network")["ticks_per_cycle"])
    keep = pd.Series(False, index=table.index)
    for src, dst in pairs:
        keep |= (table["src"] == src) & (table["dst"] == dst)
    table = table[keep].copy()
    table["cycle"] = table["window"] * window
    table["latency"] = table["latency_sum"] / table["packets_delivered"] / ticks
    table["width"] = table["width_sum"] / table["packets_delivered"]
    return table[["src", "dst", "cycle", "packets_delivered", "latency", "width", "width_max"]]


def first_cycle(series: pd.DataFrame, width: int, start: int, end: int) -> float:
    """The first window in [start, end) in which a packet was routed on at least `width` paths
    (its start, cycles from `start`); NaN if none."""
    hit = series[(series["cycle"] >= start) & (series["cycle"] < end) &
                 (series["width_max"] >= width)]
    return float(hit["cycle"].min() - start) if not hit.empty else math.nan


def window_latency(path: Path, start: int, end: int) -> pd.Series:
    """Mean latency (cycles) of the packets delivered per time-series window whose start lies in
    [start, end), indexed by that start (cycles); windows without a delivery are left out."""
    run = wa.load_run(path)
    series = run.table("network/time_series")
    window = int(run.group_attrs("network")["window_cycles"])
    ticks = float(run.group_attrs("network")["ticks_per_cycle"])
    cycle = series["window"] * window
    series = series[(cycle >= start) & (cycle < end) & (series["packets_delivered"] > 0)]
    return pd.Series((series["latency_sum"] / series["packets_delivered"] / ticks).values,
                     index=(series["window"] * window).values)


def flows_run(flows, key: dict, load: float, n_rounds: int, noise: float, burst: int,
              quiet: int, window: int) -> Run:
    """One run of seed 003's set-up: `flows` bursting at `load` over noise (burst_messages),
    with the per-pair width series of the flows' sources; key holds "routing" and "seed"."""
    sources = sorted({s for s, _ in flows})
    seed = key["seed"]
    return Run(key,
               list(SEED_SYNTHETIC) + ROUTINGS[key["routing"]] +
               ["workload.kind=message_list", "workload.message_file={msgs}",
                f"simulation.end_time={(burst + quiet) * n_rounds}", "prdrb.router_threshold=16",
                f"metrics.window_cycles={window}",
                f"metrics.pair_series_sources=[{','.join(map(str, sources))}]",
                f"simulation.seed={seed}"],
               MESH_BURSTS, {"msgs": burst_messages(flows, seed, n_rounds, load, noise, burst,
                                                    quiet)})


def seed003(out: Path, seeds: list[int], jobs: int, binary: Path,
            loads: tuple = SEED003_LOADS, n_rounds: int = 4, burst: int = 2000,
            quiet: int = 2000, noise: float = 0.05, window: int = 25,
            routings: tuple = ("DOR", "DRB", "PR-DRB dest", "PR-DRB router"),
            name: str = "seed003") -> pd.DataFrame:
    """Seed 003's claims in its set-up: the central hot area in bursts at Table 5's loads.
    One row per run: latency of round 1 and of rounds 2.., the early window's latency (mean,
    sd and peak over its windows), the flows' widening times in round 1 and later rounds, the
    latency map (peak, border and interior means, routers (3,1) and (3,2)), accepted load."""
    period = burst + quiet
    runs = [flows_run(CENTRAL_FLOWS, {"load": load, "routing": r, "seed": s}, load, n_rounds,
                      noise, burst, quiet, window)
            for load in loads for r in routings for s in seeds]
    rows, curves = [], []
    for run, path in execute(runs, out / name, jobs, binary):
        per = rounds(path, period)
        series = pair_series(path, CENTRAL_FLOWS)
        # The flows' width and the network's latency per window, for the figures.
        flows = series.groupby("cycle").apply(
            lambda g: (g["width"] * g["packets_delivered"]).sum() / g["packets_delivered"].sum())
        latency = window_latency(path, 0, period * n_rounds)
        curves.append(pd.DataFrame({**run.labels, "cycle": flows.index, "width": flows.values}))
        curves.append(pd.DataFrame({**run.labels, "cycle": latency.index,
                                    "latency": latency.values}))
        early = window_latency(path, *EARLY_WINDOW)
        # Per flow, the first window of the burst with a packet on 2, 3 and 4 paths; the means
        # over the flows that got there, and the steps between consecutive widths (a step of 0:
        # two paths opened within one window).
        opening, steps = {}, []
        for width in (2, 3, 4):
            first = [first_cycle(series[series["src"] == s], width, 0, burst)
                     for s, _ in CENTRAL_FLOWS]
            later = [first_cycle(series[series["src"] == s], width, r * period,
                                 r * period + burst)
                     for s, _ in CENTRAL_FLOWS for r in range(1, n_rounds)]
            opening[f"to_w{width}_r1"] = pd.Series(first).mean()
            opening[f"to_w{width}_later"] = pd.Series(later).mean()
            opening[f"flows_w{width}_r1"] = int(pd.Series(first).notna().sum())
        for s, _ in CENTRAL_FLOWS:
            times = [first_cycle(series[series["src"] == s], w, 0, burst) for w in (2, 3, 4)]
            steps += [b - a for a, b in zip(times, times[1:]) if not math.isnan(b)]
        opening["step_r1"] = pd.Series(steps, dtype=float).mean()
        opening["steps_same_window_r1"] = sum(1 for x in steps if x == 0) / max(len(steps), 1)
        # The width each later burst starts with: DRB adapts only on ACKs, and the flows' pairs
        # send nothing between bursts, so what a burst left open is still open at the next.
        start = series[(series["cycle"] >= period) & (series["cycle"] % period < 200)]
        latency_map = wa.router_latency(wa.load_run(path), include_terminal=False)
        wait = dict(zip(zip(latency_map["x"], latency_map["y"]), latency_map["mean_wait"]))
        border = {k: pd.Series([v for (x, y), v in wait.items() if f(x, y)]).mean()
                  for k, f in BORDER.items()}
        interior = pd.Series([v for (x, y), v in wait.items() if 0 < x < 7 and 0 < y < 7])
        flits = dict(zip(zip(latency_map["x"], latency_map["y"]), latency_map["flits"]))
        edge = sum(v for (x, y), v in flits.items() if x in (0, 7) or y in (0, 7))
        summary = wa.load_run(path).group_attrs("summary")
        totals = prdrb_totals(path)
        rows.append({**run.labels,
                     "round1": float(per.loc[per["round"] == 1, "latency"].iloc[0]),
                     "later": float(per.loc[per["round"] >= 2, "latency"].mean()),
                     "early_mean": float(early.mean()), "early_sd": float(early.std()),
                     "early_peak": float(early.max()), **opening,
                     "start_width": float((start["width"] * start["packets_delivered"]).sum()
                                          / start["packets_delivered"].sum()),
                     "flow_width": float(series["width"].mean()),
                     "map_peak": float(latency_map["mean_wait"].max()),
                     **{f"border {k}": v for k, v in border.items()},
                     "interior": float(interior.mean()),
                     "border_flit_share": edge / sum(flits.values()),
                     "router (3,1)": wait.get((3, 1), math.nan),
                     "router (3,2)": wait.get((3, 2), math.nan),
                     "accepted": float(summary["accepted_load"]),
                     "offered": float(summary["offered_load"]),
                     "hits": totals.get("hits", 0), "widenings": totals.get("widenings", 0)})
    frame = pd.DataFrame(rows)
    frame.attrs["curves"] = pd.concat(curves, ignore_index=True)
    return frame


def band(ax, frame: pd.DataFrame, x: str, y: str, label: str, grid=None, **style) -> None:
    """Mean of `y` over the seeds per `x`, with a band of one standard deviation; with `grid`
    (the x values), points without data are gaps in the line."""
    stats = frame.groupby(x)[y].agg(["mean", "std"])
    stats = stats.reindex(grid) if grid is not None else stats.dropna(subset=["mean"])
    line, = ax.plot(stats.index, stats["mean"], label=label, **style)
    ax.fill_between(stats.index, stats["mean"] - stats["std"].fillna(0),
                    stats["mean"] + stats["std"].fillna(0), color=line.get_color(), alpha=0.2,
                    linewidth=0)


def plot_learning(learning: pd.DataFrame, path: Path | None = None):
    """The learning curve (target 1): mean latency per round, mean over the seeds with a band
    of one standard deviation."""
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(7, 4))
    for routing, frame in learning.groupby("routing", sort=False):
        band(ax, frame, "round", "latency", routing, marker="o")
    ax.set_xlabel("round (burst + quiet, 2000 cycles)")
    ax.set_ylabel("mean latency (cycles)")
    ax.set_title("Learning curve: 8x8 torus, bit-reversal bursts (seeds 1-3, band: ± sd)")
    ax.legend()
    if path is not None:
        fig.savefig(path, dpi=120, bbox_inches="tight")
    return fig


def plot_seed003(frame: pd.DataFrame, load: float, path: Path | None = None,
                 routings: tuple = ("DRB", "PR-DRB router"), until: int = 8000):
    """Seed 003's central hot area at `load`: the six flows' metapath width (network/pair_series)
    and the network's latency per window over the first `until` cycles, mean over the seeds with
    a band of one standard deviation; the early window of Fig. 43 shaded."""
    import matplotlib.pyplot as plt
    curves = frame.attrs["curves"]
    curves = curves[(curves["load"] == load) & (curves["cycle"] < until)].copy()
    # 100-cycle bins: each seed's mean per bin, then mean and sd over the seeds.
    curves["cycle"] = curves["cycle"] // 100 * 100
    grid = range(0, until, 100)
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(8, 6), sharex=True)
    for routing in routings:
        mine = curves[curves["routing"] == routing].groupby(["seed", "cycle"])[
            ["width", "latency"]].mean().reset_index()
        band(top, mine, "cycle", "width", routing, grid=grid)
        band(bottom, mine, "cycle", "latency", routing, grid=grid)
    for ax in (top, bottom):
        ax.axvspan(*EARLY_WINDOW, color="grey", alpha=0.15)
    top.set_ylabel("flows' metapath width\n(paths; gaps: no flow packet)")
    bottom.set_ylabel("latency (cycles)")
    bottom.set_xlabel("cycle (256 ns); width by the packets' injection, latency by delivery")
    top.set_title(f"Seed 003: central hot area, bursts at {load * MBITS_PER_FLIT_RATE:.0f} "
                  "Mbit/s (seeds 1-3, band: ± sd; grey: 0.2-0.4 ms)")
    top.legend()
    if path is not None:
        fig.savefig(path, dpi=120, bbox_inches="tight")
    return fig


def seed003_two_spots(out: Path, seeds: list[int], jobs: int, binary: Path,
                      load: float = 0.5, burst: int = 2000, quiet: int = 2000,
                      n_rounds: int = 2, noise: float = 0.05, window: int = 25,
                      routings: tuple = ("DRB", "PR-DRB router")) -> pd.DataFrame:
    """Fig. 40: two hot spots on the far pair's path. Per run and flow: the cycles from the
    burst start to the first packet on 2, 3 and 4 paths (round 1 and round 2), and the flow's
    router distance."""
    period = burst + quiet
    runs = [flows_run(TWO_SPOT_FLOWS, {"burst_load": load, "routing": r, "seed": s}, load,
                      n_rounds, noise, burst, quiet, window)
            for r in routings for s in seeds]
    rows = []
    for run, path in execute(runs, out / "seed003_two_spots", jobs, binary):
        series = pair_series(path, TWO_SPOT_FLOWS)
        for src, dst in TWO_SPOT_FLOWS:
            mine = series[series["src"] == src]
            row = {**run.labels, "flow": f"{src}->{dst}", "far": (src, dst) == FAR_PAIR,
                   "distance": abs(src % 8 - dst % 8) + abs(src // 8 - dst // 8),
                   "latency": float((mine["latency"] * mine["packets_delivered"]).sum() /
                                    mine["packets_delivered"].sum())}
            for r in range(n_rounds):
                for width in (2, 3, 4):
                    row[f"to_w{width}_r{r + 1}"] = first_cycle(mine, width, r * period,
                                                               r * period + burst)
            rows.append(row)
    return pd.DataFrame(rows)


EXPERIMENTS = {"learning": learning, "mesh_hot_region": mesh_hot_region,
               "seed_steady": seed_steady, "seed_appendix": seed_appendix,
               "seed_ablation": seed_ablation, "seed_mesh": seed_mesh, "mesh_knee": mesh_knee, "seed_apps": seed_apps,
               "fattree_bursts": fattree_bursts,
               "fattree_steady": fattree_steady, "stale": stale, "seed_stale": seed_stale,
               "apps": apps,
               "neighbours": neighbours, "seed_neighbours": seed_neighbours,
               "seed003": seed003,
               "seed003_two_spots": seed003_two_spots}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("experiment", choices=[*EXPERIMENTS, "all"])
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("WARPNET_JOBS", "2")))
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--binary", type=Path, default=None)
    args = parser.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    out = args.out or Path(tempfile.mkdtemp(prefix="prdrb-"))
    binary = wa.find_warpnet(args.binary)
    names = list(EXPERIMENTS) if args.experiment == "all" else [args.experiment]
    for name in names:
        frame = EXPERIMENTS[name](out, seeds, args.jobs, binary)
        frame.to_csv(out / f"{name}.csv", index=False)
        with pd.option_context("display.width", 200, "display.max_rows", 500):
            print(frame.round(2).to_string(index=False), flush=True)
    print(f"raw runs and CSVs in {out}")


if __name__ == "__main__":
    main()
