# The body of both CUDA wheels (jaxlib-cuda12, jaxlib-cuda13): one source tree, two variants.
# JAXLIB_CUDA_MAJOR (the only difference) comes from each wheel's pyproject.toml cmake.define.
include("${CMAKE_CURRENT_LIST_DIR}/../../cmake/JaxlibBuild.cmake")
jaxlib_check_version()
set(JAXLIB_TOOLKIT "cuda=${JAXLIB_CUDA_MAJOR}")
jaxlib_use_runtime()
add_subdirectory("${JAXLIB_REPO_ROOT}/backends/cuda" backends_cuda)

# One Python package source, installed under this variant's name (it reads its name and CUDA
# major from itself and from _ext at run time).
install(TARGETS pjrt_plugin_jaxlib_cuda${JAXLIB_CUDA_MAJOR} _ext LIBRARY DESTINATION jaxlib_cuda${JAXLIB_CUDA_MAJOR})
install(DIRECTORY "${JAXLIB_REPO_ROOT}/backends/cuda/python/jaxlib_cuda/" DESTINATION jaxlib_cuda${JAXLIB_CUDA_MAJOR}
        FILES_MATCHING PATTERN "*.py" PATTERN "py.typed")
jaxlib_install_host_registration(jaxlib_cuda${JAXLIB_CUDA_MAJOR})
