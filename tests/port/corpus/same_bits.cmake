# Runs a corpus program's original build and its ported build, each writing its outputs; both must pass
# their own checks, and the outputs' bytes must be identical.
#   cmake -DORIGINAL=exe -DPORTED=exe -DOUT=prefix -P same_bits.cmake
cmake_minimum_required(VERSION 3.25)
foreach(which ORIGINAL PORTED)
  string(TOLOWER ${which} suffix)
  execute_process(COMMAND "${${which}}" "${OUT}.${suffix}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${suffix}: ${out}${err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the ${suffix} build failed (${rc})")
  endif()
endforeach()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${OUT}.original.bin" "${OUT}.ported.bin" RESULT_VARIABLE same)
if(NOT same EQUAL 0)
  message(FATAL_ERROR "the ported program's outputs differ from the original's (${OUT}.original.bin, ${OUT}.ported.bin)")
endif()
file(SIZE "${OUT}.ported.bin" bytes)
message("outputs identical bit for bit (${bytes} bytes)")
