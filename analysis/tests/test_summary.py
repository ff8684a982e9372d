# SPDX-License-Identifier: Apache-2.0
"""network_summary: the figures `warpnet run` prints, from the tables (see results_builder for
how the expected values follow from the rows)."""
import math

import pytest

import warpnet_analysis as wa
from results_builder import network_file


def summary(tmp_path, **kwargs):
    return wa.network_summary(wa.load_run(network_file(tmp_path / "r.h5", **kwargs)))


def test_loads_latencies_and_hops(tmp_path):
    s = summary(tmp_path)
    assert s["offered_load"] == pytest.approx(0.3)        # 300 flits x 16 / 16 / 1000
    assert s["accepted_load"] == pytest.approx(0.28)
    assert s["packets_measured"] == 30 + 15 * 10
    assert s["latency"] == pytest.approx((30 * 10 + 150 * 20) / 180)
    assert s["network_latency"] == pytest.approx((30 * 8 + 150 * 15) / 180)
    assert s["source_queue_latency"] == pytest.approx(s["latency"] - s["network_latency"])
    assert s["hops"] == pytest.approx((30 * 2 + 150 * 4) / 180)
    assert s["latency_dest_mean"] == pytest.approx((10 + 15 * 20) / 16)


def test_port_figures(tmp_path):
    s = summary(tmp_path)
    assert s["port_wait_mean"] == pytest.approx(1.4)
    assert s["port_wait_max"] == pytest.approx(3.0)
    assert s["channel_utilisation_max"] == pytest.approx(160 / 1100)   # router 15, 1100 cycles


def test_absent_tables_give_nan(tmp_path):
    s = summary(tmp_path, ports=False, node_table=False)
    for key in ("offered_load", "latency", "port_wait_mean", "channel_utilisation_max"):
        assert math.isnan(s[key]), key
    assert s["saturated"] is False          # the time series is still there


@pytest.mark.parametrize("delivered, expected", [
    ((30,) * 11, False),                    # all delivered
    ((30,) * 6 + (29,) * 5, False),         # 96.7 % delivered: within the 95 % share
    ((30,) * 6 + (20,) * 5, True),          # backlog grows: saturated
    ((30,) * 6 + (20,) * 4 + (30,), True),
])
def test_saturation_uses_the_second_half(tmp_path, delivered, expected):
    assert summary(tmp_path, delivered=delivered)["saturated"] is expected


def test_saturation_ignores_the_first_half(tmp_path):
    # windows 0..5 end at cycle 600, the middle of [100, 1100): their losses do not count
    delivered = (0,) * 6 + (30,) * 5
    assert summary(tmp_path, delivered=delivered)["saturated"] is False


def test_saturation_unknown_without_traffic(tmp_path):
    assert summary(tmp_path, generated=(0,) * 11, delivered=(0,) * 11)["saturated"] is None


def test_summary_units_cover_every_figure(tmp_path):
    assert set(summary(tmp_path)) == set(wa.SUMMARY_UNITS)


@pytest.mark.parametrize("late_latency, growth, expected", [
    (14, 14 / 12 - 1, False),               # +16.7 %: within the 20 % of a steady run
    (16, 16 / 12 - 1, True),                # +33 %: latency grows, saturated
])
def test_latency_growing_over_the_measurement_counts(tmp_path, late_latency, growth, expected):
    # windows 1..5 and 6..10 are the halves of [100, 1100); 150 packets each
    s = summary(tmp_path, latency_cycles=(12,) * 6 + (late_latency,) * 5)
    assert s["latency_growth"] == pytest.approx(growth)
    assert s["saturated"] is expected
    assert s["network_backlog_growth"] == pytest.approx(0.0)


def test_a_source_falls_behind_and_a_starved_one_counts(tmp_path):
    # 16 sources offer 300 flits in 1000 cycles; latency 8 cycles: allowance 0.3 x 4 x 8 + 2
    # packets of 1 flit = 11.6 flits. Source 3 has 20 undelivered, source 5 none delivered at all
    # (judged by the network's latency, 8 cycles).
    rows = [[n, 300, 300, 300, 300 * 8 * 1000] for n in range(16)]
    rows[3] = [3, 300, 280, 280, 280 * 8 * 1000]
    s = summary(tmp_path, sources=rows)
    assert s["saturated"] is True and s["sources_behind"] == 1
    assert s["worst_source_delivered"] == pytest.approx(280 / 300)
    assert s["worst_source_allowance"] == pytest.approx(1 - 11.6 / 300)
    rows[5] = [5, 300, 0, 0, 0]
    s = summary(tmp_path, sources=rows)
    assert s["sources_behind"] == 2 and s["worst_source_delivered"] == 0.0
    rows[3] = [3, 300, 290, 290, 290 * 8 * 1000]
    rows[5] = [5, 300, 300, 300, 300 * 8 * 1000]
    s = summary(tmp_path, sources=rows)
    assert s["saturated"] is False and s["sources_behind"] == 0
