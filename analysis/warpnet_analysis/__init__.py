# SPDX-License-Identifier: Apache-2.0
"""warpnet_analysis: read warpnet results files (docs/hdf5-schema.md) and draw the standard
figures of an interconnection-network study.

    import warpnet_analysis as wa
    run = wa.load_run("mesh.h5")            # attributes, config, tables as DataFrames
    runs = wa.load_runs("sweep/")           # one row per run: config keys + summary figures
    wa.plot_load_sweep(runs, path="sweep.png")
    wa.plot_latency_map(run, path="map.png")

Modules: run_file (one file), runs (many), summary (network figures), latency_map,
pair_latency (per pair / destination, packet samples),
topology (router id -> coordinates), plots, sweep_index (index.csv), runner (run the binary).
"""
from .config import flatten_config
from .latency_map import port_latency, router_latency
from .pair_latency import destination_latency, packet_samples, pair_latency
from .plots import (new_figure, plot_destination_latency, plot_latency_map,
                    plot_latency_vs_load, plot_load_sweep, plot_throughput, plot_time_series,
                    save_figure, window_frame)
from .run_file import ResultsFileError, Run, load_run
from .runner import WarpnetRunError, find_warpnet, run_sweep, run_warpnet, supports_output
from .runs import load_runs, over_seeds, runs_frame
from .summary import SUMMARY_UNITS, computed_summary, network_summary
from .sweep_index import read_index, write_index
from .topology import Topology, coordinates, topology_from_config

__all__ = [
    "ResultsFileError", "Run", "SUMMARY_UNITS", "Topology", "WarpnetRunError", "coordinates",
    "destination_latency", "find_warpnet", "flatten_config", "load_run", "load_runs",
    "computed_summary", "network_summary", "new_figure", "over_seeds", "packet_samples", "pair_latency",
    "plot_destination_latency", "plot_latency_map", "plot_latency_vs_load", "plot_load_sweep", "plot_throughput",
    "plot_time_series", "port_latency", "read_index", "router_latency", "run_sweep",
    "run_warpnet", "runs_frame", "save_figure", "supports_output", "topology_from_config",
    "window_frame", "write_index",
]
__version__ = "0.1.0"
