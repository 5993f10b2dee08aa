# tessera-conform run fails, naming the backend, when a backend's executor dies instead of finishing: a
# stand-in executor (conform_crashing, a script that kills itself) beside a copy of the runner.
#   cmake -DRUNNER=... -DWORK=... -P crashed_executor_fails_the_run.cmake
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/bin")
file(COPY "${RUNNER}" DESTINATION "${WORK}/bin")
file(WRITE "${WORK}/bin/conform_crashing" "#!/bin/sh\necho 'crashing: starting'\nkill -SEGV $$\n")
file(CHMOD "${WORK}/bin/conform_crashing" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
get_filename_component(runner_name "${RUNNER}" NAME)
execute_process(COMMAND "${WORK}/bin/${runner_name}" run --backends crashing --out "${WORK}/out"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("status ${rc}\n${out}\n${err}")
if(rc EQUAL 0 OR rc EQUAL 1)
  message(FATAL_ERROR "a crashed executor must fail the run with its own status (3), not ${rc}")
endif()
if(NOT err MATCHES "FAILED: crashing: the executor itself died \\(signal 11\\)")
  message(FATAL_ERROR "the runner does not name the crashed backend on stderr:\n${err}")
endif()
file(REMOVE_RECURSE "${WORK}")
