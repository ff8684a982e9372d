# SPDX-License-Identifier: Apache-2.0
"""The sweep index: `index.csv` in a directory of results files (format in analysis/README.md).

    file,network.topology,traffic.load
    run-0000.h5,mesh,0.1
    run-0001.h5,mesh,0.2

- UTF-8 CSV (RFC 4180 quoting), one header line, one row per run, in run order;
- column `file` first: the results file's name, relative to the index's directory;
- then one column per swept key, named by its dotted configuration key, holding the value as
  given to `--set` (TOML syntax; strings may be bare: `mesh`, arrays as `[8, 8]`);
- only runs whose file was completed are listed; the index is written after the last of them.

The files carry their whole effective configuration, so the index adds nothing a reader could
not recover; it says which files belong to the sweep (not every `*.h5` lying in the directory)
and which keys were swept.
"""
from __future__ import annotations

import csv
import math
import os
from pathlib import Path
from typing import Any, Mapping, Sequence

INDEX_NAME = "index.csv"
FILE_COLUMN = "file"


def toml_literal(value: Any) -> str:
    """A value as `--set key=VALUE` and the index write it (strings bare, arrays bracketed)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_literal(v) for v in value) + "]"
    if isinstance(value, float):
        return repr(value)
    return str(value)


def write_index(directory: str | Path, rows: Sequence[Mapping[str, Any]]) -> Path:
    """Writes `index.csv` atomically (temporary name, then rename); returns its path.

    Each row maps `file` and the swept keys to values; all rows must have the same keys.
    """
    directory = Path(directory)
    if not rows:
        raise ValueError("a sweep index needs at least one run")
    keys = [k for k in rows[0] if k != FILE_COLUMN]
    for row in rows:
        if set(row) != set(keys) | {FILE_COLUMN}:
            raise ValueError(f"index row {dict(row)} does not have the columns file, {keys}")
    final = directory / INDEX_NAME
    partial = directory / f".{INDEX_NAME}.partial-{os.getpid()}"
    with open(partial, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow([FILE_COLUMN, *keys])
        for row in rows:
            writer.writerow([row[FILE_COLUMN], *(toml_literal(row[k]) for k in keys)])
    partial.replace(final)
    return final


def read_index(path: str | Path) -> tuple[list[dict[str, str]], list[str]]:
    """Reads an index: (rows as {column: text}, swept keys). Checks the header and that files
    are named; a listed file that does not exist is a `FileNotFoundError` (a broken sweep)."""
    path = Path(path)
    with open(path, newline="", encoding="utf-8") as src:
        reader = csv.DictReader(src)
        header = reader.fieldnames or []
        if not header or header[0] != FILE_COLUMN:
            raise ValueError(f"{path}: the first column must be '{FILE_COLUMN}', got {header}")
        rows = list(reader)
    for number, row in enumerate(rows, start=2):
        name = row.get(FILE_COLUMN) or ""
        if not name:
            raise ValueError(f"{path}:{number}: empty file name")
        if not (path.parent / name).is_file():
            raise FileNotFoundError(f"{path}:{number}: listed file {name} does not exist")
    return rows, header[1:]


def same_value(index_text: str, config_value: Any) -> bool:
    """Whether an index cell names the configuration value a file holds (numbers compared
    with a relative tolerance, so `0.30` and `0.3` agree; strings with or without quotes)."""
    text = index_text.strip()
    try:
        return math.isclose(float(text), float(config_value), rel_tol=1e-9, abs_tol=1e-12)
    except (TypeError, ValueError):
        pass
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        text = text[1:-1]
    return text.replace(" ", "") == toml_literal(config_value).replace(" ", "")
