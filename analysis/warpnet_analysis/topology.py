# SPDX-License-Identifier: Apache-2.0
"""Router ids -> positions for drawing, as docs/topologies.md numbers them.

- Mesh and torus: coordinates (c_0, ..., c_{n-1}) with dimension 0 varying fastest,
  `id = c_0 + k_0 c_1 + k_0 k_1 c_2 + ...` (on an 8x8 network router 10 is (x=2, y=1)).
- Hypercube: the id is the n-bit address, i.e. a 2-ary n-cube numbered the same way.
- Fat tree (k-ary n-tree): `id = level * k^(n-1) + s`, levels counted from the leaves.

A heatmap needs two axes: x is c_0 and y folds the other dimensions (`id // k_0`), which is
c_1 on a 2-D network. A hypercube is folded into a near-square grid of its low and high bits.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Mapping

DIRECT = ("mesh", "torus", "hypercube")


@dataclass(frozen=True)
class Topology:
    """What the plots need to know about a topology, read from the effective configuration."""

    kind: str                       # mesh, torus, hypercube, fat_tree, or another name
    dims: tuple[int, ...] = ()      # routers per dimension (hypercube: n twos)
    k: int | None = None            # fat tree arity
    n: int | None = None            # fat tree levels, hypercube dimension
    concentration: int = 1

    @property
    def num_routers(self) -> int | None:
        if self.kind in DIRECT:
            return math.prod(self.dims)
        if self.kind == "fat_tree":
            return self.n * self.k ** (self.n - 1)
        return None

    @property
    def grid_width(self) -> int:
        """Routers along the heatmap's x axis (direct networks)."""
        if self.kind == "hypercube":
            return 2 ** math.ceil(len(self.dims) / 2)
        return self.dims[0]

    @property
    def grid_shape(self) -> tuple[int, int]:
        """(width, height) of the heatmap grid (direct networks)."""
        width = self.grid_width
        return width, math.prod(self.dims) // width

    def grid_position(self, router: int) -> tuple[int, int]:
        """(x, y) cell of a router in the heatmap: x = id mod width, y = id div width."""
        return router % self.grid_width, router // self.grid_width

    def fat_tree_position(self, router: int) -> tuple[int, int]:
        """(level, index s) of a fat-tree switch."""
        per_level = self.k ** (self.n - 1)
        return router // per_level, router % per_level


def topology_from_config(config_flat: Mapping[str, Any]) -> Topology:
    """The topology of a run from its flattened effective configuration (`network.*` keys)."""
    kind = config_flat.get("network.topology")
    if kind is None:
        raise ValueError("the configuration has no network.topology (not a network run)")
    concentration = int(config_flat.get("network.concentration", 1))
    if kind in ("mesh", "torus"):
        return Topology(kind, dims=tuple(int(d) for d in config_flat["network.dims"]),
                        concentration=concentration)
    if kind == "hypercube":
        n = int(config_flat["network.n"])
        return Topology(kind, dims=(2,) * n, n=n, concentration=concentration)
    if kind == "fat_tree":
        return Topology(kind, k=int(config_flat["network.k"]), n=int(config_flat["network.n"]))
    return Topology(kind)


def coordinates(router: int, dims: tuple[int, ...]) -> tuple[int, ...]:
    """Mesh/torus coordinates of a router, dimension 0 first (fastest varying)."""
    coords = []
    for k in dims:
        coords.append(router % k)
        router //= k
    return tuple(coords)
