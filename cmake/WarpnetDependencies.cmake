# SPDX-License-Identifier: Apache-2.0
# Every external dependency of warpnet, in one table: what it is for, whether the build can do
# without it, the CMake variable that points at a non-standard prefix (a module, a Spack view,
# a home-built library), and its Debian 12 and Spack package names.
#
# A missing required dependency stops the configure with a message naming the package and its
# hint variable; a missing optional one turns its feature off and says so. The summary at the
# end of the configure lists what was found where. The table is also written to
# <build>/warpnet-dependencies.tsv, which the packaging tests compare with the Spack recipe
# (packaging/spack/package.py) and the Debian package list (scripts/install-deps.sh).
#
# Header-only libraries (CLI11, toml++, nlohmann_json, Random123, doctest) are found from a
# prefix like the others: -D<Name>_ROOT=<prefix>, or the prefix in CMAKE_PREFIX_PATH.

include_guard(GLOBAL)

# warpnet_declare_dependency(<Package> REQUIRED|OPTIONAL FOR <what needs it> HINT <variable>
#                            DEBIAN <packages...> SPACK <spec> [OPTION <cache variable>])
# OPTION names the setting that turns the optional feature on or off.
function(warpnet_declare_dependency package kind)
  cmake_parse_arguments(ARG "" "FOR;HINT;SPACK;OPTION" "DEBIAN" ${ARGN})
  set_property(GLOBAL APPEND PROPERTY WARPNET_DEPENDENCIES ${package})
  set_property(GLOBAL PROPERTY WARPNET_DEP_${package}_KIND ${kind})
  foreach(field FOR HINT SPACK OPTION DEBIAN)
    set_property(GLOBAL PROPERTY WARPNET_DEP_${package}_${field} "${ARG_${field}}")
  endforeach()
endfunction()

function(_warpnet_dependency_field out package field)
  get_property(value GLOBAL PROPERTY WARPNET_DEP_${package}_${field})
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

# "<Package> (<what for>) was not found. Install it (Debian/Ubuntu: ...; Spack: ...) or load its
# module, then point CMake at its prefix: -D<hint>=<prefix> ..."
function(warpnet_dependency_hint out package)
  foreach(field FOR HINT SPACK DEBIAN)
    _warpnet_dependency_field(${field} ${package} ${field})
  endforeach()
  list(JOIN DEBIAN " " DEBIAN)
  string(CONCAT text "${package} (${FOR}) was not found. Install it (Debian/Ubuntu: ${DEBIAN}; "
                "Spack: ${SPACK}) or load its module, then point CMake at its prefix: "
                "-D${HINT}=<prefix> (or add the prefix to CMAKE_PREFIX_PATH).")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# Records what a find step gave, for the summary.
function(_warpnet_dependency_result package status)
  set_property(GLOBAL PROPERTY WARPNET_DEP_${package}_STATUS "${status}")
endfunction()

# "found 1.10.8", or where it was found when the package has no version.
function(_warpnet_dependency_found package)
  if(${package}_VERSION)
    _warpnet_dependency_result(${package} "found ${${package}_VERSION}")
  elseif(${package}_C_VERSION)   # FindMPI: the MPI standard version of the C binding
    _warpnet_dependency_result(${package} "found MPI ${${package}_C_VERSION}")
  elseif(${package}_DIR)
    _warpnet_dependency_result(${package} "found in ${${package}_DIR}")
  else()
    string(TOUPPER "${package}" upper)
    _warpnet_dependency_result(${package} "found in ${${upper}_INCLUDE_DIR}")
  endif()
endfunction()

# warpnet_require(<Package> [find_package arguments...])
# find_package(<Package> ...) quietly; stops the configure with a clear message when it fails.
# A macro, so that the variables the find module sets (HDF5_IS_PARALLEL, ...) stay visible.
macro(warpnet_require package)
  find_package(${package} ${ARGN} QUIET)
  if(NOT ${package}_FOUND)
    warpnet_dependency_hint(_warpnet_message ${package})
    message(FATAL_ERROR "Required dependency missing: ${_warpnet_message}")
  endif()
  _warpnet_dependency_found(${package})
endmacro()

# warpnet_optional(<Package> [find_package arguments...])
# The feature of an optional dependency is selected by its OPTION. A library feature
# (warpnet_feature_option: WARPNET_WITH_METIS, ...) is AUTO (the default: on when the package
# is found, otherwise off with a warning), ON (the package must be found) or OFF. A part of the
# build (WARPNET_BUILD_TESTS, ON or OFF) is skipped with a warning when its package is missing.
# Sets WARPNET_HAVE_<Package> to ON or OFF.
macro(warpnet_optional package)
  _warpnet_dependency_field(_warpnet_option ${package} OPTION)
  set(WARPNET_HAVE_${package} OFF)
  if(${_warpnet_option} STREQUAL "OFF")
    _warpnet_dependency_result(${package} "not used (${_warpnet_option}=OFF)")
  else()
    find_package(${package} ${ARGN} QUIET)
    warpnet_dependency_hint(_warpnet_message ${package})
    get_property(_warpnet_feature_options GLOBAL PROPERTY WARPNET_FEATURE_OPTIONS)
    if(${package}_FOUND)
      set(WARPNET_HAVE_${package} ON)
      _warpnet_dependency_found(${package})
    elseif(${_warpnet_option} STREQUAL "ON" AND _warpnet_option IN_LIST _warpnet_feature_options)
      message(FATAL_ERROR "${_warpnet_option}=ON, but ${_warpnet_message} Or configure "
                          "with -D${_warpnet_option}=OFF (or AUTO) to build without it.")
    else()
      message(WARNING "Optional dependency missing, building without it: ${_warpnet_message}")
      _warpnet_dependency_result(${package} "NOT FOUND: built without it")
    endif()
  endif()
endmacro()

# An AUTO/ON/OFF setting for an optional library feature (also given as a BOOL, as Spack does:
# -DWARPNET_WITH_METIS:BOOL=ON means ON).
function(warpnet_feature_option name description)
  set_property(GLOBAL APPEND PROPERTY WARPNET_FEATURE_OPTIONS ${name})
  set(${name} AUTO CACHE STRING "${description}: AUTO (if found), ON (required) or OFF")
  set_property(CACHE ${name} PROPERTY STRINGS AUTO ON OFF)
  string(TOUPPER "${${name}}" value)
  if(value MATCHES "^(1|YES|TRUE|Y)$")
    set(value ON)
  elseif(value MATCHES "^(0|NO|FALSE|N)$")
    set(value OFF)
  endif()
  if(NOT value MATCHES "^(AUTO|ON|OFF)$")
    message(FATAL_ERROR "${name} must be AUTO, ON or OFF, not '${${name}}'")
  endif()
  set(${name} ${value} PARENT_SCOPE)
endfunction()

# Prints one line per dependency and writes <build>/warpnet-dependencies.tsv.
function(warpnet_dependency_summary)
  get_property(packages GLOBAL PROPERTY WARPNET_DEPENDENCIES)
  set(tsv "# package\tkind\toption\thint\tdebian\tspack\tfor\n")
  message(STATUS "warpnet dependencies:")
  foreach(package IN LISTS packages)
    foreach(field KIND FOR HINT SPACK OPTION DEBIAN STATUS)
      _warpnet_dependency_field(${field} ${package} ${field})
    endforeach()
    if(NOT STATUS)
      set(STATUS "not needed by this configuration")
    endif()
    list(JOIN DEBIAN " " DEBIAN)
    string(TOLOWER "${KIND}" kind)
    string(APPEND tsv "${package}\t${kind}\t${OPTION}\t${HINT}\t${DEBIAN}\t${SPACK}\t${FOR}\n")
    string(LENGTH "${package}" length)
    math(EXPR pad "14 - ${length}")
    string(REPEAT " " ${pad} padding)
    message(STATUS "  ${package}${padding}${kind}: ${STATUS}")
  endforeach()
  file(WRITE ${PROJECT_BINARY_DIR}/warpnet-dependencies.tsv "${tsv}")
endfunction()

# ---- the table ------------------------------------------------------------------------------
warpnet_declare_dependency(MPI REQUIRED FOR "MPI 3.1 (C and C++), every build"
  HINT MPI_HOME DEBIAN libopenmpi-dev openmpi-bin SPACK mpi)
warpnet_declare_dependency(HDF5 REQUIRED FOR "parallel HDF5 (C API, built with MPI), results files"
  HINT HDF5_ROOT DEBIAN libhdf5-openmpi-dev SPACK hdf5+mpi)
warpnet_declare_dependency(Boost REQUIRED FOR "Boost.Serialization 1.74+, checkpoints"
  HINT Boost_ROOT DEBIAN libboost-serialization-dev SPACK boost+serialization)
warpnet_declare_dependency(CLI11 REQUIRED FOR "CLI11, header-only, the command line"
  HINT CLI11_ROOT DEBIAN libcli11-dev SPACK cli11)
warpnet_declare_dependency(fmt REQUIRED FOR "{fmt}, text formatting"
  HINT fmt_ROOT DEBIAN libfmt-dev SPACK fmt)
warpnet_declare_dependency(tomlplusplus REQUIRED FOR "toml++, header-only, configuration files"
  HINT tomlplusplus_ROOT DEBIAN libtomlplusplus-dev SPACK tomlplusplus)
warpnet_declare_dependency(nlohmann_json REQUIRED FOR "nlohmann_json 3.11+, header-only, --stats-json"
  HINT nlohmann_json_ROOT DEBIAN nlohmann-json3-dev SPACK nlohmann-json)
warpnet_declare_dependency(Random123 REQUIRED FOR "Random123, header-only, the LPs' random streams"
  HINT Random123_ROOT DEBIAN librandom123-dev SPACK random123)
warpnet_declare_dependency(METIS OPTIONAL FOR "METIS 5, the metis partitioner"
  HINT METIS_ROOT DEBIAN libmetis-dev SPACK metis OPTION WARPNET_WITH_METIS)
warpnet_declare_dependency(Scotch OPTIONAL FOR "Scotch 6/7, the scotch partitioner"
  HINT Scotch_ROOT DEBIAN libscotch-dev SPACK scotch OPTION WARPNET_WITH_SCOTCH)
warpnet_declare_dependency(doctest OPTIONAL FOR "doctest, header-only, the tests"
  HINT doctest_ROOT DEBIAN doctest-dev SPACK doctest OPTION WARPNET_BUILD_TESTS)
warpnet_declare_dependency(benchmark OPTIONAL FOR "Google Benchmark, two micro-benchmarks"
  HINT benchmark_ROOT DEBIAN libbenchmark-dev SPACK benchmark OPTION WARPNET_BUILD_BENCHMARKS)
