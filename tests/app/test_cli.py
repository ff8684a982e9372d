# SPDX-License-Identifier: Apache-2.0
"""End-to-end tests of the warpnet command line on the PHOLD example."""
import json
import re

SMALL = ["--set", "phold.lps=64", "--set", "simulation.end_time=50"]


def digest_of(stdout):
    match = re.search(r"event digest\s+(0x[0-9a-f]{16})", stdout)
    assert match, stdout
    return match.group(1)


def test_default_example_runs_and_prints_the_summary(warpnet, root):
    r = warpnet("run", root / "examples/phold.toml", "--set", "simulation.end_time=20")
    assert r.returncode == 0, r.stderr
    for label in ["model", "engine", "termination", "events processed", "events committed",
                  "efficiency", "event rate", "wall time", "peak memory", "event digest"]:
        assert label in r.stdout
    assert "end time reached" in r.stdout
    assert "sequential on 1 rank" in r.stdout


def test_same_seed_same_digest_other_seed_other_digest(warpnet, root):
    example = root / "examples/phold.toml"
    a = warpnet("run", example, *SMALL)
    b = warpnet("run", example, *SMALL)
    c = warpnet("run", example, *SMALL, "--set", "simulation.seed=2")
    assert a.returncode == b.returncode == c.returncode == 0
    assert digest_of(a.stdout) == digest_of(b.stdout)
    assert digest_of(a.stdout) != digest_of(c.stdout)


def test_prefetch_modes_give_the_same_digest(warpnet, root):
    # kernel.prefetch changes speed only, in both engines (PHOLD's ladder queue runs the
    # pipeline when it is on).
    example = root / "examples/phold.toml"
    digests = set()
    for engine in ["sequential", "optimistic"]:
        for mode in ["auto", "on", "off"]:
            r = warpnet("run", example, *SMALL, "--engine", engine, "--set",
                        f"kernel.prefetch={mode}")
            assert r.returncode == 0, r.stderr
            digests.add(digest_of(r.stdout))
    assert len(digests) == 1


def test_huge_pages_modes_give_the_same_digest(warpnet, root):
    # kernel.huge_pages changes where memory lies, not what runs: a 2x2x2 torus of routers
    # and nodes with huge pages asked for (on), never (off) and by size (auto: not at 16 LPs).
    # A value that is not a mode exits 2 naming the key and the modes.
    example = root / "examples/mesh8x8.toml"
    small = ["--set", "network.topology=torus", "--set", "network.dims=[2,2,2]",
             "--set", "simulation.end_time=300", "--set", "traffic.warmup_cycles=50",
             "--no-output"]
    digests = set()
    for mode in ["auto", "on", "off"]:
        r = warpnet("run", example, *small, "--set", f"kernel.huge_pages={mode}")
        assert r.returncode == 0, r.stderr
        digests.add(digest_of(r.stdout))
    assert len(digests) == 1
    r = warpnet("run", example, *small, "--set", "kernel.huge_pages=always")
    assert r.returncode == 2
    assert "kernel.huge_pages" in r.stderr and "always" in r.stderr and "auto" in r.stderr


def test_stats_json_matches_the_summary(warpnet, root, tmp_path):
    out = tmp_path / "stats.json"
    r = warpnet("run", root / "examples/phold.toml", *SMALL, "--stats-json", out)
    assert r.returncode == 0, r.stderr
    stats = json.loads(out.read_text())
    assert stats["total"]["event_digest"] == digest_of(r.stdout)
    assert stats["engine"] == "sequential"
    assert stats["termination"] == "end time reached"
    assert stats["total"]["events_committed"] == stats["total"]["events_processed"] > 0
    assert len(stats["per_rank"]) == 1


def test_event_limit_is_reported_as_the_reason(warpnet, root):
    r = warpnet("run", root / "examples/phold.toml", *SMALL, "--set", "simulation.max_events=1000")
    assert r.returncode == 0, r.stderr
    assert "event limit reached (1,000 events)" in r.stdout
    assert re.search(r"events committed\s+1,000\n", r.stdout)


def test_progress_line_when_forced(warpnet, root):
    r = warpnet("run", root / "examples/phold.toml", *SMALL, "--progress")
    assert r.returncode == 0
    assert "events/s" in r.stderr and "%]" in r.stderr
    quiet = warpnet("run", root / "examples/phold.toml", *SMALL)
    assert quiet.stderr == ""  # stderr is not a terminal here


def test_progress_line_shows_the_recent_rate_and_the_mean(warpnet, root):
    # Lines every 10 ms over a run of a few hundred ms: every line after the first gives the
    # rate since the line before, then the run's mean.
    r = warpnet("run", root / "examples/phold.toml", "--set", "simulation.end_time=200",
                "--set", "kernel.progress_interval=0.01", "--progress")
    assert r.returncode == 0, r.stderr
    # (text mode turns the carriage returns between the lines into newlines)
    lines = [line.strip() for line in r.stderr.splitlines() if "events/s" in line]
    assert len(lines) >= 3, r.stderr
    assert "(mean" not in lines[0]
    for line in lines[1:]:
        assert re.search(r"[0-9.]+ ?[kMG]? events/s \(mean [0-9.]+ ?[kMG]?\)", line), line


def test_validate_accepts_the_example(warpnet, root):
    r = warpnet("validate", root / "examples/phold.toml")
    assert r.returncode == 0, r.stderr
    assert "valid" in r.stdout and "1024 LPs" in r.stdout


def test_explain_lists_every_key_with_its_default_and_unit(warpnet):
    r = warpnet("config", "--explain")
    assert r.returncode == 0
    for key in ["simulation.model", "simulation.engine", "simulation.seed", "simulation.end_time",
                "kernel.optimism_window", "phold.lps", "phold.remote_fraction", "phold.group_size"]:
        assert key in r.stdout, key
    assert "optimistic" in r.stdout and "rollback-check" in r.stdout


def test_effective_config_is_valid_toml_with_defaults(warpnet, root, tmp_path):
    r = warpnet("config", "--effective", root / "examples/phold.toml", "--set", "phold.lps=32")
    assert r.returncode == 0, r.stderr
    assert re.search(r"lps\s*=\s*32", r.stdout)
    path = tmp_path / "effective.toml"
    path.write_text(r.stdout)
    again = warpnet("validate", path)
    assert again.returncode == 0, again.stderr


def test_version(warpnet):
    r = warpnet("--version")
    assert r.returncode == 0
    assert re.match(r"warpnet \d+\.\d+\.\d+ \(git [0-9a-z]+\)", r.stdout)
    # What it was built with: compiler, MPI library and standard, HDF5 (tests/install too).
    assert re.search(r"^built with .+\(MPI \d+\.\d+\), parallel HDF5 \d+\.\d+\.\d+$", r.stdout,
                     re.M)


def test_bad_command_line_exits_2(warpnet, root):
    assert warpnet("frobnicate").returncode == 2
    assert warpnet("run").returncode == 2
    assert warpnet("run", root / "does-not-exist.toml").returncode == 2
    r = warpnet("run", root / "examples/phold.toml", "--set", "phold.lsp=3")
    assert r.returncode == 2
    assert "phold.lsp" in r.stderr and "phold.lps" in r.stderr  # names it, suggests the key


def test_unknown_engine_exits_2_and_lists_engines(warpnet, root):
    r = warpnet("run", root / "examples/phold.toml", "--engine", "pessimistic")
    assert r.returncode == 2
    assert "simulation.engine" in r.stderr and "sequential" in r.stderr and "optimistic" in r.stderr


def test_failed_run_writes_nothing(warpnet, root, tmp_path):
    out = tmp_path / "stats.json"
    r = warpnet("run", root / "examples/phold.toml", "--set", "phold.lps=0", "--stats-json", out)
    assert r.returncode == 2
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []


def test_unwritable_stats_path_is_refused_before_running(warpnet, root, tmp_path):
    r = warpnet("run", root / "examples/phold.toml", *SMALL,
                "--stats-json", tmp_path / "missing-dir" / "s.json")
    assert r.returncode == 2
    assert "--stats-json" in r.stderr
    assert "events processed" not in r.stdout


def test_results_file_default_name_force_and_no_overwrite(warpnet, root, tmp_path):
    example = root / "examples/phold.toml"
    r = warpnet("run", example, *SMALL, cwd=tmp_path, output=True)
    assert r.returncode == 0, r.stderr
    written = tmp_path / "phold-default.h5"  # simulation.name + .h5
    assert written.is_file()
    assert "results file           phold-default.h5" in r.stdout
    assert not [p for p in tmp_path.iterdir() if "partial" in p.name]
    again = warpnet("run", example, *SMALL, cwd=tmp_path, output=True)
    assert again.returncode == 2
    assert "--output" in again.stderr and "--force" in again.stderr
    forced = warpnet("run", example, *SMALL, "--force", cwd=tmp_path, output=True)
    assert forced.returncode == 0, forced.stderr
    chosen = tmp_path / "sub.h5"
    r = warpnet("run", example, *SMALL, "--output", chosen, output=True)
    assert r.returncode == 0 and chosen.is_file()


def test_unwritable_output_directory_is_refused_before_the_run(warpnet, root, tmp_path):
    r = warpnet("run", root / "examples/phold.toml", *SMALL, "--output",
                tmp_path / "no-such-dir" / "x.h5", output=True)
    assert r.returncode == 2
    assert "--output" in r.stderr
    assert "events processed" not in r.stdout  # nothing ran
