// Shared glue for the nanobind module: Status -> XlaRuntimeError, Python-owned handles whose
// destructors release the GIL (plugin teardown may wait on plugin threads that need it), and
// GIL-safe release of Python objects from plugin threads. No PJRT calls are made here.
#pragma once

#include <nanobind/nanobind.h>

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "runtime/pjrt_host/buffer.h"
#include "runtime/pjrt_host/client.h"
#include "runtime/pjrt_host/executable.h"
#include "runtime/pjrt_host/plugin_api.h"
#include "runtime/support/status.h"

namespace jaxlib::bindings {

namespace nb = nanobind;

// Thrown by C++ and translated into jaxlib._jaxlib.XlaRuntimeError("CODE_NAME: message").
class StatusError : public std::runtime_error {
 public:
  explicit StatusError(const Status& status) : std::runtime_error(status.ToString()) {}
};

inline void ThrowIfError(const Status& status) {
  if (!status.ok()) throw StatusError(status);
}

template <typename T>
T ValueOrThrow(StatusOr<T> value) {
  if (!value.ok()) throw StatusError(value.status());
  return std::move(value).value();
}

// Drops a shared_ptr with the GIL released, unless the interpreter is finalizing (then the
// GIL dance is unsafe and the process is ending anyway).
template <typename T>
void ResetWithoutGil(std::shared_ptr<T>& ptr) {
  if (!ptr) return;
  if (nb::is_alive() && PyGILState_Check()) {
    nb::gil_scoped_release release;
    ptr.reset();
  } else {
    ptr.reset();
  }
}

// Python-visible owners. The C++ objects they hold may call into the plugin when destroyed.
struct ClientHandle {
  std::shared_ptr<host::Client> client;
  ~ClientHandle() { ResetWithoutGil(client); }
};

struct ArrayHandle {
  std::shared_ptr<host::Buffer> buffer;
  ~ArrayHandle() { ResetWithoutGil(buffer); }
};

struct ExecutableHandle {
  std::shared_ptr<host::LoadedExecutable> executable;
  // What execute1() accepts per argument (PJRT element type, dims), from the program text;
  // empty when unknown, and then the plugin's own checks are all there is.
  std::vector<std::pair<int, std::vector<int64_t>>> parameters;
  // How execute1() wraps outputs when Python gave it: instances of `array_type` whose slots
  // _client/_handle/_dtype/_shape are set through their member descriptors (the same thing
  // `obj._client = ...` does), with each output's (dtype, shape) known in advance.
  struct OutputWrapper {
    nb::object array_type, client, slot_client, slot_handle, slot_dtype, slot_shape;
    std::vector<std::pair<nb::object, nb::object>> dtype_shape;
  };
  std::optional<OutputWrapper> wrapper;
  ~ExecutableHandle() { ResetWithoutGil(executable); }
};

// Wraps a Python object so it may be released from any thread: the deleter takes the GIL,
// and does nothing (leaks on purpose) once the interpreter is finalizing.
template <typename T>
std::shared_ptr<void> GilSafeKeepAlive(T value) {
  return std::shared_ptr<void>(new T(std::move(value)), [](void* p) {
    if (!nb::is_alive()) return;
    nb::gil_scoped_acquire acquire;
    delete static_cast<T*>(p);
  });
}

// The XlaRuntimeError type object (set once at module init), for errors built by callbacks.
inline PyObject*& XlaRuntimeErrorType() {
  static PyObject* type = nullptr;
  return type;
}

void RegisterPluginAndClient(nb::module_& m);
void RegisterArrays(nb::module_& m);
void RegisterDlpack(nb::module_& m);

}  // namespace jaxlib::bindings
