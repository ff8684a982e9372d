# SPDX-License-Identifier: Apache-2.0
"""Fixtures for the warpnet CLI tests: the binary under test and the repository root."""
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def warpnet():
    binary = os.environ.get("WARPNET_BIN")
    if not binary:
        pytest.fail("WARPNET_BIN is not set (run these tests through ctest)")

    def run(*args, cwd=None, env=None, output=False):
        """Runs the CLI. A `run` writes no results file unless output=True (tests that check
        the file pass --output themselves), so that repeated runs do not collide."""
        full_env = dict(os.environ)
        if env:
            full_env.update(env)
        args = [str(a) for a in args]
        if args[:1] == ["run"] and not output:
            args.append("--no-output")
        return subprocess.run([binary, *args], capture_output=True, text=True,
                              cwd=cwd, env=full_env, timeout=300)

    run.binary = binary
    return run


@pytest.fixture(scope="session")
def root():
    return ROOT
