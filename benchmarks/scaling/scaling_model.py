#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""The scaling model of docs/scaling.md: the optimistic engine's speed-up on 2 ... 1,024 ranks,
from measured inputs (measure_inputs.py) and each partitioner's cut (partition_stats).

    /usr/bin/python3 benchmarks/scaling/scaling_model.py --inputs benchmarks/scaling/inputs.json \\
        --partition-stats build/benchmarks/scaling/partition_stats

The model. Costs are wall time per committed event on one core (measure_inputs.py), taken at
the size of the whole network (LPs; interpolated in log size, clamped at the measured ends),
which is what a rank's time on 2 ranks follows (the table "a rank's busy time" checks it):
    t(R)   = f a_safe + (1 - f + rho) a_spec + m + c s     a rank's time per committed event
    tau(R) = E_cycle / R * imbalance * t(R)                its time for one cycle (one lookahead)
    g(R)   = 2 ceil(log2 R) (L_stage + h)                  one GVT round: a reduce-scatter and an
                                                           allreduce of log2 R stages each; h the
                                                           engine's delay per stage (its polls)
    f(R)   = f_max / (1 + (g / tau / x0)^p)                safe share: high while a round is short
                                                           against a rank's cycle, falling beyond
    T(R)   = max(tau(R), g(R) / W)                         wall time per cycle; W the optimism
                                                           window in cycles (a rank may run at most
                                                           W cycles beyond the GVT it knows)
    S(R)   = E_cycle a_seq(whole network) / T(R)
with s(R) = k cut_share(R) (k fitted on 2 ranks), rho(R) = q s(R) (1 - f(R)) (only speculative
events roll back; q fitted on 2, 4 and 8 ranks), c and m a two-point fit on 2 ranks (block and
round-robin), f_max, x0, p fitted on 2 ranks by network size; f(R) and t(R) are solved
together. With --round-cpu-us C a GVT round costs a rank C us of CPU, n rounds per cycle
(--rounds-per-cycle; at most T / g of them), charged per cycle instead of inside m (docs/scaling.md,
"GVT rounds per cycle"). docs/scaling.md says where each input comes from and what does not hold.
"""
import argparse
import csv
import io
import json
import math
import os
import statistics
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CONFIG = os.path.join(ROOT, "examples", "mesh8x8.toml")
RANKS = [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024]
NETWORKS = {  # name: (overrides, nodes, mean router-to-router hops under uniform traffic)
    "torus 32x32": (["network.topology=torus", "network.dims=[32,32]"], 1024, 16.0),
    "torus 64x64": (["network.topology=torus", "network.dims=[64,64]"], 4096, 32.0),
    "torus 128x128": (["network.topology=torus", "network.dims=[128,128]"], 16384, 64.0),
    "fat tree 4-ary 5-tree": (["network.topology=fat_tree", "network.k=4", "network.n=5",
                               "network.dims=[]", "network.routing=nca"], 1024, None),
    "fat tree 16-ary 3-tree": (["network.topology=fat_tree", "network.k=16", "network.n=3",
                                "network.dims=[]", "network.routing=nca"], 4096, None),
}


def med(xs):
    return statistics.median(xs)


def spread(xs, fmt="{:.1f}", scale=1.0):
    """median (min-max) of a list of runs."""
    xs = [x * scale for x in xs]
    return f"{fmt.format(med(xs))} ({fmt.format(min(xs))}–{fmt.format(max(xs))})"


def partition_stats(tool, overrides, partitioners, ranks=RANKS):
    cmd = [tool, CONFIG, "--ranks", ",".join(map(str, ranks)), "--partitioners",
           ",".join(partitioners)]
    for o in overrides:
        cmd += ["--set", o]
    done = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return list(csv.DictReader(io.StringIO(done.stdout)))


def fat_tree_hops(k, n):
    """Mean switches on the path of a uniform pair (up to the NCA and down), nodes 1 per leaf
    port: a pair whose NCA is at level l (1 = leaf) crosses 2l - 1 switches."""
    nodes = k ** n
    total = 0.0
    for level in range(1, n + 1):
        pairs_below = k ** level - k ** (level - 1)  # destinations whose NCA is at this level
        total += pairs_below * (2 * level - 1)
    return total / (nodes - 1) - 1  # router-to-router hops = switches - 1


def hops(name):
    spec = NETWORKS[name]
    if spec[2] is not None:
        return spec[2]
    kk = int(next(o for o in spec[0] if o.startswith("network.k=")).split("=")[1])
    nn = int(next(o for o in spec[0] if o.startswith("network.n=")).split("=")[1])
    return fat_tree_hops(kk, nn)


class FixedCosts:
    """The costs measured on one network (the fat trees), whatever the size asked."""

    def __init__(self, row, alone=False):
        self.values = {k: med(row[k]) for k in ("seq", "safe", "spec")}
        if not alone:
            for k in ("safe", "spec"):
                self.values[k] = med(row[k + "_pair"])

    def __call__(self, kind, lps):
        return self.values[kind]


class Costs:
    """ns per committed event on one core by LPs on it (a torus of R routers has 2R LPs).
    A rank's costs (safe, spec) are those measured with two copies at once (the ranks of a
    node share its cache), unless `alone`; the sequential engine's are of one copy alone."""

    def __init__(self, rows, alone=False, seq_long=None):
        self.lps = [2 * r["routers"] for r in rows]
        self.values = {k: [med(r[k]) for r in rows] for k in ("seq", "safe", "spec")}
        if not alone and "safe_pair" in rows[0]:
            for k in ("safe", "spec"):
                self.values[k] = [med(r[k + "_pair"]) for r in rows]
        # The sequential engine's cost from the long validation runs where there are some:
        # a 64x64 torus costs 15 % more per event over 1,000 cycles than over 1,500.
        for lps, ns in (seq_long or {}).items():
            if lps in self.lps:
                self.values["seq"][self.lps.index(lps)] = ns

    def __call__(self, kind, lps):
        xs, ys = self.lps, self.values[kind]
        if lps <= xs[0]:
            return ys[0]
        if lps >= xs[-1]:
            return ys[-1]
        i = next(i for i in range(1, len(xs)) if lps <= xs[i])
        w = (math.log(lps) - math.log(xs[i - 1])) / (math.log(xs[i]) - math.log(xs[i - 1]))
        return ys[i - 1] + w * (ys[i] - ys[i - 1])


def safe_curve(x, fit):
    return fit["f_max"] / (1 + (x / fit["x0"]) ** fit["p"])


def fit_safe_curve(points):
    """Least squares of f_max / (1 + (x / x0)^p) over (x, f) points, by grid search."""
    best = None
    for i in range(1, 400):
        x0 = 0.005 * 1.02 ** i
        for j in range(1, 80):
            p = 0.1 * j
            ys = [1 / (1 + (x / x0) ** p) for x, _ in points]
            f_max = min(1.0, sum(f * y for (_, f), y in zip(points, ys)) / sum(y * y for y in ys))
            err = sum((f - f_max * y) ** 2 for (_, f), y in zip(points, ys))
            if best is None or err < best[0]:
                best = (err, {"f_max": f_max, "x0": x0, "p": p})
    return best[1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--inputs", required=True)
    ap.add_argument("--partition-stats", required=True, help="the partition_stats executable")
    ap.add_argument("--stage-us", type=float, default=2.0,
                    help="one allreduce stage on the cluster's network, microseconds [assumed]")
    ap.add_argument("--here-stage-us", type=float, default=0.16,
                    help="one stage on this machine's shared memory (one-way 8-byte MPI ping-pong) "
                         "[measured]")
    ap.add_argument("--poll-us", type=float,
                    help="the engine's delay per stage, h, microseconds (default: fitted here)")
    ap.add_argument("--window-cycles", type=float, default=5.0,
                    help="the network model's optimism window, cycles (one router hop)")
    ap.add_argument("--round-cpu-us", default="0",
                    help="CPU time a rank spends on each GVT round, microseconds, charged per "
                         "round instead of per event (0: rounds cost only what m charges per "
                         "event, the model before session 13; 'bound': all of m is rounds)")
    ap.add_argument("--rounds-per-cycle", type=float,
                    help="GVT rounds per simulated cycle of the engine predicted (default: the "
                         "2-rank runs of the inputs); at most T / g fit in a cycle")
    ap.add_argument("--partitioners", default="block,metis")
    ap.add_argument("--alone", action="store_true",
                    help="a rank's costs from one copy alone, not from two copies at once")
    ap.add_argument("--rank-size", choices=("network", "share"), default="network",
                    help="take a rank's costs at the whole network's size (default: what the "
                         "2-rank runs show) or at the size of its share of the LPs")
    args = ap.parse_args()
    inp = json.load(open(args.inputs))
    partitioners = args.partitioners.split(",")
    seq_long = {2 * NETWORKS[w["network"]][1]: med([r["wall_seconds"] / r["committed"] * 1e9
                                                    for r in w["seq"]]) for w in inp["wall_2"]}
    costs = Costs(inp["costs"], args.alone, seq_long)
    fat_costs = {r["network"]: FixedCosts(r, args.alone) for r in inp.get("costs_fat", [])}

    # 1. costs by size
    print(f"## costs: ns per committed event on one core, median (min–max) of {inp['runs']} "
          "runs\n")
    pair = "safe_pair" in inp["costs"][0]
    print("| network | LPs | events | sequential a_seq | final, alone | speculative, alone | "
          "final, 2 copies: a_safe | speculative, 2 copies: a_spec | a_safe / a_seq | "
          "a_spec / a_seq |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in inp["costs"]:
        x, y = r["dims"]
        sp, pp = (r["safe_pair"], r["spec_pair"]) if pair else (r["safe"], r["spec"])
        lps = 2 * r["routers"]
        a_seq = costs("seq", lps)
        long = ""
        if lps in seq_long:
            cycles = next(w["cycles"] for w in inp["wall_2"]
                          if 2 * NETWORKS[w["network"]][1] == lps)
            long = f"; {a_seq:.1f} over {cycles:,} cycles"
        print(f"| {x}×{y} | {lps} | {r['committed'] / 1e6:.1f} M, {r['cycles']:,} cycles | "
              f"{spread(r['seq'])}{long} | {spread(r['safe'])} | {spread(r['spec'])} | "
              f"{spread(sp)} | {spread(pp)} | {med(sp) / a_seq:.2f} | {med(pp) / a_seq:.2f} |")
    for r in inp.get("costs_fat", []):
        sp, pp = (r["safe_pair"], r["spec_pair"]) if pair else (r["safe"], r["spec"])
        print(f"| {r['network']} | | {r['committed'] / 1e6:.1f} M, {r['cycles']:,} cycles | "
              f"{spread(r['seq'])} | {spread(r['safe'])} | {spread(r['spec'])} | "
              f"{spread(sp)} | {spread(pp)} | {med(sp) / med(r['seq']):.2f} | "
              f"{med(pp) / med(r['seq']):.2f} |")

    # 2. the safe-share curve, fitted on 2 ranks by size
    points, rows = [], []
    for r in inp["safe_share_2"]:
        tau = med([x["wall_seconds"] / r["cycles"] * 1e6 for x in r["runs"]])
        g = med(r["gvt_round_us"])
        f = med([x["safe"] for x in r["runs"]])
        points.append((g / tau, f))
        rows.append((r, tau, g, f))
    fit = fit_safe_curve(points)
    g2 = med([med(r["gvt_round_us"]) for r in inp["safe_share_2"]])
    h = g2 / 2 - args.here_stage_us if args.poll_us is None else args.poll_us
    print(f"\n## safe share on 2 ranks (block): fitted f = {fit['f_max']:.3f} / (1 + (x / "
          f"{fit['x0']:.3f})^{fit['p']:.1f}), x = g / tau\n")
    print("| torus | tau: µs per cycle | g: µs per GVT round | x = g / tau | f measured | "
          "f fitted |")
    print("|---|---|---|---|---|---|")
    for r, tau, g, f in rows:
        x, y = r["dims"]
        taus = [v["wall_seconds"] / r["cycles"] * 1e6 for v in r["runs"]]
        print(f"| {x}×{y} | {spread(taus, '{:.0f}')} | "
              f"{spread(r['gvt_round_us'])} | {g / tau:.3f} | "
              f"{spread([v['safe'] for v in r['runs']], '{:.1f}', 100)} % | "
              f"{100 * safe_curve(g / tau, fit):.1f} % |")
    print(f"\nGVT round on 2 ranks here: g2 = {g2:.1f} µs (median over sizes), so the engine's "
          f"delay per stage h = g2 / 2 - {args.here_stage_us} = {g2 / 2 - args.here_stage_us:.1f}"
          f" µs; used: {h:.1f} µs")

    if "safe_check_2" in inp:
        print("\nout of sample (not fitted): other loads and a fat tree, 2 ranks\n")
        print("| run | tau: µs per cycle | g: µs per GVT round | x = g / tau | f measured | "
              "f of the curve |")
        print("|---|---|---|---|---|---|")
        for r in inp["safe_check_2"]:
            taus = [v["wall_seconds"] / r["cycles"] * 1e6 for v in r["runs"]]
            x = med(r["gvt_round_us"]) / med(taus)
            print(f"| {r['label'].replace('x', '×')} | {spread(taus, '{:.0f}')} | "
                  f"{spread(r['gvt_round_us'])} | {x:.3f} | "
                  f"{spread([v['safe'] for v in r['runs']], '{:.1f}', 100)} % | "
                  f"{100 * safe_curve(x, fit):.1f} % |")

    # 3. c and m: block and round-robin on 2 ranks
    rem = inp["remote_2"]
    def rank_lps(lps, ranks):
        """The size at which a rank's costs are taken."""
        return lps if args.rank_size == "network" else lps / ranks

    lps_rank = rank_lps(2 * rem["dims"][0] * rem["dims"][1], 2)
    a_safe, a_spec = costs("safe", lps_rank), costs("spec", lps_rank)
    fitted = {}
    for part in ("block", "round-robin"):
        runs = rem[part]
        f = med([x["safe"] for x in runs])
        rho = med([x["rolled_back_per_committed"] for x in runs])
        s = med([x["remote_per_committed"] for x in runs])
        busy = med([x["busy_ns_per_committed"] for x in runs])
        fitted[part] = (busy - f * a_safe - (1 - f + rho) * a_spec, s, f, rho, busy, runs)
    (rb, sb, *_), (rr, sr, *_) = fitted["block"], fitted["round-robin"]
    c = (rr - rb) / (sr - sb)
    m = rb - c * sb
    print(f"\n## remote cost, 2 ranks, torus {rem['dims'][0]}×{rem['dims'][1]} "
          f"(a_safe {a_safe:.1f}, a_spec {a_spec:.1f} ns, the costs at {lps_rank:.0f} LPs)\n")
    print("| partitioner | busy ns per committed event (rank time) | safe | rolled back / "
          "committed | remote / committed | not explained by a_safe, a_spec |")
    print("|---|---|---|---|---|---|")
    for part, (rest, s, f, rho, busy, runs) in fitted.items():
        print(f"| {part} | {spread([x['busy_ns_per_committed'] for x in runs])} | "
              f"{100 * f:.1f} % | {rho:.4f} | {s:.4f} | {rest:.1f} |")
    print(f"\ntwo-point fit: c = {c:.0f} ns per remote event ({c / a_safe:.2f} a_safe), "
          f"m = {m:.1f} ns per event (polls and MPI on every event of a multi-rank run)")

    # 3a. GVT rounds per cycle: m was fitted on 2-rank runs with n2 rounds per cycle and e2
    # events per rank and cycle. A round's CPU, c_r, is charged per round: m0 = m - n2 c_r / e2
    # stays per event, and a rank pays n(R) c_r per cycle, which does not shrink with its events.
    w32 = next(w for w in inp["wall_2"] if w["network"] == "torus 32x32")
    n2 = med([r["gvt_rounds"] / w32["cycles"] for r in w32["two"]])
    e2 = med([r["committed"] for r in w32["seq"]]) / w32["cycles"] / 2
    c_r_bound = m * e2 / n2 * 1e-3
    c_r = c_r_bound if args.round_cpu_us == "bound" else float(args.round_cpu_us)
    n_rounds = n2 if args.rounds_per_cycle is None else args.rounds_per_cycle
    m0 = m - n2 * c_r * 1e3 / e2
    print(f"\nGVT rounds: {n2:.2f} per cycle in the 2-rank runs of the 32×32 torus ({e2:.0f} "
          f"events per rank and cycle), so a round costs a rank at most m e2 / n2 = "
          f"{c_r_bound:.1f} µs of CPU; used: c_r = {c_r:.1f} µs per round, {n_rounds:.2f} rounds "
          f"per cycle, m0 = {m0:.1f} ns per event")

    # 3b. a rank's time per event on 2 ranks by size: measured against t with the costs taken
    # at the whole network's size and at the rank's share
    print("\n## a rank's busy time per committed event on 2 ranks (block), measured and from the "
          "costs: ns\n")
    print("| torus | measured | t, costs at the network's size | t, costs at the rank's share |")
    print("|---|---|---|---|")
    for r in inp["safe_share_2"]:
        lps = 2 * r["routers"]
        f = med([x["safe"] for x in r["runs"]])
        rho = med([x["rolled_back_per_committed"] for x in r["runs"]])
        s_ = med([x["remote_per_committed"] for x in r["runs"]])
        t = [f * costs("safe", n) + (1 - f + rho) * costs("spec", n) + m + c * s_
             for n in (lps, lps / 2)]
        print(f"| {r['dims'][0]}×{r['dims'][1]} | "
              f"{spread([x['busy_ns_per_committed'] for x in r['runs']], '{:.0f}')} | "
              f"{t[0]:.0f} | {t[1]:.0f} |")

    # 4. s(R), rho(R): rates on 2, 4, 8 ranks
    measured_net = "torus 32x32"
    cut = {}
    for name in sorted({r["network"] for r in inp["rates"]}):
        for row in partition_stats(args.partition_stats, NETWORKS[name][0], partitioners,
                                   [2, 4, 8]):
            cut[(name, row["partitioner"], int(row["ranks"]))] = float(row["cut_share"])
    rates = inp["rates"]
    def rate(x, key):
        return med([r[key] for r in x["runs"]])
    k = {p: med([rate(x, "remote_per_committed") / cut[(x["network"], p, 2)]
                 for x in rates if x["ranks"] == 2 and x["partitioner"] == p])
         for p in partitioners}
    # rollbacks happen to speculative events only: q = rolled back per remote event per
    # speculative share
    qs = [rate(x, "rolled_back_per_committed") / rate(x, "remote_per_committed") /
          max(1e-3, 1 - rate(x, "safe")) for x in rates]
    q = med(qs)
    print(f"\n## remote events and rollbacks on 2, 4 and 8 ranks (4 and 8 oversubscribed on 2 "
          f"cores); k = {', '.join(f'{p} {v:.3f}' for p, v in k.items())} (from 2 ranks); "
          f"q = {q:.2f} rolled back per remote event and unit of speculative share (median, "
          f"range {min(qs):.2f}–{max(qs):.2f})\n")
    print("| network | ranks | partitioner | remote/committed measured | predicted k·cut | "
          "safe measured | rolled back/committed measured | predicted q·s·(1−f) |")
    print("|---|---|---|---|---|---|---|---|")
    for x in rates:
        s_pred = k[x["partitioner"]] * cut[(x["network"], x["partitioner"], x["ranks"])]
        s_meas = rate(x, "remote_per_committed")
        print(f"| {x['network'].replace('x', '×')} | {x['ranks']} | {x['partitioner']} | "
              f"{spread([r['remote_per_committed'] for r in x['runs']], '{:.4f}')} | "
              f"{s_pred:.4f} | {spread([r['safe'] for r in x['runs']], '{:.0f}', 100)} % | "
              f"{spread([r['rolled_back_per_committed'] for r in x['runs']], '{:.4f}')} | "
              f"{q * s_meas * (1 - rate(x, 'safe')):.4f} |")

    # Events per cycle, steady state, from the long 32x32 runs; scaled by nodes x (hops + 1).
    w32 = next(w for w in inp["wall_2"] if w["network"] == measured_net)
    e_cycle_32 = med([r["committed"] for r in w32["seq"]]) / w32["cycles"]
    base_work = NETWORKS[measured_net][1] * (hops(measured_net) + 1)
    print(f"\nevents per cycle, {measured_net} at {inp['load']}: {e_cycle_32:.0f} ({w32['cycles']}"
          " cycles); other networks scaled by nodes × (mean hops + 1)")

    def e_cycle_of(name):
        """Events per cycle in steady state: measured, else scaled from the 32x32 torus."""
        measured = inp.get("events_per_cycle", {}).get(name)
        if measured:
            return measured["steady"]
        return e_cycle_32 * NETWORKS[name][1] * (hops(name) + 1) / base_work

    if "events_per_cycle" in inp:
        print("\n| network | events per cycle, steady (measured) | scaled from the 32×32 torus by "
              "nodes × (hops + 1) |")
        print("|---|---|---|")
        for name, v in inp["events_per_cycle"].items():
            print(f"| {name.replace('x', '×')} | {v['steady']:,.0f} (cycles "
                  f"{v['cycles'] // 2:,}–{v['cycles']:,}) | "
                  f"{e_cycle_32 * NETWORKS[name][1] * (hops(name) + 1) / base_work:,.0f} |")

    def solve(e_cycle, lps, ranks, imbalance, s, stage_us, f_fixed=None, cost=None):
        """f, t (ns), tau (us), g (us), T (us per cycle) on `ranks` ranks."""
        cost = cost or costs
        a_sf, a_sp = cost("safe", rank_lps(lps, ranks)), cost("spec", rank_lps(lps, ranks))
        g = 2 * math.ceil(math.log2(ranks)) * (stage_us + h)
        f = fit["f_max"] if f_fixed is None else f_fixed
        rounds = 0.0
        for _ in range(50):
            rho = q * s * (1 - f)
            t = f * a_sf + (1 - f + rho) * a_sp + m0 + c * s
            tau = e_cycle / ranks * imbalance * t * 1e-3 + rounds * c_r
            # rounds run one after another: no more than fit in a cycle's wall time
            rounds = min(n_rounds, max(tau, g / args.window_cycles) / g)
            if f_fixed is None:
                f = safe_curve(g / tau, fit)
        return f, t, tau, g, max(tau, g / args.window_cycles)

    # 5. f on 4 and 8 ranks: measured (oversubscribed) against the curve
    print("\n## safe share on 2, 4 and 8 ranks (block): measured; the curve at the measured "
          "x (g and tau of these runs); the model for dedicated cores\n")
    print("| network | ranks | f measured | tau measured µs | g measured µs | f of curve at "
          "measured x | f model, dedicated cores |")
    print("|---|---|---|---|---|---|---|")
    for x in rates:
        if x["partitioner"] != "block":
            continue
        name = x["network"]
        nodes = NETWORKS[name][1]
        tau = med([r["wall_seconds"] / x["cycles"] * 1e6 for r in x["runs"]])
        g = med(x["gvt_round_us"])
        e_cycle = e_cycle_of(name)
        f_model = solve(e_cycle, 2 * nodes, x["ranks"], 1.0, rate(x, "remote_per_committed"),
                        args.here_stage_us)[0]
        print(f"| {name.replace('x', '×')} | {x['ranks']} | "
              f"{spread([r['safe'] for r in x['runs']], '{:.0f}', 100)} % | {tau:.0f} | "
              f"{g:.1f} | {100 * safe_curve(g / tau, fit):.0f} % | {100 * f_model:.0f} % |")

    # 6. 2-rank wall clock: predicted against measured
    print("\n## 2 ranks against the sequential engine, wall clock (block; measured: "
          f"{len(w32['seq'])} interleaved runs each, median (min–max); predicted: T(2) for "
          "the run's events, against the measured sequential time)\n")
    print("| network | cycles | sequential s | 2 ranks s | speed-up measured | f measured | "
          "2 ranks predicted, measured f | speed-up | 2 ranks predicted, f of the model | "
          "speed-up |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for w in inp["wall_2"]:
        name = w["network"]
        nodes = NETWORKS[name][1]
        seq = med([r["wall_seconds"] for r in w["seq"]])
        ratios = [a["wall_seconds"] / b["wall_seconds"] for a, b in zip(w["seq"], w["two"])]
        f_meas = med([r["safe"] for r in w["two"]])
        s = med([r["remote_per_committed"] for r in w["two"]])
        e = med([r["committed"] for r in w["seq"]])
        preds = []
        for f_fixed in (f_meas, None):
            f, t, tau, g, T = solve(e / w["cycles"], 2 * nodes, 2, 1.0, s, args.here_stage_us,
                                    f_fixed)
            two = T * 1e-6 * w["cycles"]
            preds.append(f"{two:.2f} s (f {100 * f:.0f} %) | {seq / two:.2f}×")
        print(f"| {name.replace('x', '×')} | {w['cycles']} | "
              f"{spread([r['wall_seconds'] for r in w['seq']], '{:.2f}')} | "
              f"{spread([r['wall_seconds'] for r in w['two']], '{:.2f}')} | "
              f"{med(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f}) | "
              f"{100 * f_meas:.1f} % | {preds[0]} | {preds[1]} |")

    # 7. predictions
    stage = args.stage_us
    tables = {"speed-up": [], "f": []}
    for name, (overrides, nodes, _) in NETWORKS.items():
        stats = partition_stats(args.partition_stats, overrides, partitioners)
        e_cycle = e_cycle_of(name)
        lps = int(stats[0]["lps"])
        cost = fat_costs.get(name, costs)
        a_seq = cost("seq", lps)
        for p in partitioners:
            cells = {key: [] for key in tables}
            for r in RANKS:
                row = next((x for x in stats if x["partitioner"] == p and int(x["ranks"]) == r),
                           None)
                if row is None:
                    for key in cells:
                        cells[key].append("—")
                    continue
                s = k[p] * float(row["cut_share"])
                f, t, tau, g, T = solve(e_cycle, lps, r, float(row["load_imbalance"]), s, stage,
                                        cost=cost)
                bound = "*" if g / args.window_cycles > tau else ""
                cells["speed-up"].append(f"{e_cycle * a_seq * 1e-3 / T:.1f}{bound}")
                cells["f"].append(f"{100 * f:.0f} %")
            for key in tables:
                tables[key].append(f"| {name.replace('x', '×')} | {p} | " +
                                   " | ".join(cells[key]) + " |")
    header = "| network | partitioner | " + " | ".join(str(r) for r in RANKS) + " |\n" + \
        "|---|---|" + "---|" * len(RANKS)
    print(f"\n## predicted speed-up over the sequential engine (one core per rank, {stage:g} µs "
          f"per allreduce stage; *: bound by the GVT rounds, g(R) / W > tau(R))\n")
    print(header)
    print("\n".join(tables["speed-up"]))
    print("\n## predicted share of safe events\n")
    print(header)
    print("\n".join(tables["f"]))


if __name__ == "__main__":
    main()
