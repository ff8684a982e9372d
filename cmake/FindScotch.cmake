# SPDX-License-Identifier: Apache-2.0
# FindScotch: the Scotch graph partitioner (libscotch + libscotcherr, sequential API).
#
#   find_package(Scotch)             # -> Scotch_FOUND, target Scotch::Scotch
#
# Looks in the usual prefixes, CMAKE_PREFIX_PATH and Scotch_ROOT (a prefix with scotch.h in
# include/ or include/scotch/, and lib/libscotch, lib/libscotcherr); SCOTCH_INCLUDE_DIR,
# SCOTCH_LIBRARY and SCOTCHERR_LIBRARY may also be set directly. Debian's /usr/include/scotch
# is the 32-bit SCOTCH_Num variant; warpnet adapts to either width.
find_path(SCOTCH_INCLUDE_DIR scotch.h PATH_SUFFIXES scotch DOC "Directory that holds scotch.h")
find_library(SCOTCH_LIBRARY scotch DOC "The Scotch library")
find_library(SCOTCHERR_LIBRARY scotcherr DOC "Scotch's error handler library")
mark_as_advanced(SCOTCH_INCLUDE_DIR SCOTCH_LIBRARY SCOTCHERR_LIBRARY)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Scotch
                                  REQUIRED_VARS SCOTCH_LIBRARY SCOTCHERR_LIBRARY SCOTCH_INCLUDE_DIR)

if(Scotch_FOUND AND NOT TARGET Scotch::Scotch)
  add_library(Scotch::Scotch UNKNOWN IMPORTED)
  set_target_properties(Scotch::Scotch PROPERTIES IMPORTED_LOCATION "${SCOTCH_LIBRARY}"
                        INTERFACE_INCLUDE_DIRECTORIES "${SCOTCH_INCLUDE_DIR}"
                        INTERFACE_LINK_LIBRARIES "${SCOTCHERR_LIBRARY}")
endif()
