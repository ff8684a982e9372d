# SPDX-License-Identifier: Apache-2.0
# FindRandom123: the header-only Random123 library (counter-based random number generators).
#
#   find_package(Random123)          # -> Random123_FOUND, target Random123::Random123
#
# Looks in the usual prefixes, CMAKE_PREFIX_PATH and Random123_ROOT (a prefix holding
# include/Random123/philox.h); RANDOM123_INCLUDE_DIR may also name the include directory itself.
find_path(RANDOM123_INCLUDE_DIR Random123/philox.h
          DOC "Directory that holds Random123/philox.h")
mark_as_advanced(RANDOM123_INCLUDE_DIR)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Random123 REQUIRED_VARS RANDOM123_INCLUDE_DIR)

if(Random123_FOUND AND NOT TARGET Random123::Random123)
  add_library(Random123::Random123 INTERFACE IMPORTED)
  set_target_properties(Random123::Random123 PROPERTIES
                        INTERFACE_INCLUDE_DIRECTORIES "${RANDOM123_INCLUDE_DIR}")
endif()
