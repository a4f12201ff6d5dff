# jaxlib_cpu_executor: the CPU executor (kernels, fused-loop lowerings, JIT) as one static
# archive. The CPU plugin runs programs on it; the GPU plugins run their host fallbacks on it.
# Included, not add_subdirectory'd, so any backend can pull it in; defined once per build tree.
include_guard(GLOBAL)
file(GLOB _cpu_executor_srcs CONFIGURE_DEPENDS "${CMAKE_CURRENT_LIST_DIR}/executor/*/*.cc")
add_library(jaxlib_cpu_executor STATIC ${_cpu_executor_srcs})
jaxlib_set_private_defaults(jaxlib_cpu_executor)
target_include_directories(jaxlib_cpu_executor PUBLIC "${JAXLIB_REPO_ROOT}")
target_link_libraries(jaxlib_cpu_executor PUBLIC
  jaxlib::jaxlib_ffi jaxlib::jaxlib_compiler jaxlib::jaxlib_support ${CMAKE_DL_LIBS})
