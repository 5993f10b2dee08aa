# The differ catches a deliberately broken backend: the emulator built with TESSERA_TEST_BREAK_BACKEND
# (tile-local index dimensions swapped) against the real emulator, on the same cases.
#   cmake -DEMULATOR=... -DBROKEN=... -DRUNNER=... -DWORK=... -P broken_backend_is_caught.cmake
file(REMOVE_RECURSE "${WORK}")
set(common --seed 7 --workers 2 --quiet --filter "tidx.*" --filter "algo.*")
execute_process(COMMAND "${EMULATOR}" --out "${WORK}/ref" ${common} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the real emulator failed its own cases (status ${rc}):\n${out}")
endif()
execute_process(COMMAND "${BROKEN}" --out "${WORK}/broken" ${common} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
execute_process(COMMAND "${RUNNER}" diff "${WORK}/ref/emulator.json" "${WORK}/broken/emulator-broken.json"
                RESULT_VARIABLE rc OUTPUT_VARIABLE diff ERROR_VARIABLE diff)
message("${diff}")
if(rc EQUAL 0)
  message(FATAL_ERROR "the differ found no difference between the emulator and the deliberately broken emulator")
endif()
if(NOT diff MATCHES "output `[^`]+` differs in [0-9]+ of [0-9]+ elements; first at \\[[0-9]+\\]: emulator [-0-9.e]+.*, emulator-broken ")
  message(FATAL_ERROR "the differ's message does not name output, index and both values:\n${diff}")
endif()
file(REMOVE_RECURSE "${WORK}")
