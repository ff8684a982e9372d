# SPDX-License-Identifier: Apache-2.0
#
# warpnet_determinism_test(NAME name CONFIG file.toml
#                          [SET key=value ...] [RANKS 1 2 4] [FORCED_ROLLBACK p]
#                          [REQUIRE_ROLLBACKS_FROM n] [REQUIRE_SAFE_FROM n] [TIMEOUT seconds])
#
# Registers a test (labels mpi;system) that runs CONFIG through the warpnet CLI with the
# sequential engine, the rollback-check engine and the optimistic engine on each of RANKS
# (default 1 2 4; more than 2 oversubscribes the CI machine), and fails unless all runs agree
# bit for bit on the event digest, the committed events, the termination reason and the last
# event time, and unless the runs on REQUIRE_ROLLBACKS_FROM ranks or more (default 2) had
# rollbacks and anti-messages, and those of them with a lookahead on REQUIRE_SAFE_FROM ranks or
# more (default 2; 0: no requirement) had safe events (kernel.lookahead at work). Neither
# depends on the machine's load: the runs on two ranks or more roll speculative events back at
# random (kernel.forced_rollback_probability 0.01) besides lagging their last rank, and with
# forced rollbacks and a lookahead the engine runs its first events safe, however the ranks are
# scheduled (cmake/determinism_check.py).
# SET overrides keys in every run (use it to shorten the example,
# e.g. SET simulation.end_time=20). FORCED_ROLLBACK adds a run on the largest rank count with
# kernel.forced_rollback_probability = p.
#
# Every model's example configuration should have one:
#   warpnet_determinism_test(NAME determinism_phold CONFIG ${PROJECT_SOURCE_DIR}/examples/phold.toml
#                            SET simulation.end_time=20)
#
# The driver is cmake/determinism_check.py (Debian's /usr/bin/python3, standard library only).
include_guard(GLOBAL)

function(warpnet_determinism_test)
  cmake_parse_arguments(ARG "" "NAME;CONFIG;FORCED_ROLLBACK;REQUIRE_ROLLBACKS_FROM;REQUIRE_SAFE_FROM;TIMEOUT"
                        "SET;RANKS" ${ARGN})
  if(NOT ARG_NAME OR NOT ARG_CONFIG)
    message(FATAL_ERROR "warpnet_determinism_test: NAME and CONFIG are required")
  endif()
  if(NOT ARG_RANKS)
    set(ARG_RANKS 1 2 4)
  endif()
  if(NOT ARG_TIMEOUT)
    set(ARG_TIMEOUT 600)
  endif()
  if(NOT DEFINED ARG_REQUIRE_ROLLBACKS_FROM)
    set(ARG_REQUIRE_ROLLBACKS_FROM 2)
  endif()
  if(NOT DEFINED ARG_REQUIRE_SAFE_FROM)
    set(ARG_REQUIRE_SAFE_FROM 2)
  endif()
  list(JOIN ARG_RANKS "," ranks)
  set(sets)
  foreach(s IN LISTS ARG_SET)
    list(APPEND sets --set ${s})
  endforeach()
  set(forced)
  if(ARG_FORCED_ROLLBACK)
    set(forced --forced-rollback ${ARG_FORCED_ROLLBACK})
  endif()
  list(GET ARG_RANKS -1 max_ranks)
  add_test(NAME ${ARG_NAME}
           COMMAND /usr/bin/python3 ${PROJECT_SOURCE_DIR}/cmake/determinism_check.py
                   --warpnet $<TARGET_FILE:warpnet> --config ${ARG_CONFIG}
                   --workdir ${CMAKE_CURRENT_BINARY_DIR}/${ARG_NAME}
                   --mpiexec ${MPIEXEC_EXECUTABLE} --numproc-flag=${MPIEXEC_NUMPROC_FLAG}
                   --ranks ${ranks} --require-rollbacks-from ${ARG_REQUIRE_ROLLBACKS_FROM}
                   --require-safe-from ${ARG_REQUIRE_SAFE_FROM}
                   ${sets} ${forced})
  set_tests_properties(${ARG_NAME} PROPERTIES LABELS "mpi;system" TIMEOUT ${ARG_TIMEOUT}
                       PROCESSORS ${max_ranks} ENVIRONMENT "${WARPNET_MPI_TEST_ENV}")
endfunction()
