# A golden test of tessera-phases: `tessera-phases --show` on INPUT (as the compiler CXX would compile it,
# with INCLUDES, |-separated) must print EXPECTED, with SOURCE_DIR written as <dir>.
# MODE: the tool's mode option, if any (--checked).
#   cmake -DTOOL=... -DCXX=... -DINCLUDES=a|b -DINPUT=... -DEXPECTED=... -DSOURCE_DIR=... [-DMODE=...] -P run_golden.cmake
cmake_minimum_required(VERSION 3.25)
string(REPLACE "|" ";" includes "${INCLUDES}")
set(flags "")
foreach(dir IN LISTS includes)
  list(APPEND flags "-I${dir}")
endforeach()
execute_process(COMMAND "${TOOL}" --show ${MODE} "${CXX}" -std=c++20 -DTESSERA_BACKEND_EMULATOR=1 ${flags} -c "${INPUT}" -o /dev/null
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "tessera-phases --show exited with ${rc}:\n${err}")
endif()
string(REPLACE "${SOURCE_DIR}" "<dir>" out "${out}")
file(READ "${EXPECTED}" expected)
if(NOT out STREQUAL expected)
  get_filename_component(name "${EXPECTED}" NAME)
  file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/${name}.actual" "${out}")
  execute_process(COMMAND diff -u "${EXPECTED}" "${CMAKE_CURRENT_BINARY_DIR}/${name}.actual" OUTPUT_VARIABLE difference)
  message(FATAL_ERROR "tessera-phases --show differs from ${EXPECTED}:\n${difference}")
endif()
