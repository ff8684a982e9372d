# SPDX-License-Identifier: Apache-2.0
"""Many runs as one DataFrame, one row per run: the table a sweep is analysed from.

Columns, in this order:

- `file`: the file's name (relative to the directory or index);
- every key of the effective configuration, dotted (`traffic.load`, `network.topology`), so
  that runs are selected and grouped by what they were configured with;
- the network summary figures (warpnet_analysis.summary: `offered_load`, `accepted_load`,
  `latency`, `saturated`, ...), NaN where a table is absent;
- about the execution: `engine`, `ranks`, `termination_reason`, `events_committed`,
  `wall_seconds`, `warpnet_version`, `git_revision`, `path`.

`df.attrs["units"]` gives the units of the figures, `df.attrs["swept_keys"]` the keys the
index names (or, without an index, the configuration keys whose values differ between runs),
`df.attrs["varying_keys"]` the configuration keys whose values differ.
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

import pandas as pd

from .run_file import Run, load_run
from .summary import SUMMARY_UNITS, network_summary
from .sweep_index import FILE_COLUMN, INDEX_NAME, read_index, same_value

RUN_COLUMNS = ("engine", "ranks", "termination_reason", "events_committed", "wall_seconds",
               "warpnet_version", "git_revision", "path")
# Keys that differ between the runs of any sweep without being a swept parameter.
UNGROUPED_KEYS = ("simulation.name",)


def load_runs(source: str | Path | Iterable[str | Path]) -> pd.DataFrame:
    """Loads a sweep: a directory (its `index.csv` if present, else every `*.h5` in it, sorted,
    hidden `.partial-` files excluded), an index file, or an iterable of results files."""
    swept: list[str] | None = None
    index_rows: list[dict[str, str]] = []
    if isinstance(source, (str, Path)):
        source = Path(source)
        if source.is_dir() and (source / INDEX_NAME).is_file():
            source = source / INDEX_NAME
        if source.is_dir():
            files = sorted(p for p in source.glob("*.h5") if not p.name.startswith("."))
            if not files:
                raise FileNotFoundError(f"{source}: no {INDEX_NAME} and no *.h5 files")
            names = [p.name for p in files]
        elif source.suffix == ".csv":
            index_rows, swept = read_index(source)
            files = [source.parent / row[FILE_COLUMN] for row in index_rows]
            names = [row[FILE_COLUMN] for row in index_rows]
        else:
            files, names = [source], [source.name]
    else:
        files = [Path(p) for p in source]
        names = [p.name for p in files]
    runs = [load_run(p) for p in files]
    for run, row in zip(runs, index_rows):
        _check_against_index(run, row)
    frame = pd.DataFrame([_row(name, run) for name, run in zip(names, runs)])
    extra = {k for row in index_rows for k in row if k != FILE_COLUMN and k not in frame}
    for key in sorted(extra):
        frame[key] = _numeric_if_possible(pd.Series([r.get(key) for r in index_rows]))
    varying = varying_keys(frame)
    frame.attrs["units"] = {**SUMMARY_UNITS, "wall_seconds": "s", "events_committed": "events"}
    frame.attrs["varying_keys"] = varying
    frame.attrs["swept_keys"] = swept if swept is not None else [
        k for k in varying if k not in UNGROUPED_KEYS]
    return frame


def runs_frame(runs: Iterable[Run]) -> pd.DataFrame:
    """The same table from `Run` objects already loaded (names from their paths)."""
    runs = list(runs)
    frame = pd.DataFrame([_row(run.path.name, run) for run in runs])
    frame.attrs["units"] = {**SUMMARY_UNITS, "wall_seconds": "s", "events_committed": "events"}
    frame.attrs["varying_keys"] = varying_keys(frame)
    frame.attrs["swept_keys"] = [k for k in frame.attrs["varying_keys"]
                                 if k not in UNGROUPED_KEYS]
    return frame


def over_seeds(runs: pd.DataFrame, keys: list[str], figures: Iterable[str]) -> pd.DataFrame:
    """One row per point of `keys` over the seeds (or any other ungrouped runs): the mean of each
    of `figures`, its sample standard deviation (ddof 1), min and max in `<figure>_std`,
    `_min`, `_max`, and `seeds`, the number of runs. `saturated` counts as 0/1 (missing as 0),
    so its mean is the share of saturated runs; a figure absent from `runs` is NaN."""
    runs = runs.copy()
    figures = list(figures)
    if "saturated" in runs:
        runs["saturated"] = runs["saturated"].astype(object).fillna(False).astype(float)
    for figure in figures:
        if figure not in runs:
            runs[figure] = float("nan")
    grouped = runs.groupby(keys, sort=False, dropna=False)[figures]
    table = grouped.mean()
    for stat in ("std", "min", "max"):
        table = table.join(getattr(grouped, stat)().add_suffix("_" + stat))
    table["seeds"] = grouped.size()
    return table.reset_index()


def varying_keys(frame: pd.DataFrame) -> list[str]:
    """Configuration columns (dotted names) whose value is not the same in every row."""
    keys = []
    for column in frame.columns:
        if "." in column and frame[column].astype(str).nunique(dropna=False) > 1:
            keys.append(column)
    return keys


def _row(name: str, run: Run) -> dict:
    row = {FILE_COLUMN: name, **run.config_flat, **network_summary(run)}
    row.update(engine=run.engine, ranks=run.ranks, termination_reason=run.termination,
               events_committed=run.attrs.get("events_committed"),
               wall_seconds=run.run_attrs.get("wall_seconds"),
               warpnet_version=run.attrs.get("warpnet_version"),
               git_revision=run.attrs.get("git_revision"), path=str(run.path))
    return row


def _numeric_if_possible(column: pd.Series) -> pd.Series:
    try:
        return pd.to_numeric(column)
    except (TypeError, ValueError):
        return column


def _check_against_index(run: Run, row: dict[str, str]) -> None:
    """A swept value in the index must be the value in the file: else the index and the
    files do not belong together, and every plot drawn from them would be wrong."""
    for key, text in row.items():
        if key == FILE_COLUMN or key not in run.config_flat:
            continue
        if not same_value(text, run.config_flat[key]):
            raise ValueError(f"{run.path}: the index says {key} = {text}, "
                             f"the file's configuration says {run.config_flat[key]!r}")
