// DLPack for `jaxlib._jaxlib`, both ways and without copies on host memory: export hands out
// the device buffer's own memory under a PJRT external reference (held until the consumer's
// deleter runs), import wraps an aligned producer tensor with PJRT_Client_CreateViewOfDeviceBuffer
// (the producer's deleter runs when the plugin lets go). Python decides when to ask for these.
#include <nanobind/nanobind.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <cstring>

#include "bindings/src/binding_support.h"
#include "bindings/src/dlpack_abi.h"

namespace jaxlib::bindings {
namespace {

// PJRT_Buffer_Type of a DLPack dtype, or 0 when there is none.
int PjrtTypeOf(dlpack::DataType t) {
  if (t.lanes != 1) return 0;
  switch (t.code) {
    case dlpack::kDLBool: return t.bits == 8 ? 1 : 0;
    case dlpack::kDLInt: return t.bits == 8 ? 2 : t.bits == 16 ? 3 : t.bits == 32 ? 4 : t.bits == 64 ? 5 : 0;
    case dlpack::kDLUInt: return t.bits == 8 ? 6 : t.bits == 16 ? 7 : t.bits == 32 ? 8 : t.bits == 64 ? 9 : 0;
    case dlpack::kDLFloat: return t.bits == 16 ? 10 : t.bits == 32 ? 11 : t.bits == 64 ? 12 : 0;
    case dlpack::kDLBfloat: return t.bits == 16 ? 13 : 0;
    case dlpack::kDLComplex: return t.bits == 64 ? 14 : t.bits == 128 ? 15 : 0;
    default: return 0;
  }
}

// What a capsule we export points at; freed by the consumer through the tensor's deleter.
struct ExportContext {
  std::shared_ptr<host::Buffer> buffer;
  std::vector<int64_t> shape, strides;
  dlpack::ManagedTensor legacy{};
  dlpack::ManagedTensorVersioned versioned{};
};

void ReleaseExport(ExportContext* ctx) {
  // Consumers free from any thread, with or without the GIL; the buffer's release takes the
  // client's lifetime lock, which must never be awaited while holding the GIL.
  auto release = [ctx] {
    ctx->buffer->ReleaseExternalReference();
    // The last reference to the array may go here; inside a plugin callback (our own export
    // imported as a view, being destroyed) its destructor must not run on this thread.
    host::ReleaseOutsidePluginCallbacks(std::move(ctx->buffer));
    delete ctx;
  };
  if (nb::is_alive() && PyGILState_Check()) {
    nb::gil_scoped_release unlocked;
    release();
  } else {
    release();
  }
}

void DestroyUnconsumedCapsule(PyObject* capsule) noexcept {
  // Only a capsule nobody consumed still owns its tensor.
  PyObject *type, *value, *traceback;
  PyErr_Fetch(&type, &value, &traceback);
  if (PyCapsule_IsValid(capsule, dlpack::kCapsuleName)) {
    auto* t = static_cast<dlpack::ManagedTensor*>(PyCapsule_GetPointer(capsule, dlpack::kCapsuleName));
    if (t != nullptr && t->deleter != nullptr) t->deleter(t);
  } else if (PyCapsule_IsValid(capsule, dlpack::kVersionedCapsuleName)) {
    auto* t = static_cast<dlpack::ManagedTensorVersioned*>(PyCapsule_GetPointer(capsule, dlpack::kVersionedCapsuleName));
    if (t != nullptr && t->deleter != nullptr) t->deleter(t);
  }
  PyErr_Restore(type, value, traceback);
}

// A producer's tensor we own after renaming its capsule; runs the producer's deleter once.
struct ImportedTensor {
  dlpack::ManagedTensor* legacy = nullptr;
  dlpack::ManagedTensorVersioned* versioned = nullptr;
  ImportedTensor() = default;
  ImportedTensor(ImportedTensor&& o) noexcept : legacy(o.legacy), versioned(o.versioned) {
    o.legacy = nullptr;
    o.versioned = nullptr;
  }
  ImportedTensor& operator=(ImportedTensor&&) = delete;
  ~ImportedTensor() {
    if (legacy != nullptr && legacy->deleter != nullptr) legacy->deleter(legacy);
    if (versioned != nullptr && versioned->deleter != nullptr) versioned->deleter(versioned);
  }
};

bool CompactRowMajor(const dlpack::Tensor& t) {
  if (t.strides == nullptr) return true;
  int64_t expected = 1;
  for (int32_t i = t.ndim - 1; i >= 0; --i) {
    if (t.shape[i] != 1 && t.strides[i] != expected) return false;
    expected *= t.shape[i];
  }
  return true;
}

}  // namespace

void RegisterDlpack(nb::module_& m) {
  m.def(
      "buffer_to_dlpack",
      [](ArrayHandle& array, int dtype_code, int dtype_bits, bool versioned) {
        void* data = nullptr;
        {
          nb::gil_scoped_release release;
          data = ValueOrThrow(array.buffer->AcquireExternalReference());
        }
        auto* ctx = new ExportContext;
        ctx->buffer = array.buffer;
        ctx->shape = array.buffer->dims();
        ctx->strides.resize(ctx->shape.size());
        int64_t stride = 1;
        for (size_t i = ctx->shape.size(); i-- > 0;) {
          ctx->strides[i] = stride;
          stride *= ctx->shape[i];
        }
        dlpack::Tensor tensor{};
        tensor.data = data;
        tensor.device = {dlpack::kDLCPU, 0};
        tensor.ndim = static_cast<int32_t>(ctx->shape.size());
        tensor.dtype = {static_cast<uint8_t>(dtype_code), static_cast<uint8_t>(dtype_bits), 1};
        tensor.shape = ctx->shape.data();
        tensor.strides = ctx->strides.data();
        tensor.byte_offset = 0;
        void* pointer = nullptr;
        const char* name = nullptr;
        if (versioned) {
          ctx->versioned.version = {1, 0};
          ctx->versioned.manager_ctx = ctx;
          ctx->versioned.deleter = [](dlpack::ManagedTensorVersioned* self) {
            ReleaseExport(static_cast<ExportContext*>(self->manager_ctx));
          };
          ctx->versioned.flags = 0;
          ctx->versioned.dl_tensor = tensor;
          pointer = &ctx->versioned;
          name = dlpack::kVersionedCapsuleName;
        } else {
          ctx->legacy.dl_tensor = tensor;
          ctx->legacy.manager_ctx = ctx;
          ctx->legacy.deleter = [](dlpack::ManagedTensor* self) {
            ReleaseExport(static_cast<ExportContext*>(self->manager_ctx));
          };
          pointer = &ctx->legacy;
          name = dlpack::kCapsuleName;
        }
        PyObject* capsule = PyCapsule_New(pointer, name, &DestroyUnconsumedCapsule);
        if (capsule == nullptr) {
          ReleaseExport(ctx);
          throw nb::python_error();
        }
        return nb::steal(capsule);
      },
      nb::arg("array"), nb::arg("dtype_code"), nb::arg("dtype_bits"), nb::arg("versioned"),
      "A DLPack capsule over the array's own (host) memory, kept alive until the consumer frees it.");

  m.def(
      "dlpack_to_buffer",
      [](ClientHandle& c, nb::capsule capsule, host::Device* device, host::Memory* memory, bool allow_copy,
         bool force_copy) {
        // Validated before the capsule is taken, so a refused capsule stays its producer's.
        dlpack::ManagedTensor* legacy = nullptr;
        dlpack::ManagedTensorVersioned* versioned = nullptr;
        dlpack::Tensor* tensor = nullptr;
        PyObject* cap = capsule.ptr();
        if (PyCapsule_IsValid(cap, dlpack::kVersionedCapsuleName)) {
          versioned = static_cast<dlpack::ManagedTensorVersioned*>(PyCapsule_GetPointer(cap, dlpack::kVersionedCapsuleName));
          if (versioned->version.major > 1) throw nb::buffer_error("DLPack major version > 1 is not supported");
          tensor = &versioned->dl_tensor;
        } else if (PyCapsule_IsValid(cap, dlpack::kCapsuleName)) {
          legacy = static_cast<dlpack::ManagedTensor*>(PyCapsule_GetPointer(cap, dlpack::kCapsuleName));
          tensor = &legacy->dl_tensor;
        } else {
          throw nb::type_error("expected an unconsumed DLPack capsule ('dltensor' or 'dltensor_versioned')");
        }
        if (tensor->device.device_type != dlpack::kDLCPU) {
          throw nb::buffer_error(("DLPack tensor on device type " + std::to_string(tensor->device.device_type) +
                                  "; only host (kDLCPU) tensors can be imported")
                                     .c_str());
        }
        const int type = PjrtTypeOf(tensor->dtype);
        if (type == 0) {
          throw nb::buffer_error(("DLPack dtype (code " + std::to_string(tensor->dtype.code) + ", " +
                                  std::to_string(tensor->dtype.bits) + " bits, " + std::to_string(tensor->dtype.lanes) +
                                  " lanes) has no XLA element type")
                                     .c_str());
        }
        if (!CompactRowMajor(*tensor)) {
          throw nb::buffer_error("DLPack tensor is not compact row-major; copy it first (e.g. numpy.ascontiguousarray)");
        }
        const bool aligned_input =
            reinterpret_cast<uintptr_t>(static_cast<char*>(tensor->data) + tensor->byte_offset) % 64 == 0;
        if (!aligned_input && !allow_copy) {
          throw nb::buffer_error("DLPack import without a copy needs 64-byte aligned memory; this tensor is not (copy=False)");
        }
        ImportedTensor owned;
        owned.legacy = legacy;
        owned.versioned = versioned;
        PyCapsule_SetName(cap, versioned != nullptr ? dlpack::kUsedVersionedCapsuleName : dlpack::kUsedCapsuleName);
        std::vector<int64_t> dims(tensor->shape, tensor->shape + tensor->ndim);
        char* data = static_cast<char*>(tensor->data) + tensor->byte_offset;
        std::shared_ptr<void> owner = GilSafeKeepAlive(std::move(owned));
        const bool aligned = reinterpret_cast<uintptr_t>(data) % 64 == 0;
        std::shared_ptr<host::Buffer> buffer;
        bool zero_copy = false;
        if (aligned && !force_copy) {
          nb::gil_scoped_release release;
          buffer = ValueOrThrow(c.client->CreateView(data, type, dims, device, memory,
                                                     [owner]() mutable { owner.reset(); }));
          zero_copy = true;
        } else {
          host::HostBufferSpec spec;
          spec.data = data;
          spec.element_type = type;
          spec.dims = dims;
          spec.semantics = host::HostBufferSemantics::kImmutableOnlyDuringCall;
          spec.keep_alive = owner;
          owner.reset();
          nb::gil_scoped_release release;
          buffer = ValueOrThrow(c.client->BufferFromHost(std::move(spec), device, memory));
        }
        return nb::make_tuple(nb::cast(new ArrayHandle{std::move(buffer)}, nb::rv_policy::take_ownership), zero_copy);
      },
      nb::arg("client"), nb::arg("capsule"), nb::arg("device").none(), nb::arg("memory").none(),
      nb::arg("allow_copy") = true, nb::arg("force_copy") = false,
      "(Array, zero_copy) from a DLPack capsule: a view of aligned host memory, else a copy when allowed.");
}

}  // namespace jaxlib::bindings
