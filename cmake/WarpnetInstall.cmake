# SPDX-License-Identifier: Apache-2.0
# What `cmake --install <build> --prefix P` puts where (docs/install.md):
#
#   P/bin/warpnet                               the command-line program
#   P/share/warpnet/cluster-scripts/            the Slurm scripts; they run P/bin/warpnet
#   P/share/warpnet/examples/                   experiment files (with the data files they name)
#   P/share/warpnet/docs/, README.md, LICENSE   the documentation
#   P/share/warpnet/analysis/                   the warpnet_analysis Python package (the
#                                               cluster scripts' gather step imports it from
#                                               here; `pip install P/share/warpnet/analysis`
#                                               installs it into a Python environment)
#
# The layout is relocatable: the scripts find the binary by a relative path, so an install
# tree may be moved or installed with a --prefix other than CMAKE_INSTALL_PREFIX.

include_guard(GLOBAL)
include(GNUInstallDirs)

set(WARPNET_INSTALL_DATADIR "${CMAKE_INSTALL_DATADIR}/warpnet" CACHE STRING
    "Where examples, docs, cluster scripts and the analysis package go, relative to the prefix")
mark_as_advanced(WARPNET_INSTALL_DATADIR)

# Libraries from a module or a Spack prefix (HDF5, MPI, fmt, ...) stay found at run time without
# LD_LIBRARY_PATH: the installed binary keeps the directories it was linked from in its RUNPATH.
if(NOT DEFINED CMAKE_INSTALL_RPATH_USE_LINK_PATH)
  set_target_properties(warpnet PROPERTIES INSTALL_RPATH_USE_LINK_PATH ON)
endif()

install(TARGETS warpnet RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# The cluster scripts, plus the one file that tells them where the installed binary is.
set(scripts_destination "${WARPNET_INSTALL_DATADIR}/cluster-scripts")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/cluster-scripts/ DESTINATION ${scripts_destination}
        USE_SOURCE_PERMISSIONS PATTERN "__pycache__" EXCLUDE)
foreach(dir scripts_destination CMAKE_INSTALL_BINDIR)
  if(IS_ABSOLUTE "${${dir}}")
    set(${dir}_full "${${dir}}")
  else()
    set(${dir}_full "${CMAKE_INSTALL_PREFIX}/${${dir}}")
  endif()
endforeach()
file(RELATIVE_PATH WARPNET_SCRIPTS_TO_BIN "${scripts_destination_full}"
     "${CMAKE_INSTALL_BINDIR_full}")
configure_file(${PROJECT_SOURCE_DIR}/cmake/install-layout.sh.in
               ${PROJECT_BINARY_DIR}/install-layout.sh @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/install-layout.sh DESTINATION ${scripts_destination})

install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/ DESTINATION ${WARPNET_INSTALL_DATADIR}/examples)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${WARPNET_INSTALL_DATADIR}/docs)
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${WARPNET_INSTALL_DATADIR})
if(EXISTS ${PROJECT_SOURCE_DIR}/LICENSE)
  install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${WARPNET_INSTALL_DATADIR})
endif()

install(DIRECTORY ${PROJECT_SOURCE_DIR}/analysis/warpnet_analysis
        DESTINATION ${WARPNET_INSTALL_DATADIR}/analysis PATTERN "__pycache__" EXCLUDE)
install(FILES ${PROJECT_SOURCE_DIR}/analysis/pyproject.toml ${PROJECT_SOURCE_DIR}/analysis/README.md
        DESTINATION ${WARPNET_INSTALL_DATADIR}/analysis)
