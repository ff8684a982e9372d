# SPDX-License-Identifier: Apache-2.0
# FindMETIS: the METIS 5 graph partitioner (C library).
#
#   find_package(METIS)              # -> METIS_FOUND, target METIS::METIS
#
# Looks in the usual prefixes, CMAKE_PREFIX_PATH and METIS_ROOT (a prefix with include/metis.h
# and lib/libmetis); METIS_INCLUDE_DIR and METIS_LIBRARY may also be set directly.
find_path(METIS_INCLUDE_DIR metis.h DOC "Directory that holds metis.h")
find_library(METIS_LIBRARY metis DOC "The METIS library")
mark_as_advanced(METIS_INCLUDE_DIR METIS_LIBRARY)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(METIS REQUIRED_VARS METIS_LIBRARY METIS_INCLUDE_DIR)

if(METIS_FOUND AND NOT TARGET METIS::METIS)
  add_library(METIS::METIS UNKNOWN IMPORTED)
  set_target_properties(METIS::METIS PROPERTIES IMPORTED_LOCATION "${METIS_LIBRARY}"
                        INTERFACE_INCLUDE_DIRECTORIES "${METIS_INCLUDE_DIR}")
endif()
