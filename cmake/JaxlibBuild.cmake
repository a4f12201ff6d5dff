# Shared CMake helpers for every wheel of the family. Small composable functions:
#   jaxlib_set_private_defaults(t)   C++20, PIC, hidden visibility: nothing leaks by accident
#   jaxlib_use_runtime()             import the prebuilt runtime/ archives, or build them here
#   jaxlib_add_pjrt_plugin(t ...)    a PJRT plugin .so exporting exactly GetPjrtApi
#   jaxlib_add_build_info_ext(t ...) the tiny limited-API (abi3) `_ext` module of a backend
#   jaxlib_install_host_registration(pkg) the shared host-registration module into a backend package
#   jaxlib_check_version()           refuse to build a wheel whose version differs from VERSION
include_guard(GLOBAL)

get_filename_component(JAXLIB_REPO_ROOT "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
# Release plugins are stripped; -DJAXLIB_STRIP=OFF keeps symbols for profilers (perf, callgrind).
option(JAXLIB_STRIP "strip symbols from Release plugins" ON)

function(jaxlib_set_private_defaults target)
  set_target_properties(${target} PROPERTIES
    CXX_STANDARD 20 CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF
    POSITION_INDEPENDENT_CODE ON
    C_VISIBILITY_PRESET hidden CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wno-unused-parameter>)
  endif()
  # One rounding per operation on every platform, so results match x86-64's bit for bit. GCC on
  # AArch64 fuses a*b+c into FMA by default, and clang fuses within an expression; x86-64's
  # baseline has no FMA (its AVX-512 files switch contraction off themselves), so GCC's x86-64
  # code is left exactly as it was.
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang" AND
     (CMAKE_CXX_COMPILER_ID MATCHES "Clang" OR NOT CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$"))
    target_compile_options(${target} PRIVATE -ffp-contract=off)
  endif()
endfunction()

# The runtime is device- and Python-independent, so build_matrix compiles it once and passes
# JAXLIB_RUNTIME_BUILD_DIR to every wheel. A plain `pip wheel wheels/<dist>` (no nox) still
# works: it compiles runtime/ into its own build tree.
macro(jaxlib_use_runtime)
  if(NOT TARGET jaxlib::jaxlib_support)
    if(DEFINED JAXLIB_RUNTIME_BUILD_DIR AND EXISTS "${JAXLIB_RUNTIME_BUILD_DIR}/JaxlibRuntimeTargets.cmake")
      message(STATUS "jaxlib: using prebuilt runtime from ${JAXLIB_RUNTIME_BUILD_DIR}")
      find_package(Threads REQUIRED)
      include("${JAXLIB_RUNTIME_BUILD_DIR}/JaxlibRuntimeTargets.cmake")
    else()
      message(STATUS "jaxlib: building runtime/ in this tree")
      # EXCLUDE_FROM_ALL: a wheel compiles only the archives it links.
      add_subdirectory("${JAXLIB_REPO_ROOT}/runtime" "${CMAKE_BINARY_DIR}/runtime" EXCLUDE_FROM_ALL)
      foreach(_t jaxlib_support jaxlib_compiler jaxlib_ffi jaxlib_plugin_adapter jaxlib_pjrt_host)
        add_library(jaxlib::${_t} ALIAS ${_t})
      endforeach()
    endif()
  endif()
endmacro()

# A PJRT plugin: hidden visibility, a version script exporting only GetPjrtApi, static C++
# runtime hidden behind --exclude-libs so two plugins (ours or XLA's) coexist in one process,
# and --no-undefined so a missing symbol fails the link instead of the user's dlopen.
function(jaxlib_add_pjrt_plugin target)
  add_library(${target} SHARED ${ARGN})
  jaxlib_set_private_defaults(${target})
  set_target_properties(${target} PROPERTIES PREFIX "")
  target_include_directories(${target} PRIVATE "${JAXLIB_REPO_ROOT}")
  if(CMAKE_SYSTEM_NAME STREQUAL "Linux")
    target_link_options(${target} PRIVATE
      "LINKER:--version-script=${JAXLIB_REPO_ROOT}/cmake/pjrt_plugin.lds"
      "LINKER:--exclude-libs,ALL" "LINKER:--no-undefined" "LINKER:--gc-sections"
      "LINKER:-z,noexecstack" -static-libstdc++ -static-libgcc)
    set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS "${JAXLIB_REPO_ROOT}/cmake/pjrt_plugin.lds")
  elseif(APPLE)
    target_link_options(${target} PRIVATE
      "LINKER:-exported_symbols_list,${JAXLIB_REPO_ROOT}/cmake/pjrt_plugin.exp" "LINKER:-dead_strip")
  endif()
  if(CMAKE_BUILD_TYPE MATCHES "Release|MinSizeRel" AND CMAKE_SYSTEM_NAME STREQUAL "Linux" AND JAXLIB_STRIP)
    target_link_options(${target} PRIVATE "LINKER:-s")
  endif()
endfunction()

# The backend's `_ext`: plain C against the limited API (Py_LIMITED_API=3.10), because
# nanobind's stable-ABI mode needs CPython >= 3.12 and the backends must load on 3.10+.
function(jaxlib_add_build_info_ext target)
  cmake_parse_arguments(ARG "" "BACKEND" "SOURCES" ${ARGN})
  find_package(Python 3.10 REQUIRED COMPONENTS Interpreter Development.SABIModule)
  # USE_SABI defines Py_LIMITED_API=0x030A0000 for us.
  Python_add_library(${target} MODULE WITH_SOABI USE_SABI 3.10 ${ARG_SOURCES})
  set_target_properties(${target} PROPERTIES C_VISIBILITY_PRESET hidden)
  jaxlib_add_build_definitions(${target} ${ARG_BACKEND})
  if(CMAKE_SYSTEM_NAME STREQUAL "Linux")
    target_link_options(${target} PRIVATE
      "LINKER:--version-script=${JAXLIB_REPO_ROOT}/cmake/python_ext.lds" "LINKER:-s")
  endif()
endfunction()

# Every backend registers with our jaxlib or with real JAX through the same Python module; it
# lives once in backends/host_registration/ and each wheel carries a copy inside its own package
# (a shared top-level module would be one file owned by several distributions: uninstalling
# one backend would break the others).
function(jaxlib_install_host_registration package)
  install(FILES "${JAXLIB_REPO_ROOT}/backends/host_registration/host_registration.py"
          DESTINATION "${package}" RENAME _host_registration.py)
endfunction()

# Build facts compiled into plugins and `_ext` alike, so they can be compared at run time.
# With SOURCES, only those files get the definitions: the revision changes with every commit,
# and putting it on every translation unit would defeat ccache for the whole plugin.
function(jaxlib_add_build_definitions target backend)
  cmake_parse_arguments(ARG "" "" "SOURCES" ${ARGN})
  if(NOT DEFINED JAXLIB_GIT_REVISION OR JAXLIB_GIT_REVISION STREQUAL "")
    set(JAXLIB_GIT_REVISION "unknown")
  endif()
  # The build id names exactly what was built: same inputs, same id (reproducible builds).
  string(SHA256 _id "${JAXLIB_FULL_VERSION}|${JAXLIB_GIT_REVISION}|${backend}|${JAXLIB_TOOLKIT}")
  string(SUBSTRING "${_id}" 0 16 _id)
  set(_defs
    JAXLIB_BUILD_VERSION="${JAXLIB_FULL_VERSION}"
    JAXLIB_GIT_REVISION="${JAXLIB_GIT_REVISION}"
    JAXLIB_BUILD_ID="${_id}"
    JAXLIB_BACKEND="${backend}"
    JAXLIB_TOOLKIT="${JAXLIB_TOOLKIT}")
  if(ARG_SOURCES)
    set_property(SOURCE ${ARG_SOURCES} TARGET_DIRECTORY ${target} APPEND PROPERTY COMPILE_DEFINITIONS ${_defs})
  else()
    target_compile_definitions(${target} PRIVATE ${_defs})
  endif()
endfunction()

# nanobind-backend style guard: the wheel's version must be VERSION plus an allowed suffix.
function(jaxlib_check_version)
  file(READ "${JAXLIB_REPO_ROOT}/VERSION" _base)
  string(STRIP "${_base}" _base)
  if(DEFINED SKBUILD_PROJECT_VERSION_FULL)
    set(_full "${SKBUILD_PROJECT_VERSION_FULL}")
  else()
    set(_full "${_base}")
  endif()
  string(REPLACE "." "\\." _base_re "${_base}")
  if(NOT _full MATCHES "^${_base_re}((\\.dev[0-9]+)|(rc[0-9]+))?$")
    message(FATAL_ERROR "jaxlib: wheel version '${_full}' does not match VERSION '${_base}' "
                        "(allowed suffixes: .devN, rcN)")
  endif()
  set(JAXLIB_FULL_VERSION "${_full}" PARENT_SCOPE)
endfunction()
