# SPDX-License-Identifier: Apache-2.0
"""Plots draw the data they are given: line data, groups, saturated markers, the y = x line,
per-window rates, and PNG files."""
import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure

import warpnet_analysis as wa
from results_builder import network_file

PNG = b"\x89PNG\r\n\x1a\n"


def sweep_frame():
    rows = []
    for topology, scale in (("mesh", 1.0), ("torus", 0.5)):
        for load in (0.3, 0.1, 0.2):      # unsorted on purpose
            rows.append({"file": f"{topology}-{load}.h5", "network.topology": topology,
                         "traffic.load": load, "offered_load": load,
                         "accepted_load": min(load, 0.25), "latency": 10 + 100 * load * scale,
                         "saturated": load > 0.25 and topology == "mesh"})
    frame = pd.DataFrame(rows)
    frame.attrs["swept_keys"] = ["network.topology", "traffic.load"]
    return frame


def lines_by_label(ax):
    return {line.get_label(): line for line in ax.get_lines()}


def test_latency_vs_load_one_sorted_line_per_group(tmp_path):
    figure = wa.plot_latency_vs_load(sweep_frame(), path=tmp_path / "lat.png")
    assert isinstance(figure, Figure)
    lines = lines_by_label(figure.axes[0])
    assert lines["mesh"].get_xdata().tolist() == [0.1, 0.2, 0.3]
    assert lines["mesh"].get_ydata().tolist() == pytest.approx([20, 30, 40])
    assert lines["torus"].get_ydata().tolist() == pytest.approx([15, 20, 25])
    assert "saturated" in lines
    hollow = [l for l in figure.axes[0].get_lines()
              if l.get_markerfacecolor() == "white" and len(l.get_xdata())]
    assert [l.get_xdata().tolist() for l in hollow] == [[0.3]]
    assert (tmp_path / "lat.png").read_bytes()[:8] == PNG


def test_explicit_group_by_and_single_series():
    frame = sweep_frame()
    mesh = frame[frame["network.topology"] == "mesh"].copy()
    mesh.attrs = {}
    figure = wa.plot_latency_vs_load(mesh)
    data = [l for l in figure.axes[0].get_lines() if len(l.get_xdata()) == 3]
    assert len(data) == 1
    figure = wa.plot_latency_vs_load(frame, group_by="saturated")
    assert {"False", "True"} <= set(lines_by_label(figure.axes[0]))


def test_throughput_has_the_identity_line():
    figure = wa.plot_throughput(sweep_frame())
    lines = lines_by_label(figure.axes[0])
    identity = lines["accepted = offered"]
    assert identity.get_xdata().tolist() == identity.get_ydata().tolist()
    assert lines["torus"].get_ydata().tolist() == pytest.approx([0.1, 0.2, 0.25])


def test_load_sweep_has_two_panels(tmp_path):
    figure = wa.plot_load_sweep(sweep_frame(), path=tmp_path / "sweep.png")
    assert len(figure.axes) == 2
    assert (tmp_path / "sweep.png").stat().st_size > 10_000


def test_window_rates(tmp_path):
    run = wa.load_run(network_file(tmp_path / "r.h5", generated=(32,) * 11,
                                   delivered=(16,) * 11))
    frame = wa.window_frame(run)
    assert frame["start"].tolist() == [100.0 * w for w in range(11)]
    assert frame["offered"].tolist() == pytest.approx([32 / 16 / 100] * 11)
    assert frame["accepted"].tolist() == pytest.approx([16 / 16 / 100] * 11)
    assert frame["latency"].tolist() == pytest.approx([12.0] * 11)


def test_last_window_cut_by_the_end_of_the_run(tmp_path):
    # end_time 1100: with 12 windows the last one, [1100, 1200), has no cycle at all
    run = wa.load_run(network_file(tmp_path / "r.h5", generated=(10,) * 12,
                                   delivered=(10,) * 12))
    assert np.isnan(wa.window_frame(run)["offered"].iloc[-1])


def test_time_series_overlays_runs(tmp_path):
    runs = {f"load {load}": wa.load_run(network_file(tmp_path / f"{load}.h5", load=load))
            for load in (0.1, 0.2)}
    figure = wa.plot_time_series(runs, path=tmp_path / "ts.png")
    top, bottom = figure.axes
    labels = [l.get_label() for l in top.get_lines()]
    assert labels == ["load 0.1", "load 0.2"]
    assert top.get_lines()[0].get_ydata().tolist() == pytest.approx([12.0] * 11)
    data = [l for l in bottom.get_lines() if len(l.get_xdata())]
    assert len(data) == 4                      # accepted and offered of each run
    assert data[1].get_ydata().tolist() == pytest.approx([30 / 16 / 100] * 11)   # offered
    assert data[0].get_color() == top.get_lines()[0].get_color()
    assert (tmp_path / "ts.png").read_bytes()[:8] == PNG
    single = wa.plot_time_series(runs["load 0.1"])
    assert len(single.axes[0].get_lines()) == 1
