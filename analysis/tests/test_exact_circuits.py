# SPDX-License-Identifier: Apache-2.0
"""warpnet_analysis.exact_circuits: the MILP's circuit schedules are optimal (against enumeration
on tiny missions) and feasible (it checks the schedule it reads back)."""
import random

import pytest

from warpnet_analysis.exact_circuits import brute_force, ecube_path, minimal_paths, solve_circuits


def test_minimal_paths_are_every_order_of_the_differing_dimensions():
    assert minimal_paths(0, 1, 3) == [[(0, 0)]]
    paths = minimal_paths(0, 7, 3)
    assert len(paths) == 6 and len({tuple(p) for p in paths}) == 6
    assert all(len(p) == 3 for p in paths)
    assert ecube_path(0, 3, 2) == [(0, 0), (1, 1)]  # dimension 0 first, then 1
    assert minimal_paths(3, 0, 2)[0] == [(2, 0), (0, 1)]  # a link is (lower node, dimension)


def test_half_duplex_link_serves_one_circuit_at_a_time():
    r = solve_circuits([(0, 1, 500, 0), (1, 0, 500, 0)], 1, 2000, 30)
    assert r["optimal"] and r["makespan"] == pytest.approx(1000)


def test_a_circuit_takes_the_free_minimal_path():
    # 0 -> 3 can go 0-1-3 or 0-2-3; 0 -> 1 holds link (0, 0) over [0, 4]: the optimum is 4, by
    # the other path (e-cube paths give 8).
    msgs = [(0, 1, 4, 0), (0, 3, 4, 0)]
    assert solve_circuits(msgs, 2, 100, 30)["makespan"] == pytest.approx(4)
    assert solve_circuits(msgs, 2, 100, 30, paths="ecube")["makespan"] == pytest.approx(8)


@pytest.mark.parametrize("n", [2, 3])
def test_the_milp_optimum_equals_enumeration_on_random_tiny_missions(n):
    rng = random.Random(n)
    for _ in range(12):
        msgs = []
        for _ in range(rng.randint(3, 5)):
            s, d = rng.randrange(1 << n), rng.randrange(1 << n)
            msgs.append((s, d if d != s else s ^ ((1 << n) - 1), rng.randint(1, 9) * 100,
                         rng.choice([0, 0, 100])))
        upper = sum(m[2] for m in msgs) + 100
        r = solve_circuits(msgs, n, upper, 60)
        assert r["optimal"], msgs
        assert r["lower"] == pytest.approx(r["makespan"])
        assert r["makespan"] == pytest.approx(brute_force(msgs, n)), msgs
