// Typed FFI custom calls (XLA's API_VERSION_TYPED_FFI) on the CPU: the call site's attributes
// (`mhlo.backend_config`, or a dictionary `backend_config`) are encoded once, the handler's
// instantiate stage runs when the executable is built, and each run hands the handler its
// argument and result buffers (tokens as TOKEN buffers) through runtime/ffi.
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "backends/cpu/executor/memory/array_copy.h"
#include "backends/cpu/executor/program/kernel.h"
#include "runtime/ffi/attributes.h"
#include "runtime/ffi/ffi_api.h"
#include "runtime/ffi/ffi_registry.h"

namespace jaxlib::cpu {
namespace {

using compiler::Attribute;
using compiler::Op;
using compiler::Type;
using compiler::ValueId;

// The FFI data type of an integer or float attribute of MLIR type `t`. Untyped literals are
// i64 / f64 as in MLIR; signless integers count as signed; only f32/f64 floats exist as FFI
// attributes (XLA refuses the others as well).
StatusOr<XLA_FFI_DataType> AttrDataType(const Type& t, bool is_float, const std::string& name) {
  if (t.kind != Type::Kind::kTensor || t.element == ElementType::kInvalid)
    return is_float ? XLA_FFI_DataType_F64 : XLA_FFI_DataType_S64;
  XLA_FFI_DataType dtype = ffi::ToFfiDataType(t.element);
  bool ok = is_float ? (dtype == XLA_FFI_DataType_F32 || dtype == XLA_FFI_DataType_F64) : IsInteger(t.element);
  if (!ok)
    return Unimplemented("custom call attribute '" + name + "' has element type " +
                         std::string(ElementTypeMlirName(t.element)) + ", which typed FFI attributes do not support");
  return dtype;
}

StatusOr<ffi::AttrValue> MakeScalar(XLA_FFI_DataType dtype, int64_t i, double f) {
  using V = ffi::AttrValue;
  switch (dtype) {
    case XLA_FFI_DataType_S8: return V::Scalar<int8_t>(dtype, static_cast<int8_t>(i));
    case XLA_FFI_DataType_S16: return V::Scalar<int16_t>(dtype, static_cast<int16_t>(i));
    case XLA_FFI_DataType_S32: return V::Scalar<int32_t>(dtype, static_cast<int32_t>(i));
    case XLA_FFI_DataType_S64: return V::Scalar<int64_t>(dtype, i);
    case XLA_FFI_DataType_U8: return V::Scalar<uint8_t>(dtype, static_cast<uint8_t>(i));
    case XLA_FFI_DataType_U16: return V::Scalar<uint16_t>(dtype, static_cast<uint16_t>(i));
    case XLA_FFI_DataType_U32: return V::Scalar<uint32_t>(dtype, static_cast<uint32_t>(i));
    case XLA_FFI_DataType_U64: return V::Scalar<uint64_t>(dtype, static_cast<uint64_t>(i));
    case XLA_FFI_DataType_F32: return V::Scalar<float>(dtype, static_cast<float>(f));
    case XLA_FFI_DataType_F64: return V::Scalar<double>(dtype, f);
    default: return Unimplemented("unsupported FFI scalar type " + std::to_string(static_cast<int>(dtype)));
  }
}

template <typename T>
ffi::AttrValue ArrayOf(XLA_FFI_DataType dtype, const std::vector<int64_t>& ints, const std::vector<double>& floats,
                       bool from_floats) {
  std::vector<T> values;
  size_t n = from_floats ? floats.size() : ints.size();
  values.reserve(n);
  for (size_t k = 0; k < n; ++k) values.push_back(from_floats ? static_cast<T>(floats[k]) : static_cast<T>(ints[k]));
  return ffi::AttrValue::Array<T>(dtype, values);
}

StatusOr<ffi::AttrValue> MakeArray(XLA_FFI_DataType dtype, const std::vector<int64_t>& ints,
                                   const std::vector<double>& floats, bool from_floats) {
  switch (dtype) {
    case XLA_FFI_DataType_S8: return ArrayOf<int8_t>(dtype, ints, floats, from_floats);
    case XLA_FFI_DataType_S16: return ArrayOf<int16_t>(dtype, ints, floats, from_floats);
    case XLA_FFI_DataType_S32: return ArrayOf<int32_t>(dtype, ints, floats, from_floats);
    case XLA_FFI_DataType_S64: return ArrayOf<int64_t>(dtype, ints, floats, from_floats);
    case XLA_FFI_DataType_U8: return ArrayOf<uint8_t>(dtype, ints, floats, from_floats);
    case XLA_FFI_DataType_U16: return ArrayOf<uint16_t>(dtype, ints, floats, from_floats);
    case XLA_FFI_DataType_U32: return ArrayOf<uint32_t>(dtype, ints, floats, from_floats);
    case XLA_FFI_DataType_U64: return ArrayOf<uint64_t>(dtype, ints, floats, from_floats);
    case XLA_FFI_DataType_F32: return ArrayOf<float>(dtype, ints, floats, from_floats);
    case XLA_FFI_DataType_F64: return ArrayOf<double>(dtype, ints, floats, from_floats);
    default: return Unimplemented("unsupported FFI array element type " + std::to_string(static_cast<int>(dtype)));
  }
}

StatusOr<ffi::AttrList> ConvertDictionary(const Attribute& dict, const std::string& prefix);

// One MLIR attribute as the FFI value XLA would build for it.
StatusOr<ffi::AttrValue> ConvertAttribute(const std::string& name, const Attribute& a) {
  switch (a.kind) {
    case Attribute::Kind::kBool: return ffi::AttrValue::Scalar<bool>(XLA_FFI_DataType_PRED, a.b);
    case Attribute::Kind::kInt: {
      JAXLIB_ASSIGN_OR_RETURN(XLA_FFI_DataType dtype, AttrDataType(a.type, false, name));
      return MakeScalar(dtype, a.i, static_cast<double>(a.i));
    }
    case Attribute::Kind::kFloat: {
      JAXLIB_ASSIGN_OR_RETURN(XLA_FFI_DataType dtype, AttrDataType(a.type, true, name));
      return MakeScalar(dtype, static_cast<int64_t>(a.f), a.f);
    }
    case Attribute::Kind::kString: return ffi::AttrValue::String(a.s);
    case Attribute::Kind::kDict: {
      JAXLIB_ASSIGN_OR_RETURN(ffi::AttrList entries, ConvertDictionary(a, name + "."));
      return ffi::AttrValue::Dictionary(std::move(entries));
    }
    case Attribute::Kind::kDense: {
      const compiler::DenseData& d = *a.dense;
      bool is_float = IsFloat(d.type.element);
      if (!is_float && !IsInteger(d.type.element))
        return Unimplemented("custom call attribute '" + name + "' is a dense " +
                             std::string(ElementTypeMlirName(d.type.element)) +
                             " array; typed FFI arrays hold integers, f32 or f64");
      JAXLIB_ASSIGN_OR_RETURN(XLA_FFI_DataType dtype, AttrDataType(Type::Scalar(d.type.element), is_float, name));
      const int64_t n = d.type.element_count();
      std::vector<int64_t> ints;
      std::vector<double> floats;
      for (int64_t k = 0; k < n; ++k) {
        if (is_float) floats.push_back(d.GetDouble(k));
        else ints.push_back(d.GetInt(k));
      }
      return MakeArray(dtype, ints, floats, is_float);
    }
    case Attribute::Kind::kArray: {
      // array<i64: ...> carries its element type; a plain [1, 2] list of typed numbers takes it
      // from the elements.
      bool is_float = false;
      Type element = a.type;
      for (const auto& e : a.array) {
        if (e->kind == Attribute::Kind::kFloat) is_float = true;
        else if (e->kind != Attribute::Kind::kInt)
          return Unimplemented("custom call attribute '" + name +
                               "' is a list of non-numbers; typed FFI arrays hold integers or floats");
        if (element.element == ElementType::kInvalid) element = e->type;
      }
      if (element.kind == Type::Kind::kTensor && IsFloat(element.element)) is_float = true;
      JAXLIB_ASSIGN_OR_RETURN(XLA_FFI_DataType dtype, AttrDataType(element, is_float, name));
      std::vector<int64_t> ints;
      std::vector<double> floats;
      for (const auto& e : a.array) {
        ints.push_back(e->kind == Attribute::Kind::kInt ? e->i : static_cast<int64_t>(e->f));
        floats.push_back(e->kind == Attribute::Kind::kFloat ? e->f : static_cast<double>(e->i));
      }
      return MakeArray(dtype, ints, floats, is_float);
    }
    default:
      return Unimplemented("custom call attribute '" + name +
                           "' has a kind typed FFI cannot pass (supported: bool, integer, f32/f64, string, "
                           "dense integer or float arrays, dictionaries)");
  }
}

StatusOr<ffi::AttrList> ConvertDictionary(const Attribute& dict, const std::string& prefix) {
  ffi::AttrList out;
  for (const auto& [key, value] : dict.dict) {
    JAXLIB_ASSIGN_OR_RETURN(ffi::AttrValue v, ConvertAttribute(prefix + key, *value));
    out.emplace_back(key, std::move(v));
  }
  return out;
}

// One operand or result as the handler sees it: dtype and dims fixed at build time.
struct BufferShape {
  XLA_FFI_DataType dtype = XLA_FFI_DataType_INVALID;
  std::vector<int64_t> dims;
  size_t bytes = 0;
};

StatusOr<BufferShape> ShapeOf(const Type& t, const std::string& what) {
  BufferShape s;
  if (t.kind == Type::Kind::kToken) {
    s.dtype = XLA_FFI_DataType_TOKEN;
    return s;
  }
  if (!t.is_tensor()) return Unimplemented(what + " is a tuple; typed FFI custom calls take arrays and tokens");
  s.dtype = ffi::ToFfiDataType(t.element);
  if (s.dtype == XLA_FFI_DataType_INVALID)
    return Unimplemented(what + " has element type " + std::string(ElementTypeMlirName(t.element)) +
                         ", which has no XLA FFI data type");
  s.dims = t.dims;
  s.bytes = static_cast<size_t>(t.byte_size());
  return s;
}

// A buffer the handler wants in another layout than row-major (operand_layouts /
// result_layouts, minor_to_major): its elements are copied to and from that order around the
// call. `physical` is the stride of each logical dimension in the handler's order.
struct Relayout {
  std::vector<int64_t> dims, row_major, physical;
  size_t element_bytes = 0;
  size_t bytes = 0;
};

// Reads a layouts attribute: one optional Relayout per buffer (none for row-major ones).
Status ReadLayouts(const Op& op, const char* attr, const std::vector<BufferShape>& shapes, const compiler::Module& module,
                   const std::vector<ValueId>& values, std::vector<std::optional<Relayout>>* out) {
  out->assign(shapes.size(), std::nullopt);
  const Attribute* layouts = op.attr(attr);
  if (layouts == nullptr || layouts->kind != Attribute::Kind::kArray) return Status::Ok();
  for (size_t k = 0; k < layouts->array.size() && k < shapes.size(); ++k) {
    std::vector<int64_t> m2m;
    if (!layouts->array[k]->AsIntList(&m2m) || shapes[k].dtype == XLA_FFI_DataType_TOKEN) continue;
    const std::vector<int64_t>& dims = shapes[k].dims;
    const size_t rank = dims.size();
    std::vector<bool> seen(rank, false);
    bool valid = m2m.size() == rank;
    for (size_t i = 0; valid && i < rank; ++i) {
      valid = m2m[i] >= 0 && static_cast<size_t>(m2m[i]) < rank && !seen[static_cast<size_t>(m2m[i])];
      if (valid) seen[static_cast<size_t>(m2m[i])] = true;
    }
    if (!valid)
      return InvalidArgument(std::string(attr) + "[" + std::to_string(k) + "] is not a permutation of the " +
                             std::to_string(rank) + " dimensions");
    bool row_major = true;
    for (size_t i = 0; i < rank; ++i) row_major = row_major && m2m[i] == static_cast<int64_t>(rank - 1 - i);
    if (row_major) continue;
    Relayout r;
    r.dims = dims;
    r.row_major = RowMajorStrides(dims);
    r.physical.assign(rank, 0);
    int64_t stride = 1;
    for (int64_t d : m2m) {
      r.physical[static_cast<size_t>(d)] = stride;
      stride *= dims[static_cast<size_t>(d)];
    }
    r.element_bytes = ElementTypeByteSize(module.type(values[k]).element);
    r.bytes = shapes[k].bytes;
    (*out)[k] = std::move(r);
  }
  return Status::Ok();
}

class FfiCustomCallKernel final : public Kernel {
 public:
  Status Init(const Op& op, const ffi::HandlerRegistration& handler, const compiler::Module& module) {
    target_ = op.callee;
    bundle_ = handler.bundle;
    operands_ = op.operands;
    results_ = op.results;
    for (size_t k = 0; k < operands_.size(); ++k) {
      JAXLIB_ASSIGN_OR_RETURN(BufferShape s, ShapeOf(module.type(operands_[k]), "operand " + std::to_string(k)));
      arg_shapes_.push_back(std::move(s));
    }
    for (size_t k = 0; k < results_.size(); ++k) {
      JAXLIB_ASSIGN_OR_RETURN(BufferShape s, ShapeOf(module.type(results_[k]), "result " + std::to_string(k)));
      ret_shapes_.push_back(std::move(s));
    }
    JAXLIB_RETURN_IF_ERROR(ReadLayouts(op, "operand_layouts", arg_shapes_, module, operands_, &arg_layouts_));
    JAXLIB_RETURN_IF_ERROR(ReadLayouts(op, "result_layouts", ret_shapes_, module, results_, &ret_layouts_));
    JAXLIB_RETURN_IF_ERROR(CollectAliases(op));

    ffi::AttrList attrs;
    const Attribute* config = op.attr("mhlo.backend_config");
    if (config == nullptr || config->kind != Attribute::Kind::kDict) config = op.attr("backend_config");
    if (config != nullptr && config->kind == Attribute::Kind::kDict) {
      JAXLIB_ASSIGN_OR_RETURN(attrs, ConvertDictionary(*config, ""));
    } else if (config != nullptr && config->kind == Attribute::Kind::kString && !config->s.empty()) {
      return Unimplemented("typed FFI custom call '" + target_ +
                           "' has a string backend_config; pass attributes as a dictionary (mhlo.backend_config)");
    }
    JAXLIB_ASSIGN_OR_RETURN(attrs_, ffi::EncodedAttributes::Encode(std::move(attrs)));

    // Instantiate once per call site, now: its state serves every execution on every device.
    if (bundle_.instantiate != nullptr) {
      std::vector<XLA_FFI_Buffer> args = Buffers(arg_shapes_, nullptr), rets = Buffers(ret_shapes_, nullptr);
      XLA_FFI_ExecutionContext ctx;
      ctx.states = &states_;
      JAXLIB_RETURN_IF_ERROR(ffi::InvokeHandler(target_, bundle_.instantiate, XLA_FFI_ExecutionStage_INSTANTIATE, &ctx,
                                                args, rets, attrs_.get()));
    }
    return Status::Ok();
  }

  Status Run(Frame& f, uint8_t*) const override {
    std::vector<void*> arg_data(operands_.size()), ret_data(results_.size());
    for (size_t k = 0; k < operands_.size(); ++k) arg_data[k] = f.Get(operands_[k]);
    for (size_t k = 0; k < results_.size(); ++k) ret_data[k] = f.Get(results_[k]);
    // Aliased results start as a copy of their operand; the handler updates them in place.
    for (const auto& [operand, result] : aliases_) {
      if (ret_data[result] != arg_data[operand] && ret_shapes_[result].bytes > 0)
        std::memcpy(ret_data[result], arg_data[operand], ret_shapes_[result].bytes);
    }
    // Buffers in another layout go through scratch copies in that layout (an aliased result
    // starts as its operand's values, in the result's layout).
    std::vector<std::vector<uint8_t>> scratch;
    auto to_physical = [&](const Relayout& r, const void* logical) {
      scratch.emplace_back(r.bytes);
      CopyStrided(scratch.back().data(), r.physical, logical, r.row_major, r.dims, r.element_bytes);
      return static_cast<void*>(scratch.back().data());
    };
    std::vector<void*> ret_logical = ret_data;
    for (size_t k = 0; k < operands_.size(); ++k)
      if (arg_layouts_[k]) arg_data[k] = to_physical(*arg_layouts_[k], arg_data[k]);
    for (size_t k = 0; k < results_.size(); ++k)
      if (ret_layouts_[k]) ret_data[k] = to_physical(*ret_layouts_[k], ret_logical[k]);
    std::vector<XLA_FFI_Buffer> args = Buffers(arg_shapes_, arg_data.data());
    std::vector<XLA_FFI_Buffer> rets = Buffers(ret_shapes_, ret_data.data());
    XLA_FFI_ExecutionContext ctx;
    ctx.device_ordinal = f.device_ordinal;
    ctx.run_id = f.run_id;
    ctx.user_data = f.ffi_user_data;
    ctx.states = &states_;
    for (auto [stage, handler] : {std::pair{XLA_FFI_ExecutionStage_PREPARE, bundle_.prepare},
                                  std::pair{XLA_FFI_ExecutionStage_INITIALIZE, bundle_.initialize},
                                  std::pair{XLA_FFI_ExecutionStage_EXECUTE, bundle_.execute}}) {
      if (handler == nullptr) continue;
      JAXLIB_RETURN_IF_ERROR(ffi::InvokeHandler(target_, handler, stage, &ctx, args, rets, attrs_.get()));
    }
    for (size_t k = 0; k < results_.size(); ++k) {
      if (!ret_layouts_[k]) continue;
      const Relayout& r = *ret_layouts_[k];
      CopyStrided(ret_logical[k], r.row_major, ret_data[k], r.physical, r.dims, r.element_bytes);
    }
    return Status::Ok();
  }

 private:
  // Buffers for one call. Token buffers get a valid pointer to nothing: handlers skip them.
  std::vector<XLA_FFI_Buffer> Buffers(const std::vector<BufferShape>& shapes, void* const* data) const {
    static char token_storage = 0;
    std::vector<XLA_FFI_Buffer> out(shapes.size());
    for (size_t k = 0; k < shapes.size(); ++k) {
      XLA_FFI_Buffer& b = out[k];
      b.struct_size = XLA_FFI_Buffer_STRUCT_SIZE;
      b.extension_start = nullptr;
      b.dtype = shapes[k].dtype;
      b.data = shapes[k].dtype == XLA_FFI_DataType_TOKEN ? &token_storage : (data != nullptr ? data[k] : nullptr);
      b.rank = static_cast<int64_t>(shapes[k].dims.size());
      b.dims = const_cast<int64_t*>(shapes[k].dims.data());
    }
    return out;
  }

  Status CollectAliases(const Op& op) {
    const Attribute* aliases = op.attr("output_operand_aliases");
    if (aliases == nullptr || aliases->kind != Attribute::Kind::kArray) return Status::Ok();
    for (const auto& alias : aliases->array) {
      if (alias->kind != Attribute::Kind::kDict) continue;
      std::vector<int64_t> output_index, operand_index_list;
      const Attribute* out_idx = alias->Get("output_tuple_indices");
      const Attribute* operand = alias->Get("operand_index");
      if (operand == nullptr || operand->kind != Attribute::Kind::kInt) continue;
      int64_t result = 0;
      if (out_idx != nullptr && out_idx->AsIntList(&output_index) && !output_index.empty()) result = output_index[0];
      if (operand->i < 0 || static_cast<size_t>(operand->i) >= operands_.size() || result < 0 ||
          static_cast<size_t>(result) >= results_.size())
        return InvalidArgument("custom call '" + target_ + "': output_operand_aliases entry is out of range");
      aliases_.emplace_back(static_cast<size_t>(operand->i), static_cast<size_t>(result));
    }
    return Status::Ok();
  }

  std::string target_;
  XLA_FFI_Handler_Bundle bundle_{};
  std::vector<ValueId> operands_, results_;
  std::vector<BufferShape> arg_shapes_, ret_shapes_;
  std::vector<std::pair<size_t, size_t>> aliases_;  // (operand, result)
  std::vector<std::optional<Relayout>> arg_layouts_, ret_layouts_;
  std::unique_ptr<ffi::EncodedAttributes> attrs_;
  mutable ffi::StateSlots states_;
};

}  // namespace

bool IsTypedFfiCall(const Op& op) {
  if (op.IntAttr("api_version", 1) == 4) return true;
  // JAX marks typed calls with a dictionary in `mhlo.backend_config` (and api_version 1).
  const Attribute* config = op.attr("mhlo.backend_config");
  if (config != nullptr && config->kind == Attribute::Kind::kDict) return true;
  config = op.attr("backend_config");
  return config != nullptr && config->kind == Attribute::Kind::kDict;
}

StatusOr<std::unique_ptr<Kernel>> MakeFfiCustomCallKernel(KernelBuilder& b, const Op& op,
                                                         const ffi::HandlerRegistration& handler) {
  auto kernel = std::make_unique<FfiCustomCallKernel>();
  Status status = kernel->Init(op, handler, b.module());
  if (!status.ok()) return status;
  return std::unique_ptr<Kernel>(std::move(kernel));
}

}  // namespace jaxlib::cpu
