// Small helpers of the IR: type spelling, attribute access, dense element reads.
#include "runtime/compiler/ir.h"

#include <complex>
#include <cstring>

#include "runtime/compiler/half_float.h"
#include "runtime/support/narrow_float.h"

namespace jaxlib::compiler {

std::string Type::ToString() const {
  if (kind == Kind::kToken) return "!stablehlo.token";
  if (kind == Kind::kTuple) {
    std::string s = "tuple<";
    for (size_t i = 0; i < tuple.size(); ++i) s += (i ? ", " : "") + tuple[i].ToString();
    return s + ">";
  }
  std::string s = "tensor<";
  for (int64_t d : dims) s += std::to_string(d) + "x";
  s += std::string(ElementTypeMlirName(element));
  return s + ">";
}

namespace {

template <typename T>
T Load(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

}  // namespace

int64_t DenseData::GetInt(int64_t i) const {
  const uint8_t* p = element(i);
  switch (type.element) {
    case ElementType::kPred: return p[0] != 0;
    case ElementType::kS8: return Load<int8_t>(p);
    case ElementType::kS16: return Load<int16_t>(p);
    case ElementType::kS32: return Load<int32_t>(p);
    case ElementType::kS64: return Load<int64_t>(p);
    case ElementType::kU8: return Load<uint8_t>(p);
    case ElementType::kU16: return Load<uint16_t>(p);
    case ElementType::kU32: return Load<uint32_t>(p);
    case ElementType::kU64: return static_cast<int64_t>(Load<uint64_t>(p));
    case ElementType::kS4:
    case ElementType::kS2: {  // the low bits, sign-extended
      const int shift = 8 - ElementTypeBitWidth(type.element);
      return static_cast<int8_t>(static_cast<uint8_t>(p[0] << shift)) >> shift;
    }
    case ElementType::kU4:
    case ElementType::kU2: return p[0] & ((1 << ElementTypeBitWidth(type.element)) - 1);
    default: return static_cast<int64_t>(GetDouble(i));
  }
}

double DenseData::GetDouble(int64_t i) const {
  const uint8_t* p = element(i);
  switch (type.element) {
    case ElementType::kF16: return static_cast<float>(f16::FromBits(Load<uint16_t>(p)));
    case ElementType::kBF16: return static_cast<float>(bf16::FromBits(Load<uint16_t>(p)));
    case ElementType::kF32: return Load<float>(p);
    case ElementType::kF64: return Load<double>(p);
    case ElementType::kC64: return Load<float>(p);
    case ElementType::kC128: return Load<double>(p);
    case ElementType::kU64: return static_cast<double>(Load<uint64_t>(p));
    default:
      if (const NarrowFloatFormat* f = NarrowFloatFormatOf(type.element)) return DecodeNarrowFloat(p[0], *f);
      return static_cast<double>(GetInt(i));
  }
}

std::vector<uint8_t> DenseData::Expanded() const {
  if (!splat) return bytes;
  int64_t n = type.element_count();
  size_t es = ElementTypeByteSize(type.element);
  std::vector<uint8_t> out(static_cast<size_t>(n) * es);
  for (int64_t i = 0; i < n; ++i) std::memcpy(out.data() + i * es, bytes.data(), es);
  return out;
}

const Attribute* Attribute::Get(std::string_view key) const {
  for (const auto& [k, v] : dict)
    if (k == key) return v.get();
  return nullptr;
}

bool Attribute::AsIntList(std::vector<int64_t>* out) const {
  out->clear();
  if (kind == Kind::kArray) {
    for (const AttrPtr& a : array) {
      if (a->kind == Kind::kInt) out->push_back(a->i);
      else if (a->kind == Kind::kBool) out->push_back(a->b ? 1 : 0);
      else return false;
    }
    return true;
  }
  if (kind == Kind::kDense && dense) {
    int64_t n = dense->type.element_count();
    for (int64_t k = 0; k < n; ++k) out->push_back(dense->GetInt(k));
    return true;
  }
  if (kind == Kind::kInt) {
    out->push_back(i);
    return true;
  }
  return false;
}

AttrPtr MakeIntAttr(int64_t v) {
  auto a = std::make_shared<Attribute>();
  a->kind = Attribute::Kind::kInt;
  a->i = v;
  return a;
}

AttrPtr MakeIntListAttr(const std::vector<int64_t>& v) {
  auto a = std::make_shared<Attribute>();
  a->kind = Attribute::Kind::kArray;
  for (int64_t x : v) a->array.push_back(MakeIntAttr(x));
  return a;
}

AttrPtr MakeEnumAttr(std::string word) {
  auto a = std::make_shared<Attribute>();
  a->kind = Attribute::Kind::kEnum;
  a->s = std::move(word);
  return a;
}

AttrPtr MakeBoolAttr(bool v) {
  auto a = std::make_shared<Attribute>();
  a->kind = Attribute::Kind::kBool;
  a->b = v;
  return a;
}

AttrPtr MakeDenseAttr(std::shared_ptr<const DenseData> d) {
  auto a = std::make_shared<Attribute>();
  a->kind = Attribute::Kind::kDense;
  a->type = d->type;
  a->dense = std::move(d);
  return a;
}

const Attribute* Op::attr(std::string_view key) const {
  for (const NamedAttr& a : attrs)
    if (a.name == key) return a.value.get();
  return nullptr;
}

void Op::SetAttr(std::string name, AttrPtr value) {
  for (NamedAttr& a : attrs)
    if (a.name == name) {
      a.value = std::move(value);
      return;
    }
  attrs.push_back(NamedAttr{std::move(name), std::move(value)});
}

int64_t Op::IntAttr(std::string_view key, int64_t fallback) const {
  const Attribute* a = attr(key);
  if (!a) return fallback;
  if (a->kind == Attribute::Kind::kInt) return a->i;
  if (a->kind == Attribute::Kind::kBool) return a->b;
  std::vector<int64_t> v;
  if (a->AsIntList(&v) && v.size() == 1) return v[0];
  return fallback;
}

std::vector<int64_t> Op::IntListAttr(std::string_view key) const {
  std::vector<int64_t> v;
  const Attribute* a = attr(key);
  if (a) a->AsIntList(&v);
  return v;
}

bool Op::BoolAttr(std::string_view key, bool fallback) const {
  const Attribute* a = attr(key);
  if (!a) return fallback;
  if (a->kind == Attribute::Kind::kBool) return a->b;
  if (a->kind == Attribute::Kind::kUnit) return true;
  if (a->kind == Attribute::Kind::kInt) return a->i != 0;
  return fallback;
}

std::string Op::EnumAttr(std::string_view key) const {
  const Attribute* a = attr(key);
  if (!a) return "";
  if (a->kind == Attribute::Kind::kEnum || a->kind == Attribute::Kind::kString) return a->s;
  return "";
}

Function* Module::FindFunction(std::string_view fname) const {
  for (const auto& f : functions)
    if (f->name == fname) return f.get();
  return nullptr;
}

Function* Module::main() const {
  if (Function* f = FindFunction("main")) return f;
  Function* only = nullptr;
  for (const auto& f : functions) {
    if (!f->is_public) continue;
    if (only) return nullptr;
    only = f.get();
  }
  return only;
}

std::string OpDescription(const Op& op) {
  std::string s = "'" + std::string(OpName(op.kind));
  if (op.kind == OpKind::kCustomCall) s += " @" + op.callee;
  s += "'";
  if (op.loc.line > 0) s += " at " + op.loc.ToString();
  return s;
}

}  // namespace jaxlib::compiler
