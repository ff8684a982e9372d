# SPDX-License-Identifier: Apache-2.0
"""What the configure says when a dependency is missing (cmake/WarpnetDependencies.cmake), on
separate configures of this source tree (configure only: no build, so it stays quick):

- optional ones hidden (METIS, Scotch, doctest): the configure succeeds, warns naming each
  package, its Debian/Spack packages and hint variable, and configures a build without them
  (the partitioners' stand-ins, no tests);
- a header-only library found from a prefix through its hint variable (Random123_ROOT);
- a required one hidden (fmt): CMake stops with a message naming the package;
- an optional feature asked for (WARPNET_WITH_SCOTCH=ON) but missing: CMake stops.

Packages are hidden with CMAKE_DISABLE_FIND_PACKAGE_<Package>, as if they were not installed."""
import os
import pathlib
import re
import subprocess

import pytest

SOURCE = pathlib.Path(os.environ.get("WARPNET_SOURCE_DIR", pathlib.Path(__file__).parents[2]))
CMAKE = os.environ.get("CMAKE_COMMAND", "cmake")


def configure(build: pathlib.Path, *options):
    args = [CMAKE, "-S", str(SOURCE), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
            "-DWARPNET_BUILD_BENCHMARKS=OFF", *options]
    if os.environ.get("CMAKE_GENERATOR"):
        args += ["-G", os.environ["CMAKE_GENERATOR"]]
    r = subprocess.run(args, capture_output=True, text=True, timeout=300)
    # CMake wraps its messages at 80 columns: join the lines for matching.
    r.text = re.sub(r"\s+", " ", r.stdout + r.stderr)
    return r


def cached(build: pathlib.Path, name: str) -> str:
    for line in (build / "CMakeCache.txt").read_text().splitlines():
        if line.startswith(f"{name}:"):
            return line.split("=", 1)[1]
    raise KeyError(name)


def test_hidden_optional_dependencies_configure_a_build_without_them(tmp_path):
    # Random123 from a prefix of its own: the headers' own directory under include/.
    system_include = pathlib.Path("/usr/include")
    if not (system_include / "Random123/philox.h").is_file():
        pytest.skip("Random123 is not in /usr/include here")
    prefix = tmp_path / "random123-prefix"
    (prefix / "include").mkdir(parents=True)
    (prefix / "include/Random123").symlink_to(system_include / "Random123")

    build = tmp_path / "build"
    r = configure(build, "-DCMAKE_DISABLE_FIND_PACKAGE_METIS=ON",
                  "-DCMAKE_DISABLE_FIND_PACKAGE_Scotch=ON",
                  "-DCMAKE_DISABLE_FIND_PACKAGE_doctest=ON", f"-DRandom123_ROOT={prefix}")
    assert r.returncode == 0, r.stdout + r.stderr
    for package, debian, spack, hint in (("METIS", "libmetis-dev", "metis", "METIS_ROOT"),
                                         ("Scotch", "libscotch-dev", "scotch", "Scotch_ROOT"),
                                         ("doctest", "doctest-dev", "doctest", "doctest_ROOT")):
        assert (f"Optional dependency missing, building without it: {package} (") in r.text
        assert f"Debian/Ubuntu: {debian}; Spack: {spack})" in r.text, package
        assert f"-D{hint}=<prefix>" in r.text, package
        assert re.search(rf"-- {package} +optional: NOT FOUND: built without it", r.text)

    # A build without them: the partitioners' stand-ins, --version saying so, no tests.
    version = (build / "app/version.cpp").read_text()
    assert "not built: metis (no METIS), scotch (no Scotch)" in version
    assert cached(build, "WARPNET_WITH_METIS") == "AUTO"
    assert not (build / "tests").exists(), "without doctest the tests are not configured"
    # The header-only library came from the prefix named by its hint variable.
    assert cached(build, "RANDOM123_INCLUDE_DIR") == str(prefix / "include")
    assert re.search(r"-- Random123 +required: found in " + re.escape(str(prefix)), r.text)


def test_a_hidden_required_dependency_stops_the_configure_naming_it(tmp_path):
    r = configure(tmp_path / "build", "-DCMAKE_DISABLE_FIND_PACKAGE_fmt=ON",
                  "-DWARPNET_BUILD_TESTS=OFF")
    assert r.returncode != 0
    assert "Required dependency missing: fmt ({fmt}, text formatting) was not found" in r.text
    assert "Debian/Ubuntu: libfmt-dev; Spack: fmt" in r.text
    assert "-Dfmt_ROOT=<prefix>" in r.text
    assert "Configuring incomplete" in r.text


def test_an_optional_feature_asked_for_but_missing_stops_the_configure(tmp_path):
    # Typed BOOL, as Spack's define_from_variant passes it (+scotch).
    r = configure(tmp_path / "build", "-DCMAKE_DISABLE_FIND_PACKAGE_Scotch=ON",
                  "-DWARPNET_WITH_SCOTCH:BOOL=ON", "-DWARPNET_BUILD_TESTS=OFF")
    assert r.returncode != 0
    assert "WARPNET_WITH_SCOTCH=ON, but Scotch (" in r.text
    assert "-DWARPNET_WITH_SCOTCH=OFF (or AUTO) to build without it" in r.text
