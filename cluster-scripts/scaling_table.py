#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The table of a scaling study (submit-scaling.sh): one row per cell with its wall time,
event rate, speedup and efficiency, from the cells' --stats-json files.

    scaling_table.py DIR/cells.tsv [--csv DIR/scaling.csv]

- strong scaling (one size, more ranks): speedup = T(r0) / T(r), efficiency = speedup * r0 / r,
  where r0 is the fewest ranks run at that size (1 rank: the sequential engine);
- weak scaling (size growing with the ranks): efficiency = T(r0) / T(r), and the scaled
  speedup = efficiency * r / r0.
A cell without statistics (failed, cancelled, still running) has status `missing` and no figures.
The event digest shows whether all cells of one size computed the same thing (they should).
"""
import argparse
import csv
import json
import os
import pathlib
import sys

COLUMNS = ["study", "size", "ranks", "status", "wall_seconds", "events_committed", "event_rate",
           "speedup", "efficiency", "rollback_efficiency", "event_digest", "job"]


def read_cell(row: dict, directory: pathlib.Path) -> dict:
    cell = {"study": row["study"], "size": row["size"], "ranks": int(row["ranks"]),
            "job": row["job"], "status": "missing"}
    path = directory / row["stats"]
    if path.is_file():
        total = json.loads(path.read_text())["total"]
        cell.update(status="ok", wall_seconds=total["wall_seconds"],
                    events_committed=total["events_committed"],
                    event_rate=total["committed_events_per_second"],
                    rollback_efficiency=total["efficiency"], event_digest=total["event_digest"])
    return cell


def add_speedups(cells: list) -> None:
    groups = {}
    for cell in cells:
        if cell["status"] == "ok":
            key = (cell["study"], cell["size"] if cell["study"] == "strong" else None)
            groups.setdefault(key, []).append(cell)
    for (study, _), group in groups.items():
        base = min(group, key=lambda c: c["ranks"])
        for cell in group:
            ratio = base["wall_seconds"] / cell["wall_seconds"]
            if study == "strong":
                cell["speedup"] = ratio
                cell["efficiency"] = ratio * base["ranks"] / cell["ranks"]
            else:
                cell["efficiency"] = ratio
                cell["speedup"] = ratio * cell["ranks"] / base["ranks"]


def text(value) -> str:
    if isinstance(value, float):
        return f"{value:.6g}"
    return "" if value is None else str(value)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cells", type=pathlib.Path, help="cells.tsv written by submit-scaling.sh")
    parser.add_argument("--csv", type=pathlib.Path, help="write the table here (else stdout)")
    args = parser.parse_args()
    with open(args.cells, newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    cells = [read_cell(row, args.cells.parent) for row in rows]
    add_speedups(cells)
    lines = [COLUMNS] + [[text(cell.get(c)) for c in COLUMNS] for cell in cells]
    if args.csv is None:
        csv.writer(sys.stdout).writerows(lines)
    else:
        temporary = args.csv.with_name(f".{args.csv.name}.tmp")
        with open(temporary, "w", newline="") as f:
            csv.writer(f).writerows(lines)
        os.replace(temporary, args.csv)
    widths = [max(len(line[i]) for line in lines) for i in range(len(COLUMNS) - 1)]
    for line in lines:   # a readable copy on stderr (the job log)
        print("  ".join(v.ljust(w) for v, w in zip(line, widths)), file=sys.stderr)
    return 1 if any(cell["status"] != "ok" for cell in cells) else 0


if __name__ == "__main__":
    sys.exit(main())
