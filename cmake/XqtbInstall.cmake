# Install rules: what an engine needs to link the probe library (docs/probe-api.md).
#   lib/         libxqprobe.a, libxqrules.a, libxqcore.a; lib/cmake/xqtb/ (find_package);
#                lib/pkgconfig/xqtb.pc
#   include/     xqtb/xqtb.h (C API); xqtb/probe/tablebase.hpp, xqtb/rules/adjudicate.hpp, the
#                headers they include and core/notation.hpp (C++ API, included as
#                "probe/tablebase.hpp" with include/xqtb on the include path). Nothing else: no
#                generator, writer or verdict header.
#   bin/         the xqtb command-line tool
include(CMakePackageConfigHelpers)  # GNUInstallDirs: included by the top-level CMakeLists.txt

set(XQTB_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/xqtb)

# The C header states the version too (XQTB_VERSION_*): it must be the project's.
file(STRINGS ${PROJECT_SOURCE_DIR}/include/xqtb/xqtb.h header_version
     REGEX "^#define XQTB_VERSION_(MAJOR|MINOR|PATCH) ")
string(REGEX REPLACE "[^;]*VERSION_[A-Z]+ ([0-9]+)" "\\1" header_version "${header_version}")
list(JOIN header_version "." header_version)
if(NOT header_version STREQUAL PROJECT_VERSION)
  message(FATAL_ERROR "include/xqtb/xqtb.h says ${header_version}, the project ${PROJECT_VERSION}")
endif()

install(TARGETS xqcore xqrules xqprobe EXPORT xqtbTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS xqtb RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

install(FILES ${PROJECT_SOURCE_DIR}/include/xqtb/xqtb.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/xqtb)
# The C++ probe and adjudication APIs: tablebase.hpp, adjudicate.hpp and what they include,
# closed under includes (every installed header compiles on its own against the installed tree:
# scripts/check-install.sh), and notation.hpp for move text. scripts/check-install.sh keeps the
# exact list.
set(XQTB_CORE_HEADERS geometry index material notation position table_file table_names types
                       values)
list(TRANSFORM XQTB_CORE_HEADERS PREPEND ${PROJECT_SOURCE_DIR}/src/core/)
list(TRANSFORM XQTB_CORE_HEADERS APPEND .hpp)
install(FILES ${XQTB_CORE_HEADERS} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/xqtb/core)
set(XQTB_RULES_HEADERS adjudicate cycle_verdict game_record move_facts repetition)
list(TRANSFORM XQTB_RULES_HEADERS PREPEND ${PROJECT_SOURCE_DIR}/src/rules/)
list(TRANSFORM XQTB_RULES_HEADERS APPEND .hpp)
install(FILES ${XQTB_RULES_HEADERS} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/xqtb/rules)
install(FILES ${PROJECT_SOURCE_DIR}/probe/tablebase.hpp ${PROJECT_SOURCE_DIR}/probe/limit.hpp
              ${PROJECT_SOURCE_DIR}/probe/open_once.hpp
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/xqtb/probe)

install(EXPORT xqtbTargets NAMESPACE xqtb:: DESTINATION ${XQTB_CMAKE_DIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/xqtbConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/xqtbConfig.cmake
                              INSTALL_DESTINATION ${XQTB_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/xqtbConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/xqtbConfig.cmake ${PROJECT_BINARY_DIR}/xqtbConfigVersion.cmake
        DESTINATION ${XQTB_CMAKE_DIR})

# pkg-config: relocatable (prefix found from the .pc file's own place). The libraries are static
# C++, so a C program linked by the C compiler also needs the C++ runtime: the libraries the C++
# compiler links implicitly and the C compiler does not (libstdc++ and libm with GCC).
file(RELATIVE_PATH XQTB_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
string(REGEX REPLACE "/$" "" XQTB_PC_TO_PREFIX "${XQTB_PC_TO_PREFIX}")
set(runtime "")
foreach(lib IN LISTS CMAKE_CXX_IMPLICIT_LINK_LIBRARIES)
  if(NOT lib IN_LIST CMAKE_C_IMPLICIT_LINK_LIBRARIES AND NOT lib MATCHES "^gcc")
    list(APPEND runtime ${lib})
  endif()
endforeach()
list(REMOVE_DUPLICATES runtime)
list(TRANSFORM runtime PREPEND " -l")
list(JOIN runtime "" XQTB_PC_RUNTIME)
configure_file(${CMAKE_CURRENT_LIST_DIR}/xqtb.pc.in ${PROJECT_BINARY_DIR}/xqtb.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/xqtb.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
