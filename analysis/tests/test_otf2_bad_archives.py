# SPDX-License-Identifier: Apache-2.0
"""The bad-archive corpus of the OTF2 import: truncated, missing and garbage files of an archive
the OTF2 library wrote. Each is refused with exit 2 naming the archive (the OTF2 library names
the damaged file on stderr), leaves no traces behind, and never crashes the importer; an archive
without its optional local definition files imports. Broken logical traces are in
tests/app/test_bad_traces.py."""
import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from test_otf2_import import write_archive
from warpnet_analysis import otf2_import


def noise(n):
    return random.Random(n).randbytes(n)


CASES = [
    # (id, file of the archive, what to do to it, what the refusal says)
    ("anchor_garbage", "traces.otf2", lambda b: noise(len(b)), "cannot read the archive"),
    ("anchor_empty", "traces.otf2", lambda b: b"", "cannot read the archive"),
    ("definitions_truncated", "traces.def", lambda b: b[:len(b) // 2], "cannot read the archive"),
    ("definitions_garbage", "traces.def", lambda b: noise(len(b)), "cannot read the archive"),
    ("events_truncated", "traces/1.evt", lambda b: b[:len(b) // 2], "damaged event data"),
    ("events_garbage", "traces/0.evt", lambda b: noise(4096), "damaged event data"),
    ("events_empty", "traces/1.evt", lambda b: b"", "damaged event data"),
    ("events_missing", "traces/2.evt", None, "damaged event data"),
]


@pytest.fixture(scope="module")
def good_archive(tmp_path_factory):
    path = tmp_path_factory.mktemp("good") / "arch"
    write_archive(path)
    return path


def import_(anchor, out):
    return subprocess.run(["/usr/bin/python3", "-m", "warpnet_analysis.otf2_import", str(anchor),
                           str(out), "--quiet"], capture_output=True, text=True, timeout=60,
                          env={**os.environ,
                               "PYTHONPATH": str(Path(otf2_import.__file__).parents[1])})


@pytest.mark.parametrize("name,damage,message", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_damaged_archive_is_refused(tmp_path, good_archive, name, damage, message):
    archive = tmp_path / "arch"
    shutil.copytree(good_archive, archive)
    target = archive / name
    if damage is None:
        target.unlink()
    else:
        target.write_bytes(damage(target.read_bytes()))
    result = import_(archive / "traces.otf2", tmp_path / "out")
    assert result.returncode == 2, result.stdout + result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith(f"otf2_import: {archive / 'traces.otf2'}: {message}"), result.stderr
    assert not (tmp_path / "out").exists()


def test_not_an_archive_is_refused(tmp_path):
    for anchor in (tmp_path / "missing.otf2", tmp_path):
        result = import_(anchor, tmp_path / "out")
        assert result.returncode == 2
        assert "is not an OTF2 anchor file" in result.stderr


def test_local_definition_files_are_optional(tmp_path, good_archive):
    archive = tmp_path / "arch"
    shutil.copytree(good_archive, archive)
    (archive / "traces" / "1.def").unlink()
    result = import_(archive / "traces.otf2", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out" / "rank-1.trace").is_file()
