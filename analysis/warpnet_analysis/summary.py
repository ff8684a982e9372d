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
- DRB (NaN for other routings): mean metapath width = width_sum / packets measured,
  non-canonical fraction = noncanonical_packets / packets measured, ACK share = ack_flits /
  (ack_flits + flits_received) over the whole run;
- saturated (docs/saturation.md): some source fell behind its offered load — of the flits it
  offered in the interval, more were undelivered at the end of the run than it offers in 4 of
  its mean network latencies plus 2 mean packets (table `network/sources`) — or, over the windows lying
  wholly in the second half of the measurement interval, fewer than 95 % of the flits generated
  were delivered (None when there are fewer than two such windows or no traffic);
- from `network/ports` (the latency map), when present: the packet-weighted mean head wait over
  all output ports, the largest mean wait of one port, and the largest utilisation of a network
  (router-to-router) port, in flits/cycle over the whole run.

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
    "port_wait_mean": "cycles",
    "port_wait_max": "cycles",
    "channel_utilisation_max": "flits/cycle",
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
        out["saturated"] = saturation(run.table("network/time_series"), p)
        if out["saturated"] is not None and run.has_table("network/sources") \
                and run.has_table("network/nodes"):
            out["saturated"] = out["saturated"] or source_behind(
                run.table("network/sources"), run.table("network/nodes"), p)
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


def saturation(series: pd.DataFrame, p: dict[str, float]) -> bool | None:
    """True when the backlog grows in the second half of the measurement (see module doc)."""
    warmup, end, window = p["warmup_cycles"], p["measure_end_cycle"], p["window_cycles"]
    if any(math.isnan(v) for v in (warmup, end, window)) or window <= 0 or series.empty:
        return None
    middle = warmup + (end - warmup) // 2
    first = math.ceil(middle / window)
    last = end // window
    if last < first + 2:
        return None
    inside = series[(series["window"] >= first) & (series["window"] < last)]
    generated = float(inside["flits_generated"].sum())
    if generated == 0:
        return None
    return float(inside["flits_delivered"].sum()) < SATURATION_SHARE * generated


def source_behind(sources: pd.DataFrame, nodes: pd.DataFrame, p: dict[str, float]) -> bool:
    """True when some source left more of its offered flits undelivered than its allowance."""
    packets = float(nodes["packets_generated"].sum())
    if packets == 0 or sources.empty:
        return False
    unit = sources.attrs.get("units", {}).get("network_latency_sum", "ps")
    rows = sources[(sources["flits_offered"] > 0) & (sources["packets_measured"] > 0)]
    latency = ticks_to_cycles(rows["network_latency_sum"].astype(float), unit,
                              p["ticks_per_cycle"]) / rows["packets_measured"].astype(float)
    packet = float(nodes["flits_generated"].sum()) / packets
    interval = p["measure_end_cycle"] - p["warmup_cycles"]
    offered = rows["flits_offered"].astype(float)
    delivered = rows["flits_offered_delivered"].astype(float)
    allowance = offered / interval * SOURCE_LATENCIES * latency + SOURCE_PACKETS * packet
    return bool((offered - delivered > allowance).any())


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
    }
