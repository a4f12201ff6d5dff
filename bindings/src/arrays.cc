// Arrays (device buffers) and executables for `jaxlib._jaxlib`. Host data crosses as flat
// uint8 ndarrays, so every dtype (bfloat16, float16, complex, bool) takes one path; the
// Python package owns the dtype table and the shapes.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings/src/binding_support.h"

namespace jaxlib::bindings {
namespace {

using HostBytes = nb::ndarray<uint8_t, nb::ro, nb::c_contig, nb::device::cpu>;
using MutableHostBytes = nb::ndarray<uint8_t, nb::c_contig, nb::device::cpu>;

nb::tuple DimsTuple(const std::vector<int64_t>& dims) {
  nb::list out;
  for (int64_t d : dims) out.append(nb::int_(d));
  return nb::tuple(out);
}

// Calls `callback(None)` or `callback(XlaRuntimeError)` from whatever thread the plugin uses.
std::function<void(Status)> PythonCallback(nb::object callback) {
  std::shared_ptr<void> held = GilSafeKeepAlive(std::move(callback));
  return [held](Status status) {
    if (!nb::is_alive()) return;  // interpreter finalizing: touching Python is unsafe
    nb::gil_scoped_acquire acquire;
    nb::object& fn = *static_cast<nb::object*>(held.get());
    try {
      if (status.ok()) {
        fn(nb::none());
      } else {
        nb::handle type(XlaRuntimeErrorType());
        fn(type(nb::str(status.ToString().c_str())));
      }
    } catch (nb::python_error& e) {
      e.discard_as_unraisable("jaxlib on_ready callback");
    }
  };
}

// Drops the references an execute held across its GIL-free call. Dropping the last one destroys
// a plugin buffer, which may block, so only then is the GIL released (it costs a round trip).
void ReleaseHeldBuffers(std::vector<std::shared_ptr<host::Buffer>>& hold) {
  bool last = false;
  for (const auto& b : hold) last = last || b.use_count() == 1;
  if (last) {
    nb::gil_scoped_release release;
    hold.clear();
  }
}

}  // namespace

void RegisterArrays(nb::module_& m) {
  nb::class_<ArrayHandle>(m, "Array", "A device buffer owned by a client.")
      .def_prop_ro("element_type", [](const ArrayHandle& a) { return a.buffer->element_type(); })
      .def_prop_ro("dims", [](const ArrayHandle& a) { return DimsTuple(a.buffer->dims()); })
      .def_prop_ro("device",
                   [](nb::handle self) -> nb::object {
                     host::Device* d = nb::cast<ArrayHandle&>(self).buffer->device();
                     if (d == nullptr) return nb::none();
                     return nb::cast(d, nb::rv_policy::reference_internal, self);
                   })
      .def_prop_ro("memory",
                   [](nb::handle self) -> nb::object {
                     host::Memory* mem = nb::cast<ArrayHandle&>(self).buffer->memory();
                     if (mem == nullptr) return nb::none();
                     return nb::cast(mem, nb::rv_policy::reference_internal, self);
                   })
      .def_prop_ro("is_deleted", [](const ArrayHandle& a) { return a.buffer->is_deleted(); })
      .def("delete",
           [](ArrayHandle& a) {
             nb::gil_scoped_release release;
             ThrowIfError(a.buffer->Delete());
           })
      .def("block_until_ready",
           [](ArrayHandle& a) {
             if (a.buffer->known_ready()) return;  // nothing to wait for: keep the GIL
             nb::gil_scoped_release release;
             ThrowIfError(a.buffer->BlockUntilReady());
           })
      .def("unsafe_buffer_pointer",
           [](ArrayHandle& a) {
             nb::gil_scoped_release release;
             void* p = ValueOrThrow(a.buffer->AcquireExternalReference());
             a.buffer->ReleaseExternalReference();
             return reinterpret_cast<uintptr_t>(p);
           })
      .def("host_size_in_bytes",
           [](ArrayHandle& a) {
             nb::gil_scoped_release release;
             return ValueOrThrow(a.buffer->HostSizeInBytes());
           })
      .def(
          "to_host",
          [](ArrayHandle& a, MutableHostBytes out) {
            nb::gil_scoped_release release;
            ThrowIfError(a.buffer->ToHost(out.data(), out.size()));
          },
          nb::arg("out"), "Copies the array into `out` (flat uint8, exactly host_size_in_bytes()) and waits.")
      .def("on_device_size_in_bytes",
           [](ArrayHandle& a) {
             nb::gil_scoped_release release;
             return ValueOrThrow(a.buffer->OnDeviceSizeInBytes());
           })
      .def("copy_to_device",
           [](ArrayHandle& a, host::Device* device) {
             std::shared_ptr<host::Buffer> out;
             {
               nb::gil_scoped_release release;
               out = ValueOrThrow(a.buffer->CopyToDevice(device));
             }
             return new ArrayHandle{std::move(out)};
           })
      .def("copy_to_memory",
           [](ArrayHandle& a, host::Memory* memory) {
             std::shared_ptr<host::Buffer> out;
             {
               nb::gil_scoped_release release;
               out = ValueOrThrow(a.buffer->CopyToMemory(memory));
             }
             return new ArrayHandle{std::move(out)};
           })
      .def(
          "on_ready",
          [](ArrayHandle& a, nb::object callback) {
            std::function<void(Status)> fn = PythonCallback(std::move(callback));
            nb::gil_scoped_release release;
            std::shared_ptr<host::Event> event = ValueOrThrow(a.buffer->ReadyEvent());
            ThrowIfError(event->OnReady(std::move(fn)));
          },
          nb::arg("callback"),
          "Calls callback(None or XlaRuntimeError) once the array is ready, possibly from a plugin thread.");

  m.def(
      "buffer_from_host",
      [](ClientHandle& c, HostBytes data, int element_type, std::vector<int64_t> dims, int semantics,
         host::Device* device, host::Memory* memory) {
        if (semantics < 0 || semantics > 3) throw nb::value_error("host_buffer_semantics must be 0..3");
        host::HostBufferSpec spec;
        spec.data = data.data();
        spec.element_type = element_type;
        spec.dims = std::move(dims);
        spec.semantics = static_cast<host::HostBufferSemantics>(semantics);
        // The ndarray references the numpy array; released (under the GIL) exactly when the
        // semantics allow, possibly from a plugin thread.
        spec.keep_alive = GilSafeKeepAlive(data);
        std::shared_ptr<host::Buffer> buffer;
        {
          nb::gil_scoped_release release;
          buffer = ValueOrThrow(c.client->BufferFromHost(std::move(spec), device, memory));
        }
        return new ArrayHandle{std::move(buffer)};
      },
      nb::arg("client"), nb::arg("data"), nb::arg("element_type"), nb::arg("dims"), nb::arg("semantics"),
      nb::arg("device").none(), nb::arg("memory").none(),
      "Host-to-device transfer of dense row-major bytes onto `memory` if given, else `device`.");

  nb::class_<ExecutableHandle>(m, "LoadedExecutable")
      .def_prop_ro("name", [](const ExecutableHandle& e) { return e.executable->name(); })
      .def_prop_ro("num_outputs", [](const ExecutableHandle& e) { return e.executable->num_outputs(); })
      .def_prop_ro("output_element_types", [](const ExecutableHandle& e) { return e.executable->output_element_types(); })
      .def_prop_ro("output_dimensions",
                   [](const ExecutableHandle& e) {
                     nb::list out;
                     for (const auto& dims : e.executable->output_dimensions()) out.append(DimsTuple(dims));
                     return out;
                   })
      .def_prop_ro("fingerprint",
                   [](const ExecutableHandle& e) -> nb::object {
                     const auto& fp = e.executable->fingerprint();
                     if (!fp) return nb::none();
                     return nb::bytes(fp->data(), fp->size());
                   })
      .def_prop_ro("num_replicas", [](const ExecutableHandle& e) { return e.executable->num_replicas(); })
      .def_prop_ro("num_partitions", [](const ExecutableHandle& e) { return e.executable->num_partitions(); })
      .def_prop_ro("is_deleted", [](const ExecutableHandle& e) { return e.executable->is_deleted(); })
      .def("addressable_devices",
           [](nb::handle self) {
             nb::list out;
             for (host::Device* d : nb::cast<ExecutableHandle&>(self).executable->addressable_devices()) {
               out.append(nb::cast(d, nb::rv_policy::reference_internal, self));
             }
             return out;
           })
      .def(
          "execute",
          [](ExecutableHandle& e, std::vector<std::vector<ArrayHandle*>> argument_lists, host::Device* execute_device,
             std::vector<std::pair<int64_t, uintptr_t>> ffi_user_data) {
            std::vector<std::vector<host::Buffer*>> raw(argument_lists.size());
            std::vector<std::shared_ptr<host::Buffer>> hold;  // alive across the GIL-free call
            for (size_t d = 0; d < argument_lists.size(); ++d) {
              for (ArrayHandle* a : argument_lists[d]) {
                if (a == nullptr) throw nb::type_error("execute(): arguments must be arrays, not None");
                raw[d].push_back(a->buffer.get());
                hold.push_back(a->buffer);
              }
            }
            host::ExecuteResult result;
            {
              nb::gil_scoped_release release;
              std::vector<std::pair<int64_t, void*>> user_data;
              for (const auto& [type_id, address] : ffi_user_data)
                user_data.emplace_back(type_id, reinterpret_cast<void*>(address));
              result = ValueOrThrow(
                  e.executable->Execute(raw, execute_device, /*want_completion_events=*/false, user_data));
            }
            nb::list out;
            for (auto& per_device : result.outputs) {
              nb::list outs;
              for (auto& b : per_device) outs.append(nb::cast(new ArrayHandle{std::move(b)}, nb::rv_policy::take_ownership));
              out.append(outs);
            }
            ReleaseHeldBuffers(hold);
            return out;
          },
          nb::arg("argument_lists"), nb::arg("execute_device").none() = nb::none(),
          nb::arg("ffi_user_data") = std::vector<std::pair<int64_t, uintptr_t>>(),
          "argument_lists[device][arg] -> outputs[device][output]. ffi_user_data: (type id, address) "
          "pairs passed to typed custom calls through a PJRT_ExecuteContext.")
      .def(
          "set_parameters",
          [](ExecutableHandle& e, std::vector<std::pair<int, std::vector<int64_t>>> parameters) {
            e.parameters = std::move(parameters);
          },
          nb::arg("parameters"), "(PJRT element type, dims) per argument, checked by execute1().")
      .def(
          "set_output_wrapper",
          [](ExecutableHandle& e, nb::type_object array_type, nb::object client,
             std::vector<std::pair<nb::object, nb::object>> dtype_shape) {
            ExecutableHandle::OutputWrapper w;
            w.slot_client = nb::getattr(array_type, "_client");
            w.slot_handle = nb::getattr(array_type, "_handle");
            w.slot_dtype = nb::getattr(array_type, "_dtype");
            w.slot_shape = nb::getattr(array_type, "_shape");
            for (nb::handle slot : {w.slot_client, w.slot_handle, w.slot_dtype, w.slot_shape}) {
              if (Py_TYPE(slot.ptr())->tp_descr_set == nullptr) throw nb::type_error("array_type needs __slots__ _client, _handle, _dtype, _shape");
            }
            w.array_type = std::move(array_type);
            w.client = std::move(client);
            w.dtype_shape = std::move(dtype_shape);
            e.wrapper = std::move(w);
          },
          nb::arg("array_type"), nb::arg("client"), nb::arg("dtype_shape"),
          "Makes execute1() return array_type instances (one (dtype, shape) per output).")
      .def(
          "execute1",
          [](ExecutableHandle& e, nb::handle arguments) {
            // The single-device dispatch path: `arguments` is a list or tuple of objects whose
            // `_handle` is an Array (jaxlib.xla_client.ArrayImpl). Anything unexpected raises
            // TypeError/ValueError without a message worth showing; the caller then runs its
            // precise checks. Plugin and host errors raise XlaRuntimeError as usual.
            if (!PyList_Check(arguments.ptr()) && !PyTuple_Check(arguments.ptr())) throw nb::type_error();
            const size_t n = static_cast<size_t>(PySequence_Fast_GET_SIZE(arguments.ptr()));
            PyObject** items = PySequence_Fast_ITEMS(arguments.ptr());
            if (!e.parameters.empty() && n != e.parameters.size()) throw nb::value_error();
            static PyObject* const handle_name = PyUnicode_InternFromString("_handle");
            std::vector<std::vector<host::Buffer*>> raw(1);
            raw[0].reserve(n);
            std::vector<std::shared_ptr<host::Buffer>> hold;  // alive across the GIL-free call
            hold.reserve(n);
            for (size_t i = 0; i < n; ++i) {
              nb::object h = nb::steal(PyObject_GetAttr(items[i], handle_name));
              if (!h.is_valid()) {
                PyErr_Clear();
                throw nb::type_error();
              }
              ArrayHandle* a = nullptr;
              if (!nb::try_cast<ArrayHandle*>(h, a) || a == nullptr || !a->buffer) throw nb::type_error();
              if (!e.parameters.empty()) {
                const auto& [type, dims] = e.parameters[i];
                if (a->buffer->element_type() != type || a->buffer->dims() != dims) throw nb::value_error();
              }
              raw[0].push_back(a->buffer.get());
              hold.push_back(a->buffer);
            }
            host::ExecuteResult result;
            {
              nb::gil_scoped_release release;
              result = ValueOrThrow(e.executable->Execute(raw, nullptr, /*want_completion_events=*/false));
            }
            nb::list out;
            if (!result.outputs.empty()) {
              const ExecutableHandle::OutputWrapper* w =
                  e.wrapper && e.wrapper->dtype_shape.size() == result.outputs[0].size() ? &*e.wrapper : nullptr;
              auto* type = w != nullptr ? reinterpret_cast<PyTypeObject*>(w->array_type.ptr()) : nullptr;
              auto set = [](const nb::object& slot, PyObject* obj, PyObject* value) {
                if (Py_TYPE(slot.ptr())->tp_descr_set(slot.ptr(), obj, value) != 0) throw nb::python_error();
              };
              for (size_t i = 0; i < result.outputs[0].size(); ++i) {
                nb::object handle = nb::cast(new ArrayHandle{std::move(result.outputs[0][i])}, nb::rv_policy::take_ownership);
                if (w == nullptr) {
                  out.append(handle);
                  continue;
                }
                nb::object array = nb::steal(type->tp_alloc(type, 0));
                if (!array.is_valid()) throw nb::python_error();
                set(w->slot_client, array.ptr(), w->client.ptr());
                set(w->slot_handle, array.ptr(), handle.ptr());
                set(w->slot_dtype, array.ptr(), w->dtype_shape[i].first.ptr());
                set(w->slot_shape, array.ptr(), w->dtype_shape[i].second.ptr());
                out.append(array);
              }
            }
            ReleaseHeldBuffers(hold);
            return out;
          },
          nb::arg("arguments"),
          "Single-device execute of arrays (objects with an Array `_handle`) -> outputs: Arrays, or "
          "instances of set_output_wrapper()'s type.")
      .def("optimized_program",
           [](ExecutableHandle& e) {
             std::pair<std::string, std::string> program;
             {
               nb::gil_scoped_release release;
               program = ValueOrThrow(e.executable->OptimizedProgram());
             }
             return nb::make_tuple(nb::str(program.first.c_str()), nb::bytes(program.second.data(), program.second.size()));
           })
      .def("serialize",
           [](ExecutableHandle& e) {
             std::string bytes;
             {
               nb::gil_scoped_release release;
               bytes = ValueOrThrow(e.executable->Serialize());
             }
             return nb::bytes(bytes.data(), bytes.size());
           })
      .def("output_memory_kinds",
           [](ExecutableHandle& e) {
             std::vector<std::string> kinds;
             {
               nb::gil_scoped_release release;
               kinds = ValueOrThrow(e.executable->OutputMemoryKinds());
             }
             return kinds;
           })
      .def("compiled_memory_stats",
           [](ExecutableHandle& e) {
             host::CompiledMemoryStats s;
             {
               nb::gil_scoped_release release;
               s = ValueOrThrow(e.executable->GetCompiledMemoryStats());
             }
             nb::dict out;
             out["generated_code_size_in_bytes"] = s.generated_code_size_in_bytes;
             out["argument_size_in_bytes"] = s.argument_size_in_bytes;
             out["output_size_in_bytes"] = s.output_size_in_bytes;
             out["alias_size_in_bytes"] = s.alias_size_in_bytes;
             out["temp_size_in_bytes"] = s.temp_size_in_bytes;
             out["host_generated_code_size_in_bytes"] = s.host_generated_code_size_in_bytes;
             out["host_argument_size_in_bytes"] = s.host_argument_size_in_bytes;
             out["host_output_size_in_bytes"] = s.host_output_size_in_bytes;
             out["host_alias_size_in_bytes"] = s.host_alias_size_in_bytes;
             out["host_temp_size_in_bytes"] = s.host_temp_size_in_bytes;
             out["peak_memory_in_bytes"] = s.peak_memory_in_bytes;
             return out;
           })
      .def("delete", [](ExecutableHandle& e) {
        nb::gil_scoped_release release;
        ThrowIfError(e.executable->Delete());
      });
}

}  // namespace jaxlib::bindings
