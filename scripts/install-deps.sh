#!/usr/bin/env bash
# Installs every Debian 12 package warpnet needs to build, test and analyse, in one apt-get
# call. Idempotent: when everything is already installed it does nothing (and needs no root).
# The container recipe (packaging/apptainer/warpnet.def) installs the same list, and the list
# holds every Debian package of cmake/WarpnetDependencies.cmake: tests/install checks both.
set -euo pipefail

packages=(
  build-essential cmake git pkg-config
  libopenmpi-dev openmpi-bin
  libhdf5-openmpi-dev hdf5-tools
  libboost-serialization-dev
  doctest-dev libbenchmark-dev
  libcli11-dev libfmt-dev libspdlog-dev libtomlplusplus-dev nlohmann-json3-dev
  librandom123-dev libmetis-dev libscotch-dev
  python3 python3-h5py python3-numpy python3-pandas python3-matplotlib python3-pytest
  jupyter-notebook jupyter-nbconvert python3-nbconvert python3-nbformat python3-nbclient
  python3-ipykernel
  python3-otf2      # warpnet_analysis.otf2_import reads OTF2 archives with the OTF2 library
  python3-scipy     # warpnet_analysis.exact_circuits: exact circuit schedules (HiGHS MILP)
  slurm-wlm munge   # the cluster-scripts system test starts a private Slurm (tests/cluster)
)

missing=()
for p in "${packages[@]}"; do
  if [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" != "install ok installed" ]; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: run as root (missing: ${missing[*]})" >&2; exit 1; }
  sudo="sudo"
fi
echo "install-deps: installing ${#missing[@]} packages: ${missing[*]}"
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${packages[@]}"
