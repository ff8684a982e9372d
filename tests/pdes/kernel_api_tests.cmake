# SPDX-License-Identifier: Apache-2.0
# Unit tests of the kernel's public API and sequential engine (included from tests/CMakeLists.txt).
set(_dir ${CMAKE_CURRENT_LIST_DIR})
warpnet_unit_test(NAME test_kernel_api
  SOURCES ${_dir}/test_sim_time.cpp ${_dir}/test_event_queue.cpp ${_dir}/test_rng.cpp
          ${_dir}/test_sequential_engine.cpp
  LIBS pdes::pdes)

# The kernel must not know about models, I/O or the application (docs/architecture.md,
# CONTRIBUTING.md §1).
add_test(NAME kernel_layering
  COMMAND /bin/sh ${_dir}/check_layering.sh ${PROJECT_SOURCE_DIR})
set_tests_properties(kernel_layering PROPERTIES LABELS unit TIMEOUT 30)
# ...and the check itself must catch a violation.
add_test(NAME kernel_layering_detects_violation
  COMMAND /bin/sh ${_dir}/check_layering.sh ${PROJECT_SOURCE_DIR}/tests/data/layering-violation)
set_tests_properties(kernel_layering_detects_violation PROPERTIES LABELS unit TIMEOUT 30 WILL_FAIL TRUE)
