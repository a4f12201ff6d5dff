/* The `_ext` module every backend wheel carries: reports what was built (version, git
 * revision, build id, PJRT C API version, toolkit) without loading the plugin, so jaxlib
 * can refuse a mismatched backend before any call into it. Limited API only (abi3, 3.10+);
 * must never link or dlopen the plugin. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "runtime/pjrt_abi/pjrt_c_api.h"

static PyObject* build_info(PyObject* self, PyObject* unused) {
  (void)self;
  (void)unused;
  return Py_BuildValue("{s:s,s:s,s:s,s:s,s:(ii),s:s}",
                       "backend", JAXLIB_BACKEND,
                       "version", JAXLIB_BUILD_VERSION,
                       "git_revision", JAXLIB_GIT_REVISION,
                       "build_id", JAXLIB_BUILD_ID,
                       "pjrt_api_version", (int)PJRT_API_MAJOR, (int)PJRT_API_MINOR,
                       "toolkit", JAXLIB_TOOLKIT);
}

static PyObject* build_version(PyObject* self, PyObject* unused) {
  (void)self;
  (void)unused;
  return PyUnicode_FromString(JAXLIB_BUILD_VERSION);
}

static PyMethodDef kMethods[] = {
    {"build_info", build_info, METH_NOARGS,
     "build_info() -> dict: backend, version, git_revision, build_id, pjrt_api_version, toolkit."},
    {"build_version", build_version, METH_NOARGS, "build_version() -> str: the compiled-in version."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kModule = {
    PyModuleDef_HEAD_INIT, "_ext", "Build facts of this jaxlib backend wheel.", -1, kMethods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__ext(void) { return PyModule_Create(&kModule); }
