# The one GPU backend shared by jaxlib-cuda12, jaxlib-cuda13 and jaxlib-rocm: the executor, the
# kernel emitter and both vendor layers as one static archive, and jaxlib_add_gpu_plugin(), which
# wraps it into a wheel's plugin with that wheel's entry. Built with the plain C++ compiler: CUDA,
# NVRTC, cuBLAS, HIP, hipRTC and hipBLAS are declared in our sources and dlopened at run time.
# Expects jaxlib_use_runtime() to have run.
include_guard(GLOBAL)
include("${JAXLIB_REPO_ROOT}/backends/cpu/cpu_executor.cmake")  # the host fallback runs CPU kernels
file(GLOB _gpu_srcs CONFIGURE_DEPENDS "${CMAKE_CURRENT_LIST_DIR}/*.cc")
list(FILTER _gpu_srcs EXCLUDE REGEX "/plugin_[a-z]+\\.cc$")
add_library(jaxlib_gpu_backend STATIC ${_gpu_srcs})
jaxlib_set_private_defaults(jaxlib_gpu_backend)
target_include_directories(jaxlib_gpu_backend PUBLIC "${JAXLIB_REPO_ROOT}")
target_link_libraries(jaxlib_gpu_backend PUBLIC
  jaxlib_cpu_executor jaxlib::jaxlib_plugin_adapter jaxlib::jaxlib_compiler jaxlib::jaxlib_support ${CMAKE_DL_LIBS})

# jaxlib_add_gpu_plugin(<target> <backend> <entry .cc>): the PJRT plugin of one GPU wheel.
function(jaxlib_add_gpu_plugin target backend entry)
  jaxlib_add_pjrt_plugin(${target} "${entry}")
  target_link_libraries(${target} PRIVATE jaxlib_gpu_backend jaxlib::jaxlib_plugin_adapter jaxlib::jaxlib_support)
  jaxlib_add_build_definitions(${target} ${backend} SOURCES "${entry}")
endfunction()
