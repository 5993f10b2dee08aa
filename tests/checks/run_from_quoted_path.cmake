# Runs PROGRAM (with ARGS) from a copy in a folder whose name holds a quote and a space, as a user's
# checkout may: the emulator's reports read the program's line tables from that file as from any other.
# (The symbolizer once handed the path to a shell command, where the quote ended the argument.)
set(dir "${WORK}/it's a folder")
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${dir}")
file(COPY_FILE "${PROGRAM}" "${dir}/program")
file(CHMOD "${dir}/program" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
execute_process(COMMAND "${dir}/program" ${ARGS} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${dir}/program ${ARGS} failed (${rc})")
endif()
