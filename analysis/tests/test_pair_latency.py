# SPDX-License-Identifier: Apache-2.0
"""Latency per pair and per destination, and packet samples, from the tables the network model
writes (network/pairs, network/destinations, network/packet_samples)."""
import numpy as np
import pytest

import warpnet_analysis as wa
from results_builder import (NODE_COLUMNS, ResultsFile, Table, network_attributes, node_rows)

PAIR_COLUMNS = [("src", "u", ""), ("dst", "u", ""), ("packets", "u", "packets"),
                ("latency_sum", "i", "ps"), ("latency_min", "i", "ps"),
                ("latency_max", "i", "ps"), ("network_latency_sum", "i", "ps"),
                ("hops_sum", "u", "routers")]
SAMPLE_COLUMNS = [("src", "u", ""), ("dst", "u", ""), ("seq", "u", ""), ("size", "u", "flits"),
                  ("created", "i", "ps"), ("injected", "i", "ps"), ("delivered", "i", "ps"),
                  ("hops", "u", "routers"), ("blocked_cycles", "u", "cycles"), ("path", "u", "")]
# (src, dst): packets, latency sum / min / max and network sum in cycles, hops sum.
PAIRS = {(0, 1): (2, 30, 10, 20, 20, 4), (1, 0): (1, 12, 12, 12, 10, 2),
         (2, 0): (3, 60, 15, 25, 45, 9)}


def pair_rows():
    return [[s, d, n, lat * 1000, lo * 1000, hi * 1000, net * 1000, hops]
            for (s, d), (n, lat, lo, hi, net, hops) in sorted(PAIRS.items())]


def write(path, tables):
    return ResultsFile(tables=tables, group_attributes=network_attributes(4)).write(path)


def test_pair_latency_in_cycles(tmp_path):
    run = wa.load_run(write(tmp_path / "p.h5", [Table("network/pairs", PAIR_COLUMNS,
                                                      pair_rows(), key_count=2)]))
    pairs = wa.pair_latency(run).set_index(["src", "dst"])
    assert pairs.loc[(0, 1), "mean_latency"] == pytest.approx(15)
    assert pairs.loc[(2, 0), "min_latency"] == pytest.approx(15)
    assert pairs.loc[(2, 0), "max_latency"] == pytest.approx(25)
    assert pairs.loc[(2, 0), "mean_network_latency"] == pytest.approx(15)
    assert pairs.loc[(2, 0), "mean_hops"] == pytest.approx(3)
    assert pairs.attrs["units"]["mean_latency"] == "cycles"


def test_destination_latency_from_pairs(tmp_path):
    run = wa.load_run(write(tmp_path / "p.h5", [Table("network/pairs", PAIR_COLUMNS,
                                                      pair_rows(), key_count=2)]))
    dests = wa.destination_latency(run).set_index("dst")
    assert dests.index.tolist() == [0, 1]
    assert dests.loc[0, "packets"] == 4
    assert dests.loc[0, "mean_latency"] == pytest.approx(72 / 4)
    assert dests.loc[0, "min_latency"] == pytest.approx(12)
    assert dests.loc[0, "max_latency"] == pytest.approx(25)


def test_destination_latency_from_destinations_or_nodes(tmp_path):
    dest_columns = PAIR_COLUMNS[1:]
    rows = [[1, 2, 30_000, 10_000, 20_000, 20_000, 4]]
    run = wa.load_run(write(tmp_path / "d.h5", [Table("network/destinations", dest_columns,
                                                      rows)]))
    dests = wa.destination_latency(run)
    assert dests["mean_latency"].tolist() == pytest.approx([15])
    assert dests["max_latency"].tolist() == pytest.approx([20])
    with pytest.raises(KeyError, match="network/pairs"):
        wa.pair_latency(run)

    run = wa.load_run(write(tmp_path / "n.h5", [Table("network/nodes", NODE_COLUMNS,
                                                      node_rows(4))]))
    dests = wa.destination_latency(run)
    assert dests["mean_latency"].tolist() == pytest.approx([10, 20, 20, 20])
    assert dests["min_latency"].isna().all()


def test_packet_samples_in_cycles(tmp_path):
    rows = [[0, 3, 7, 2, 100_000, 104_000, 130_000, 4, 6, 0]]
    run = wa.load_run(write(tmp_path / "s.h5", [Table("network/packet_samples", SAMPLE_COLUMNS,
                                                      rows, key_count=3)]))
    samples = wa.packet_samples(run)
    assert samples["latency"].tolist() == pytest.approx([30])
    assert samples["network_latency"].tolist() == pytest.approx([26])
    assert samples["source_wait"].tolist() == pytest.approx([4])
    assert samples["blocked_cycles"].tolist() == [6]
    with pytest.raises(KeyError, match="packet_sample_every"):
        wa.packet_samples(wa.load_run(write(tmp_path / "e.h5", [])))


def test_plot_destination_latency(tmp_path):
    run = wa.load_run(write(tmp_path / "p.h5", [Table("network/pairs", PAIR_COLUMNS,
                                                      pair_rows(), key_count=2)]))
    figure = wa.plot_destination_latency(run, path=tmp_path / "d.png")
    ax = figure.axes[0]
    assert [p.get_height() for p in ax.patches] == pytest.approx([18, 15])
    assert (tmp_path / "d.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert np.isfinite(ax.get_lines()[0].get_ydata()).all()
