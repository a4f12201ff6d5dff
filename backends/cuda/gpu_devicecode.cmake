# jaxlib_gpu_devicecode: the device-code pieces shared by the CUDA and ROCm backends (kernel
# generator, run-time compiler loading, on-disk kernel cache). Included, not add_subdirectory'd,
# so either backend can pull it in alone; defined once per build tree.
include_guard(GLOBAL)
set(_dc "${CMAKE_CURRENT_LIST_DIR}")
add_library(jaxlib_gpu_devicecode STATIC
  "${_dc}/kernel_codegen.cc" "${_dc}/nvrtc_compiler.cc" "${_dc}/dynamic_library.cc"
  "${_dc}/kernel_disk_cache.cc" "${_dc}/content_hash.cc")
jaxlib_set_private_defaults(jaxlib_gpu_devicecode)
target_include_directories(jaxlib_gpu_devicecode PUBLIC "${JAXLIB_REPO_ROOT}")
target_link_libraries(jaxlib_gpu_devicecode PUBLIC jaxlib::jaxlib_support ${CMAKE_DL_LIBS})
