# SPDX-License-Identifier: Apache-2.0
"""runner: the command lines it builds, its errors, and run_sweep's index, against a stand-in
for warpnet (a script that writes a results file with results_builder)."""
import stat
import sys
from pathlib import Path

import pytest

import warpnet_analysis as wa

TESTS = Path(__file__).resolve().parent

FAKE = f"""#!{sys.executable}
# Stand-in for `warpnet run`: records its arguments, fails on traffic.load=0.99, and writes a
# results file for the --set values it understands.
import sys
sys.path.insert(0, {str(TESTS)!r})
from results_builder import network_file
args = sys.argv[1:]
if args[:2] == ["run", "--help"]:
    print("  --set TEXT ...\\n  --output TEXT  results file\\n" if {{has_output}} else "  --set TEXT")
    sys.exit(0)
with open(__file__ + ".log", "a") as log:
    log.write(" ".join(args) + "\\n")
sets = dict(a.split("=", 1) for a in args[args.index("run") + 2:] if "=" in a)
if sets.get("traffic.load") == "0.99":
    sys.stderr.write("traffic.load: value 0.99 is too high\\n")
    sys.exit(2)
network_file(args[args.index("--output") + 1], load=float(sets.get("traffic.load", 0.3)),
             topology=sets.get("network.topology", "mesh"))
"""


def fake_warpnet(directory: Path, has_output: bool = True) -> Path:
    path = directory / "warpnet"
    path.write_text(FAKE.replace("{has_output}", str(has_output)))
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_find_warpnet(tmp_path, monkeypatch):
    binary = fake_warpnet(tmp_path)
    assert wa.find_warpnet(binary) == binary
    monkeypatch.setenv("WARPNET_BIN", str(binary))
    assert wa.find_warpnet() == binary
    with pytest.raises(FileNotFoundError, match="WARPNET_BIN"):
        wa.find_warpnet(tmp_path / "absent")


def test_supports_output(tmp_path):
    assert wa.supports_output(fake_warpnet(tmp_path))
    old = tmp_path / "old"
    old.mkdir()
    assert not wa.supports_output(fake_warpnet(old, has_output=False))


def test_run_warpnet_command_line(tmp_path):
    binary = fake_warpnet(tmp_path)
    out = wa.run_warpnet("cfg.toml", tmp_path / "a.h5", binary=binary,
                         overrides={"traffic.load": 0.25, "network.dims": (4, 4),
                                    "network.topology": "torus"})
    assert wa.load_run(out).config_flat["traffic.load"] == 0.25
    logged = Path(str(binary) + ".log").read_text().split()
    assert logged[:3] == ["run", "cfg.toml", "--no-progress"]
    assert "traffic.load=0.25" in logged and "network.topology=torus" in logged
    assert "network.dims=[4," in logged                  # "[4, 4]" as one argument
    assert logged[-3:] == ["--output", str(out), "--force"]


def test_run_warpnet_failure_carries_stderr(tmp_path):
    with pytest.raises(wa.WarpnetRunError, match="value 0.99 is too high"):
        wa.run_warpnet("cfg.toml", tmp_path / "a.h5", binary=fake_warpnet(tmp_path),
                       overrides={"traffic.load": 0.99})


def test_run_sweep_writes_files_and_index(tmp_path):
    binary = fake_warpnet(tmp_path)
    index = wa.run_sweep("cfg.toml", tmp_path / "sweep",
                         {"network.topology": ["mesh", "torus"], "traffic.load": [0.1, 0.2]},
                         fixed={"simulation.end_time": 2000}, binary=binary)
    assert index.read_text().splitlines() == [
        "file,network.topology,traffic.load",
        "run-0000.h5,mesh,0.1", "run-0001.h5,mesh,0.2",
        "run-0002.h5,torus,0.1", "run-0003.h5,torus,0.2",
    ]
    runs = wa.load_runs(index.parent)
    assert runs["traffic.load"].tolist() == [0.1, 0.2, 0.1, 0.2]
    assert runs["network.topology"].tolist() == ["mesh", "mesh", "torus", "torus"]
    assert "simulation.end_time=2000" in Path(str(binary) + ".log").read_text()
