# SPDX-License-Identifier: Apache-2.0
# Helpers that register tests with a label and a timeout, so that `ctest -L unit` stays fast.

# Environment that lets Open MPI run as root and oversubscribe the 2-core CI machine.
set(WARPNET_MPI_TEST_ENV
    "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;OMPI_MCA_rmaps_base_oversubscribe=1")

# warpnet_unit_test(NAME name SOURCES a.cpp ... LIBS lib ...)
# A doctest executable with doctest's own main, labelled `unit`.
function(warpnet_unit_test)
  cmake_parse_arguments(ARG "" "NAME;TIMEOUT" "SOURCES;LIBS" ${ARGN})
  if(NOT ARG_TIMEOUT)
    set(ARG_TIMEOUT 60)
  endif()
  add_executable(${ARG_NAME} ${ARG_SOURCES})
  target_link_libraries(${ARG_NAME} PRIVATE warpnet_doctest_main ${ARG_LIBS})
  add_test(NAME ${ARG_NAME} COMMAND ${ARG_NAME})
  set_tests_properties(${ARG_NAME} PROPERTIES LABELS unit TIMEOUT ${ARG_TIMEOUT})
endfunction()

# warpnet_mpi_test(NAME name RANKS n COMMAND exe args...)
# Runs a command under mpiexec with n ranks, labelled `mpi`.
function(warpnet_mpi_test)
  cmake_parse_arguments(ARG "" "NAME;RANKS;TIMEOUT" "COMMAND;LABELS" ${ARGN})
  if(NOT ARG_TIMEOUT)
    set(ARG_TIMEOUT 120)
  endif()
  add_test(NAME ${ARG_NAME}
           COMMAND ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${ARG_RANKS} ${MPIEXEC_PREFLAGS}
                   ${ARG_COMMAND} ${MPIEXEC_POSTFLAGS})
  set_tests_properties(${ARG_NAME} PROPERTIES LABELS "mpi;${ARG_LABELS}" TIMEOUT ${ARG_TIMEOUT}
                       PROCESSORS ${ARG_RANKS} ENVIRONMENT "${WARPNET_MPI_TEST_ENV}")
endfunction()

# warpnet_mpi_doctest(NAME name SOURCES a.cpp ... LIBS lib ... [TIMEOUT s])
# A doctest executable with the MPI main (tests/support/doctest_mpi_main.cpp), run on 1, 2
# and 4 ranks as name_np1, name_np2 and name_np4 (4 oversubscribes the 2-core CI machine).
function(warpnet_mpi_doctest)
  cmake_parse_arguments(ARG "" "NAME;TIMEOUT" "SOURCES;LIBS" ${ARGN})
  add_executable(${ARG_NAME} ${ARG_SOURCES})
  target_link_libraries(${ARG_NAME} PRIVATE warpnet_doctest_mpi_main ${ARG_LIBS})
  foreach(ranks 1 2 4)
    warpnet_mpi_test(NAME ${ARG_NAME}_np${ranks} RANKS ${ranks} TIMEOUT ${ARG_TIMEOUT}
                     COMMAND $<TARGET_FILE:${ARG_NAME}>)
  endforeach()
endfunction()
