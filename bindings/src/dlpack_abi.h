// The DLPack C ABI (dlpack.h v1.x: DLDevice, DLDataType, DLTensor, DLManagedTensor and the
// versioned DLManagedTensorVersioned), declared here to the published layout so that
// `__dlpack__` capsules interoperate with numpy, torch and JAX. Declarations only.
#pragma once

#include <cstdint>

namespace jaxlib::bindings::dlpack {

enum DeviceType : int32_t { kDLCPU = 1 };

enum TypeCode : uint8_t { kDLInt = 0, kDLUInt = 1, kDLFloat = 2, kDLBfloat = 4, kDLComplex = 5, kDLBool = 6 };

struct Device {
  int32_t device_type;
  int32_t device_id;
};

struct DataType {
  uint8_t code;
  uint8_t bits;
  uint16_t lanes;
};

struct Tensor {
  void* data;
  Device device;
  int32_t ndim;
  DataType dtype;
  int64_t* shape;
  int64_t* strides;  // NULL: compact row-major
  uint64_t byte_offset;
};

struct ManagedTensor {
  Tensor dl_tensor;
  void* manager_ctx;
  void (*deleter)(ManagedTensor* self);
};

struct PackVersion {
  uint32_t major;
  uint32_t minor;
};

inline constexpr uint64_t kFlagReadOnly = 1;

struct ManagedTensorVersioned {
  PackVersion version;
  void* manager_ctx;
  void (*deleter)(ManagedTensorVersioned* self);
  uint64_t flags;
  Tensor dl_tensor;
};

// The capsule names of the protocol: a producer's capsule, and the name a consumer gives it
// once it owns the tensor (so the capsule destructor must not free it again).
inline constexpr const char* kCapsuleName = "dltensor";
inline constexpr const char* kUsedCapsuleName = "used_dltensor";
inline constexpr const char* kVersionedCapsuleName = "dltensor_versioned";
inline constexpr const char* kUsedVersionedCapsuleName = "used_dltensor_versioned";

}  // namespace jaxlib::bindings::dlpack
