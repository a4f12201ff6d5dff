// The MLIR bytecode container: sections, string table, dialects and op names, the lazily
// decoded attribute/type table, properties, resources and the IR section, read into a
// dialect-neutral op tree. Which dialect an attribute belongs to decides its decoder
// (dialect_encodings.h); what the ops mean is decided later (vhlo_to_ir.h). No MLIR/LLVM code.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "runtime/compiler/ir.h"
#include "runtime/support/status.h"

namespace jaxlib::compiler::bytecode {

// A type from the file's type table, in the terms of our IR.
struct TypeValue {
  enum class Kind : uint8_t {
    kValue,        // tensor, token or tuple: the type of an SSA value
    kElement,      // a bare element type (f32, si64): `type` is its rank-0 tensor
    kFunction,     // inputs -> results
    kNone,         // the "no type" marker some attributes carry
    kUnsupported,  // well-formed but not something our compiler handles; `name` says what
  };
  Kind kind = Kind::kUnsupported;
  Type type;
  // Elements (supported or not): bits per value, which attribute payloads are encoded with.
  unsigned bit_width = 0;
  bool is_float = false;
  std::vector<Type> inputs;
  std::vector<Type> results;
  std::string name;
};

struct GenericRegion;

// One operation as the file states it; value numbers are file-global (not MLIR's per-scope).
struct GenericOp {
  std::string dialect;  // "vhlo"
  std::string name;     // "add_v1"
  size_t offset = 0;    // where the op starts in the file, for messages
  uint64_t location = 0;  // attribute index of its location
  // The attribute dictionary followed by the native properties, both by name.
  std::vector<std::pair<std::string, AttrPtr>> attrs;
  std::vector<uint32_t> results;
  std::vector<uint32_t> operands;
  std::vector<GenericRegion> regions;

  const Attribute* attr(std::string_view key) const;
};

struct GenericBlock {
  std::vector<uint32_t> args;
  std::vector<GenericOp> ops;
};

struct GenericRegion {
  std::vector<GenericBlock> blocks;
};

class Tables;

struct GenericModule {
  uint64_t bytecode_version = 0;
  std::string producer;             // e.g. "StableHLO_v1.13.3"
  std::vector<GenericOp> top_level;  // the ops of the file's top-level block
  std::vector<const TypeValue*> value_types;  // indexed by value number
  std::shared_ptr<Tables> tables;   // owns the decoded types and attributes

  // The op's source location as "file:line:col" (or a name); "" when the file has none.
  std::string LocationOf(const GenericOp& op) const;
};

// Bytecode versions this reader understands (the MLIR container format, not StableHLO's).
inline constexpr uint64_t kMinBytecodeVersion = 0;
inline constexpr uint64_t kMaxBytecodeVersion = 6;

// True when `bytes` starts with the bytecode magic "ML\xefR".
bool IsBytecode(std::string_view bytes);

// Reads the container. Errors are INVALID_ARGUMENT "MLIR bytecode: offset N: ...".
StatusOr<GenericModule> ReadBytecode(std::string_view bytes);

}  // namespace jaxlib::compiler::bytecode
