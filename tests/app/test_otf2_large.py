# SPDX-License-Identifier: Apache-2.0
"""Large OTF2 archives (benchmarks/network/otf2_import_bench.py): a 1,024-rank archive imports,
and its replay gives the same digest on 1 process and on 2; the import's memory does not grow
with the archive's length (it streams records, a batch of locations at a time)."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "analysis"))
sys.path.insert(0, str(ROOT / "benchmarks" / "network"))

import otf2_import_bench as bench  # noqa: E402
from warpnet_analysis import otf2_import  # noqa: E402


def test_a_1024_rank_archive_replays_alike_on_one_and_two_processes(warpnet, tmp_path):
    archive, traces = tmp_path / "archive", tmp_path / "traces"
    records = bench.generate(archive, 1024, 2)
    report = otf2_import.ImportReport(str(archive))
    assert otf2_import.convert(archive / "traces.otf2", traces, report=report) == 1024
    assert report.records == records and report.seconds > 0
    assert "records/s" in (traces / "import-report.txt").read_text()
    one = bench.replay(warpnet.binary, traces, 1024, 1, tmp_path)
    two = bench.replay(warpnet.binary, traces, 1024, 2, tmp_path)
    assert one["finished"] == "1024"
    assert one["digest"] == two["digest"] and one["execution_ns"] == two["execution_ns"]


def import_peak_rss_kib(anchor, out, tmp_path):
    """The peak resident memory of an import, in KiB, as GNU time measures it (a child of this
    process would count this process's memory from before its exec)."""
    measure = tmp_path / "rss"
    subprocess.run(["/usr/bin/time", "-f", "%M", "-o", str(measure), "/usr/bin/python3", "-m",
                    "warpnet_analysis.otf2_import", str(anchor), str(out), "--quiet"],
                   check=True, stdout=subprocess.DEVNULL, timeout=300,
                   env={**os.environ, "PYTHONPATH": str(ROOT / "analysis")})
    return int(measure.read_text().split()[-1])


def test_the_import_memory_does_not_grow_with_the_archive(tmp_path):
    # 64 ranks, 4 iterations against 256: 64 times the records (3,584 and 229,376), the same
    # memory (within 15 %); holding the records would add some 100 MB.
    peaks = []
    for iterations in (4, 256):
        archive = tmp_path / f"archive-{iterations}"
        bench.generate(archive, 64, iterations)
        peaks.append(import_peak_rss_kib(archive / "traces.otf2", tmp_path / f"out-{iterations}",
                                         tmp_path))
    assert peaks[1] <= 1.15 * peaks[0], peaks
