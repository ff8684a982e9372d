# SPDX-License-Identifier: Apache-2.0
"""The latency map: contention per router, from the `network/ports` table.

The network model writes one row per router output port (models/network/metrics/
router_records.hpp): flits and packets that left through it, and `head_wait_ticks`, the time
packet heads waited at the front of their input VC beyond the pipeline delay (for an output VC,
credits or the switch), charged to the port they finally took. The counts cover the whole run,
warm-up included. Per router:

- `mean_wait`: sum of waits / packets over its output ports, in cycles: the mean contention a
  packet met in that router (PR-DRB thesis, §4.3, latency map);
- `max_port_wait`: the largest mean wait of one of its ports (a single hot link);
- `max_utilisation`: the busiest router-to-router output port, flits per cycle.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .run_file import Run
from .summary import NAN, network_params, port_frame
from .topology import DIRECT, coordinates, topology_from_config

PORTS_TABLE = "network/ports"
MAP_METRICS = {
    "mean_wait": ("mean contention per packet", "cycles"),
    "max_port_wait": ("worst output port: mean contention", "cycles"),
    "max_utilisation": ("busiest network port", "flits/cycle"),
}


def port_latency(run: Run) -> pd.DataFrame:
    """`network/ports` with `wait_cycles`, `mean_wait` and `utilisation` added (see summary)."""
    if not run.has_table(PORTS_TABLE):
        raise KeyError(f"{run.path}: no {PORTS_TABLE} table (the latency map); "
                       f"tables: {', '.join(run.tables)}")
    return port_frame(run.table(PORTS_TABLE), network_params(run))


def router_latency(run: Run, include_terminal: bool = True) -> pd.DataFrame:
    """One row per router: packets, flits, the map metrics and its position in the topology.

    Position columns: `x`, `y` (heatmap cell) and `c0`, `c1`, ... for mesh, torus and
    hypercube; `level`, `index` for a fat tree. Routers with no row in the ports table are
    absent. `include_terminal=False` leaves out ejection ports (contention for the node).
    """
    ports = port_latency(run)
    chosen = ports if include_terminal else ports[ports["terminal"] == 0]
    network = ports[ports["terminal"] == 0]
    grouped = chosen.groupby("router")
    frame = pd.DataFrame({
        "packets": grouped["packets"].sum(),
        "flits": grouped["flits"].sum(),
        "wait_cycles": grouped["wait_cycles"].sum(),
        "max_port_wait": grouped["mean_wait"].max(),
    })
    frame["mean_wait"] = np.where(frame["packets"] > 0,
                                  frame["wait_cycles"] / frame["packets"].where(
                                      frame["packets"] > 0, 1), NAN)
    frame["max_utilisation"] = network.groupby("router")["utilisation"].max()
    frame = frame.reset_index()
    frame["router"] = frame["router"].astype(np.int64)
    _add_positions(frame, run)
    frame.attrs["units"] = {"packets": "packets", "flits": "flits", "wait_cycles": "cycles",
                            "mean_wait": "cycles", "max_port_wait": "cycles",
                            "max_utilisation": "flits/cycle"}
    return frame


def _add_positions(frame: pd.DataFrame, run: Run) -> None:
    if "network.topology" not in run.config_flat:
        return
    topo = topology_from_config(run.config_flat)
    routers = frame["router"].to_numpy()
    if topo.kind in DIRECT:
        frame["x"] = routers % topo.grid_width
        frame["y"] = routers // topo.grid_width
        coords = np.array([coordinates(int(r), topo.dims) for r in routers], dtype=np.int64)
        for d in range(len(topo.dims)):
            frame[f"c{d}"] = coords[:, d] if len(routers) else np.empty(0, dtype=np.int64)
    elif topo.kind == "fat_tree":
        per_level = topo.k ** (topo.n - 1)
        frame["level"] = routers // per_level
        frame["index"] = routers % per_level
