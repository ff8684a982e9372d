# SPDX-License-Identifier: Apache-2.0
# Spack recipe for warpnet (docs/install.md, "With Spack"). Put it in a Spack package
# repository as packages/warpnet/package.py, then for example:
#
#   spack install warpnet ^openmpi ^hdf5@1.14
#   spack install warpnet~scotch+tests
#   spack develop --path /path/to/warpnet warpnet@main && spack install   # from a checkout
#
# The dependency list mirrors cmake/WarpnetDependencies.cmake; a test (tests/install,
# test_packaging.py) checks the two against each other.

from spack.package import *


class Warpnet(CMakePackage):
    """Parallel optimistic (Time Warp) discrete-event simulator of HPC interconnection
    networks: meshes, tori, hypercubes and fat trees, adaptive routing (DRB, PR-DRB), MPI
    trace replay, parallel HDF5 results and Slurm scripts for sweeps and scaling studies."""

    # Replace with the URL of your clone (or use `spack develop` on a checkout, which needs
    # no URL): the project has no public release yet.
    git = "https://example.invalid/warpnet.git"

    license("Apache-2.0")

    version("main", branch="main")

    variant("metis", default=True, description="The metis partitioner (METIS 5)")
    variant("scotch", default=True, description="The scotch partitioner (Scotch)")
    variant("tests", default=False, description="Build the test suite (doctest, CTest)")

    depends_on("c", type="build")
    depends_on("cxx", type="build")
    depends_on("cmake@3.20:", type="build")

    depends_on("mpi")
    depends_on("hdf5@1.10:+mpi")
    depends_on("boost@1.74:+serialization")
    depends_on("fmt@9:")
    # Header-only: needed to compile only.
    depends_on("cli11@2:", type="build")
    depends_on("tomlplusplus@3:", type="build")
    depends_on("nlohmann-json@3.11:", type="build")
    depends_on("random123", type="build")

    depends_on("metis@5:", when="+metis")
    depends_on("scotch", when="+scotch")
    depends_on("doctest", type="build", when="+tests")

    def cmake_args(self):
        return [
            self.define_from_variant("WARPNET_WITH_METIS", "metis"),
            self.define_from_variant("WARPNET_WITH_SCOTCH", "scotch"),
            self.define_from_variant("WARPNET_BUILD_TESTS", "tests"),
            self.define("WARPNET_BUILD_BENCHMARKS", False),
            self.define("HDF5_PREFER_PARALLEL", True),
            self.define("MPI_HOME", self.spec["mpi"].prefix),
            self.define("HDF5_ROOT", self.spec["hdf5"].prefix),
        ]

    def setup_run_environment(self, env):
        # The cluster scripts find bin/warpnet by themselves; jobs that call warpnet directly
        # get it from PATH.
        env.set("WARPNET_BIN", self.prefix.bin.warpnet)
