# Holds the emulator's barrier crossing fast in every build, without timing anything: the function kernel
# code calls for tile_barrier::wait (tessera::detail::barrier_wait) must contain the whole crossing - the
# bookkeeping, picking the next thread - and call the fiber switch itself. Were any of those steps left
# out of line (a compiler that declines to inline, a refactoring that moves code into another file), the
# crossing would pay extra calls, and this test names the step.
#
#   cmake -DOBJDUMP=<objdump> -DBINARY=<a program linked with the emulator> -P barrier_path_inlined.cmake
foreach(var OBJDUMP BINARY)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "barrier_path_inlined.cmake needs -D${var}=...")
  endif()
endforeach()

execute_process(COMMAND ${OBJDUMP} -d -C --no-show-raw-insn ${BINARY}
                OUTPUT_VARIABLE listing RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${OBJDUMP} could not disassemble ${BINARY}: ${err}")
endif()

# The function's body: from its label to the next blank line.
string(FIND "${listing}" "<tessera::detail::barrier_wait(tessera::memory_scope, char const*, int, void const*)>:" start)
if(start EQUAL -1)
  message(FATAL_ERROR "${BINARY} has no tessera::detail::barrier_wait; was it linked with the emulator?")
endif()
string(SUBSTRING "${listing}" ${start} -1 body)
string(FIND "${body}" "\n\n" end)
string(SUBSTRING "${body}" 0 ${end} body)

if(NOT body MATCHES "call[a-z]*[ \t]+(0x)?[0-9a-f]+ <tessera_fiber_switch>")
  message(FATAL_ERROR "tessera::detail::barrier_wait does not call tessera_fiber_switch directly:\n${body}")
endif()
foreach(step "tile_runner::barrier_wait" "tile_runner::next_after_stop" "tile_runner::switch_to"
             "access_monitor::before_barrier" "tile_runner::current")
  string(FIND "${body}" "${step}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "tessera::detail::barrier_wait calls ${step} out of line; the barrier path must be "
                        "compiled into it (emulator/src/core/tile_runner.hpp):\n${body}")
  endif()
endforeach()
message(STATUS "barrier path inlined: tessera::detail::barrier_wait calls tessera_fiber_switch directly")
