# SPDX-License-Identifier: Apache-2.0
"""The packaging recipes follow the build: the Spack recipe (packaging/spack/package.py) has
one dependency per entry of CMake's dependency table (<build>/warpnet-dependencies.tsv, written
by cmake/WarpnetDependencies.cmake), optional ones behind the variant that sets their CMake
option; the Apptainer recipe (packaging/apptainer/warpnet.def) installs exactly the Debian
packages of scripts/install-deps.sh, which holds every Debian package the table names.

The Spack recipe is read with Python's ast module (Spack itself is not needed)."""
import ast
import os
import pathlib
import re

import pytest

SOURCE = pathlib.Path(os.environ.get("WARPNET_SOURCE_DIR", pathlib.Path(__file__).parents[2]))
SPACK_RECIPE = SOURCE / "packaging/spack/package.py"
CONTAINER_RECIPE = SOURCE / "packaging/apptainer/warpnet.def"
INSTALL_DEPS = SOURCE / "scripts/install-deps.sh"
# Spack packages every CMake project needs, which are not library dependencies.
SPACK_TOOLCHAIN = {"c", "cxx", "cmake"}


# ---- readers ------------------------------------------------------------------------------
def dependency_table():
    build = os.environ.get("WARPNET_BUILD_DIR")
    if not build:
        pytest.fail("WARPNET_BUILD_DIR is not set (run this test through ctest)")
    rows = []
    for line in (pathlib.Path(build) / "warpnet-dependencies.tsv").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        package, kind, option, hint, debian, spack, needed_for = line.split("\t")
        rows.append(dict(package=package, kind=kind, option=option, hint=hint,
                         debian=debian.split(), spack=spack, needed_for=needed_for))
    assert rows, "the dependency table is empty"
    return rows


def spack_name(spec: str) -> str:
    """'hdf5@1.10:+mpi' -> 'hdf5'."""
    return re.match(r"[A-Za-z0-9_-]+", spec).group(0)


def spack_variants_of(spec: str) -> set:
    """'boost@1.74:+serialization' -> {'+serialization'}."""
    return set(re.findall(r"[+~][A-Za-z0-9_-]+", spec))


class SpackRecipe:
    def __init__(self, path: pathlib.Path):
        tree = ast.parse(path.read_text(), filename=str(path))
        classes = [n for n in tree.body if isinstance(n, ast.ClassDef)]
        assert len(classes) == 1, "the recipe defines one package class"
        self.cls = classes[0]
        self.depends_on, self.variants = [], {}
        self.from_variant, self.defines = {}, {}
        for node in ast.walk(self.cls):
            if not isinstance(node, ast.Call):
                continue
            args = [ast.literal_eval(a) for a in node.args
                    if isinstance(a, ast.Constant)]
            kwargs = {k.arg: ast.literal_eval(k.value) for k in node.keywords
                      if isinstance(k.value, (ast.Constant, ast.Tuple))}
            name = node.func.id if isinstance(node.func, ast.Name) else (
                node.func.attr if isinstance(node.func, ast.Attribute) else None)
            if name == "depends_on":
                self.depends_on.append(dict(spec=args[0], name=spack_name(args[0]),
                                            when=kwargs.get("when"),
                                            type=kwargs.get("type", ("build", "link"))))
            elif name == "variant":
                self.variants[args[0]] = kwargs
            elif name == "define_from_variant":
                self.from_variant[args[0]] = args[1]
            elif name == "define" and len(args) == 2:
                self.defines[args[0]] = args[1]

    def dependency(self, name):
        found = [d for d in self.depends_on if d["name"] == name]
        assert len(found) == 1, f"the Spack recipe should depend on {name} once: {found}"
        return found[0]


def bash_array(text: str, name: str) -> list:
    """The words of `name=( ... )` in a shell script, comments dropped."""
    match = re.search(rf"^\s*{name}=\((.*?)^\s*\)", text, re.S | re.M)
    assert match, f"no {name}=( ... ) array"
    words = []
    for line in match.group(1).splitlines():
        words += line.split("#", 1)[0].split()
    return words


@pytest.fixture(scope="module")
def table():
    return dependency_table()


@pytest.fixture(scope="module")
def recipe():
    return SpackRecipe(SPACK_RECIPE)


# ---- Spack ---------------------------------------------------------------------------------
def test_every_required_dependency_is_an_unconditional_spack_dependency(table, recipe):
    for row in (r for r in table if r["kind"] == "required"):
        dep = recipe.dependency(spack_name(row["spack"]))
        assert dep["when"] is None, f"{row['package']} is required, not only when {dep['when']}"
        assert spack_variants_of(row["spack"]) <= spack_variants_of(dep["spec"]), (
            f"{row['package']}: CMake needs {row['spack']}, the recipe asks for {dep['spec']}")


def test_header_only_dependencies_are_build_dependencies(table, recipe):
    for row in (r for r in table if "header-only" in r["needed_for"]):
        dep = recipe.dependency(spack_name(row["spack"]))
        assert dep["type"] in ("build", ("build",)), (row["package"], dep)


def test_optional_dependencies_follow_their_option(table, recipe):
    """An optional package is either behind a variant that sets its CMake option (and the
    recipe depends on it only with that variant) or its option is off and it is absent."""
    for row in (r for r in table if r["kind"] == "optional"):
        option, name = row["option"], spack_name(row["spack"])
        assert option, f"optional {row['package']} names no CMake option"
        if option in recipe.from_variant:
            variant = recipe.from_variant[option]
            assert variant in recipe.variants, f"cmake_args uses an undeclared variant {variant}"
            assert recipe.dependency(name)["when"] == f"+{variant}", (
                f"{row['package']} should be needed exactly when +{variant}")
        else:
            assert recipe.defines.get(option) is False, (
                f"the recipe neither maps {option} to a variant nor turns it off")
            assert all(d["name"] != name for d in recipe.depends_on), (
                f"{option} is off, so the recipe should not depend on {name}")


def test_the_variants_asked_for_exist(recipe):
    assert {"metis", "scotch", "tests"} <= set(recipe.variants)
    assert recipe.from_variant["WARPNET_WITH_METIS"] == "metis"
    assert recipe.from_variant["WARPNET_WITH_SCOTCH"] == "scotch"
    assert recipe.from_variant["WARPNET_BUILD_TESTS"] == "tests"


def test_the_recipe_depends_on_nothing_cmake_does_not_know(table, recipe):
    known = {spack_name(r["spack"]) for r in table} | SPACK_TOOLCHAIN
    unknown = [d["spec"] for d in recipe.depends_on if d["name"] not in known]
    assert not unknown, f"not in cmake/WarpnetDependencies.cmake: {unknown}"


# ---- Debian: install-deps.sh and the container ----------------------------------------------
def test_install_deps_has_every_debian_package_cmake_names(table):
    packages = set(bash_array(INSTALL_DEPS.read_text(), "packages"))
    for row in table:
        missing = set(row["debian"]) - packages
        assert not missing, f"{row['package']}: {missing} not in scripts/install-deps.sh"


def test_the_container_installs_the_packages_of_install_deps():
    ours = bash_array(CONTAINER_RECIPE.read_text(), "packages")
    theirs = bash_array(INSTALL_DEPS.read_text(), "packages")
    assert len(ours) == len(set(ours)), "a package is listed twice in warpnet.def"
    assert sorted(ours) == sorted(theirs), (
        f"only in warpnet.def: {sorted(set(ours) - set(theirs))}; "
        f"only in install-deps.sh: {sorted(set(theirs) - set(ours))}")


def test_the_container_is_debian_12_and_copies_every_folder_the_build_needs():
    text = CONTAINER_RECIPE.read_text()
    assert re.search(r"^From:\s*debian:(12|bookworm)\b", text, re.M)
    files = re.search(r"^%files\n(.*?)^%", text, re.S | re.M).group(1)
    copied = {line.split()[0] for line in files.splitlines() if line.strip()}
    # Every folder the top-level CMakeLists.txt adds outside the tests and benchmarks, what
    # cmake --install installs, and the CMake modules.
    top = (SOURCE / "CMakeLists.txt").read_text()
    libraries = set(re.findall(r"^add_subdirectory\((\w+)\)", top, re.M)) - {
        "tests", "analysis", "notebooks", "benchmarks"}
    needed = libraries | {"CMakeLists.txt", "cmake", "cluster-scripts", "examples", "docs",
                          "analysis", "README.md"}
    assert needed <= copied, f"not copied into the image: {sorted(needed - copied)}"
