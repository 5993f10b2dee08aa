# tessera-conform run takes the emulator's compiled path as a backend of its own: a copy of the runner
# beside the fiber path's executor (conform_emulator), the compiled path's (conform_emulator_phased) and
# the checked compiled path's (conform_emulator_phased_checked), all of selftest_phased_cases.cpp, and a
# stand-in deliberately broken executor that must not run.
# The compiled path runs every case but the race, which needs the memory checks and is skipped with the
# reason of conformance/expectations/emulator-phased.tsv; the checked compiled path runs every case, the
# race found in tile loops; their outputs are diffed against the fiber path's with no mismatch; the
# summary counts each on its own; their kernels were rewritten by tessera-phases.
#   cmake -DRUNNER=... -DFIBER=... -DPHASED=... -DOBJECTS=<the phased target's object folder>
#         -DPHASED_CHECKED=... -DCHECKED_OBJECTS=<its object folder> -DWORK=... -P phased_backend_is_run_and_diffed.cmake
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/bin")
file(COPY "${RUNNER}" DESTINATION "${WORK}/bin")
file(COPY_FILE "${FIBER}" "${WORK}/bin/conform_emulator")
file(COPY_FILE "${PHASED}" "${WORK}/bin/conform_emulator_phased")
file(COPY_FILE "${PHASED_CHECKED}" "${WORK}/bin/conform_emulator_phased_checked")
file(WRITE "${WORK}/bin/conform_emulator_broken" "#!/bin/sh\ntouch '${WORK}/broken_ran'\nexit 1\n")
file(CHMOD "${WORK}/bin/conform_emulator_broken" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
get_filename_component(runner_name "${RUNNER}" NAME)
execute_process(COMMAND "${WORK}/bin/${runner_name}" run --out "${WORK}/out" --workers 2 --repeat 2 --baselines "${WORK}/no-baselines"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("status ${rc}\n${out}\n${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the run with the compiled path failed (status ${rc})")
endif()
if(EXISTS "${WORK}/broken_ran" OR out MATCHES "== emulator-broken ==")
  message(FATAL_ERROR "a normal run must not take the deliberately broken executor")
endif()
if(NOT out MATCHES "\nemulator +5 +0 +0 " OR NOT out MATCHES "\nemulator-phased +4 +0 +1 " OR
   NOT out MATCHES "\nemulator-phased-checked +5 +0 +0 ")
  message(FATAL_ERROR "the summary must count emulator (5 passed), emulator-phased (4 passed, 1 skipped) and "
                      "emulator-phased-checked (5 passed) each on its own")
endif()
if(NOT out MATCHES "diff emulator-phased vs emulator: 4 cases, [1-9][0-9]* outputs compared, 0 mismatches, 0 problems" OR
   NOT out MATCHES "diff emulator-phased-checked vs emulator: 5 cases, [1-9][0-9]* outputs compared, 0 mismatches, 0 problems")
  message(FATAL_ERROR "the compiled paths' outputs must be diffed against the fiber path's, every case that ran on both")
endif()

file(READ "${WORK}/out/emulator-phased.json" results)
string(JSON count LENGTH "${results}" cases)
math(EXPR last "${count} - 1")
set(skipped "")
foreach(i RANGE ${last})
  string(JSON id GET "${results}" cases ${i} id)
  string(JSON status GET "${results}" cases ${i} status)
  if(id STREQUAL "selftest.reverse_in_place_without_second_barrier")
    string(JSON message GET "${results}" cases ${i} message)
    set(skipped "${status}: ${message}")
  elseif(id STREQUAL "selftest.reverse_each_tile_through_tile_static")
    string(JSON samples LENGTH "${results}" cases ${i} timing samples_ns)
    if(NOT samples EQUAL 2)
      message(FATAL_ERROR "the compiled path's timings are not recorded (${samples} samples, 2 asked for)")
    endif()
  endif()
endforeach()
set(reason "the compiled path runs without the memory checks; the emulator's fiber path runs this case")
if(NOT skipped STREQUAL "skip: ${reason}")
  message(FATAL_ERROR "the race must be skipped on the compiled path with the reason \"${reason}\", not \"${skipped}\"")
endif()

# The kernels ran on the compiled paths: tessera-phases rewrote them (a copy beside the object, under
# .phased/root/, whether the case file is compiled itself or included by a generated one).
# count_in_copy(<objects> <regex> <count var> <copy var>): how often <regex> matches in the copy.
function(count_in_copy objects regex count_var copy_var)
  file(GLOB_RECURSE copies "${objects}/selftest_phased_cases.cpp")
  list(FILTER copies INCLUDE REGEX "\\.phased/root/")
  if(NOT copies)
    message(FATAL_ERROR "tessera-phases left selftest_phased_cases.cpp as it is (no rewritten copy under ${objects})")
  endif()
  list(GET copies 0 copy)
  file(READ "${copy}" text)
  string(REGEX MATCHALL "${regex}" found "${text}")
  list(LENGTH found count)
  set(${count_var} ${count} PARENT_SCOPE)
  set(${copy_var} "${copy}" PARENT_SCOPE)
endfunction()
# Each barrier became a coroutine's co_await or a tile loop's phase end.
count_in_copy("${OBJECTS}" "co_await|tessera_tile\\.phase_end\\(" waits copy)
if(NOT waits EQUAL 7)
  message(FATAL_ERROR "tessera-phases rewrote ${waits} of the cases' 7 barriers (${copy})")
endif()
# The checked build: the race's kernel (and the others that can) in tile loops, checked there.
count_in_copy("${CHECKED_OBJECTS}" "tessera_tile\\(t, ::tessera::emulator::checked_loops\\)" checked_kernels copy)
if(NOT checked_kernels EQUAL 4)
  message(FATAL_ERROR "tessera-phases --checked put ${checked_kernels} kernels in checked tile loops, not the 4 (all but the "
                      "one that returns early, which stays on fibers) (${copy})")
endif()
file(REMOVE_RECURSE "${WORK}")
