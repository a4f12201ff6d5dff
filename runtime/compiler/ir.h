// The typed IR of the StableHLO compiler: static-shape tensor types, attributes, ops with
// regions, functions and a module. Device-independent; no execution logic lives here.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "runtime/compiler/op_kind.h"
#include "runtime/support/element_type.h"

namespace jaxlib::compiler {

// 1-based line and column in the program text; 0 when unknown (ops made by passes).
struct Location {
  int line = 0;
  int column = 0;
  std::string ToString() const { return std::to_string(line) + ":" + std::to_string(column); }
};

// A value's type: a statically shaped tensor, a token, or a tuple of types.
struct Type {
  enum class Kind : uint8_t { kTensor, kToken, kTuple };
  Kind kind = Kind::kTensor;
  ElementType element = ElementType::kInvalid;
  std::vector<int64_t> dims;
  std::vector<Type> tuple;

  static Type Tensor(ElementType e, std::vector<int64_t> d) {
    Type t;
    t.element = e;
    t.dims = std::move(d);
    return t;
  }
  static Type Scalar(ElementType e) { return Tensor(e, {}); }
  bool is_tensor() const { return kind == Kind::kTensor; }
  int rank() const { return static_cast<int>(dims.size()); }
  int64_t element_count() const {
    int64_t n = 1;
    for (int64_t d : dims) n *= d;
    return n;
  }
  int64_t byte_size() const {
    return is_tensor() ? element_count() * static_cast<int64_t>(ElementTypeByteSize(element)) : 0;
  }
  bool operator==(const Type& o) const {
    return kind == o.kind && element == o.element && dims == o.dims && tuple == o.tuple;
  }
  bool operator!=(const Type& o) const { return !(*this == o); }
  // MLIR spelling, e.g. "tensor<2x3xf32>".
  std::string ToString() const;
};

// Dense tensor contents: row-major host bytes of `type` (one element when splat).
// Booleans are one byte each, matching the executor's pred layout.
struct DenseData {
  Type type;
  bool splat = false;
  std::vector<uint8_t> bytes;
  // Bytes of element i (handles splat).
  const uint8_t* element(int64_t i) const {
    size_t es = ElementTypeByteSize(type.element);
    return bytes.data() + (splat ? 0 : static_cast<size_t>(i) * es);
  }
  // Reads element i as an integer / double (for index operands, folding, attributes).
  int64_t GetInt(int64_t i) const;
  double GetDouble(int64_t i) const;
  // All elements, splats expanded.
  std::vector<uint8_t> Expanded() const;
};

struct Attribute;
using AttrPtr = std::shared_ptr<const Attribute>;

// An MLIR attribute. Structured dialect attributes (#stablehlo.gather<...>) become kDict with
// `name` set; enum spellings (GT, #stablehlo<precision DEFAULT>) become kEnum.
struct Attribute {
  enum class Kind : uint8_t {
    kUnit, kBool, kInt, kFloat, kString, kSymbol, kEnum, kArray, kDict, kDense, kType, kOpaque
  };
  Kind kind = Kind::kUnit;
  bool b = false;
  int64_t i = 0;
  double f = 0;
  std::string s;      // string, symbol, enum word, dict's dialect name, opaque text
  std::string name;   // kDict: "stablehlo.gather"; kEnum: "comparison_direction" when given
  std::vector<AttrPtr> array;
  std::vector<std::pair<std::string, AttrPtr>> dict;
  std::shared_ptr<const DenseData> dense;
  Type type;          // kType, or the ": type" of a typed integer/float

  const Attribute* Get(std::string_view key) const;  // kDict lookup
  // Reads an integer list from kArray (of kInt/kBool) or a kDense; false if not one.
  bool AsIntList(std::vector<int64_t>* out) const;
};

AttrPtr MakeIntAttr(int64_t v);
AttrPtr MakeIntListAttr(const std::vector<int64_t>& v);
AttrPtr MakeEnumAttr(std::string word);
AttrPtr MakeBoolAttr(bool v);
AttrPtr MakeDenseAttr(std::shared_ptr<const DenseData> d);

using ValueId = int32_t;
inline constexpr ValueId kNoValue = -1;

struct Op;
struct Region;

struct ValueInfo {
  Type type;
  Op* def = nullptr;       // nullptr for block arguments
  Region* owner = nullptr; // block argument's region
  int index = 0;           // result or argument index
};

// A single-block region. `results` are the operands of its terminator
// (stablehlo.return / func.return).
struct Region {
  std::vector<ValueId> args;
  std::vector<std::unique_ptr<Op>> ops;
  std::vector<ValueId> results;
  Location loc;
};

struct NamedAttr {
  std::string name;
  AttrPtr value;
};

struct Op {
  OpKind kind = OpKind::kUnknown;
  std::vector<ValueId> operands;
  std::vector<ValueId> results;
  std::vector<NamedAttr> attrs;
  std::vector<std::unique_ptr<Region>> regions;
  std::string callee;  // func.call target, custom_call target
  Location loc;

  const Attribute* attr(std::string_view key) const;
  void SetAttr(std::string name, AttrPtr value);
  // Typed attribute readers; `fallback` when absent.
  int64_t IntAttr(std::string_view key, int64_t fallback = 0) const;
  std::vector<int64_t> IntListAttr(std::string_view key) const;
  bool BoolAttr(std::string_view key, bool fallback = false) const;
  std::string EnumAttr(std::string_view key) const;  // "" when absent
};

struct Function {
  std::string name;
  bool is_public = true;
  std::unique_ptr<Region> body;
  std::vector<Type> result_types;
  // Argument and result attribute dictionaries of the signature (tf.aliasing_output,
  // jax.buffer_donor, mhlo.memory_kind, ...): one entry per argument / result, empty when the
  // signature gave none. Read by the plugin (donation, memory kinds), not by the passes.
  std::vector<std::vector<NamedAttr>> arg_attrs;
  std::vector<std::vector<NamedAttr>> result_attrs;
  Location loc;
};

struct Module {
  std::string name;
  int num_replicas = 1;
  int num_partitions = 1;
  // Shardy meshes declared at module level (sdy.mesh @name = <...>), by name; each value is
  // the kDict "sdy.mesh" described in sharding.h.
  std::vector<std::pair<std::string, AttrPtr>> meshes;
  // Set once LocalizeManualComputation has made the entry the per-partition program of a
  // shard_map (its parameters and results are then each device's local shards): @main as the
  // host sees it, with global types and each value's sharding attribute (nullptr: replicated).
  struct GlobalSignature {
    std::vector<Type> params, results;
    std::vector<AttrPtr> param_shardings, result_shardings;
  };
  std::optional<GlobalSignature> per_partition_entry;
  std::vector<std::unique_ptr<Function>> functions;
  std::vector<ValueInfo> values;

  ValueId NewValue(Type t, Op* def, Region* owner, int index) {
    values.push_back(ValueInfo{std::move(t), def, owner, index});
    return static_cast<ValueId>(values.size() - 1);
  }
  const Type& type(ValueId v) const { return values[static_cast<size_t>(v)].type; }
  Function* FindFunction(std::string_view name) const;
  Function* main() const;  // the public entry ("main", else the only public function)
};

// "op 'stablehlo.add' at 3:5" style prefix for error messages.
std::string OpDescription(const Op& op);

}  // namespace jaxlib::compiler
