# SPDX-License-Identifier: Apache-2.0
"""One results file (docs/hdf5-schema.md) opened as a `Run`.

`load_run(path)` reads every attribute at once (they are small) and lists the tables; a table is
read into a DataFrame the first time it is used and then kept, so that loading a sweep of many
runs reads only the tables its summary needs (packet samples can be large).

The file is closed between reads: a `Run` holds no HDF5 handle, can be pickled, and does not keep
a file locked while a notebook is open.
"""
from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import h5py
import numpy as np
import pandas as pd

from .config import flatten_config, parse_config
from .tables import read_table, table_names, text

SUPPORTED_SCHEMA_VERSIONS = (1,)
UNIT_PREFIX = "unit:"


class ResultsFileError(ValueError):
    """The file is not a warpnet results file this package can read."""


class _Tables(Mapping):
    """Tables of one file by name ("network/nodes"), read on first access and cached."""

    def __init__(self, path: Path, names: list[str]):
        self._path = path
        self._names = names
        self._cache: dict[str, pd.DataFrame] = {}

    def __getitem__(self, name: str) -> pd.DataFrame:
        name = name.lstrip("/")
        if name not in self._names:
            raise KeyError(f"{self._path}: no table {name!r}; tables: {', '.join(self._names)}")
        if name not in self._cache:
            with h5py.File(self._path, "r") as file:
                self._cache[name] = read_table(file[name])
        return self._cache[name]

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.lstrip("/") in self._names

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __repr__(self) -> str:
        return f"<tables {self._names}>"


@dataclass(frozen=True)
class Run:
    """A results file: attributes, effective configuration and tables.

    - `attributes[path]`: the attributes of the object at `path` ("/", "/run", "/network", ...),
      without the `unit:` companions, which are in `attribute_units[path]`;
    - `config`: the effective configuration (nested, as `tomllib` returns it);
      `config_flat`: the same with dotted keys (`config_flat["traffic.load"]`);
    - `tables`: {name: DataFrame}, e.g. `tables["network/nodes"]`, units in `df.attrs["units"]`.
    """

    path: Path
    attributes: dict[str, dict[str, Any]]
    attribute_units: dict[str, dict[str, str]]
    config: dict[str, Any]
    config_flat: dict[str, Any]
    tables: _Tables = field(repr=False)

    @property
    def attrs(self) -> dict[str, Any]:
        """Root attributes: schema and warpnet versions, seed, termination, digest, ..."""
        return self.attributes["/"]

    @property
    def run_attrs(self) -> dict[str, Any]:
        """`/run` attributes: engine, ranks, partitioner, wall clock, ..."""
        return self.attributes.get("/run", {})

    @property
    def schema_version(self) -> int:
        return int(self.attrs["schema_version"])

    @property
    def versions(self) -> dict[str, Any]:
        return {"schema_version": self.schema_version,
                "warpnet_version": self.attrs.get("warpnet_version"),
                "git_revision": self.attrs.get("git_revision")}

    @property
    def seed(self) -> int | None:
        return _optional_int(self.attrs.get("seed"))

    @property
    def termination(self) -> str | None:
        return self.attrs.get("termination_reason")

    @property
    def engine(self) -> str | None:
        return self.run_attrs.get("engine")

    @property
    def ranks(self) -> int | None:
        return _optional_int(self.run_attrs.get("ranks"))

    @property
    def model(self) -> str | None:
        """The model name, from the configuration (`simulation.model`) or a root attribute."""
        return self.config_flat.get("simulation.model", self.attrs.get("model"))

    def group_attrs(self, group: str) -> dict[str, Any]:
        """Attributes of a group such as "network" ({} when the group has none)."""
        return self.attributes.get("/" + group.strip("/"), {})

    def table(self, name: str) -> pd.DataFrame:
        """The table `name` ("network/nodes"); a `KeyError` lists the tables the file has."""
        return self.tables[name]

    def has_table(self, name: str) -> bool:
        return name in self.tables


def load_run(path: str | Path) -> Run:
    """Opens a results file: attributes, parsed configuration, and the list of its tables.

    Raises `FileNotFoundError` for a missing file and `ResultsFileError` for a file that is not
    HDF5 or whose `schema_version` this package does not know (a newer layout could be misread).
    """
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"{path}: no such results file")
    try:
        file = h5py.File(path, "r")
    except OSError as error:
        raise ResultsFileError(f"{path}: not an HDF5 file ({error})") from error
    with file:
        version = file.attrs.get("schema_version")
        if version is None:
            raise ResultsFileError(f"{path}: no schema_version attribute; not a warpnet results file")
        if int(version) not in SUPPORTED_SCHEMA_VERSIONS:
            raise ResultsFileError(
                f"{path}: schema_version {int(version)} is not supported "
                f"(this package reads {SUPPORTED_SCHEMA_VERSIONS}); update warpnet_analysis")
        attributes, units = _all_attributes(file)
        names = table_names(file)
    toml_text = attributes.get("/run", {}).get("config_toml", "")
    config = parse_config(toml_text) if toml_text else {}
    return Run(path=path, attributes=attributes, attribute_units=units, config=config,
               config_flat=flatten_config(config), tables=_Tables(path, names))


def _all_attributes(file: h5py.File) -> tuple[dict, dict]:
    """Attributes of the root and of every group, split into values and `unit:` companions."""
    values: dict[str, dict[str, Any]] = {}
    units: dict[str, dict[str, str]] = {}

    def take(path: str, obj) -> None:
        vals, unit = {}, {}
        for name, value in obj.attrs.items():
            if name.startswith(UNIT_PREFIX):
                unit[name[len(UNIT_PREFIX):]] = text(value)
            else:
                vals[name] = _attribute_value(value)
        values[path], units[path] = vals, unit

    take("/", file)

    def visit(name, obj):
        if isinstance(obj, h5py.Group):
            take("/" + name, obj)

    file.visititems(visit)
    return values, units


def _attribute_value(value: Any) -> Any:
    """Scalars as Python values, strings as `str`, arrays as lists."""
    if isinstance(value, (bytes, str)):
        return text(value)
    if isinstance(value, np.ndarray):
        return [_attribute_value(v) for v in value.tolist()]
    if isinstance(value, np.generic):
        return value.item()
    return value


def _optional_int(value: Any) -> int | None:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None
    return int(value)
