# SPDX-License-Identifier: Apache-2.0
"""Latency per (source, destination) pair and per destination, from `network/pairs` or
`network/destinations` (docs/hdf5-schema.md; `metrics.latency_table` chooses which the run has).

- `pair_latency(run)`: one row per pair, `mean_latency`, `min_latency`, `max_latency`,
  `mean_network_latency` (cycles) and `mean_hops` added;
- `destination_latency(run)`: one row per destination, the same figures, from
  `network/destinations`, or summed over `network/pairs`, or (without min and max) from
  `network/nodes` for runs with `latency_table = "none"` or older files;
- `packet_samples(run)`: `network/packet_samples` with the times also in cycles.

Times in the tables are ps (kernel ticks); the figures here are cycles.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .run_file import Run
from .summary import NAN, network_params, ticks_to_cycles

PAIRS_TABLE = "network/pairs"
DESTINATIONS_TABLE = "network/destinations"
NODES_TABLE = "network/nodes"
SAMPLES_TABLE = "network/packet_samples"
FIGURE_UNITS = {"mean_latency": "cycles", "min_latency": "cycles", "max_latency": "cycles",
                "mean_network_latency": "cycles", "mean_hops": "routers"}


def _ticks_per_cycle(run: Run) -> float:
    tpc = network_params(run)["ticks_per_cycle"]
    return 1000.0 if np.isnan(tpc) else tpc


def _with_means(frame: pd.DataFrame, units: dict, tpc: float) -> pd.DataFrame:
    packets = frame["packets"].astype(float).where(frame["packets"] > 0, NAN)
    frame["mean_latency"] = ticks_to_cycles(frame["latency_sum"].astype(float),
                                            units.get("latency_sum", "ps"), tpc) / packets
    frame["mean_network_latency"] = ticks_to_cycles(
        frame["network_latency_sum"].astype(float), units.get("network_latency_sum", "ps"),
        tpc) / packets
    frame["mean_hops"] = frame["hops_sum"].astype(float) / packets
    for column, figure in (("latency_min", "min_latency"), ("latency_max", "max_latency")):
        frame[figure] = (ticks_to_cycles(frame[column].astype(float), units.get(column, "ps"),
                                         tpc) if column in frame else NAN)
    frame.attrs["units"] = {**units, **FIGURE_UNITS}
    return frame


def pair_latency(run: Run) -> pd.DataFrame:
    """`network/pairs` with the per-pair figures in cycles; a `KeyError` when the run has no
    pairs table (metrics.latency_table was not "pairs")."""
    if not run.has_table(PAIRS_TABLE):
        raise KeyError(f"{run.path}: no {PAIRS_TABLE} table (set metrics.latency_table = "
                       f"\"pairs\"); tables: {', '.join(run.tables)}")
    pairs = run.table(PAIRS_TABLE)
    return _with_means(pairs.copy(), dict(pairs.attrs.get("units", {})), _ticks_per_cycle(run))


def destination_latency(run: Run) -> pd.DataFrame:
    """One row per destination with measured packets: `dst`, `packets`, the sums and the
    figures in cycles. Min and max are NaN when only `network/nodes` is available."""
    tpc = _ticks_per_cycle(run)
    if run.has_table(DESTINATIONS_TABLE):
        dests = run.table(DESTINATIONS_TABLE)
        return _with_means(dests.copy(), dict(dests.attrs.get("units", {})), tpc)
    if run.has_table(PAIRS_TABLE):
        pairs = run.table(PAIRS_TABLE)
        grouped = pairs.groupby("dst")
        dests = pd.DataFrame({
            "packets": grouped["packets"].sum(),
            "latency_sum": grouped["latency_sum"].sum(),
            "latency_min": grouped["latency_min"].min(),
            "latency_max": grouped["latency_max"].max(),
            "network_latency_sum": grouped["network_latency_sum"].sum(),
            "hops_sum": grouped["hops_sum"].sum(),
        }).reset_index()
        return _with_means(dests, dict(pairs.attrs.get("units", {})), tpc)
    if run.has_table(NODES_TABLE):
        nodes = run.table(NODES_TABLE)
        dests = nodes[nodes["packets_measured"] > 0].rename(
            columns={"node": "dst", "packets_measured": "packets"})
        dests = dests[["dst", "packets", "latency_sum", "network_latency_sum", "hops_sum"]]
        return _with_means(dests.reset_index(drop=True), dict(nodes.attrs.get("units", {})), tpc)
    raise KeyError(f"{run.path}: no latency table ({PAIRS_TABLE}, {DESTINATIONS_TABLE} or "
                   f"{NODES_TABLE}); tables: {', '.join(run.tables)}")


def packet_samples(run: Run) -> pd.DataFrame:
    """`network/packet_samples` plus `latency`, `network_latency` and `source_wait` in cycles;
    a `KeyError` when the run sampled nothing (metrics.packet_sample_every = 0)."""
    if not run.has_table(SAMPLES_TABLE):
        raise KeyError(f"{run.path}: no {SAMPLES_TABLE} table (set "
                       f"metrics.packet_sample_every = N); tables: {', '.join(run.tables)}")
    samples = run.table(SAMPLES_TABLE).copy()
    tpc = _ticks_per_cycle(run)
    created = samples["created"].astype(float)
    samples["latency"] = (samples["delivered"] - created) / tpc
    samples["network_latency"] = (samples["delivered"] - samples["injected"].astype(float)) / tpc
    samples["source_wait"] = (samples["injected"] - created) / tpc
    samples.attrs["units"] = {**samples.attrs.get("units", {}), "latency": "cycles",
                              "network_latency": "cycles", "source_wait": "cycles"}
    return samples
