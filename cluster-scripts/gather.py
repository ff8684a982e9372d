#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""One table from many warpnet runs (a sweep directory, an index.csv or results files), through
warpnet_analysis.load_runs: one row per run, with every configuration key, the summary
figures (offered/accepted load, latency, saturated, ...) and the execution figures (engine,
ranks, events_committed, wall_seconds, ...).

    gather.py DIR [--csv DIR/table.csv] [--hdf5 DIR/table.h5]
    gather.py a.h5 b.h5 ... --csv table.csv

The HDF5 file holds one dataset per column in the group /runs (numbers as numbers, anything
else as UTF-8 text), the column order in the group's attribute `columns`, and each figure's
unit in the dataset's attribute `unit`. Files are written under a temporary name and renamed.
"""
import argparse
import os
import pathlib
import sys

import h5py
import numpy as np
import pandas as pd

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "analysis"))
import warpnet_analysis as wa  # noqa: E402


def write_csv(frame: pd.DataFrame, path: pathlib.Path) -> None:
    temporary = path.with_name(f".{path.name}.tmp")
    frame.to_csv(temporary, index=False)
    os.replace(temporary, path)


def column_data(column: pd.Series):
    if pd.api.types.is_bool_dtype(column):
        return column.to_numpy(dtype=bool)
    if pd.api.types.is_numeric_dtype(column):
        return column.to_numpy()
    # Text, lists (network.dims) and missing values: their text, as in the CSV.
    return np.array(["" if value is None or (isinstance(value, float) and np.isnan(value))
                     else str(value) for value in column], dtype=h5py.string_dtype())


def write_hdf5(frame: pd.DataFrame, path: pathlib.Path) -> None:
    temporary = path.with_name(f".{path.name}.tmp")
    units = frame.attrs.get("units", {})
    with h5py.File(temporary, "w") as f:
        group = f.create_group("runs")
        group.attrs["columns"] = np.array(list(frame.columns), dtype=h5py.string_dtype())
        group.attrs["swept_keys"] = np.array(frame.attrs.get("swept_keys", []),
                                             dtype=h5py.string_dtype())
        for name in frame.columns:
            dataset = group.create_dataset(name.replace("/", "_"), data=column_data(frame[name]))
            if name in units:
                dataset.attrs["unit"] = units[name]
    os.replace(temporary, path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sources", nargs="+", help="a sweep directory, an index.csv, or .h5 files")
    parser.add_argument("--csv", type=pathlib.Path, help="write the table as CSV here")
    parser.add_argument("--hdf5", type=pathlib.Path, help="write the table as HDF5 here")
    args = parser.parse_args()
    source = args.sources[0] if len(args.sources) == 1 else args.sources
    try:
        frame = wa.load_runs(source)
    except (OSError, ValueError) as error:
        print(f"gather: cannot read the runs: {error}", file=sys.stderr)
        return 2
    if args.csv is None and args.hdf5 is None:
        frame.to_csv(sys.stdout, index=False)
        return 0
    if args.csv is not None:
        write_csv(frame, args.csv)
    if args.hdf5 is not None:
        write_hdf5(frame, args.hdf5)
    written = " and ".join(str(p) for p in (args.csv, args.hdf5) if p is not None)
    print(f"gather: {len(frame)} runs, {len(frame.columns)} columns -> {written}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
