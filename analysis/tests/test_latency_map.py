# SPDX-License-Identifier: Apache-2.0
"""Latency map: router ids -> coordinates (docs/topologies.md), per-router figures, and the
heatmap cells and fat-tree bars that plot_latency_map draws."""
import numpy as np
import pytest

import warpnet_analysis as wa
from results_builder import (PORT_COLUMNS, ResultsFile, Table, network_attributes, network_file,
                             port_rows)


def test_coordinates_dimension_zero_fastest():
    assert wa.coordinates(10, (8, 8)) == (2, 1)         # the example of docs/topologies.md
    assert wa.coordinates(0, (8, 8)) == (0, 0)
    assert wa.coordinates(63, (8, 8)) == (7, 7)
    assert wa.coordinates(1 + 4 * 2 + 4 * 3 * 1, (4, 3, 2)) == (1, 2, 1)


def test_topologies_from_config():
    mesh = wa.topology_from_config({"network.topology": "mesh", "network.dims": (8, 4)})
    assert mesh.num_routers == 32 and mesh.grid_shape == (8, 4)
    assert mesh.grid_position(10) == (2, 1)
    cube = wa.topology_from_config({"network.topology": "hypercube", "network.n": 5})
    assert cube.num_routers == 32 and cube.grid_shape == (8, 4)
    tree = wa.topology_from_config({"network.topology": "fat_tree", "network.k": 4,
                                    "network.n": 3})
    assert tree.num_routers == 48                        # 4-ary 3-tree: 48 switches
    assert tree.fat_tree_position(17) == (1, 1)
    with pytest.raises(ValueError, match="network.topology"):
        wa.topology_from_config({"simulation.model": "phold"})


def test_router_latency_per_router(tmp_path):
    run = wa.load_run(network_file(tmp_path / "m.h5", dims=(4, 4)))
    routers = wa.router_latency(run)
    assert len(routers) == 16
    assert routers["mean_wait"].tolist() == pytest.approx([1.4] * 16)
    assert routers["max_port_wait"].tolist() == pytest.approx([3.0] * 16)
    assert routers["max_utilisation"].tolist() == pytest.approx(
        [(r + 1) * 10 / 1100 for r in range(16)])
    row = routers.set_index("router").loc[6]
    assert (row["x"], row["y"], row["c0"], row["c1"]) == (2, 1, 2, 1)
    network_only = wa.router_latency(run, include_terminal=False)
    assert network_only["mean_wait"].tolist() == pytest.approx([1.5] * 16)


def test_port_latency_adds_mean_wait_in_cycles(tmp_path):
    ports = wa.port_latency(wa.load_run(network_file(tmp_path / "m.h5")))
    assert ports.attrs["units"]["mean_wait"] == "cycles"
    first = ports[(ports["router"] == 2) & (ports["port"] == 3)].iloc[0]
    assert first["mean_wait"] == pytest.approx(3.0)
    assert first["wait_cycles"] == pytest.approx(30 * 3)      # 30 packets x 3 cycles


def test_missing_ports_table_is_a_clear_error(tmp_path):
    run = wa.load_run(network_file(tmp_path / "m.h5", ports=False))
    with pytest.raises(KeyError, match="network/ports"):
        wa.router_latency(run)


def test_heatmap_cells_follow_router_coordinates(tmp_path):
    # a 4x2 mesh; the metric max_utilisation grows with the router id, so each cell shows
    # which router landed there
    run = wa.load_run(network_file(tmp_path / "m.h5", dims=(4, 2), num_nodes=8))
    figure = wa.plot_latency_map(run, metric="max_utilisation", path=tmp_path / "map.png")
    image = figure.axes[0].images[0].get_array()
    assert image.shape == (2, 4)                         # rows = y (c1), columns = x (c0)
    expected = np.array([[(x + 4 * y + 1) * 10 / 1100 for x in range(4)] for y in range(2)])
    assert np.allclose(image.filled(np.nan), expected)
    assert figure.axes[0].images[0].origin == "lower"
    assert (tmp_path / "map.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_heatmap_colour_scale_starts_at_zero_unless_told(tmp_path):
    run = wa.load_run(network_file(tmp_path / "m.h5"))
    assert wa.plot_latency_map(run).axes[0].images[0].get_clim() == pytest.approx((0, 1.4))
    image = wa.plot_latency_map(run, vmin=None, vmax=5).axes[0].images[0]
    assert image.get_clim() == pytest.approx((1.4, 5))


def test_heatmap_leaves_routers_without_rows_blank(tmp_path):
    rows = [r for r in port_rows(16) if r[0] != 5]
    path = ResultsFile(tables=[Table("network/ports", PORT_COLUMNS, rows, key_count=2)],
                       group_attributes=network_attributes(16)).write(tmp_path / "gap.h5")
    image = wa.plot_latency_map(wa.load_run(path)).axes[0].images[0].get_array()
    assert image.mask[1, 1] and not image.mask[1, 2]     # router 5 = (1, 1)


def fat_tree_file(path, k=2, n=3):
    per_level = k ** (n - 1)
    routers = n * per_level
    # router r: ports 0..2k-1 (roots have only k); level l routers wait l + 1 cycles per packet
    rows = []
    for r in range(routers):
        level = r // per_level
        for p in range(k if level == n - 1 else 2 * k):
            terminal = 1 if level == 0 and p < k else 0
            rows.append([r, p, terminal, 10, 10, 10 * (level + 1) * 1000])
    config = f"""[simulation]
name = "tree"
model = "network"
seed = 7
end_time = 1100.0

[network]
topology = "fat_tree"
k = {k}
n = {n}
routing = "nca_random"

[traffic]
load = 0.2
"""
    return ResultsFile(config_toml=config,
                       tables=[Table("network/ports", PORT_COLUMNS, rows, key_count=2)],
                       group_attributes=network_attributes(k ** n)).write(path)


def test_fat_tree_positions_and_level_bars(tmp_path):
    run = wa.load_run(fat_tree_file(tmp_path / "t.h5"))
    routers = wa.router_latency(run)
    assert routers["level"].tolist() == [0] * 4 + [1] * 4 + [2] * 4
    assert routers["index"].tolist() == [0, 1, 2, 3] * 3
    figure = wa.plot_latency_map(run)
    bars = [patch.get_height() for patch in figure.axes[0].patches]
    assert bars == pytest.approx([1.0, 2.0, 3.0])


def test_unknown_metric_is_refused(tmp_path):
    run = wa.load_run(network_file(tmp_path / "m.h5"))
    with pytest.raises(ValueError, match="mean_wait"):
        wa.plot_latency_map(run, metric="colour")
