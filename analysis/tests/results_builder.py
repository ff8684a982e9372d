# SPDX-License-Identifier: Apache-2.0
"""Writes small results files with h5py exactly as docs/hdf5-schema.md lays them out, so the
package is tested without the C++ binary: root attributes, `/run` with `config_toml` and
`engine_statistics`, group attributes with `unit:` companions, and tables as chunked,
extendable, shuffled and deflated compound datasets of 8-byte little-endian members with the
attributes description, units, column_descriptions, key_columns and combine."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

import h5py
import numpy as np

TYPES = {"u": "<u8", "i": "<i8", "f": "<f8"}
STRING = h5py.string_dtype("utf-8")


@dataclass
class Table:
    """A table as the writer sees it: columns (name, type u/i/f, unit), keys, rows."""
    name: str
    columns: Sequence[tuple[str, str, str]]
    rows: Sequence[Sequence[Any]]
    key_count: int = 1
    combine: str = "concatenate"
    description: str = "a table"


NODE_COLUMNS = [("node", "u", ""), ("packets_generated", "u", "packets"),
                ("flits_generated", "u", "flits"), ("flits_offered", "u", "flits"),
                ("packets_received", "u", "packets"), ("flits_received", "u", "flits"),
                ("flits_accepted", "u", "flits"), ("packets_measured", "u", "packets"),
                ("latency_sum", "i", "ps"), ("network_latency_sum", "i", "ps"),
                ("hops_sum", "u", "routers")]
SERIES_COLUMNS = [("window", "u", ""), ("packets_generated", "u", "packets"),
                  ("flits_generated", "u", "flits"), ("packets_delivered", "u", "packets"),
                  ("flits_delivered", "u", "flits"), ("latency_sum", "i", "ps")]
PORT_COLUMNS = [("router", "u", ""), ("port", "u", ""), ("terminal", "u", ""),
                ("flits", "u", "flits"), ("packets", "u", "packets"),
                ("head_wait_ticks", "u", "ps")]
ENGINE_COLUMNS = [("rank", "u", ""), ("events_processed", "u", ""),
                  ("events_committed", "u", ""), ("events_rolled_back", "u", ""),
                  ("primary_rollbacks", "u", ""), ("secondary_rollbacks", "u", ""),
                  ("anti_messages", "u", ""), ("remote_events", "u", ""),
                  ("gvt_rounds", "u", ""), ("wall_seconds", "f", "s"),
                  ("peak_rss_bytes", "u", "bytes"), ("event_digest", "u", "")]


def mesh_config(topology: str = "mesh", dims=(4, 4), load: float = 0.3, end_time: float = 1100.0,
                warmup: int = 100, name: str = "test-run", extra: str = "") -> str:
    """An effective configuration, as `warpnet config --effective` prints it."""
    dims_text = ", ".join(str(d) for d in dims)
    return f"""[simulation]
name = "{name}"
model = "network"
engine = "sequential"
partitioner = "block"
seed = 7
end_time = {end_time!r}
max_events = 0

[network]
topology = "{topology}"
dims = [{dims_text}]
routing = "dimension_order"

[router]
vcs = 2
buffer_depth = 8

[traffic]
pattern = "uniform"
load = {load!r}
packet_size = 1
injection = "bernoulli"
warmup_cycles = {warmup}

[metrics]
window_cycles = 100
{extra}"""


@dataclass
class ResultsFile:
    """Everything a results file holds; `write(path)` lays it out per the schema."""
    config_toml: str = field(default_factory=mesh_config)
    schema_version: int = 1
    tables: list[Table] = field(default_factory=list)
    # {group: {attribute: (value, unit or None)}}
    group_attributes: dict[str, dict[str, tuple[Any, str | None]]] = field(default_factory=dict)
    root_extra: dict[str, Any] = field(default_factory=dict)
    ranks: int = 1

    def write(self, path: str | Path) -> Path:
        path = Path(path)
        with h5py.File(path, "w") as f:
            f.attrs["schema_version"] = np.int64(self.schema_version)
            f.attrs.create("warpnet_version", "0.1.0", dtype=STRING)
            f.attrs.create("git_revision", "abc1234", dtype=STRING)
            f.attrs["seed"] = np.int64(7)
            f.attrs.create("termination_reason", "end_time_reached", dtype=STRING)
            f.attrs["events_committed"] = np.int64(123456)
            f.attrs.create("event_digest", "0123456789abcdef", dtype=STRING)
            for name, value in self.root_extra.items():
                _attribute(f, name, value, None)
            run = f.create_group("run")
            _attribute(run, "config_toml", self.config_toml, None)
            _attribute(run, "engine", "sequential", None)
            run.attrs["ranks"] = np.int64(self.ranks)
            _attribute(run, "partitioner", "block", None)
            run.attrs["edge_cut"] = np.int64(0)
            _attribute(run, "start_time", "2026-11-21T10:22:33.123Z", None)
            _attribute(run, "end_time", "2026-11-21T10:22:35.623Z", None)
            _attribute(run, "wall_seconds", 2.5, "s")
            _attribute(run, "hostname", "testhost", None)
            engine_rows = [[r, 1000, 900, 100, 5, 2, 3, 40, 6, 2.5, 1 << 20, 99 + r]
                           for r in range(self.ranks)]
            write_table(f, Table("run/engine_statistics", ENGINE_COLUMNS, engine_rows,
                                 description="Engine statistics of each rank"))
            for group, attributes in self.group_attributes.items():
                g = f.require_group(group)
                for name, (value, unit) in attributes.items():
                    _attribute(g, name, value, unit)
            for table in self.tables:
                write_table(f, table)
        return path


def _attribute(obj, name: str, value: Any, unit: str | None) -> None:
    if isinstance(value, str):
        obj.attrs.create(name, value, dtype=STRING)
    elif isinstance(value, float):
        obj.attrs[name] = np.float64(value)
    else:
        obj.attrs[name] = np.int64(value)
    if unit is not None:
        obj.attrs.create("unit:" + name, unit, dtype=STRING)


def write_table(f: h5py.File, table: Table) -> h5py.Dataset:
    dtype = np.dtype([(name, TYPES[kind]) for name, kind, _ in table.columns])
    data = np.array([tuple(row) for row in table.rows], dtype=dtype)
    rows_per_chunk = max(1, min(len(data), (256 * 1024) // dtype.itemsize))
    ds = f.create_dataset(table.name, data=data, maxshape=(None,), chunks=(rows_per_chunk,),
                          shuffle=True, compression="gzip", compression_opts=4)
    ds.attrs.create("description", table.description, dtype=STRING)
    names = [name for name, _, _ in table.columns]
    ds.attrs.create("units", [unit for _, _, unit in table.columns], dtype=STRING)
    ds.attrs.create("column_descriptions", [f"the {n}" for n in names], dtype=STRING)
    ds.attrs.create("key_columns", names[:table.key_count], dtype=STRING)
    ds.attrs.create("combine", table.combine, dtype=STRING)
    return ds


# --- a network run with known figures --------------------------------------------------------

TICKS = 1000
WARMUP = 100
MEASURE_END = 1100
WINDOW = 100


def network_attributes(num_nodes: int) -> dict[str, dict[str, tuple[Any, str | None]]]:
    return {"network": {"num_nodes": (num_nodes, None), "ticks_per_cycle": (TICKS, "ps"),
                        "warmup_cycles": (WARMUP, "cycles"),
                        "measure_end_cycle": (MEASURE_END, "cycles"),
                        "window_cycles": (WINDOW, "cycles")}}


def node_rows(num_nodes: int, offered: int = 300, accepted: int = 280):
    """Every node offers `offered` and accepts `accepted` flits in the 1000 measured cycles.
    Node 0 has 30 measured packets of 10 cycles (network part 8, 2 hops); the others 10 packets
    of 20 cycles (network part 15, 4 hops). So over 16 nodes: packet mean 18.33, destination
    mean 19.375 cycles."""
    rows = []
    for node in range(num_nodes):
        measured, latency, network, hops = (30, 10, 8, 2) if node == 0 else (10, 20, 15, 4)
        rows.append([node, offered + 5, offered + 5, offered, accepted, accepted, accepted,
                     measured, measured * latency * TICKS, measured * network * TICKS,
                     measured * hops])
    return rows


def series_rows(generated: Sequence[int], delivered: Sequence[int],
                latency_cycles: float | Sequence[float] = 12):
    """Window w: g packets of one flit generated, d delivered, each `latency_cycles` late (one
    value for every window, or one per window)."""
    if not isinstance(latency_cycles, Sequence):
        latency_cycles = [latency_cycles] * len(generated)
    return [[w, g, g, d, d, int(d * lat * TICKS)]
            for w, (g, d, lat) in enumerate(zip(generated, delivered, latency_cycles))]


SOURCE_COLUMNS = [("node", "u", ""), ("flits_offered", "u", "flits"),
                  ("flits_offered_delivered", "u", "flits"), ("packets_measured", "u", "packets"),
                  ("network_latency_sum", "i", "ps")]


def port_rows(num_routers: int, ports: int = 5):
    """Port p of router r: (r + 1) * 10 packets of 1 flit; each waits p cycles in total per
    packet on network ports 0..3, and 1 cycle on the terminal port 4. So router r's mean wait
    over all ports is (0 + 1 + 2 + 3 + 1) / 5 = 1.4 cycles, over network ports 1.5 cycles,
    its worst port 3 cycles; its busiest network port carries (r + 1) * 10 flits."""
    rows = []
    for r in range(num_routers):
        for p in range(ports):
            terminal = 1 if p == ports - 1 else 0
            packets = (r + 1) * 10
            wait = 1 if terminal else p
            rows.append([r, p, terminal, packets, packets, packets * wait * TICKS])
    return rows


def network_file(path, *, topology="mesh", dims=(4, 4), load=0.3, num_nodes=16,
                 generated=(30,) * 11, delivered=(30,) * 11, ports=True, name="test-run",
                 node_table=True, config_extra="", latency_cycles=12,
                 sources=None) -> Path:
    """A complete network run on a mesh or torus (one node per router). `sources`: rows of
    network/sources (node, flits offered, of those delivered, packets measured, network
    latency sum in ps), or None for no such table."""
    tables = []
    if node_table:
        tables.append(Table("network/nodes", NODE_COLUMNS, node_rows(num_nodes)))
    tables.append(Table("network/time_series", SERIES_COLUMNS,
                        series_rows(generated, delivered, latency_cycles), combine="sum"))
    if sources is not None:
        tables.append(Table("network/sources", SOURCE_COLUMNS, sources, combine="sum"))
    if ports:
        tables.append(Table("network/ports", PORT_COLUMNS, port_rows(num_nodes), key_count=2))
    return ResultsFile(config_toml=mesh_config(topology, dims, load, name=name,
                                               extra=config_extra),
                       tables=tables, group_attributes=network_attributes(num_nodes)).write(path)
