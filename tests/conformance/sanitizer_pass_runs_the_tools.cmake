# The compute-sanitizer pass end to end, without a GPU: the stand-in GPU executor (conform_fake_gpu) with
# the stand-in sanitizer (fake_compute_sanitizer.sh). A finding at the marked lines catches the planted
# bug, one at an unmarked line fails its case, a hang is stopped at the time limit (the hang limit for the
# cases that may hang) and recorded inside a batch (the cases after it then run in a new batch), and a
# correct kernel runs under racecheck, memcheck and initcheck and stays clean; cases run in batches, and a
# finding inside a batch lands on its own case (a listed false alarm, a planted race).
#   cmake -DEXECUTOR=... -DSANITIZER=... -DSOURCE=... -DWORK=... -DHANGS_TSV=... -P sanitizer_pass_runs_the_tools.cmake
cmake_minimum_required(VERSION 3.25)

# Sets `out` to the value at the keys after the arguments (`sanitizer runs 0 note`) of the case `id` in the
# results file's text; empty when the case or the value is missing.
function(case_value results id out)
  set(${out} "" PARENT_SCOPE)
  string(JSON count LENGTH "${results}" cases)
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    string(JSON this GET "${results}" cases ${i} id)
    if(this STREQUAL id)
      string(JSON value ERROR_VARIABLE missing GET "${results}" cases ${i} ${ARGN})
      if(NOT missing)
        set(${out} "${value}" PARENT_SCOPE)
      endif()
      return()
    endif()
  endforeach()
endfunction()

file(REMOVE_RECURSE "${WORK}")
set(ENV{TESSERA_COMPUTE_SANITIZER} "${SANITIZER}")
set(ENV{FAKE_SANITIZER_SOURCE} "${SOURCE}")
execute_process(COMMAND "${EXECUTOR}" --out "${WORK}" --timeout 3 --sanitizer all --sanitizer-jobs 4 --sanitizer-batch 4
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
message("status ${rc}\n${out}")
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "expected status 1 (one case with a finding at an unmarked line), got ${rc}")
endif()
file(READ "${WORK}/fake-gpu.json" results)
string(JSON count LENGTH "${results}" cases)
math(EXPR last "${count} - 1")
set(seen "")
foreach(i RANGE ${last})
  string(JSON id GET "${results}" cases ${i} id)
  string(JSON status GET "${results}" cases ${i} status)
  string(JSON verdict GET "${results}" cases ${i} sanitizer verdict)
  string(JSON runs LENGTH "${results}" cases ${i} sanitizer runs)
  list(APPEND seen "${id}=${status}/${verdict}/${runs}")
endforeach()
case_value("${results}" selftest.planted_race_is_caught caught_note sanitizer runs 0 note)
case_value("${results}" selftest.correct_zz_after_the_false_alarm after_lost_note sanitizer runs 1 note)  # initcheck, memcheck, racecheck
# The hang stopped its batch inside one case; the two cases after it went on together in a new batch.
if(NOT caught_note MATCHES "in a batch of 2 cases")
  message(FATAL_ERROR "the case after a hang in a batch ran as '${caught_note}', not in a new batch of the two cases left")
endif()
# The device was lost after the second of the four correct kernels' memcheck batch: the two after it ran
# again, in a batch of their own.
if(NOT after_lost_note MATCHES "in a batch of 2 cases")
  message(FATAL_ERROR "a case after the device was lost in its batch ran as '${after_lost_note}', not in a new batch of the two cases left")
endif()
foreach(want "selftest.planted_divergence_that_ends=pass/missed/1" "selftest.planted_race_is_caught=pass/caught/1" "selftest.planted_race_a_batch_stops_in=pass/timed out/1" "selftest.planted_race_found_elsewhere=fail/missed/1"
             "selftest.planted_divergence_hangs=pass/timed out/1" "selftest.correct_kernel_is_clean=pass/clean/3"
             "selftest.correct_before_the_false_alarm=pass/clean/3" "selftest.correct_with_a_false_alarm=pass/false alarm/3"
             "selftest.correct_zz_after_the_false_alarm=pass/clean/3")
  if(NOT want IN_LIST seen)
    message(FATAL_ERROR "expected ${want}; the results say: ${seen}")
  endif()
endforeach()
if(NOT out MATCHES "compute-sanitizer: 5 diagnostic cases \\(1 caught, 2 missed, 2 timed out\\); 4 correct kernels \\(3 clean, 1 false alarm\\)")
  message(FATAL_ERROR "the executor's summary line of the sanitizer pass is missing or wrong")
endif()

# The cases that may hang are stopped at the hang limit, not at the case limit: a divergence and a race
# the backend's list says hangs (`hangs:`) are recorded as stopped after 2 s, and the case after the
# divergence in its batch runs in a new one.
file(REMOVE_RECURSE "${WORK}")
execute_process(COMMAND "${EXECUTOR}" --out "${WORK}" --timeout 60 --sanitizer-hang-timeout 2 --sanitizer all --sanitizer-jobs 1
                        --expectations "${HANGS_TSV}" --filter "selftest.planted_divergence_*" --filter "selftest.planted_race_a_batch_stops_in"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
message("status ${rc}\n${out}")
file(READ "${WORK}/fake-gpu.json" results)
case_value("${results}" selftest.planted_divergence_hangs hang_note sanitizer runs 0 note)
case_value("${results}" selftest.planted_race_a_batch_stops_in listed_note sanitizer runs 0 note)
case_value("${results}" selftest.planted_divergence_that_ends ends_verdict sanitizer verdict)
if(NOT hang_note MATCHES "^stopped after 2 s in the case")
  message(FATAL_ERROR "the hanging divergence was not stopped at the hang limit: '${hang_note}'")
endif()
if(NOT listed_note MATCHES "^stopped after 2 s in the case")
  message(FATAL_ERROR "the race listed as hanging was not stopped at the hang limit: '${listed_note}'")
endif()
if(NOT ends_verdict STREQUAL "missed")
  message(FATAL_ERROR "the case after the hang did not run to its end: verdict '${ends_verdict}'")
endif()
file(REMOVE_RECURSE "${WORK}")
