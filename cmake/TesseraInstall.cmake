# The Tessera CMake package: `cmake --install <build> --prefix <p>`, then in a user's project
#   find_package(Tessera REQUIRED)       # CMAKE_PREFIX_PATH=<p>
#   target_link_libraries(app PRIVATE Tessera::tessera)        # model + emulator
#   target_link_libraries(gpu_app PRIVATE Tessera::cuda)       # + the CUDA backend (when built)
#   target_link_libraries(amp_app PRIVATE Tessera::amp_compat) # C++ AMP source: #include <amp.h>
# with the helper functions of TesseraHelpers.cmake. The build tree exports the same targets
# (TesseraTargets.cmake in the build directory), and add_subdirectory/FetchContent users get the same
# names from the aliases.
include(CMakePackageConfigHelpers)

set(TESSERA_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/Tessera)

set_target_properties(tessera_model PROPERTIES EXPORT_NAME model)
set_target_properties(tessera_emulator PROPERTIES EXPORT_NAME emulator)
set_target_properties(tessera_amp_compat PROPERTIES EXPORT_NAME amp_compat)
install(TARGETS tessera tessera_model tessera_emulator tessera_amp_compat EXPORT TesseraTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(EXPORT TesseraTargets NAMESPACE Tessera:: DESTINATION ${TESSERA_CMAKE_DIR})
export(EXPORT TesseraTargets NAMESPACE Tessera:: FILE ${PROJECT_BINARY_DIR}/TesseraTargets.cmake)

# Public headers: the model, the emulator's, the generated backend headers, and the CUDA backend's.
install(DIRECTORY spec/include/ emulator/include/ ${TESSERA_GENERATED_INCLUDE}/
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
if(TESSERA_HAVE_CUDA)
  install(TARGETS tessera_cuda EXPORT TesseraCudaTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(EXPORT TesseraCudaTargets NAMESPACE Tessera:: DESTINATION ${TESSERA_CMAKE_DIR})
  export(EXPORT TesseraCudaTargets NAMESPACE Tessera:: FILE ${PROJECT_BINARY_DIR}/TesseraCudaTargets.cmake)
  install(DIRECTORY backends/cuda/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endif()

configure_package_config_file(cmake/TesseraConfig.cmake.in ${PROJECT_BINARY_DIR}/TesseraConfig.cmake
                              INSTALL_DESTINATION ${TESSERA_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/TesseraConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/TesseraConfig.cmake ${PROJECT_BINARY_DIR}/TesseraConfigVersion.cmake
              cmake/TesseraHelpers.cmake cmake/tessera_kernel_test_main.cpp
        DESTINATION ${TESSERA_CMAKE_DIR})

# The build tree is a package too (CMAKE_PREFIX_PATH=<build>), for trying a change without installing.
configure_file(cmake/TesseraHelpers.cmake ${PROJECT_BINARY_DIR}/TesseraHelpers.cmake COPYONLY)
configure_file(cmake/tessera_kernel_test_main.cpp ${PROJECT_BINARY_DIR}/tessera_kernel_test_main.cpp COPYONLY)
