# SPDX-License-Identifier: Apache-2.0
"""The standard figures of a network study, drawn with matplotlib's Agg canvas.

Every function returns a `matplotlib.figure.Figure` and, given `path`, also writes it as a PNG.
Figures are built without pyplot, so nothing depends on (or changes) a global backend or
current-figure state: scripts, tests and notebook kernels behave alike. Functions that accept an
`ax` draw into that Axes instead and return its figure, so panels can be composed.

- `plot_latency_vs_load(runs)` and `plot_throughput(runs)` take the DataFrame of `load_runs`;
  one line per group of runs (by default, per combination of the swept keys other than the
  load), saturated runs drawn with hollow markers;
- `plot_load_sweep(runs)`: both side by side;
- `plot_latency_map(run)`: contention per router, a heatmap over router coordinates for meshes,
  tori and hypercubes, bars per level for fat trees;
- `plot_time_series(run or {label: run})`: latency and throughput per window;
- `plot_destination_latency(run)`: mean (and min..max) latency per destination.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import LogLocator, ScalarFormatter

from .latency_map import MAP_METRICS, router_latency
from .pair_latency import destination_latency
from .run_file import Run
from .summary import network_params
from .topology import DIRECT, topology_from_config

LOAD_KEY = "traffic.load"
LABELS = {
    "offered_load": "offered load (flits/node/cycle)",
    "accepted_load": "accepted load (flits/node/cycle)",
    "latency": "mean packet latency (cycles)",
    "network_latency": "mean network latency (cycles)",
    "latency_dest_mean": "mean latency, destination means (cycles)",
    "hops": "mean hops (routers)",
}


def new_figure(width: float = 6.4, height: float = 4.8, **kwargs) -> Figure:
    """A Figure on an Agg canvas, independent of pyplot."""
    figure = Figure(figsize=(width, height), layout="constrained", **kwargs)
    FigureCanvasAgg(figure)
    return figure


def save_figure(figure: Figure, path: str | Path, dpi: int = 150) -> Path:
    """Writes the figure as PNG (creating the directory) and returns the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=dpi, format="png")
    return path


def _axes(ax: Axes | None, width: float = 6.4, height: float = 4.8) -> Axes:
    return ax if ax is not None else new_figure(width, height).add_subplot()


def _finish(figure: Figure, path: str | Path | None) -> Figure:
    if path is not None:
        save_figure(figure, path)
    return figure


# --- load sweeps --------------------------------------------------------------------------------

def default_group_keys(runs: pd.DataFrame) -> list[str]:
    """The swept keys other than the load and the seed: one line per combination of them."""
    keys = runs.attrs.get("swept_keys") or runs.attrs.get("varying_keys") or []
    return [k for k in keys if k in runs and k not in (LOAD_KEY, "simulation.seed",
                                                        "simulation.name")]


def _groups(runs: pd.DataFrame, group_by, x: str):
    """(label, rows sorted by x) per group; `group_by` None means `default_group_keys`."""
    keys = default_group_keys(runs) if group_by is None else (
        [group_by] if isinstance(group_by, str) else list(group_by))
    if not keys:
        yield "", runs.sort_values(x)
        return
    for values, rows in runs.groupby(keys[0] if len(keys) == 1 else keys, sort=True):
        values = values if isinstance(values, tuple) else (values,)
        label = ", ".join(_value_text(v) for v in values)
        yield label, rows.sort_values(x)


def _value_text(value) -> str:
    if isinstance(value, tuple):
        return "x".join(str(v) for v in value)
    return str(value)


def _plot_groups(ax: Axes, runs: pd.DataFrame, x: str, y: str, group_by) -> None:
    any_saturated = False
    for label, rows in _groups(runs, group_by, x):
        line, = ax.plot(rows[x], rows[y], "o-", label=label or None)
        saturated = rows["saturated"].fillna(False).astype(bool) if "saturated" in rows else None
        if saturated is not None and saturated.any():
            any_saturated = True
            ax.plot(rows.loc[saturated, x], rows.loc[saturated, y], "o", color=line.get_color(),
                    markerfacecolor="white", zorder=line.get_zorder() + 1)
    if any_saturated:
        ax.plot([], [], "o", color="grey", markerfacecolor="white", label="saturated")
    if ax.get_legend_handles_labels()[0]:
        ax.legend(title=", ".join(default_group_keys(runs)) if group_by is None else None)
    ax.set_xlabel(LABELS.get(x, x))
    ax.set_ylabel(LABELS.get(y, y))
    ax.grid(True, alpha=0.3)


def plot_latency_vs_load(runs: pd.DataFrame, *, x: str = "offered_load", y: str = "latency",
                         group_by=None, log_y: bool = False, ax: Axes | None = None,
                         path: str | Path | None = None) -> Figure:
    """Mean latency against offered load, one line per group of runs."""
    ax = _axes(ax)
    _plot_groups(ax, runs, x, y, group_by)
    if log_y:
        ax.set_yscale("log")
        ax.yaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
        ax.yaxis.set_major_formatter(ScalarFormatter())
    else:
        ax.set_ylim(bottom=0)
    ax.set_xlim(left=0)
    ax.set_title("Latency vs offered load")
    return _finish(ax.figure, path)


def plot_throughput(runs: pd.DataFrame, *, group_by=None, ax: Axes | None = None,
                    path: str | Path | None = None) -> Figure:
    """Accepted against offered load, with the line y = x that a network below saturation
    follows; the gap below it is traffic the network could not carry."""
    ax = _axes(ax)
    top = float(np.nanmax(runs["offered_load"])) * 1.05 if len(runs) else 1.0
    ax.plot([0, top], [0, top], "--", color="grey", linewidth=1, label="accepted = offered")
    _plot_groups(ax, runs, "offered_load", "accepted_load", group_by)
    ax.set_xlim(0, top)
    ax.set_ylim(0, top)
    ax.set_aspect("equal", adjustable="box")
    ax.set_title("Accepted vs offered throughput")
    return _finish(ax.figure, path)


def plot_load_sweep(runs: pd.DataFrame, *, group_by=None, log_y: bool = False,
                    path: str | Path | None = None) -> Figure:
    """Latency vs load and accepted vs offered, side by side."""
    figure = new_figure(12, 4.8)
    left, right = figure.subplots(1, 2)
    plot_latency_vs_load(runs, group_by=group_by, log_y=log_y, ax=left)
    plot_throughput(runs, group_by=group_by, ax=right)
    return _finish(figure, path)


# --- latency map --------------------------------------------------------------------------------

def plot_latency_map(run: Run, *, metric: str = "mean_wait", include_terminal: bool = True,
                     annotate: bool | None = None, vmin: float | None = 0.0,
                     vmax: float | None = None, ax: Axes | None = None,
                     path: str | Path | None = None) -> Figure:
    """Contention per router (`metric`: mean_wait, max_port_wait or max_utilisation).

    Mesh, torus, hypercube: a heatmap with x = c_0 and y = c_1 (further dimensions folded
    into y, docs/topologies.md numbering), routers without data left blank. Fat tree: one bar
    per level (packets-weighted mean wait, or the maximum for the max_ metrics) with each switch
    as a dot. Other topologies: one bar per router.

    The colour scale starts at `vmin` = 0, so that a nearly uniform map looks uniform instead
    of stretching noise over the whole scale; give the same `vmax` to maps that are compared.
    """
    if metric not in MAP_METRICS:
        raise ValueError(f"unknown metric {metric!r}; choose from {', '.join(MAP_METRICS)}")
    routers = router_latency(run, include_terminal=include_terminal)
    topo = topology_from_config(run.config_flat)
    what, unit = MAP_METRICS[metric]
    label = f"{what} ({unit})"
    if topo.kind in DIRECT:
        ax = _axes(ax, 6.4, 5.6)
        _heatmap(ax, routers, topo, metric, label, annotate, vmin, vmax)
    elif topo.kind == "fat_tree":
        ax = _axes(ax)
        _level_bars(ax, routers, metric, label)
    else:
        ax = _axes(ax)
        ax.bar(routers["router"], routers[metric])
        ax.set_xlabel("router")
        ax.set_ylabel(label)
    shape = "x".join(map(str, topo.dims)) if topo.kind in ("mesh", "torus") else (
        f"k={topo.k}, n={topo.n}" if topo.kind == "fat_tree" else
        f"n={topo.n}" if topo.kind == "hypercube" else "")
    ax.set_title(f"Latency map: {topo.kind} {shape}, load "
                 f"{run.config_flat.get(LOAD_KEY, '?')}")
    return _finish(ax.figure, path)


def _heatmap(ax: Axes, routers: pd.DataFrame, topo, metric: str, label: str, annotate,
             vmin: float | None, vmax: float | None) -> None:
    width, height = topo.grid_shape
    grid = np.full((height, width), np.nan)
    grid[routers["y"].to_numpy(), routers["x"].to_numpy()] = routers[metric].to_numpy()
    image = ax.imshow(np.ma.masked_invalid(grid), origin="lower", cmap="viridis",
                      interpolation="nearest", vmin=vmin, vmax=vmax)
    ax.figure.colorbar(image, ax=ax, label=label, shrink=0.85)
    ax.set_xticks(range(width))
    ax.set_yticks(range(height))
    ax.set_xlabel("x = c0 (dimension 0)" if topo.kind != "hypercube" else "low address bits")
    ax.set_ylabel("y = c1 (dimension 1)" if len(topo.dims) == 2 and topo.kind != "hypercube"
                  else "y = router id div width")
    if annotate if annotate is not None else width * height <= 256:
        low, high = image.get_clim()
        middle = (low + high) / 2
        for y in range(height):
            for x in range(width):
                if np.isfinite(grid[y, x]):
                    ax.text(x, y, f"{grid[y, x]:.2g}", ha="center", va="center", fontsize=7,
                            color="black" if grid[y, x] > middle else "white")


def _level_bars(ax: Axes, routers: pd.DataFrame, metric: str, label: str) -> None:
    levels = sorted(routers["level"].unique())
    heights = []
    for level in levels:
        rows = routers[routers["level"] == level]
        if metric == "mean_wait":
            packets = rows["packets"].sum()
            heights.append(rows["wait_cycles"].sum() / packets if packets > 0 else np.nan)
        else:
            heights.append(rows[metric].max())
    ax.bar(levels, heights, color="lightsteelblue", label="level " +
           ("mean per packet" if metric == "mean_wait" else "maximum"))
    for level in levels:
        rows = routers[routers["level"] == level]
        spread = np.linspace(-0.3, 0.3, len(rows)) if len(rows) > 1 else np.zeros(1)
        ax.plot(level + spread, rows[metric], "o", color="tab:blue", markersize=3)
    ax.plot([], [], "o", color="tab:blue", markersize=3, label="one switch")
    ax.set_xticks(levels)
    ax.set_xlabel("level (0 = leaves)")
    ax.set_ylabel(label)
    ax.legend()


# --- time series --------------------------------------------------------------------------------

def window_frame(run: Run) -> pd.DataFrame:
    """`network/time_series` with per-window rates: `start` (cycle), `latency` (cycles, over
    the packets delivered in the window), `offered` and `accepted` (flits/node/cycle). The last
    window may be cut by the end of the run: its rates are divided by the cycles it really has.
    """
    series = run.table("network/time_series").copy()
    p = network_params(run)
    window = p["window_cycles"]
    series["start"] = series["window"].astype(float) * window
    length = np.minimum(window, p["cycles_simulated"] - series["start"]) if np.isfinite(
        p["cycles_simulated"]) else window
    length = np.where(np.asarray(length) > 0, length, np.nan)
    unit = series.attrs.get("units", {}).get("latency_sum", "ps")
    scale = p["ticks_per_cycle"] if unit in ("ps", "ticks") else 1.0
    delivered = series["packets_delivered"].astype(float)
    series["latency"] = np.where(delivered > 0, series["latency_sum"] / scale /
                                 delivered.where(delivered > 0, 1.0), np.nan)
    series["offered"] = series["flits_generated"] / p["num_nodes"] / length
    series["accepted"] = series["flits_delivered"] / p["num_nodes"] / length
    return series


def plot_time_series(runs: Run | Mapping[str, Run] | Sequence[Run], *,
                     path: str | Path | None = None) -> Figure:
    """Per window: mean latency of the packets delivered in it (top) and offered (dashed) and
    accepted (solid) load (bottom); the warm-up is shaded. Several runs overlay, labelled by
    the mapping's keys or by their load."""
    if isinstance(runs, Run):
        runs = {"": runs}
    elif not isinstance(runs, Mapping):
        runs = {f"load {r.config_flat.get(LOAD_KEY, '?')}": r for r in runs}
    figure = new_figure(7.5, 6)
    top, bottom = figure.subplots(2, 1, sharex=True)
    warmup = 0.0
    for label, run in runs.items():
        frame = window_frame(run)
        middle = frame["start"] + network_params(run)["window_cycles"] / 2
        line, = top.plot(middle, frame["latency"], "o-", markersize=3, label=label or None)
        bottom.plot(middle, frame["accepted"], "-", color=line.get_color())
        bottom.plot(middle, frame["offered"], "--", color=line.get_color())
        warmup = max(warmup, network_params(run)["warmup_cycles"])
    for ax in (top, bottom):
        if warmup > 0:
            ax.axvspan(0, warmup, color="grey", alpha=0.15, label=None)
        ax.grid(True, alpha=0.3)
    top.set_ylabel("mean latency (cycles)")
    top.set_ylim(bottom=0)
    top.set_title("Latency time series (warm-up shaded)")
    if any(runs):
        top.legend(fontsize=8)
    # colours are the runs of the top legend; the styles say which rate
    bottom.plot([], [], "-", color="grey", label="accepted")
    bottom.plot([], [], "--", color="grey", label="offered")
    bottom.legend(fontsize=8)
    bottom.set_ylabel("flits/node/cycle")
    bottom.set_xlabel("cycle (window centre)")
    bottom.set_ylim(bottom=0)
    return _finish(figure, path)


# --- latency per destination ------------------------------------------------------------------

def plot_destination_latency(run: Run, *, ax: Axes | None = None,
                             path: str | Path | None = None) -> Figure:
    """Mean latency per destination node (bars), with the min-max range when the run has it
    (`network/pairs` or `network/destinations`), and the mean of destination means as a line
    (the PR-DRB thesis's Eq. 4.1/4.2)."""
    dests = destination_latency(run)
    ax = _axes(ax, width=max(6.4, 0.12 * len(dests)))
    x = dests["dst"].to_numpy()
    mean = dests["mean_latency"].to_numpy()
    ax.bar(x, mean, width=0.8, color="tab:blue", label="mean")
    if dests["min_latency"].notna().any():
        ax.vlines(x, dests["min_latency"], dests["max_latency"], color="black", linewidth=0.8,
                  label="min..max")
    if len(dests):
        ax.axhline(float(np.nanmean(mean)), color="tab:red", linestyle="--",
                   label="mean of destination means")
    ax.set_xlabel("destination node")
    ax.set_ylabel("packet latency (cycles)")
    ax.legend(loc="best", fontsize="small")
    return _finish(ax.figure, path)
