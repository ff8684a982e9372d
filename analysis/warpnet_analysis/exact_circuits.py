# SPDX-License-Identifier: Apache-2.0
"""Exact circuit-switched schedules of small hypercube missions (docs/reproduction/missions.md,
claim 22: "PA-LBF within 7 % of CPS-OPT under CS").

The paper's centralized reference (CPS-OPT) picks each message's path and schedules the circuits;
its ideal is the least makespan over every choice of minimal paths and every schedule. Under our
circuit switching (zero set-up and header delays, half-duplex links, an adapter drives all its
links at once) a circuit holds every link of its path over one interval of its length, so that
ideal is a mixed-integer programme, solved here with scipy.optimize.milp (HiGHS):

- a binary per minimal path of a message (Hamming distance H: H! paths, one per order of the
  differing dimensions), exactly one chosen;
- a start per message at or after its release; the makespan C at or after every end;
- a binary per pair of messages that may share a link (which goes first); for every link both
  may use, their intervals must not overlap if both use it (big-M with M = an upper bound on C);
- C at least the load each link carries under the chosen paths (keeps the relaxation at the
  fractional min-max link load).

`solve_circuits` reads the schedule back and checks it (one path each, no two circuits on a link
at once). `brute_force` is the same optimum by enumeration, for tests on tiny missions.
"""
from __future__ import annotations

import itertools

import numpy as np

__all__ = ["minimal_paths", "ecube_path", "solve_circuits", "brute_force"]


def minimal_paths(src: int, dst: int, n: int) -> list[list[tuple[int, int]]]:
    """Every minimal path from src to dst as its links; a link is (lower node, dimension),
    one per half-duplex link (both directions share it)."""
    dims = [d for d in range(n) if (src ^ dst) >> d & 1]
    paths = []
    for order in itertools.permutations(dims):
        node, links = src, []
        for d in order:
            links.append((min(node, node ^ (1 << d)), d))
            node ^= 1 << d
        paths.append(links)
    return paths


def ecube_path(src: int, dst: int, n: int) -> list[tuple[int, int]]:
    return minimal_paths(src, dst, n)[0]  # permutations() of the ascending dims starts ascending


def solve_circuits(messages: list[tuple[int, int, int, int]], n: int, upper: float,
                   time_limit: float, paths: str = "minimal") -> dict:
    """messages: (src, dst, length, release) in cycles. paths = "minimal" (choose among all
    minimal paths) or "ecube". Returns the makespan found, the proven lower bound and whether it
    is optimal (HiGHS's status)."""
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import lil_matrix

    cand = [minimal_paths(s, d, n) if paths == "minimal" else [ecube_path(s, d, n)]
            for s, d, _, _ in messages]
    m = len(messages)
    # Variables: C, s_0..s_{m-1}, x (one per candidate path), y (one per conflicting pair).
    x_index = []
    count = 1 + m
    for c in cand:
        x_index.append(list(range(count, count + len(c))))
        count += len(c)
    uses = []  # per message: link -> list of its x variables using that link
    for i, c in enumerate(cand):
        u: dict[tuple[int, int], list[int]] = {}
        for p, links in enumerate(c):
            for link in links:
                u.setdefault(link, []).append(x_index[i][p])
        uses.append(u)
    pairs = []
    for i in range(m):
        for k in range(i + 1, m):
            common = sorted(set(uses[i]) & set(uses[k]))
            if common:
                pairs.append((i, k, common, count))
                count += 1
    big = float(upper)
    rows, lo, hi = [], [], []

    def row(coeffs: dict[int, float], lower: float, higher: float) -> None:
        rows.append(coeffs)
        lo.append(lower)
        hi.append(higher)

    for i, (_, _, length, release) in enumerate(messages):
        row({0: 1.0, 1 + i: -1.0}, length, np.inf)              # C >= s_i + p_i
        row({v: 1.0 for v in x_index[i]}, 1.0, 1.0)             # one path
    links = sorted({link for u in uses for link in u})
    for link in links:  # C >= the load on the link
        coeffs = {0: 1.0}
        for i, u in enumerate(uses):
            for v in u.get(link, []):
                coeffs[v] = coeffs.get(v, 0.0) - messages[i][2]
        row(coeffs, 0.0, np.inf)
    for i, k, common, y in pairs:
        pi, pk = messages[i][2], messages[k][2]
        for link in common:
            # s_i + p_i <= s_k + M (1 - y) + M (2 - u_il - u_kl)
            coeffs = {1 + i: 1.0, 1 + k: -1.0, y: big}
            for v in uses[i][link] + uses[k][link]:
                coeffs[v] = coeffs.get(v, 0.0) + big
            row(coeffs, -np.inf, 3 * big - pi)
            # s_k + p_k <= s_i + M y + M (2 - u_il - u_kl)
            coeffs = {1 + k: 1.0, 1 + i: -1.0, y: -big}
            for v in uses[i][link] + uses[k][link]:
                coeffs[v] = coeffs.get(v, 0.0) + big
            row(coeffs, -np.inf, 2 * big - pk)
    a = lil_matrix((len(rows), count))
    for r, coeffs in enumerate(rows):
        for v, c in coeffs.items():
            a[r, v] = c
    lower = np.zeros(count)
    higher = np.ones(count)
    lower[0], higher[0] = 0, big
    for i, (_, _, length, release) in enumerate(messages):
        lower[1 + i], higher[1 + i] = release, big - length
    integrality = np.ones(count)
    integrality[: 1 + m] = 0
    cost = np.zeros(count)
    cost[0] = 1.0
    res = milp(cost, constraints=LinearConstraint(a.tocsr(), lo, hi), bounds=Bounds(lower, higher),
               integrality=integrality,
               options={"time_limit": time_limit, "disp": False, "mip_rel_gap": 1e-6})
    found = float("nan")
    if res.x is not None:
        # Read the schedule back and check it: one path per message, no two circuits on one link
        # at once, every start at or after its release. Its makespan is the figure.
        starts = res.x[1:1 + m]
        chosen = [cand[i][int(np.argmax(res.x[x_index[i]]))] for i in range(m)]
        on_link: dict[tuple[int, int], list[tuple[float, float]]] = {}
        for i, (_, _, length, release) in enumerate(messages):
            assert starts[i] >= release - 1e-6
            for link in chosen[i]:
                on_link.setdefault(link, []).append((starts[i], starts[i] + length))
        for spans in on_link.values():
            spans.sort()
            for (_, end), (start, _) in zip(spans, spans[1:]):
                assert start >= end - 1e-6 * max(1.0, big), "overlapping circuits"
        found = max(starts[i] + messages[i][2] for i in range(m))
    bound = getattr(res, "mip_dual_bound", None)
    if bound is None or not np.isfinite(bound):
        bound = found if res.status == 0 else float("nan")
    return {"makespan": found, "lower": float(bound), "optimal": res.status == 0,
            "messages": m, "pairs": len(pairs), "status": int(res.status)}



def brute_force(messages: list[tuple[int, int, int, int]], n: int) -> float:
    """The optimum by enumeration (tiny missions only): every choice of minimal paths and every
    order; each message, in order, starts as early as its release and the last circuit on each
    of its links allow. Some order gives an optimal schedule (list the messages of an optimal
    schedule by start: each starts no later than there)."""
    cand = [minimal_paths(s, d, n) for s, d, _, _ in messages]
    best = float("inf")
    for paths in itertools.product(*cand):
        for order in itertools.permutations(range(len(messages))):
            free: dict[tuple[int, int], float] = {}
            end = 0.0
            for i in order:
                start = max([messages[i][3]] + [free.get(link, 0.0) for link in paths[i]])
                for link in paths[i]:
                    free[link] = start + messages[i][2]
                end = max(end, start + messages[i][2])
            best = min(best, end)
    return best
