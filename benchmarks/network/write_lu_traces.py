# SPDX-License-Identifier: Apache-2.0
"""Writes the `lu` skeleton's operations as logical trace files, to measure trace replay at scale.

    /usr/bin/python3 benchmarks/network/write_lu_traces.py OUTDIR RANKS ITERATIONS PROBLEM_SIZE

OUTDIR/rank-<r>.trace for r < RANKS, the operations that
models/network/workload/replay/skeletons/lu_skeleton.cpp generates for the same parameters
(ns_per_point 1, bytes_per_point 8): replaying the directory gives the skeleton's execution time
(docs/performance.md, "Application skeletons at 4,096 ranks"). Kept in step with the C++ by
hand: the process grid of MPI_Dims_create, the lower and upper wavefront sweeps, one allreduce.
"""
import sys
from pathlib import Path


def process_grid(ranks):
    """2D sizes as ProcessGrid (skeletons/process_grid.cpp): prime factors, largest first, each to
    the currently smallest dimension; the larger size first."""
    size, factors, n, f = [1, 1], [], ranks, 2
    while f * f <= n:
        while n % f == 0:
            factors.append(f)
            n //= f
        f += 1
    if n > 1:
        factors.append(n)
    for p in sorted(factors, reverse=True):
        size[size.index(min(size))] *= p
    return sorted(size, reverse=True)


def lu_ops(rank, size, iterations, n, ns_per_point=1.0, bytes_per_point=8):
    def share(points, parts):
        return max(1, (points + parts - 1) // parts)
    extent = [share(n, size[0]), share(n, size[1])]
    values = 5 * bytes_per_point
    x_face, y_face = extent[1] * values, extent[0] * values
    plane = round(extent[0] * extent[1] * ns_per_point)
    coords = [rank // size[1], rank % size[1]]

    def neighbour(d, step):
        x = coords[d] + step
        if size[d] == 1 or x < 0 or x >= size[d]:
            return None
        c = list(coords)
        c[d] = x
        return c[0] * size[1] + c[1]
    west, east, north, south = neighbour(0, -1), neighbour(0, 1), neighbour(1, -1), neighbour(1, 1)
    ops = []
    for _ in range(iterations):
        for _ in range(n):  # lower triangular sweep
            ops += [f"recv {west} 1 {x_face}"] if west is not None else []
            ops += [f"recv {north} 2 {y_face}"] if north is not None else []
            ops += [f"compute {plane}"] if plane > 0 else []
            ops += [f"send {east} 1 {x_face}"] if east is not None else []
            ops += [f"send {south} 2 {y_face}"] if south is not None else []
        for _ in range(n):  # upper triangular sweep
            ops += [f"recv {east} 3 {x_face}"] if east is not None else []
            ops += [f"recv {south} 4 {y_face}"] if south is not None else []
            ops += [f"compute {plane}"] if plane > 0 else []
            ops += [f"send {west} 3 {x_face}"] if west is not None else []
            ops += [f"send {north} 4 {y_face}"] if north is not None else []
        ops.append(f"allreduce {5 * bytes_per_point}")
    return ops


def main(out, ranks, iterations, n):
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    size = process_grid(ranks)
    for r in range(ranks):
        (out / f"rank-{r}.trace").write_text("\n".join(lu_ops(r, size, iterations, n)) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
