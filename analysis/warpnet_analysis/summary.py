# SPDX-License-Identifier: Apache-2.0
"""The network summary figures of one run.

warpnet writes the figures it prints into the file (the `/summary` group, one attribute per
figure, docs/hdf5-schema.md); `network_summary` returns those numbers. For files written before
that group existed, and for the figures warpnet does not print (the latency-map ones), it
computes them from the tables with the same formulas (`computed_summary`; a test checks that
both agree on real files) — models/network/metrics/network_results.cpp:

- offered (accepted) load = sum(flits_offered (flits_accepted)) / num_nodes / measured cycles,
  in flits/node/cycle, over the measurement interval [warmup_cycles, measure_end_cycle);
- latency, network latency, source-queue wait: sums over measured packets / packets measured,
  in cycles; hops likewise, in routers crossed;
- latency (dest. means): the mean over destinations of each destination's mean latency;
- contention: blocked_cycles_sum / packets measured, in cycles (the heads' wait at routers);
  path stretch: hops_sum / min_hops_sum;
- source routings that choose among paths, e.g. DRB (NaN for other routings): mean path
  width = width_sum / packets measured (DRB: the metapath width),
  non-canonical fraction = noncanonical_packets / packets measured, ACK share = ack_flits /
  (ack_flits + flits_received) over the whole run;
- saturated (docs/saturation.md): some source fell behind its offered load (table
  `network/sources`), the latency of the packets delivered in the second half of the
  measurement exceeds the first half's by more than 20 %, or fewer than 95 % of the flits
  generated in the second half were delivered (None when no sign says yes and the run is too
  short to tell); the numbers behind it are `sources_behind`, `worst_source_delivered`,
  `worst_source_allowance`, `latency_growth` and `network_backlog_growth`;
- from `network/ports` (the latency map), when present: the packet-weighted mean head wait over
  all output ports, the largest mean wait of one port, and the largest utilisation of a network
  (router-to-router) port, in flits/cycle over the whole run; the link-load spread over those
  network ports from the end of the warm-up on (`flits_measured`): `link_load_cv` (population sd / mean of the flits per link) and
  `link_load_max_mean` (busiest link / mean).

A figure whose table or attribute is absent (a PHOLD run, an older file) is NaN, so that sweeps
mixing files still load.
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd

from .run_file import Run

SATURATION_SHARE = 0.95
SOURCE_LATENCIES = 4.0  # a source's allowance: its offered rate x this many network latencies
SOURCE_PACKETS = 2.0    # ... plus this many mean packets
LATENCY_GROWTH = 0.20   # latency of the second half of the measurement over the first, - 1
TREND_MIN_PACKETS = 100  # packets delivered in each half for the latency trend to count
NAN = float("nan")

SUMMARY_UNITS = {
    "offered_load": "flits/node/cycle",
    "accepted_load": "flits/node/cycle",
    "packets_measured": "packets",
    "latency": "cycles",
    "network_latency": "cycles",
    "source_queue_latency": "cycles",
    "hops": "routers",
    "contention": "cycles",
    "stretch": "",
    "mean_width": "paths",
    "noncanonical_fraction": "",
    "ack_share": "",
    "latency_dest_mean": "cycles",
    "saturated": "",
    "sources_behind": "",
    "worst_source_delivered": "",
    "worst_source_allowance": "",
    "latency_growth": "",
    "network_backlog_growth": "",
    "port_wait_mean": "cycles",
    "port_wait_max": "cycles",
    "channel_utilisation_max": "flits/cycle",
    "link_load_cv": "",
    "link_load_max_mean": "",
}


def network_params(run: Run) -> dict[str, float]:
    """The `/network` attributes the formulas need, plus the simulated cycles; NaN if absent."""
    attrs = run.group_attrs("network")
    params = {name: float(attrs.get(name, NAN)) for name in
              ("num_nodes", "ticks_per_cycle", "warmup_cycles", "measure_end_cycle",
               "window_cycles")}
    end_time = run.config_flat.get("simulation.end_time")
    params["cycles_simulated"] = float(math.ceil(end_time)) if end_time is not None else NAN
    return params


def ticks_to_cycles(values, unit: str, ticks_per_cycle: float):
    """Converts a time column to cycles according to its unit ("ps" are kernel ticks)."""
    if unit == "cycles":
        return values
    if unit in ("ps", "ticks"):
        return values / ticks_per_cycle
    raise ValueError(f"unexpected time unit {unit!r} (expected 'ps' or 'cycles')")


def network_summary(run: Run) -> dict[str, Any]:
    """The summary figures of one run as {name: value}; units in `SUMMARY_UNITS`. The numbers
    warpnet wrote (`/summary`) win over the package's own computation."""
    out = computed_summary(run)
    written = run.group_attrs("summary")
    for name in SUMMARY_UNITS:
        if name in written:
            value = float(written[name])
            out[name] = bool(value) if name == "saturated" else value
    return out


def computed_summary(run: Run) -> dict[str, Any]:
    """The summary figures computed by the package from the tables."""
    out: dict[str, Any] = {name: NAN for name in SUMMARY_UNITS}
    out["saturated"] = None
    p = network_params(run)
    if run.has_table("network/nodes"):
        out.update(_node_figures(run.table("network/nodes"), p))
    if run.has_table("network/time_series"):
        sources = run.table("network/sources") if run.has_table("network/sources") else None
        nodes = run.table("network/nodes") if run.has_table("network/nodes") else None
        out.update(saturation_figures(run.table("network/time_series"), sources, nodes, p))
    if run.has_table("network/ports"):
        out.update(_port_figures(run.table("network/ports"), p))
    return out


def _node_figures(nodes: pd.DataFrame, p: dict[str, float]) -> dict[str, Any]:
    node_cycles = p["num_nodes"] * (p["measure_end_cycle"] - p["warmup_cycles"])
    units = nodes.attrs.get("units", {})
    tpc = p["ticks_per_cycle"]

    def total(column: str) -> float:
        return float(nodes[column].sum()) if column in nodes else NAN

    def cycles(column: str) -> float:
        if column not in nodes:
            return NAN
        return float(ticks_to_cycles(float(nodes[column].sum()), units.get(column, "ps"), tpc))

    measured = total("packets_measured")
    figures = {
        "offered_load": total("flits_offered") / node_cycles if node_cycles > 0 else NAN,
        "accepted_load": total("flits_accepted") / node_cycles if node_cycles > 0 else NAN,
        "packets_measured": measured,
    }
    if measured > 0:
        latency, network = cycles("latency_sum"), cycles("network_latency_sum")
        figures.update(latency=latency / measured, network_latency=network / measured,
                       source_queue_latency=(latency - network) / measured,
                       hops=total("hops_sum") / measured)
        per_node = nodes[nodes["packets_measured"] > 0]
        means = ticks_to_cycles(per_node["latency_sum"].astype(float),
                                units.get("latency_sum", "ps"), tpc) / per_node["packets_measured"]
        figures["latency_dest_mean"] = float(means.mean())
        if "blocked_cycles_sum" in nodes:
            figures["contention"] = total("blocked_cycles_sum") / measured
        if "min_hops_sum" in nodes and total("min_hops_sum") > 0:
            figures["stretch"] = total("hops_sum") / total("min_hops_sum")
        if "width_sum" in nodes and total("width_sum") > 0:
            figures["mean_width"] = total("width_sum") / measured
            figures["noncanonical_fraction"] = total("noncanonical_packets") / measured
    if "ack_flits" in nodes and total("acks_received") > 0:
        acks, data = total("ack_flits"), total("flits_received")
        figures["ack_share"] = acks / (acks + data) if acks + data > 0 else NAN
    return figures


def saturation_figures(series: pd.DataFrame, sources: pd.DataFrame | None,
                       nodes: pd.DataFrame | None, p: dict[str, float]) -> dict[str, Any]:
    """The saturation verdict and the numbers behind it, as warpnet computes them
    (models/network/metrics/saturation_test.cpp, docs/saturation.md): `saturated` (None when the
    run cannot tell), `sources_behind`, `worst_source_delivered`, `worst_source_allowance`,
    `latency_growth` and `network_backlog_growth`; NaN where a sign could not be judged."""
    out: dict[str, Any] = {"saturated": None, "sources_behind": NAN,
                           "worst_source_delivered": NAN, "worst_source_allowance": NAN,
                           "latency_growth": NAN, "network_backlog_growth": NAN}
    warmup, end, window = p["warmup_cycles"], p["measure_end_cycle"], p["window_cycles"]
    if any(math.isnan(v) for v in (warmup, end, window)) or window <= 0:
        return out
    behind = 0
    if sources is not None and nodes is not None:
        behind = _judge_sources(sources, nodes, p, out)
    growing = _judge_latency_trend(series, p, out)
    network_behind = _judge_network(series, p, out)
    if behind > 0 or growing or network_behind:
        out["saturated"] = True
    elif not math.isnan(out["network_backlog_growth"]):
        out["saturated"] = False
    return out


def _judge_sources(sources: pd.DataFrame, nodes: pd.DataFrame, p: dict[str, float],
                   out: dict[str, Any]) -> int:
    """Sources behind their offered load (a starved source is judged by the network's mean
    network latency); fills the worst source's shares."""
    packets = float(nodes["packets_generated"].sum())
    measured_all = float(sources["packets_measured"].sum())
    if packets == 0 or measured_all == 0:
        return 0
    unit = sources.attrs.get("units", {}).get("network_latency_sum", "ps")
    tpc = p["ticks_per_cycle"]
    network_latency = float(ticks_to_cycles(float(sources["network_latency_sum"].sum()), unit,
                                            tpc)) / measured_all
    rows = sources[sources["flits_offered"] > 0]
    measured = rows["packets_measured"].astype(float)
    own = ticks_to_cycles(rows["network_latency_sum"].astype(float), unit, tpc) / \
        measured.where(measured > 0, 1.0)
    latency = own.where(measured > 0, network_latency)
    packet = float(nodes["flits_generated"].sum()) / packets
    interval = p["measure_end_cycle"] - p["warmup_cycles"]
    offered = rows["flits_offered"].astype(float)
    share = rows["flits_offered_delivered"].astype(float) / offered
    allowance = offered / interval * SOURCE_LATENCIES * latency + SOURCE_PACKETS * packet
    allowed = (1.0 - allowance / offered).clip(lower=0.0)
    if rows.empty:
        return 0
    worst = int(np.argmin((share - allowed).to_numpy()))  # the first of equals, as in C++
    out["worst_source_delivered"] = float(share.iloc[worst])
    out["worst_source_allowance"] = float(allowed.iloc[worst])
    behind = int((share < allowed).sum())
    out["sources_behind"] = float(behind)
    return behind


def _whole_windows(p: dict[str, float], begin_cycle: float) -> tuple[int, int]:
    """The first whole window from `begin_cycle` and the end (exclusive) of the last one."""
    window = p["window_cycles"]
    return math.ceil(begin_cycle / window), int(p["measure_end_cycle"] // window)


def _judge_latency_trend(series: pd.DataFrame, p: dict[str, float], out: dict[str, Any]) -> bool:
    """Mean latency of the packets delivered in the second half of the measurement's whole
    windows over the first half's, minus 1."""
    first, last = _whole_windows(p, p["warmup_cycles"])
    if last < first + 2:
        return False
    half = (last - first) // 2
    early = series[(series["window"] >= first) & (series["window"] < first + half)]
    late = series[(series["window"] >= last - half) & (series["window"] < last)]
    early_packets, late_packets = early["packets_delivered"].sum(), late["packets_delivered"].sum()
    if early_packets < TREND_MIN_PACKETS or late_packets < TREND_MIN_PACKETS \
            or early["latency_sum"].sum() <= 0:
        return False
    growth = (float(late["latency_sum"].sum()) / float(late_packets)) / \
        (float(early["latency_sum"].sum()) / float(early_packets)) - 1.0
    out["latency_growth"] = growth
    return growth > LATENCY_GROWTH


def _judge_network(series: pd.DataFrame, p: dict[str, float], out: dict[str, Any]) -> bool:
    """Fewer than 95 % of the flits generated in the second half's whole windows delivered."""
    middle = p["warmup_cycles"] + (p["measure_end_cycle"] - p["warmup_cycles"]) // 2
    first, last = _whole_windows(p, middle)
    if last < first + 2:
        return False
    inside = series[(series["window"] >= first) & (series["window"] < last)]
    generated = float(inside["flits_generated"].sum())
    if generated == 0:
        return False
    delivered = float(inside["flits_delivered"].sum())
    out["network_backlog_growth"] = (generated - delivered) / generated
    return delivered < SATURATION_SHARE * generated


def port_frame(ports: pd.DataFrame, p: dict[str, float]) -> pd.DataFrame:
    """The ports table with the derived columns of the latency map:

    - `mean_wait`: head_wait / packets, in cycles (NaN for a port no packet took);
    - `utilisation`: flits / cycles simulated, in flits per cycle.
    """
    frame = ports.copy()
    unit = ports.attrs.get("units", {}).get("head_wait_ticks", "ps")
    wait = ticks_to_cycles(frame["head_wait_ticks"].astype(float), unit, p["ticks_per_cycle"])
    packets = frame["packets"].astype(float)
    frame["wait_cycles"] = wait
    frame["mean_wait"] = np.where(packets > 0, wait / packets.where(packets > 0, 1.0), NAN)
    frame["utilisation"] = frame["flits"].astype(float) / p["cycles_simulated"]
    frame.attrs["units"] = {**ports.attrs.get("units", {}), "wait_cycles": "cycles",
                            "mean_wait": "cycles", "utilisation": "flits/cycle"}
    return frame


def _port_figures(ports: pd.DataFrame, p: dict[str, float]) -> dict[str, Any]:
    frame = port_frame(ports, p)
    packets = float(frame["packets"].sum())
    network = frame[frame["terminal"] == 0] if "terminal" in frame else frame
    return {
        "port_wait_mean": float(frame["wait_cycles"].sum()) / packets if packets > 0 else NAN,
        "port_wait_max": float(frame["mean_wait"].max()) if frame["mean_wait"].notna().any()
        else NAN,
        "channel_utilisation_max": float(network["utilisation"].max()) if len(network) else NAN,
        **_link_load_spread(network),
    }


def _link_load_spread(network: pd.DataFrame) -> dict[str, float]:
    """Flits per router-to-router link from the end of the warm-up on (`flits_measured`; the
    whole run's `flits` in older files): population sd / mean and max / mean
    (models/network/metrics/link_load_spread.hpp); NaN when no link carried a flit."""
    column = "flits_measured" if "flits_measured" in network else "flits"
    flits = network[column].astype(float) if column in network else pd.Series(dtype=float)
    mean = float(flits.mean()) if len(flits) else 0.0
    if not mean > 0:
        return {"link_load_cv": NAN, "link_load_max_mean": NAN}
    return {"link_load_cv": float(flits.std(ddof=0)) / mean,
            "link_load_max_mean": float(flits.max()) / mean}
