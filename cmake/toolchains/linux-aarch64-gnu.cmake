# Cross toolchain for linux-aarch64 on an x86-64 Linux host: Debian's g++-aarch64-linux-gnu
# (ci/cross_aarch64.py installs it) with its sysroot in /usr/aarch64-linux-gnu. Executables
# built with it run here under qemu-user (CMAKE_CROSSCOMPILING_EMULATOR), as the aarch64 nox
# session does. Release wheels for aarch64 are built natively or in manylinux images instead.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(_triple aarch64-linux-gnu)
if(DEFINED ENV{JAXLIB_AARCH64_TRIPLE})
  set(_triple "$ENV{JAXLIB_AARCH64_TRIPLE}")
endif()
if("$ENV{JAXLIB_AARCH64_COMPILER}" STREQUAL "clang")
  # clang for the same target and sysroot (GCC's cross libstdc++ and binutils): the compiler
  # macOS arm64 builds with, on the code paths macOS takes.
  set(CMAKE_C_COMPILER clang)
  set(CMAKE_CXX_COMPILER clang++)
  set(CMAKE_C_COMPILER_TARGET ${_triple})
  set(CMAKE_CXX_COMPILER_TARGET ${_triple})
else()
  set(CMAKE_C_COMPILER ${_triple}-gcc)
  set(CMAKE_CXX_COMPILER ${_triple}-g++)
endif()

# The target's libraries and headers come from its sysroot only; programs (cmake, ninja,
# python) from the host.
set(JAXLIB_AARCH64_SYSROOT "/usr/${_triple}" CACHE PATH "target sysroot (libc, libstdc++)")
set(CMAKE_FIND_ROOT_PATH "${JAXLIB_AARCH64_SYSROOT}")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

find_program(_qemu NAMES qemu-aarch64 qemu-aarch64-static)
if(_qemu)
  set(CMAKE_CROSSCOMPILING_EMULATOR "${_qemu};-L;${JAXLIB_AARCH64_SYSROOT}")
endif()
