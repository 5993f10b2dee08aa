# Runs an example and compares what it prints on stdout, byte for byte, with its documented output.
#
#   cmake -DPROGRAM=<exe> -DEXPECTED=<file> [-DPROBE=<exe>] -P check_output.cmake
#
# Fails when the program exits non-zero or its output differs from EXPECTED (the first differing line is
# shown). With PROBE (a program that exits 0 when a GPU is usable and 77, after a one-line reason, when
# not), the example runs on the GPU through TESSERA_DEFAULT_ACCELERATOR=cuda:0; without a GPU the script
# prints "SKIP: <reason>" first, which the test's SKIP_REGULAR_EXPRESSION turns into a skipped test.
# Everything is reported through message(), i.e. on stderr, so CTest shows it in order.
cmake_minimum_required(VERSION 3.25)
foreach(var PROGRAM EXPECTED)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_output.cmake: pass -D${var}=...")
  endif()
endforeach()

if(DEFINED PROBE AND NOT PROBE STREQUAL "")
  execute_process(COMMAND "${PROBE}" RESULT_VARIABLE probe_rc OUTPUT_VARIABLE probe_out ERROR_VARIABLE probe_out)
  if(probe_rc EQUAL 77)
    string(STRIP "${probe_out}" probe_out)
    string(REGEX REPLACE "^SKIP: " "" probe_out "${probe_out}")
    message("SKIP: ${probe_out}")
    return()
  elseif(NOT probe_rc EQUAL 0)
    message(FATAL_ERROR "GPU probe ${PROBE} failed (${probe_rc}): ${probe_out}")
  endif()
  set(ENV{TESSERA_DEFAULT_ACCELERATOR} "cuda:0")
endif()

execute_process(COMMAND "${PROGRAM}" RESULT_VARIABLE rc OUTPUT_VARIABLE actual ERROR_VARIABLE errors)
file(READ "${EXPECTED}" expected)

# Show the output as printed (message() adds the final newline itself).
string(REGEX REPLACE "\n$" "" shown_output "${actual}")
message("${shown_output}")
if(NOT errors STREQUAL "")
  message("(stderr)\n${errors}")
endif()

set(problems "")
if(NOT rc STREQUAL "0")
  string(APPEND problems "${PROGRAM} exited with status ${rc}\n")
endif()
if(NOT actual STREQUAL expected)
  # Find the first line that differs. The outputs hold no ';', so they split into CMake lists cleanly.
  string(REPLACE "\n" ";" actual_lines "${actual}")
  string(REPLACE "\n" ";" expected_lines "${expected}")
  list(LENGTH actual_lines n_actual)
  list(LENGTH expected_lines n_expected)
  set(line 0)
  while(line LESS n_actual AND line LESS n_expected)
    list(GET actual_lines ${line} a)
    list(GET expected_lines ${line} e)
    if(NOT a STREQUAL e)
      break()
    endif()
    math(EXPR line "${line} + 1")
  endwhile()
  set(a "<no line>")
  set(e "<no line>")
  if(line LESS n_actual)
    list(GET actual_lines ${line} a)
  endif()
  if(line LESS n_expected)
    list(GET expected_lines ${line} e)
  endif()
  math(EXPR shown "${line} + 1")
  string(APPEND problems "output differs from the documented output (${EXPECTED}) at line ${shown}:\n"
                         "  expected: [${e}]\n  actual:   [${a}]\n")
  string(REGEX MATCHALL "\n" nl_actual "${actual}")
  string(REGEX MATCHALL "\n" nl_expected "${expected}")
  list(LENGTH nl_actual nl_actual)
  list(LENGTH nl_expected nl_expected)
  if(NOT nl_actual EQUAL nl_expected)
    string(APPEND problems "  (${nl_expected} newlines expected, ${nl_actual} printed)\n")
  endif()
endif()
if(NOT problems STREQUAL "")
  message(FATAL_ERROR "${problems}")
endif()
message("documented output reproduced")
