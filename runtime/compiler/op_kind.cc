// Name and class lookup for OpKind, generated from the one op list in op_kind.h.
#include "runtime/compiler/op_kind.h"

#include <array>
#include <string>
#include <unordered_map>

namespace jaxlib::compiler {
namespace {

struct Row {
  std::string_view name;
  OpClass cls;
};

constexpr OpClass kU = OpClass::kUnary, kB = OpClass::kBinary, kT = OpClass::kTernary,
                  kO = OpClass::kOther;

constexpr std::array<Row, static_cast<size_t>(OpKind::kNumOpKinds)> kRows = {{
    {"<unknown>", kO},
#define JAXLIB_OP_ROW(e, name, cls) {name, k##cls},
    JAXLIB_OP_LIST(JAXLIB_OP_ROW)
#undef JAXLIB_OP_ROW
}};

const std::unordered_map<std::string_view, OpKind>& NameMap() {
  static const auto* map = [] {
    auto* m = new std::unordered_map<std::string_view, OpKind>();
    for (size_t i = 1; i < kRows.size(); ++i) (*m)[kRows[i].name] = static_cast<OpKind>(i);
    (*m)["call"] = OpKind::kCall;
    return m;
  }();
  return *map;
}

}  // namespace

std::string_view OpName(OpKind k) { return kRows[static_cast<size_t>(k)].name; }
OpClass GetOpClass(OpKind k) { return kRows[static_cast<size_t>(k)].cls; }

bool MayHaveEffects(OpKind k) {
  switch (k) {
    case OpKind::kUnknown: case OpKind::kWhile: case OpKind::kCase: case OpKind::kIf: case OpKind::kCall:
    case OpKind::kCustomCall: case OpKind::kRng: case OpKind::kAfterAll: case OpKind::kCreateToken:
    case OpKind::kAllReduce: case OpKind::kAllGather: case OpKind::kReduceScatter: case OpKind::kAllToAll:
    case OpKind::kCollectivePermute: case OpKind::kCollectiveBroadcast: case OpKind::kReshard:
    case OpKind::kManualComputation: case OpKind::kNumOpKinds:
      return true;
    default:
      return false;
  }
}

std::optional<OpKind> OpKindFromName(std::string_view name) {
  const auto& m = NameMap();
  auto it = m.find(name);
  if (it == m.end()) return std::nullopt;
  return it->second;
}

}  // namespace jaxlib::compiler
