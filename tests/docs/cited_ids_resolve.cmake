# Every clause ID and U-number that the sources and docs cite must be defined in the repository:
# catalog IDs (GEN-1, BAR-6, PROJ-3, ...) in spec/clauses/clauses.tsv, U-numbers (U1, U15, ...) in
# spec/clauses/undefined_behaviour.tsv. A citation nobody can look up is worse than none.
#
#   cmake -DROOT=<source tree> -P tests/docs/cited_ids_resolve.cmake
#
# Fails listing each unresolved ID with file:line. A range "MEM-3..MEM-6" (or "IDX-1..5") cites both
# ends. Build directories and hidden directories are skipped, so a build tree inside the checkout does
# not count.
cmake_minimum_required(VERSION 3.25)

if(NOT DEFINED ROOT OR NOT IS_DIRECTORY "${ROOT}")
  message(FATAL_ERROR "give the source tree: cmake -DROOT=<dir> -P cited_ids_resolve.cmake")
endif()
file(REAL_PATH "${ROOT}" ROOT)  # a relative ROOT (-DROOT=.) is taken from the working directory

set(scanned_dirs spec emulator backends conformance reports tests examples bench docs)
set(scanned_files README.md)
set(extensions hpp cpp cuh cu h md tsv in)
# A directory whose name says it holds build output (or is hidden) is not scanned.
set(skipped_dir_regex "^(\\..*|build|build[-_].*|cmake-build-.*|CMakeFiles|_deps|Testing)$")

set(families "GEN|IDX|EXT|TEXT|TIDX|BAR|TS|PFE|ARR|AV|ATOM|MEM|MATH|ERR|ACC|SV|PROJ")
# One citation, with the character before it (the start of a word) and, when there is one, the
# character after it (a letter or underscore there means a longer token: not a citation). "\.\.N" after
# the number is the short form of a range. Catalog IDs and U-numbers share the pattern.
set(citation_regex "[^A-Za-z0-9_](((${families})-|U)[0-9]+(\\.\\.[0-9]+)?)[A-Za-z_]?")

# Deliberate citations of IDs that do not exist: the harness's own test that an executor refuses a
# case citing an uncatalogued ID. Each entry is "<path relative to ROOT>|<ID>".
set(allowed
  "tests/conformance/selftest_uncatalogued.cpp|BAR-99"
  "tests/conformance/test_harness.cpp|BAR-99")

# Text as a CMake list of lines: characters that CMake's list syntax treats specially (";" separates,
# "\" escapes, "[" and "]" group) become spaces, which cannot change what is or is not a citation.
function(lines_of text out)
  string(REGEX REPLACE "[][;\\\\]" " " text "${text}")
  string(REPLACE "\n" ";" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# The IDs cited in `text`, in order, with repeats.
function(cited_ids text out)
  string(REGEX REPLACE "[][;\\\\]" " " text "${text}")
  string(REGEX MATCHALL "${citation_regex}" hits "\n${text}")
  set(ids "")
  foreach(hit IN LISTS hits)
    if(hit MATCHES "[A-Za-z_]$")  # part of a longer token, such as "TS-4a"
      continue()
    endif()
    string(REGEX MATCH "((${families})-|U)[0-9]+(\\.\\.[0-9]+)?" id "${hit}")
    if(id MATCHES "^(.*-|U)([0-9]+)\\.\\.([0-9]+)$")  # "IDX-1..5": IDX-1 and IDX-5
      list(APPEND ids "${CMAKE_MATCH_1}${CMAKE_MATCH_2}" "${CMAKE_MATCH_1}${CMAKE_MATCH_3}")
    else()
      list(APPEND ids "${id}")
    endif()
  endforeach()
  set(${out} "${ids}" PARENT_SCOPE)
endfunction()

# The first column of a TSV file with a header line.
function(first_column file out)
  if(NOT EXISTS "${file}")
    message(FATAL_ERROR "${file} is missing")
  endif()
  file(READ "${file}" text)
  lines_of("${text}" lines)
  list(POP_FRONT lines)  # the header
  set(ids "")
  foreach(line IN LISTS lines)
    if(line MATCHES "^([^\t]+)\t")
      list(APPEND ids "${CMAKE_MATCH_1}")
    endif()
  endforeach()
  set(${out} "${ids}" PARENT_SCOPE)
endfunction()

first_column("${ROOT}/spec/clauses/clauses.tsv" catalog_ids)
first_column("${ROOT}/spec/clauses/undefined_behaviour.tsv" ub_ids)
list(LENGTH catalog_ids n_catalog)
list(LENGTH ub_ids n_ub)
if(n_catalog EQUAL 0 OR n_ub EQUAL 0)
  message(FATAL_ERROR "no IDs read from spec/clauses/clauses.tsv or spec/clauses/undefined_behaviour.tsv")
endif()
set(known ${catalog_ids} ${ub_ids})

# The files to scan.
set(globs "")
foreach(dir IN LISTS scanned_dirs)
  foreach(ext IN LISTS extensions)
    list(APPEND globs "${ROOT}/${dir}/*.${ext}")
  endforeach()
endforeach()
file(GLOB_RECURSE candidates LIST_DIRECTORIES false RELATIVE "${ROOT}" ${globs})
set(files ${scanned_files})
foreach(f IN LISTS candidates)
  get_filename_component(dir "${f}" DIRECTORY)
  string(REPLACE "/" ";" parts "${dir}")
  set(skip FALSE)
  foreach(part IN LISTS parts)
    if(part MATCHES "${skipped_dir_regex}")
      set(skip TRUE)
      break()
    endif()
  endforeach()
  if(NOT skip)
    list(APPEND files "${f}")
  endif()
endforeach()
list(REMOVE_DUPLICATES files)
list(SORT files)
# A scan that finds nothing would pass: every scanned folder must hold files to scan.
foreach(dir IN LISTS scanned_dirs)
  set(in_dir ${files})
  list(FILTER in_dir INCLUDE REGEX "^${dir}/")
  if(NOT in_dir)
    message(FATAL_ERROR "nothing to scan in ${ROOT}/${dir}; is ROOT the source tree?")
  endif()
endforeach()

set(problems "")
set(n_citations 0)
foreach(f IN LISTS files)
  file(READ "${ROOT}/${f}" text)
  cited_ids("${text}" ids)
  list(LENGTH ids n)
  math(EXPR n_citations "${n_citations} + ${n}")
  set(unresolved "")
  foreach(id IN LISTS ids)
    if(NOT id IN_LIST known AND NOT "${f}|${id}" IN_LIST allowed)
      list(APPEND unresolved "${id}")
    endif()
  endforeach()
  if(NOT unresolved)
    continue()
  endif()
  # Only now is the file read line by line, to name the lines.
  list(REMOVE_DUPLICATES unresolved)
  lines_of("${text}" lines)
  set(line_number 0)
  foreach(line IN LISTS lines)
    math(EXPR line_number "${line_number} + 1")
    cited_ids("${line}" line_ids)
    foreach(id IN LISTS unresolved)
      if(id IN_LIST line_ids)
        list(APPEND problems "${f}:${line_number}: ${id}")
      endif()
    endforeach()
  endforeach()
endforeach()

list(LENGTH files n_files)
if(problems)
  list(LENGTH problems n_problems)
  list(JOIN problems "\n  " listing)
  message(FATAL_ERROR
    "${n_problems} cited IDs are defined nowhere (catalog IDs belong in spec/clauses/clauses.tsv, "
    "U-numbers in spec/clauses/undefined_behaviour.tsv):\n  ${listing}")
endif()
message(STATUS "${n_citations} citations in ${n_files} files; every one is in spec/clauses/clauses.tsv or "
               "spec/clauses/undefined_behaviour.tsv")
