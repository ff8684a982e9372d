# SPDX-License-Identifier: Apache-2.0
"""Running the warpnet binary from Python: one run, or a small sweep with its index.

For notebooks and tests that make their own data. `run_sweep` writes the same directory layout
as `warpnet sweep` (results files plus `index.csv`, analysis/README.md), so `load_runs` reads
either. The binary is `binary`, else `$WARPNET_BIN`, else `build/app/warpnet` of this checkout.
"""
from __future__ import annotations

import itertools
import os
import subprocess
from pathlib import Path
from typing import Any, Mapping, Sequence

from .sweep_index import FILE_COLUMN, toml_literal, write_index

REPO_ROOT = Path(__file__).resolve().parents[2]


class WarpnetRunError(RuntimeError):
    """warpnet exited with an error; the message holds its command line and stderr."""


def find_warpnet(binary: str | Path | None = None) -> Path:
    """The warpnet executable to run; `FileNotFoundError` says where it was looked for."""
    candidate = Path(binary or os.environ.get("WARPNET_BIN") or REPO_ROOT / "build/app/warpnet")
    if not (candidate.is_file() and os.access(candidate, os.X_OK)):
        raise FileNotFoundError(f"no warpnet executable at {candidate} "
                                "(build it, or set WARPNET_BIN)")
    return candidate


def supports_output(binary: str | Path | None = None) -> bool:
    """Whether this build of `warpnet run` writes results files (has the --output option)."""
    help_text = subprocess.run([str(find_warpnet(binary)), "run", "--help"], capture_output=True,
                               text=True, timeout=30).stdout
    return "--output" in help_text


def run_warpnet(config: str | Path, output: str | Path, *,
                overrides: Mapping[str, Any] | None = None, binary: str | Path | None = None,
                extra_args: Sequence[str] = (), timeout: float = 600) -> Path:
    """Runs `warpnet run CONFIG --set key=value ... --output OUTPUT --force`; returns OUTPUT.

    `--force` because a notebook re-run must replace its own earlier files. A failure raises
    `WarpnetRunError` with warpnet's stderr, which names the bad key or value.
    """
    output = Path(output)
    command = [str(find_warpnet(binary)), "run", str(config), "--no-progress"]
    for key, value in (overrides or {}).items():
        command += ["--set", f"{key}={toml_literal(value)}"]
    command += ["--output", str(output), "--force", *extra_args]
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        raise WarpnetRunError(f"{' '.join(command)}\nexit {done.returncode}:\n{done.stderr}")
    if not output.is_file():
        raise WarpnetRunError(f"{' '.join(command)}\nexited 0 but wrote no {output}")
    return output


def run_sweep(config: str | Path, directory: str | Path, sweep: Mapping[str, Sequence[Any]], *,
              fixed: Mapping[str, Any] | None = None, binary: str | Path | None = None,
              timeout: float = 600) -> Path:
    """Runs every combination of the swept values (the last key varies fastest), each with the
    `fixed` overrides, into `directory/run-NNNN.h5`; writes `index.csv`, returns its path."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    keys = list(sweep)
    rows = []
    for number, values in enumerate(itertools.product(*(sweep[k] for k in keys))):
        point = dict(zip(keys, values))
        name = f"run-{number:04d}.h5"
        run_warpnet(config, directory / name, overrides={**(fixed or {}), **point},
                    binary=binary, timeout=timeout)
        rows.append({FILE_COLUMN: name, **point})
    return write_index(directory, rows)
