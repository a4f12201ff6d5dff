// The `jaxlib._jaxlib` extension: plugins, clients, devices and memories. Thin by design:
// every decision about dtypes, validation and the public API lives in the Python package;
// this file converts types and releases the GIL around every call that can block.
#include <nanobind/nanobind.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <cstring>

#include "bindings/src/binding_support.h"
#include "runtime/pjrt_host/topology.h"

namespace jaxlib::bindings {
namespace {

nb::object NamedValueToPython(const host::NamedValue& v) {
  if (const auto* s = std::get_if<std::string>(&v.value)) return nb::str(s->c_str(), s->size());
  if (const auto* i = std::get_if<int64_t>(&v.value)) return nb::int_(*i);
  if (const auto* l = std::get_if<std::vector<int64_t>>(&v.value)) {
    nb::list out;
    for (int64_t x : *l) out.append(nb::int_(x));
    return nb::tuple(out);
  }
  if (const auto* f = std::get_if<float>(&v.value)) return nb::float_(static_cast<double>(*f));
  if (const auto* b = std::get_if<bool>(&v.value)) return nb::bool_(*b);
  return nb::none();
}

nb::dict NamedValuesToDict(const std::vector<host::NamedValue>& values) {
  nb::dict out;
  for (const auto& v : values) out[nb::str(v.name.c_str(), v.name.size())] = NamedValueToPython(v);
  return out;
}

// Client options: bool, int, float, str, or a sequence of ints. bool is checked before int
// because Python's bool is an int; plugins reject (or crash on) a wrongly typed option.
std::vector<host::NamedValue> OptionsFromPython(nb::handle options) {
  std::vector<host::NamedValue> out;
  if (options.is_none()) return out;
  for (auto [key, value] : nb::borrow<nb::dict>(options)) {
    host::NamedValue nv;
    nv.name = nb::cast<std::string>(nb::str(key));
    if (PyBool_Check(value.ptr())) {
      nv.value = nb::cast<bool>(value);
    } else if (PyLong_Check(value.ptr())) {
      nv.value = nb::cast<int64_t>(value);
    } else if (PyFloat_Check(value.ptr())) {
      nv.value = static_cast<float>(nb::cast<double>(value));
    } else if (PyUnicode_Check(value.ptr())) {
      nv.value = nb::cast<std::string>(value);
    } else if (PyList_Check(value.ptr()) || PyTuple_Check(value.ptr())) {
      std::vector<int64_t> list;
      for (nb::handle item : value) {
        if (PyBool_Check(item.ptr()) || !PyLong_Check(item.ptr())) {
          throw nb::type_error(("client option '" + nv.name + "': lists must hold ints").c_str());
        }
        list.push_back(nb::cast<int64_t>(item));
      }
      nv.value = std::move(list);
    } else {
      throw nb::type_error(("client option '" + nv.name +
                            "' must be bool, int, float, str or a list of ints")
                               .c_str());
    }
    out.push_back(std::move(nv));
  }
  return out;
}

// A distributed runtime client (jaxlib.distributed.DistributedRuntimeClient, or any object
// with its blocking_key_value_get_bytes / key_value_set_bytes methods) as the host's
// KeyValueStore. Plugins call it from their own threads: every call takes the GIL, and
// nothing is called once the interpreter is finalizing.
class PyKeyValueStore final : public host::KeyValueStore {
 public:
  explicit PyKeyValueStore(nb::object client) : client_(std::move(client)) {}
  ~PyKeyValueStore() override {
    if (!Py_IsInitialized() || IsFinalizing()) {
      (void)client_.release();  // leaked: no GIL to drop it with
      return;
    }
    nb::gil_scoped_acquire gil;
    client_.reset();
  }

  StatusOr<std::string> Get(std::string_view key, int64_t timeout_ms) override {
    if (IsFinalizing()) return Status(StatusCode::kCancelled, "the Python interpreter is shutting down");
    nb::gil_scoped_acquire gil;
    try {
      nb::object value = client_.attr("blocking_key_value_get_bytes")(nb::str(key.data(), key.size()), timeout_ms);
      nb::bytes bytes = nb::cast<nb::bytes>(value);
      return std::string(bytes.c_str(), bytes.size());
    } catch (nb::python_error& e) {
      return FromPython(e);
    }
  }

  Status Put(std::string_view key, std::string_view value) override {
    if (IsFinalizing()) return Status(StatusCode::kCancelled, "the Python interpreter is shutting down");
    nb::gil_scoped_acquire gil;
    try {
      client_.attr("key_value_set_bytes")(nb::str(key.data(), key.size()), nb::bytes(value.data(), value.size()));
      return Status();
    } catch (nb::python_error& e) {
      return FromPython(e);
    }
  }

 private:
  static bool IsFinalizing() {
#if PY_VERSION_HEX >= 0x030D0000
    return Py_IsFinalizing();
#else
    return _Py_IsFinalizing();
#endif
  }
  // TimeoutError -> DEADLINE_EXCEEDED, anything else UNAVAILABLE, with Python's message.
  static Status FromPython(nb::python_error& e) {
    const bool timeout = e.matches(PyExc_TimeoutError);
    // The exception's own words, without the traceback python_error::what() adds.
    std::string message = nb::cast<std::string>(nb::str(e.type().attr("__name__"))) + ": " +
                          nb::cast<std::string>(nb::str(e.value()));
    return Status(timeout ? StatusCode::kDeadlineExceeded : StatusCode::kUnavailable, message);
  }

  nb::object client_;
};

template <typename T>
nb::list PointerList(const std::vector<T*>& items, nb::handle parent) {
  nb::list out;
  for (T* item : items) out.append(nb::cast(item, nb::rv_policy::reference_internal, parent));
  return out;
}

}  // namespace

void RegisterPluginAndClient(nb::module_& m) {
  nb::class_<host::PluginApi>(m, "PluginApi", "A loaded PJRT plugin (never unloaded).")
      .def_prop_ro("path", &host::PluginApi::path)
      .def_prop_ro("api_version",
                   [](const host::PluginApi& p) { return std::make_pair(p.major_version(), p.minor_version()); })
      .def_prop_ro("num_functions", &host::PluginApi::num_slots)
      .def_prop_ro("initialized", &host::PluginApi::initialized)
      .def(
          "attributes",
          [](const host::PluginApi& p) {
            std::vector<host::NamedValue> attrs;
            {
              nb::gil_scoped_release release;
              attrs = ValueOrThrow(p.Attributes());
            }
            return NamedValuesToDict(attrs);
          },
          "PJRT_Plugin_Attributes as a dict (safe before initialize()).")
      .def(
          "initialize",
          [](host::PluginApi& p) {
            nb::gil_scoped_release release;
            ThrowIfError(p.Initialize());
          },
          "PJRT_Plugin_Initialize; runs once, later calls repeat the first result.")
      .def(
          "c_api",
          [](const host::PluginApi& p) {
            return nb::capsule(static_cast<const void*>(p.raw()), "pjrt_c_api");
          },
          "The plugin's PJRT_Api table as a PyCapsule named 'pjrt_c_api' (what jaxlib hands around).");

  m.def(
      "plugin_from_c_api",
      [](nb::capsule capsule) {
        if (std::strcmp(capsule.name(), "pjrt_c_api") != 0) {
          throw nb::type_error("expected a PyCapsule named 'pjrt_c_api' holding a PJRT_Api*");
        }
        const auto* api = static_cast<const PJRT_Api*>(capsule.data());
        nb::gil_scoped_release release;
        return ValueOrThrow(host::PluginFromApi(api));
      },
      nb::arg("c_api"), "The PluginApi for a PJRT_Api* some other code loaded (checked like load_plugin).");

  nb::class_<host::Topology>(m, "Topology", "A PJRT_TopologyDescription, read once.")
      .def_prop_ro("platform_name", &host::Topology::platform_name)
      .def_prop_ro("platform_version", &host::Topology::platform_version)
      .def_prop_ro("plugin", &host::Topology::plugin)
      .def_prop_ro("attributes", [](const host::Topology& t) { return NamedValuesToDict(t.attributes()); })
      .def_prop_ro("devices",
                   [](const host::Topology& t) {
                     nb::list out;
                     for (const host::TopologyDevice& d : t.devices()) {
                       nb::dict row;
                       row["id"] = d.id;
                       row["process_index"] = d.process_index;
                       row["kind"] = d.kind;
                       row["debug_string"] = d.debug_string;
                       row["to_string"] = d.to_string;
                       out.append(row);
                     }
                     return out;
                   })
      .def("serialize", [](const host::Topology& t) {
        std::string bytes;
        {
          nb::gil_scoped_release release;
          bytes = ValueOrThrow(t.Serialize());
        }
        return nb::bytes(bytes.data(), bytes.size());
      });

  m.def(
      "create_topology",
      [](std::shared_ptr<host::PluginApi> plugin, const std::string& name, nb::handle options) {
        std::vector<host::NamedValue> opts = OptionsFromPython(options);
        nb::gil_scoped_release release;
        return ValueOrThrow(host::Topology::Create(std::move(plugin), name, opts));
      },
      nb::arg("plugin"), nb::arg("name") = "", nb::arg("options").none() = nb::none(),
      "PJRT_TopologyDescription_Create: the plugin's topology without a client.");

  m.def(
      "load_plugin",
      [](const std::string& path) {
        nb::gil_scoped_release release;
        return ValueOrThrow(host::LoadPlugin(path));
      },
      nb::arg("path"), "dlopen a PJRT plugin and validate its API version; calls nothing else.");

  nb::class_<host::Memory>(m, "Memory")
      .def_prop_ro("id", &host::Memory::id)
      .def_prop_ro("kind", &host::Memory::kind)
      .def_prop_ro("debug_string", &host::Memory::debug_string)
      .def_prop_ro("to_string", &host::Memory::to_string)
      .def("addressable_by_devices", [](nb::handle self) {
        return PointerList(nb::cast<host::Memory*>(self)->addressable_by_devices(), self);
      });

  nb::class_<host::Device>(m, "Device")
      .def_prop_ro("id", &host::Device::id)
      .def_prop_ro("process_index", &host::Device::process_index)
      .def_prop_ro("local_hardware_id", &host::Device::local_hardware_id)
      .def_prop_ro("is_addressable", &host::Device::is_addressable)
      .def_prop_ro("kind", &host::Device::kind)
      .def_prop_ro("debug_string", &host::Device::debug_string)
      .def_prop_ro("to_string", &host::Device::to_string)
      .def_prop_ro("attributes", [](const host::Device& d) { return NamedValuesToDict(d.attributes()); })
      .def("memories",
           [](nb::handle self) { return PointerList(nb::cast<host::Device*>(self)->memories(), self); })
      .def("default_memory",
           [](nb::handle self) -> nb::object {
             host::Memory* mem = nb::cast<host::Device*>(self)->default_memory();
             if (mem == nullptr) return nb::none();
             return nb::cast(mem, nb::rv_policy::reference_internal, self);
           })
      .def("memory_stats", [](const host::Device& d) {
        std::map<std::string, int64_t> stats;
        {
          nb::gil_scoped_release release;
          stats = ValueOrThrow(d.MemoryStats());
        }
        nb::dict out;
        for (const auto& [k, v] : stats) out[nb::str(k.c_str())] = nb::int_(v);
        return out;
      });

  nb::class_<ClientHandle>(m, "Client")
      .def_static(
          "create",
          [](std::shared_ptr<host::PluginApi> plugin, nb::handle options, nb::handle kv_store) {
            std::vector<host::NamedValue> opts = OptionsFromPython(options);
            std::shared_ptr<host::KeyValueStore> store;
            if (!kv_store.is_none()) store = std::make_shared<PyKeyValueStore>(nb::borrow<nb::object>(kv_store));
            std::shared_ptr<host::Client> client;
            {
              // Released also because a multi-process plugin calls the store back from its threads.
              nb::gil_scoped_release release;
              client = ValueOrThrow(host::Client::Create(std::move(plugin), opts, std::move(store)));
            }
            return new ClientHandle{std::move(client)};
          },
          nb::arg("plugin"), nb::arg("options").none() = nb::none(), nb::arg("kv_store").none() = nb::none(),
          "Initializes the plugin (once) and creates a client with typed options; `kv_store` (a distributed "
          "runtime client) is the job's key-value store for multi-process plugins.")
      .def_prop_ro("plugin", [](const ClientHandle& c) { return c.client->plugin(); })
      .def_prop_ro("platform_name", [](const ClientHandle& c) { return c.client->platform_name(); })
      .def_prop_ro("platform_version", [](const ClientHandle& c) { return c.client->platform_version(); })
      .def_prop_ro("process_index", [](const ClientHandle& c) { return c.client->process_index(); })
      .def_prop_ro("closed", [](const ClientHandle& c) { return c.client->closed(); })
      .def("devices", [](nb::handle self) { return PointerList(nb::cast<ClientHandle&>(self).client->devices(), self); })
      .def("addressable_devices",
           [](nb::handle self) { return PointerList(nb::cast<ClientHandle&>(self).client->addressable_devices(), self); })
      .def("addressable_memories",
           [](nb::handle self) { return PointerList(nb::cast<ClientHandle&>(self).client->addressable_memories(), self); })
      .def(
          "compile",
          [](ClientHandle& c, nb::bytes code, const std::string& format, int num_replicas, int num_partitions,
             std::vector<std::vector<int64_t>> device_assignment, bool portable, bool use_spmd) {
            std::string code_copy(code.c_str(), code.size());
            host::CompileOptions options;
            options.num_replicas = num_replicas;
            options.num_partitions = num_partitions;
            options.device_assignment = std::move(device_assignment);
            options.compile_portable_executable = portable;
            options.use_spmd_partitioning = use_spmd;
            std::shared_ptr<host::LoadedExecutable> exec;
            {
              nb::gil_scoped_release release;
              exec = ValueOrThrow(c.client->Compile(code_copy, format, options));
            }
            return new ExecutableHandle{std::move(exec)};
          },
          nb::arg("code"), nb::arg("format") = "mlir", nb::arg("num_replicas") = 1, nb::arg("num_partitions") = 1,
          nb::arg("device_assignment") = std::vector<std::vector<int64_t>>(), nb::arg("compile_portable_executable") = false,
          nb::arg("use_spmd_partitioning") = false)
      .def(
          "deserialize_executable",
          [](ClientHandle& c, nb::bytes serialized, bool override_options, int num_replicas, int num_partitions,
             std::vector<std::vector<int64_t>> device_assignment, bool portable, bool use_spmd) {
            std::string bytes(serialized.c_str(), serialized.size());
            host::CompileOptions options;
            options.num_replicas = num_replicas;
            options.num_partitions = num_partitions;
            options.device_assignment = std::move(device_assignment);
            options.compile_portable_executable = portable;
            options.use_spmd_partitioning = use_spmd;
            std::shared_ptr<host::LoadedExecutable> exec;
            {
              nb::gil_scoped_release release;
              exec = ValueOrThrow(c.client->DeserializeExecutable(bytes, override_options ? &options : nullptr));
            }
            return new ExecutableHandle{std::move(exec)};
          },
          nb::arg("serialized"), nb::arg("override_options") = false, nb::arg("num_replicas") = 1,
          nb::arg("num_partitions") = 1, nb::arg("device_assignment") = std::vector<std::vector<int64_t>>(),
          nb::arg("compile_portable_executable") = false, nb::arg("use_spmd_partitioning") = false,
          "PJRT_Executable_DeserializeAndLoad; with override_options the given options replace the stored ones.")
      .def("topology",
           [](ClientHandle& c) {
             nb::gil_scoped_release release;
             return ValueOrThrow(host::Topology::OfClient(c.client));
           })
      .def("close", [](ClientHandle& c) {
        nb::gil_scoped_release release;
        ThrowIfError(c.client->Close());
      });

  m.def("serialize_compile_options",
        [](int num_replicas, int num_partitions, std::vector<std::vector<int64_t>> device_assignment, bool portable,
           bool use_spmd) {
          host::CompileOptions options;
          options.num_replicas = num_replicas;
          options.num_partitions = num_partitions;
          options.device_assignment = std::move(device_assignment);
          options.compile_portable_executable = portable;
          options.use_spmd_partitioning = use_spmd;
          std::string s = host::SerializeCompileOptions(options);
          return nb::bytes(s.data(), s.size());
        },
        nb::arg("num_replicas") = 1, nb::arg("num_partitions") = 1,
        nb::arg("device_assignment") = std::vector<std::vector<int64_t>>(),
        nb::arg("compile_portable_executable") = false, nb::arg("use_spmd_partitioning") = false,
        "The CompileOptionsProto bytes compile() sends (for tests and debugging).");
}

}  // namespace jaxlib::bindings

NB_MODULE(_jaxlib, m) {
  namespace nb = nanobind;
  m.doc() = "PJRT host bindings of jaxlib (nanobind). Use jaxlib.xla_client instead.";
  // Leaked on purpose: the type must outlive every callback that may still raise it.
  auto* xla_runtime_error =
      new nb::exception<jaxlib::bindings::StatusError>(m, "XlaRuntimeError", PyExc_RuntimeError);
  xla_runtime_error->attr("__doc__") = "An error reported by a PJRT plugin or by the host: 'CODE_NAME: message'.";
  jaxlib::bindings::XlaRuntimeErrorType() = xla_runtime_error->ptr();
  m.attr("build_version") = JAXLIB_BUILD_VERSION;
  m.attr("pjrt_api_version") = nb::make_tuple(PJRT_API_MAJOR, PJRT_API_MINOR);
  m.attr("min_supported_pjrt_minor") = jaxlib::host::kMinSupportedMinor;
  jaxlib::bindings::RegisterPluginAndClient(m);
  jaxlib::bindings::RegisterArrays(m);
  jaxlib::bindings::RegisterDlpack(m);
}
