# SPDX-License-Identifier: Apache-2.0
"""Every file of tests/data/bad-configs/ must be rejected with exit code 2, naming the key
given on its first line (`# expect: <key>`), and must write nothing."""
import pathlib

import pytest

CORPUS = sorted((pathlib.Path(__file__).resolve().parents[1] / "data" / "bad-configs").glob("*.toml"))


def expected_key(path):
    first = path.read_text().splitlines()[0]
    assert first.startswith("# expect:"), f"{path.name}: first line must be '# expect: <key>'"
    return first.split(":", 1)[1].strip()


def test_the_corpus_is_large_enough():
    assert len(CORPUS) >= 20


@pytest.mark.parametrize("path", CORPUS, ids=[p.name for p in CORPUS])
def test_bad_config_is_rejected_naming_the_key(warpnet, path, tmp_path):
    key = expected_key(path)
    for command in ("validate", "run"):
        args = [command, path] + (["--stats-json", tmp_path / "s.json"] if command == "run" else [])
        r = warpnet(*args, cwd=tmp_path)
        assert r.returncode == 2, f"{command}: exit {r.returncode}\n{r.stdout}\n{r.stderr}"
        assert key in r.stderr, f"{command}: '{key}' not named in:\n{r.stderr}"
        assert "events processed" not in r.stdout
    assert list(tmp_path.iterdir()) == [], "a rejected run must write nothing"
