# CMake functions for projects that use Tessera, installed with the package and available the same way
# after find_package(Tessera), add_subdirectory() or FetchContent. They name Tessera's targets by their
# exported names (Tessera::tessera, Tessera::cuda), which exist in all three cases.
include_guard(GLOBAL)

# tessera_enable_cuda(): enables CUDA in the calling project as Tessera's CUDA backend needs it, when
# nvcc is found (CMAKE_CUDA_COMPILER, CUDACXX, or /usr/local/cuda): C++20, and sm_90 machine code plus
# PTX for newer GPUs unless CMAKE_CUDA_ARCHITECTURES says otherwise. Afterwards CMAKE_CUDA_COMPILER is
# set if and only if CUDA is on. A macro: enable_language() must run at file scope.
macro(tessera_enable_cuda)
  if(NOT DEFINED CMAKE_CUDA_COMPILER AND NOT DEFINED ENV{CUDACXX} AND EXISTS /usr/local/cuda/bin/nvcc)
    set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)
  endif()
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
      set(CMAKE_CUDA_ARCHITECTURES 90-real 90-virtual)
    endif()
    enable_language(CUDA)
    # CMake 3.25 predates nvcc 13 and does not know its C++20 switch; tell it.
    set(CMAKE_CUDA20_STANDARD_COMPILE_OPTION "-std=c++20")
    set(CMAKE_CUDA20_EXTENSION_COMPILE_OPTION "-std=c++20")
    set(CMAKE_CUDA_STANDARD 20)
    set(CMAKE_CUDA_STANDARD_REQUIRED ON)
  endif()
endmacro()

# _tessera_phases_tool(<var>): tessera-phases (tools/phases): the tool of this build, or (an installed
# package) the one installed beside it, <prefix>/bin; empty where it was not built.
function(_tessera_phases_tool var)
  if(TARGET tessera-phases)
    set(${var} ${PROJECT_BINARY_DIR}/tools/tessera-phases PARENT_SCOPE)
  else()
    find_program(TESSERA_PHASES_EXECUTABLE tessera-phases HINTS ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../../../bin)
    if(TESSERA_PHASES_EXECUTABLE)
      set(${var} ${TESSERA_PHASES_EXECUTABLE} PARENT_SCOPE)
    else()
      set(${var} "" PARENT_SCOPE)
    endif()
  endif()
endfunction()

# _tessera_count_loop_rounds(<target> <var>): the target's C++ sources compiled through tessera-phases
# --rounds, which makes the loops of its tiled kernels that hold a barrier count their rounds
# (tessera/emulator/loop_round.hpp); <var>: whether the tool is there to do it.
# A target that also asks for the compiled path (tessera_phased_kernels) gets --checked instead: its kernels
# in tile loops where they can be, checked there.
function(_tessera_count_loop_rounds target var)
  _tessera_phases_tool(tool)
  if(tool)
    set_property(TARGET ${target} PROPERTY TESSERA_CHECKED_KERNELS ON)
    get_target_property(phased ${target} TESSERA_PHASED_KERNELS)
    if(phased)
      set_property(TARGET ${target} PROPERTY CXX_COMPILER_LAUNCHER ${tool} --checked)
    else()
      set_property(TARGET ${target} PROPERTY CXX_COMPILER_LAUNCHER ${tool} --rounds)
    endif()
    if(TARGET tessera-phases)
      add_dependencies(${target} tessera-phases)
    endif()
    set(${var} TRUE PARENT_SCOPE)
  else()
    set(${var} FALSE PARENT_SCOPE)
  endif()
endfunction()

# tessera_checked_kernels(<target>): the target's kernel code gets the compiler's ThreadSanitizer
# instrumentation, whose hooks the emulator implements (no libtsan): every load, store and atomic in its
# kernels is checked while they run on the emulator (docs/checks.md). Compile flags only: link as usual
# (linked with -fsanitize=thread, libtsan would take the hooks; the first checked launch then throws
# unsupported_feature naming the fix). -g1 keeps line tables in every build type, so reports can name
# file:line; -fno-optimize-sibling-calls keeps an atomic that ends a kernel from becoming a tail call,
# whose return address would name Tessera's code instead of the kernel's line. Link-time optimization is
# switched off for the target: GCC's LTO drops the instrumentation, and the checks would see nothing.
# g++ and clang++ both work (their ThreadSanitizer instrumentation calls the same hooks; function entry
# and exit hooks are switched off with each compiler's own flag). Clang leaves out the read of a
# read-then-write (`s[i] += x`: the write's hook stands for both, enough for ThreadSanitizer's races but
# not for the uninitialized-read check, which must see the read): -tsan-instrument-read-before-write keeps it.
# GCC turns a loop of stores into a memset (loop distribution) or merges neighbouring stores into one,
# giving the result the `for` line: -fno-tree-loop-distribute-patterns and -fno-store-merging keep each
# store, so a report names the line that stores. Both compilers merge identical code of two branches into
# one copy (GCC's tail merging and cross-jumping; clang's hoisting and sinking of common code and its
# tail merging): two helpers' stores become one instruction of neither's line, and a barrier helper
# called in both branches of an `if` becomes one call, so the divergence between the two calls (BAR-6)
# is gone. The flags that keep each copy are passed to both (_tessera_checked_kernel_options: the
# conformance suite's checked executors give the same to their case sources).
# Where tessera-phases is built (Clang's LibTooling), the target's sources are compiled through it with
# --rounds: each loop of a tiled kernel that holds a barrier counts its rounds (tessera/emulator/loop_round.hpp),
# so threads that reach one barrier call in different rounds of a loop (a `continue` some take) are barrier
# divergence; without the tool, that divergence goes unseen (docs/emulator.md).
set(_tessera_checked_kernel_options
    $<$<COMPILE_LANGUAGE:CXX>:-fsanitize=thread>
    $<$<COMPILE_LANGUAGE:CXX>:-g1>
    $<$<COMPILE_LANGUAGE:CXX>:-fno-optimize-sibling-calls>
    $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CXX_COMPILER_ID:GNU>>:--param=tsan-instrument-func-entry-exit=0>
    $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CXX_COMPILER_ID:GNU>>:-fno-tree-loop-distribute-patterns>
    $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CXX_COMPILER_ID:GNU>>:-fno-store-merging>
    $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CXX_COMPILER_ID:GNU>>:-fno-tree-tail-merge>
    $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CXX_COMPILER_ID:GNU>>:-fno-crossjumping>
    $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CXX_COMPILER_ID:Clang>>:-gdwarf-4>)
# Clang's: LLVM options, each after its own -mllvm. A target's options are given with SHELL: (CMake drops
# a repeated option from a target's list); a source file's are not de-duplicated, and SHELL: is not read there.
set(_tessera_checked_kernel_llvm_options -tsan-instrument-func-entry-exit=0 -tsan-instrument-read-before-write=1
    -simplifycfg-hoist-common=false -simplifycfg-sink-common=false -enable-tail-merge=false)
set(_tessera_checked_kernel_target_options ${_tessera_checked_kernel_options})
set(_tessera_checked_kernel_source_options ${_tessera_checked_kernel_options})
foreach(option IN LISTS _tessera_checked_kernel_llvm_options)
  list(APPEND _tessera_checked_kernel_target_options "$<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CXX_COMPILER_ID:Clang>>:SHELL:-mllvm ${option}>")
  list(APPEND _tessera_checked_kernel_source_options "$<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CXX_COMPILER_ID:Clang>>:-mllvm>"
                                                     "$<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CXX_COMPILER_ID:Clang>>:${option}>")
endforeach()
function(tessera_checked_kernels target)
  _tessera_count_loop_rounds(${target} counted)
  target_compile_options(${target} PRIVATE ${_tessera_checked_kernel_target_options})
  set_property(TARGET ${target} PROPERTY INTERPROCEDURAL_OPTIMIZATION OFF)
endfunction()

# tessera_phased_kernels(<target>): the emulator's compiled path for the target's tiled kernels. Each of
# its C++ sources is compiled through tessera-phases (tools/phases), which rewrites every kernel whose
# barriers all sit in its own body into loops over a tile's threads between its barriers where every
# thread takes the same way through them (tessera/emulator/looped.hpp), else into a coroutine
# (tessera/emulator/phased.hpp) that a tile runs phase by phase as a loop over its threads: either way
# without a stack or a context switch per thread (a coroutine's loops around barriers count their rounds,
# as in a checked build). The sources stay as
# they are (the copies live next to the objects) and every line keeps its number. The fiber path stays the
# reference: the kernels the tool leaves (a note names each, with the reason) run there.
# With tessera_checked_kernels on the same target (either order), the checked compiled path: the kernels
# that can run in tile loops, and whose threads cannot wait for one another between barriers, run there
# and are checked there; every other kernel runs checked on the fiber path (no coroutines).
function(tessera_phased_kernels target)
  _tessera_phases_tool(tool)
  if(NOT tool)
    message(FATAL_ERROR "tessera_phased_kernels(${target}) needs tessera-phases, built with Clang's LibTooling: "
                        "install libclang-16-dev libclang-cpp16-dev llvm-16-dev (scripts/setup.sh) and build Tessera again")
  endif()
  get_target_property(checked ${target} TESSERA_CHECKED_KERNELS)
  get_target_property(options ${target} COMPILE_OPTIONS)
  if(NOT checked AND options MATCHES "-fsanitize=thread")
    # Instrumented by hand: its coroutines would run with the checks silently off.
    message(FATAL_ERROR "tessera_phased_kernels(${target}): the target is compiled with -fsanitize=thread but not through "
                        "tessera_checked_kernels; call tessera_checked_kernels(${target}) instead, and the compiled path "
                        "checks its kernels in tile loops")
  endif()
  set_property(TARGET ${target} PROPERTY TESSERA_PHASED_KERNELS ON)
  if(checked)
    set_property(TARGET ${target} PROPERTY CXX_COMPILER_LAUNCHER ${tool} --checked)
  else()
    set_property(TARGET ${target} PROPERTY CXX_COMPILER_LAUNCHER ${tool})
  endif()
  if(TARGET tessera-phases)
    add_dependencies(${target} tessera-phases)
  endif()
endfunction()

# tessera_cuda_twin(<target> <source>...): builds the sources, unchanged, with nvcc into the executable
# <target>, linked to Tessera::cuda, so the same kernels run on the GPU. Each twin source is a generated
# .cu file that includes the original (a source file has one language per directory, and the host
# compiler's build of it must stay as it is), with line tables (-lineinfo) for compute-sanitizer. The
# calling project must have enabled CUDA.
function(tessera_cuda_twin target)
  set(twins "")
  foreach(source IN LISTS ARGN)
    get_filename_component(abs "${source}" ABSOLUTE)
    get_filename_component(stem "${source}" NAME_WE)
    set(twin "${CMAKE_CURRENT_BINARY_DIR}/cuda_twins/${target}/${stem}.cu")
    file(GENERATE OUTPUT "${twin}" CONTENT "#include \"${abs}\"\n")
    list(APPEND twins "${twin}")
  endforeach()
  add_executable(${target} ${twins})
  target_link_libraries(${target} PRIVATE Tessera::cuda)
  # Line tables in the GPU code, so compute-sanitizer (the cuda-racecheck/cuda-memcheck tests) names lines.
  target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:-lineinfo>)
endfunction()

# tessera_add_kernel_tests(<name> SOURCES <file>... [LIBRARIES <lib>...] [LABELS <label>...]
#                          [BACKENDS <backend>...] [CHECKS report|stop] [SEED <n>] [WORKERS <n>])
#
# Registers GoogleTest tests of tiled kernels once per backend, as gtest_discover_tests does for one
# program (tests are listed when ctest runs, so discovery needs no device):
#   emulator  <name>: the sources built with the checks on (tessera_checked_kernels) and run with
#             TESSERA_CHECKS=<CHECKS> (default report), so a race or a barrier bug fails its test with
#             the report naming both source lines. Tests are "emulator.<Suite>.<Test>".
#   cuda      <name>_cuda: the same sources built by nvcc, when the project enabled CUDA and Tessera has
#             its CUDA backend; tests are "cuda.<Suite>.<Test>" on cuda:0 and skip where no GPU is.
#             The same program runs each test again under NVIDIA's compute-sanitizer:
#             "cuda-racecheck.<Suite>.<Test>" (shared-memory races) and "cuda-memcheck.<Suite>.<Test>"
#             (out-of-bounds and misaligned accesses); a finding fails the test. They skip where no GPU is
#             or no compute-sanitizer (beside nvcc, on PATH, or $TESSERA_COMPUTE_SANITIZER).
# BACKENDS picks among them (default: every one available). Each test carries the labels tessera,
# <backend> and LABELS; `ctest --output-junit <file>` writes JUnit XML of the run. The function supplies
# main() (do not link GTest::gtest_main). nvcc accepts kernels only in functions it can name, so write
# kernels in free functions that the tests call, not inside TEST bodies.
function(tessera_add_kernel_tests name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "CHECKS;SEED;WORKERS" "SOURCES;LIBRARIES;LABELS;BACKENDS")
  if(NOT arg_SOURCES)
    message(FATAL_ERROR "tessera_add_kernel_tests(${name}): give the test sources with SOURCES")
  endif()
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "tessera_add_kernel_tests(${name}): unknown arguments ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_CHECKS)
    set(arg_CHECKS report)
  elseif(NOT arg_CHECKS MATCHES "^(report|stop)$")
    message(FATAL_ERROR "tessera_add_kernel_tests(${name}): CHECKS is report or stop, not \"${arg_CHECKS}\"")
  endif()
  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  set(available emulator)
  if(TARGET Tessera::cuda AND "CUDA" IN_LIST languages)
    list(APPEND available cuda)
  endif()
  if(NOT arg_BACKENDS)
    set(arg_BACKENDS ${available})
  endif()
  if(NOT TARGET GTest::gtest)
    find_package(GTest REQUIRED)
  endif()
  include(GoogleTest)
  set(main "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/tessera_kernel_test_main.cpp")

  foreach(backend IN LISTS arg_BACKENDS)
    if(NOT backend IN_LIST available)
      if(backend STREQUAL "cuda")
        message(STATUS "tessera_add_kernel_tests(${name}): no cuda tests (needs enable_language(CUDA) and Tessera built with its CUDA backend)")
        continue()
      endif()
      message(FATAL_ERROR "tessera_add_kernel_tests(${name}): unknown backend \"${backend}\"; available: ${available}")
    endif()
    set(environment "")
    if(backend STREQUAL "emulator")
      set(program ${name})
      add_executable(${program} ${arg_SOURCES} "${main}")
      target_link_libraries(${program} PRIVATE Tessera::tessera)
      tessera_checked_kernels(${program})
      list(APPEND environment TESSERA_DEFAULT_ACCELERATOR=emulator TESSERA_CHECKS=${arg_CHECKS})
      if(DEFINED arg_SEED)
        list(APPEND environment TESSERA_SEED=${arg_SEED})
      endif()
      if(DEFINED arg_WORKERS)
        list(APPEND environment TESSERA_WORKERS=${arg_WORKERS})
      endif()
    else()
      set(program ${name}_${backend})
      tessera_cuda_twin(${program} ${arg_SOURCES})
      target_sources(${program} PRIVATE "${main}")
      list(APPEND environment TESSERA_DEFAULT_ACCELERATOR=cuda:0)
    endif()
    target_link_libraries(${program} PRIVATE GTest::gtest ${arg_LIBRARIES})
    set(variants ${backend})
    if(backend STREQUAL "cuda")
      # The test main re-runs the program under compute-sanitizer when TESSERA_SANITIZER_TOOL names a tool.
      list(APPEND variants cuda-racecheck cuda-memcheck)
      get_filename_component(cuda_bin_dir "${CMAKE_CUDA_COMPILER}" DIRECTORY)
      target_compile_definitions(${program} PRIVATE TESSERA_CUDA_BIN_DIR="${cuda_bin_dir}")
    endif()
    foreach(variant IN LISTS variants)
      string(REPLACE "-" "_" list_name "${program}_${variant}_TESTS")
      gtest_discover_tests(${program} TEST_PREFIX "${variant}." DISCOVERY_MODE PRE_TEST TEST_LIST ${list_name})
      # gtest_discover_tests (CMake 3.25) flattens list-valued PROPERTIES, so labels and environment are
      # set by a file that ctest includes after the discovered tests.
      set(labels tessera ${backend} ${arg_LABELS})
      set(variant_environment ${environment})
      if(NOT variant STREQUAL backend)
        string(REPLACE "cuda-" "" tool "${variant}")
        list(APPEND labels gpu sanitizer ${variant})
        list(APPEND variant_environment TESSERA_SANITIZER_TOOL=${tool})
      elseif(backend STREQUAL "cuda")
        list(APPEND labels gpu)
      endif()
      set(properties "${CMAKE_CURRENT_BINARY_DIR}/${program}_${variant}_properties.cmake")
      file(WRITE "${properties}"
        "if(${list_name})\n"
        "  set_tests_properties(\${${list_name}} PROPERTIES LABELS [==[${labels}]==]\n"
        "                       ENVIRONMENT [==[${variant_environment}]==] SKIP_RETURN_CODE 77)\n"
        "endif()\n")
      set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${properties}")
    endforeach()
  endforeach()
endfunction()
