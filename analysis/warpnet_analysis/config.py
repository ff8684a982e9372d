# SPDX-License-Identifier: Apache-2.0
"""The effective configuration of a run as a flat {dotted key: value} dict.

The file keeps the configuration as TOML text (`/run` attribute `config_toml`, the output of
`warpnet config --effective`). Sweeps compare runs key by key, so the nested tables become dotted
keys, the same names `--set` and `warpnet config --explain` use (`traffic.load`,
`network.dims`). Values must be hashable to serve as DataFrame group keys:

- arrays of scalars become tuples (`network.dims = [8, 8]` -> `(8, 8)`);
- arrays of tables (`[[traffic.phases]]`) become one JSON string, compared as a whole.
"""
from __future__ import annotations

import json
import tomllib
from typing import Any, Mapping


def parse_config(toml_text: str) -> dict[str, Any]:
    """Parses the effective configuration; a malformed text is a `ValueError` naming TOML."""
    try:
        return tomllib.loads(toml_text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"config_toml is not valid TOML: {error}") from error


def flatten_config(nested: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Flattens nested tables into dotted keys, in the order of the TOML text."""
    flat: dict[str, Any] = {}
    for key, value in nested.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(flatten_config(value, name + "."))
        elif isinstance(value, list):
            flat[name] = _hashable_array(value)
        else:
            flat[name] = value
    return flat


def _hashable_array(values: list) -> tuple | str:
    if any(isinstance(v, (Mapping, list)) for v in values):
        return json.dumps(values, sort_keys=True, default=str)
    return tuple(values)
