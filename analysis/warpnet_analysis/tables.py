# SPDX-License-Identifier: Apache-2.0
"""Compound datasets of a results file as pandas DataFrames.

docs/hdf5-schema.md, "Tables": every table is a one-dimensional compound dataset with one
8-byte member per column, and the attributes `description`, `units`, `column_descriptions`,
`key_columns` and `combine`. The DataFrame keeps the columns as ordinary columns (not an index),
so that frames of several runs concatenate and merge without surprises, and carries the metadata
in `df.attrs`:

- `units`: {column: unit}, "" for ids and dimensionless counts;
- `column_descriptions`: {column: one line};
- `key_columns`: [names], `description`: str, `combine`: str, `table`: the dataset's name.

Columns are looked up by name, never by position, as the schema asks of readers.
"""
from __future__ import annotations

import h5py
import numpy as np
import pandas as pd


def text(value) -> str:
    """An HDF5 string attribute as `str` (h5py gives `bytes` for fixed-length strings)."""
    if isinstance(value, bytes):
        return value.decode("utf-8")
    if isinstance(value, np.generic):
        return text(value.item())
    return str(value)


def text_list(value) -> list[str]:
    """An HDF5 string-array attribute (or a missing one, `None`) as a list of `str`."""
    if value is None:
        return []
    return [text(v) for v in np.atleast_1d(value)]


def read_table(dataset: h5py.Dataset) -> pd.DataFrame:
    """Reads one compound dataset into a DataFrame with its metadata in `df.attrs`.

    A dataset that is not compound is refused: the schema has no such tables, and guessing
    column names would hide a writer bug.
    """
    names = dataset.dtype.names
    if names is None:
        raise ValueError(f"{dataset.name}: not a table (dtype {dataset.dtype} is not compound)")
    frame = pd.DataFrame(dataset[()])
    attrs = dataset.attrs
    units = text_list(attrs.get("units"))
    descriptions = text_list(attrs.get("column_descriptions"))
    frame.attrs["table"] = dataset.name.lstrip("/")
    frame.attrs["description"] = text(attrs.get("description", ""))
    frame.attrs["units"] = dict(zip(names, units)) if len(units) == len(names) else {}
    frame.attrs["column_descriptions"] = (
        dict(zip(names, descriptions)) if len(descriptions) == len(names) else {})
    frame.attrs["key_columns"] = text_list(attrs.get("key_columns"))
    frame.attrs["combine"] = text(attrs.get("combine", ""))
    return frame


def table_names(file: h5py.File) -> list[str]:
    """Paths (without the leading slash) of every compound dataset in the file, sorted."""
    names: list[str] = []

    def visit(name, obj):
        if isinstance(obj, h5py.Dataset) and obj.dtype.names is not None:
            names.append(name)

    file.visititems(visit)
    return sorted(names)
