# The package as a user meets it: install Tessera to a fresh prefix, build examples/consumer against the
# installed package (find_package, tessera_add_kernel_tests, Tessera::amp_compat) and run its tests with
# ctest. The clean kernel's test and the C++ AMP source's must pass; the planted race's test must fail
# with the race report naming both lines; ctest's JUnit file must list both kernel tests.
#
#   cmake -DTESSERA_BUILD=<build dir> -DTESSERA_SOURCE=<source dir> -DWORK=<scratch dir>
#         [-DSETTINGS=<initial cache: compilers, flags, search paths>] [-DGENERATOR=<generator>]
#         -P consumer_against_install.cmake
foreach(v TESSERA_BUILD TESSERA_SOURCE WORK)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "consumer_against_install.cmake: -D${v}=... is required")
  endif()
endforeach()

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}")
  endif()
endfunction()

file(REMOVE_RECURSE "${WORK}")
set(prefix "${WORK}/prefix")
run("installing Tessera" ${CMAKE_COMMAND} --install "${TESSERA_BUILD}" --prefix "${prefix}")

# The installed package first, then whatever the Tessera build searched (SETTINGS sets CMAKE_PREFIX_PATH).
set(CMAKE_PREFIX_PATH "")
if(SETTINGS)
  include("${SETTINGS}")
endif()
set(configure ${CMAKE_COMMAND} -S "${TESSERA_SOURCE}/examples/consumer" -B "${WORK}/build"
              "-DCMAKE_PREFIX_PATH=${prefix};${CMAKE_PREFIX_PATH}")
if(SETTINGS)
  list(APPEND configure -C "${SETTINGS}")
endif()
if(GENERATOR)
  list(APPEND configure -G "${GENERATOR}")
endif()
run("configuring examples/consumer against the installed package" ${configure})
run("building examples/consumer" ${CMAKE_COMMAND} --build "${WORK}/build" --parallel 2)

execute_process(COMMAND ${CMAKE_CTEST_COMMAND} --test-dir "${WORK}/build" --output-on-failure
                        --output-junit "${WORK}/junit.xml"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
message("${out}")

# The lines of the planted race, found by their comments.
file(STRINGS "${TESSERA_SOURCE}/examples/consumer/kernels/rotate_in_tile.hpp" lines)
set(n 0)
foreach(line IN LISTS lines)
  math(EXPR n "${n} + 1")
  if(line MATCHES "// the store")
    set(store_line ${n})
  elseif(line MATCHES "// the load")
    set(load_line ${n})
  endif()
endforeach()

set(problems "")
if(rc EQUAL 0)
  string(APPEND problems "ctest passed, but the planted race's test must fail\n")
endif()
if(NOT out MATCHES "emulator\\.TileSums\\.EachTileSumsItsElements[ .]+Passed")
  string(APPEND problems "the clean kernel's test did not pass on the emulator\n")
endif()
if(NOT out MATCHES "amp_source\\.tile_maxima[ .]+Passed")
  string(APPEND problems "the C++ AMP source built with Tessera::amp_compat did not pass\n")
endif()
if(NOT out MATCHES "emulator\\.RotateInTile\\.EachThreadGetsItsNeighboursElement[ .]+\\*+Failed")
  string(APPEND problems "the planted race's test did not fail on the emulator\n")
endif()
foreach(l ${store_line} ${load_line})
  if(NOT out MATCHES "rotate_in_tile\\.hpp:${l}[^0-9]")
    string(APPEND problems "the race report does not name rotate_in_tile.hpp:${l}\n")
  endif()
endforeach()
if(NOT out MATCHES "read after write")
  string(APPEND problems "the report does not say what kind of race it is (read after write)\n")
endif()
execute_process(COMMAND ${CMAKE_CTEST_COMMAND} --test-dir "${WORK}/build" -N -L emulator
                OUTPUT_VARIABLE listed ERROR_VARIABLE listed)
if(NOT listed MATCHES "Total Tests: 2")
  string(APPEND problems "ctest -L emulator does not select the two emulator tests:\n${listed}\n")
endif()
if(NOT EXISTS "${WORK}/junit.xml")
  string(APPEND problems "ctest --output-junit wrote no file\n")
else()
  file(READ "${WORK}/junit.xml" junit)
  foreach(t TileSums.EachTileSumsItsElements RotateInTile.EachThreadGetsItsNeighboursElement)
    if(NOT junit MATCHES "emulator\\.${t}")
      string(APPEND problems "the JUnit file has no test case emulator.${t}\n")
    endif()
  endforeach()
endif()
if(problems)
  message(FATAL_ERROR "examples/consumer against the installed package:\n${problems}")
endif()
message("examples/consumer: the clean kernel passes, the planted race fails with its report (lines ${store_line} and ${load_line})")
