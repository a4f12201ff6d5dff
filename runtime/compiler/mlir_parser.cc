// Hand-written recursive-descent parser for the MLIR subset JAX prints: module, func.func,
// generic ops, the pretty forms of StableHLO/CHLO ops, regions and attributes. It normalises
// pretty and generic spellings to one set of attribute names (see NormalizeAttributes) so no
// later stage needs to know which form the text used.
#include "runtime/compiler/mlir_parser.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <unordered_map>

#include "runtime/compiler/half_float.h"
#include "runtime/compiler/mlir_lexer.h"
#include "runtime/support/narrow_float.h"

namespace jaxlib::compiler {
namespace {

// One scalar literal inside dense<...>, kept as text until the element type is known.
struct ScalarLit {
  bool neg = false;
  Tok kind = Tok::kInteger;  // kInteger (decimal or 0x), kFloat, kBareId (true/false/nan/inf)
  std::string text;
};
struct DenseLit {
  ScalarLit re;
  ScalarLit im;
  bool is_complex = false;
};

struct Signature {
  std::vector<Type> inputs;
  std::vector<Type> results;
  bool functional = false;
};

struct PendingOp {
  OpKind kind = OpKind::kUnknown;
  std::string spelled;
  std::vector<ValueId> operands;
  std::vector<NamedAttr> attrs;
  std::vector<std::unique_ptr<Region>> regions;
  std::vector<Type> result_types;
  std::string callee;
  Location loc;
};

bool ParseUnsigned(std::string_view text, uint64_t* out) {
  uint64_t v = 0;
  if (text.size() > 2 && text[0] == '0' && text[1] == 'x') {
    if (text.size() > 18) return false;
    for (size_t i = 2; i < text.size(); ++i) {
      char c = text[i];
      int d = (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : c - 'A' + 10;
      v = v * 16 + static_cast<uint64_t>(d);
    }
    *out = v;
    return true;
  }
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    uint64_t d = static_cast<uint64_t>(c - '0');
    if (v > (UINT64_MAX - d) / 10) return false;
    v = v * 10 + d;
  }
  *out = v;
  return true;
}

class Parser {
 public:
  explicit Parser(std::string_view text) : lex_(text) { Advance(); }

  StatusOr<std::unique_ptr<Module>> Run() {
    module_ = std::make_unique<Module>();
    if (!ParseTopLevel()) return InvalidArgument(error_.empty() ? "parse error" : error_);
    if (module_->functions.empty()) return InvalidArgument("program has no func.func");
    return std::move(module_);
  }

 private:
  // ---------------------------------------------------------------- token helpers
  void Advance() { tok_ = lex_.Next(); }
  bool Is(Tok k) const { return tok_.kind == k; }
  bool IsId(std::string_view s) const { return tok_.kind == Tok::kBareId && tok_.text == s; }
  bool Consume(Tok k) {
    if (!Is(k)) return false;
    Advance();
    return true;
  }
  bool ConsumeId(std::string_view s) {
    if (!IsId(s)) return false;
    Advance();
    return true;
  }
  bool Expect(Tok k, const char* what) {
    if (Consume(k)) return true;
    return Fail(std::string("expected ") + what);
  }
  bool ExpectId(std::string_view s) {
    if (ConsumeId(s)) return true;
    return Fail("expected '" + std::string(s) + "'");
  }
  bool Fail(const std::string& msg) {
    if (tok_.kind == Tok::kError) return FailAt(tok_.loc, tok_.text);
    std::string got = Describe(tok_);
    return FailAt(tok_.loc, msg + ", got " + got);
  }
  bool FailAt(Location loc, const std::string& msg) {
    if (error_.empty()) error_ = loc.ToString() + ": " + msg;
    return false;
  }
  static std::string Describe(const Token& t) {
    switch (t.kind) {
      case Tok::kEof: return "end of input";
      case Tok::kValueId: return "'%" + t.text + "'";
      case Tok::kSymbol: return "'@" + t.text + "'";
      case Tok::kHashId: return "'#" + t.text + "'";
      case Tok::kString: return "string \"" + t.text.substr(0, 40) + "\"";
      case Tok::kBareId:
      case Tok::kInteger:
      case Tok::kFloat: return "'" + t.text + "'";
      default: break;
    }
    static const char* kPunct[] = {"", "", "", "", "", "", "", "", "", "", "'('", "')'", "'['",
                                   "']'", "'{'", "'}'", "'<'", "'>'", "','", "':'", "'='",
                                   "'->'", "'-'", "'+'", "'?'", "'*'", "'!'"};
    size_t k = static_cast<size_t>(t.kind);
    return k < sizeof(kPunct) / sizeof(kPunct[0]) ? kPunct[k] : "token";
  }

  // Skips a balanced bracket group starting at the current opener token.
  bool SkipBalanced() {
    std::vector<Tok> stack;
    do {
      switch (tok_.kind) {
        case Tok::kLParen: stack.push_back(Tok::kRParen); break;
        case Tok::kLSquare: stack.push_back(Tok::kRSquare); break;
        case Tok::kLBrace: stack.push_back(Tok::kRBrace); break;
        case Tok::kLess: stack.push_back(Tok::kGreater); break;
        case Tok::kRParen:
        case Tok::kRSquare:
        case Tok::kRBrace:
        case Tok::kGreater:
          if (stack.empty() || stack.back() != tok_.kind) return Fail("unbalanced brackets");
          stack.pop_back();
          break;
        case Tok::kEof:
        case Tok::kError: return Fail("unterminated bracket group");
        default: break;
      }
      Advance();
    } while (!stack.empty());
    return true;
  }

  void SkipTrailingLoc() {
    while (IsId("loc")) {
      Advance();
      if (Is(Tok::kLParen)) SkipBalanced();
    }
  }

  // ---------------------------------------------------------------- scopes
  bool Define(const std::string& name, std::vector<ValueId> ids, Location loc) {
    auto& scope = scopes_.back();
    if (scope.count(name)) return FailAt(loc, "redefinition of value '%" + name + "'");
    scope[name] = std::move(ids);
    return true;
  }
  bool ResolveToken(const Token& t, ValueId* out) {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
      auto f = it->find(t.text);
      if (f == it->end()) continue;
      int64_t idx = t.index < 0 ? 0 : t.index;
      if (idx >= static_cast<int64_t>(f->second.size()))
        return FailAt(t.loc, "result index out of range for '%" + t.text + "'");
      *out = f->second[static_cast<size_t>(idx)];
      return true;
    }
    return FailAt(t.loc, "use of undefined value '%" + t.text + "'");
  }
  bool ParseOperand(std::vector<ValueId>* out) {
    if (!Is(Tok::kValueId)) return Fail("expected SSA value");
    ValueId v;
    if (!ResolveToken(tok_, &v)) return false;
    out->push_back(v);
    Advance();
    return true;
  }
  // %a, %b, ... (possibly empty when the next token is not a value)
  bool ParseOperandList(std::vector<ValueId>* out) {
    if (!Is(Tok::kValueId)) return true;
    do {
      if (!ParseOperand(out)) return false;
    } while (Consume(Tok::kComma));
    return true;
  }

  // ---------------------------------------------------------------- types
  bool ParseElementTypeName(std::string_view name, Location loc, ElementType* out) {
    if (name == "index" && allow_index_) {
      *out = ElementType::kS64;
      return true;
    }
    auto et = ElementTypeFromMlirName(name);
    if (!et) return FailAt(loc, "unsupported element type '" + std::string(name) + "'");
    *out = *et;
    return true;
  }

  static bool LooksLikeType(const Token& t) {
    if (t.kind == Tok::kExclaim) return true;
    if (t.kind != Tok::kBareId) return false;
    const std::string& s = t.text;
    if (s == "tensor" || s == "tuple" || s == "complex" || s == "index") return true;
    if (s.size() >= 2 && (s[0] == 'i' || s[0] == 'f' || s[0] == 'u' || s[0] == 'b' || s[0] == 's')) {
      return ElementTypeFromMlirName(s).has_value() || s.rfind("f8", 0) == 0 || s == "f4E2M1FN" ||
             (s[0] == 'i' && s.find_first_not_of("0123456789", 1) == std::string::npos) ||
             (s.rfind("ui", 0) == 0 && s.find_first_not_of("0123456789", 2) == std::string::npos);
    }
    return false;
  }

  bool ParseType(Type* out) {
    Location loc = tok_.loc;
    if (Is(Tok::kExclaim)) {
      Advance();
      if (IsId("stablehlo.token") || IsId("mhlo.token")) {
        Advance();
        *out = Type();
        out->kind = Type::Kind::kToken;
        return true;
      }
      return Fail("unsupported type");
    }
    if (!Is(Tok::kBareId)) return Fail("expected type");
    if (IsId("tensor")) return ParseTensorType(out);
    if (IsId("tuple")) {
      Advance();
      if (!Expect(Tok::kLess, "'<'")) return false;
      *out = Type();
      out->kind = Type::Kind::kTuple;
      if (!Is(Tok::kGreater)) {
        do {
          Type t;
          if (!ParseType(&t)) return false;
          out->tuple.push_back(std::move(t));
        } while (Consume(Tok::kComma));
      }
      return Expect(Tok::kGreater, "'>'");
    }
    if (IsId("complex")) {
      Advance();
      if (!Expect(Tok::kLess, "'<'")) return false;
      if (!Is(Tok::kBareId)) return Fail("expected complex element type");
      std::string inner = tok_.text;
      Advance();
      if (!Expect(Tok::kGreater, "'>'")) return false;
      ElementType et;
      if (!ParseElementTypeName("complex<" + inner + ">", loc, &et)) return false;
      *out = Type::Scalar(et);
      return true;
    }
    ElementType et;
    if (!ParseElementTypeName(tok_.text, loc, &et)) return false;
    Advance();
    *out = Type::Scalar(et);
    return true;
  }

  // tensor<2x3xf32>, tensor<f32>, tensor<4xcomplex<f64>>, tensor<2xf32, #encoding>: shapes are
  // scanned from raw characters because "2x3xf32" does not tokenize usefully.
  bool ParseTensorType(Type* out) {
    std::string_view text = lex_.text();
    size_t p = tok_.end;
    Location loc = tok_.loc;
    auto skip_ws = [&] {
      while (p < text.size() && (text[p] == ' ' || text[p] == '\n' || text[p] == '\t' || text[p] == '\r')) ++p;
    };
    skip_ws();
    if (p >= text.size() || text[p] != '<') return FailAt(loc, "expected '<' after 'tensor'");
    ++p;
    std::vector<int64_t> dims;
    for (;;) {
      skip_ws();
      size_t s = p;
      if (p < text.size() && text[p] == '?') {
        return FailAt(lex_.LocationOf(p), "dynamic dimensions are not supported");
      }
      while (p < text.size() && text[p] >= '0' && text[p] <= '9') ++p;
      if (p == s) break;
      if (p >= text.size() || text[p] != 'x') {
        p = s;  // a number not followed by 'x' is not a dimension (e.g. "i32")
        break;
      }
      uint64_t d;
      if (!ParseUnsigned(text.substr(s, p - s), &d) || d > (uint64_t{1} << 40))
        return FailAt(lex_.LocationOf(s), "dimension too large");
      dims.push_back(static_cast<int64_t>(d));
      ++p;  // 'x'
    }
    size_t es = p;
    while (p < text.size() && (std::isalnum(static_cast<unsigned char>(text[p])) || text[p] == '_')) ++p;
    std::string elem(text.substr(es, p - es));
    if (elem == "complex") {
      if (p >= text.size() || text[p] != '<') return FailAt(lex_.LocationOf(p), "expected '<'");
      size_t close = text.find('>', p);
      if (close == std::string_view::npos) return FailAt(lex_.LocationOf(p), "unterminated complex type");
      elem = "complex" + std::string(text.substr(p, close + 1 - p));
      p = close + 1;
    }
    ElementType et;
    if (elem.empty()) return FailAt(lex_.LocationOf(es), "expected element type in tensor type");
    if (!ParseElementTypeName(elem, lex_.LocationOf(es), &et)) return false;
    skip_ws();
    if (p < text.size() && text[p] == ',') {
      // Encoding (bounds, sparsity): skip to the matching '>' of the tensor type.
      int depth = 0;
      for (; p < text.size(); ++p) {
        if (text[p] == '<') ++depth;
        else if (text[p] == '>') {
          if (p > 0 && text[p - 1] == '-') continue;
          if (depth == 0) break;
          --depth;
        }
      }
    }
    if (p >= text.size() || text[p] != '>') return FailAt(lex_.LocationOf(p), "expected '>' closing tensor type");
    ++p;
    lex_.Reset(p);
    Advance();
    *out = Type::Tensor(et, std::move(dims));
    return true;
  }

  // (T, T) -> T | (T) -> (T, T) | T, T -> T | T | T, T
  bool ParseSignature(Signature* sig) {
    if (Consume(Tok::kLParen)) {
      if (!Is(Tok::kRParen)) {
        do {
          Type t;
          if (!ParseType(&t)) return false;
          sig->inputs.push_back(std::move(t));
        } while (Consume(Tok::kComma));
      }
      if (!Expect(Tok::kRParen, "')'")) return false;
      if (!Expect(Tok::kArrow, "'->'")) return false;
      sig->functional = true;
      return ParseResultTypes(&sig->results);
    }
    do {
      Type t;
      if (!ParseType(&t)) return false;
      sig->inputs.push_back(std::move(t));
    } while (Consume(Tok::kComma));
    if (Consume(Tok::kArrow)) {
      sig->functional = true;
      return ParseResultTypes(&sig->results);
    }
    return true;
  }
  // `attrs`, when given, receives one (possibly empty) attribute dictionary per result.
  bool ParseResultTypes(std::vector<Type>* out, std::vector<std::vector<NamedAttr>>* attrs = nullptr) {
    if (Consume(Tok::kLParen)) {
      if (!Is(Tok::kRParen)) {
        do {
          Type t;
          if (!ParseType(&t)) return false;
          out->push_back(std::move(t));
          std::vector<NamedAttr> dict;
          if (Is(Tok::kLBrace)) {  // result attributes in function signatures
            if (!ParseAttrDict(&dict)) return false;
          }
          if (attrs) attrs->push_back(std::move(dict));
        } while (Consume(Tok::kComma));
      }
      return Expect(Tok::kRParen, "')'");
    }
    Type t;
    if (!ParseType(&t)) return false;
    out->push_back(std::move(t));
    if (attrs) attrs->emplace_back();
    return true;
  }

  // ---------------------------------------------------------------- attributes
  bool ParseAttrDict(std::vector<NamedAttr>* out) {
    if (!Expect(Tok::kLBrace, "'{'")) return false;
    if (Consume(Tok::kRBrace)) return true;
    do {
      std::string key;
      if (Is(Tok::kBareId) || Is(Tok::kString)) {
        key = tok_.text;
        Advance();
      } else {
        return Fail("expected attribute name");
      }
      AttrPtr value;
      if (Consume(Tok::kEqual)) {
        if (!ParseAttribute(&value)) return false;
      } else {
        value = std::make_shared<Attribute>();  // unit
      }
      out->push_back(NamedAttr{std::move(key), std::move(value)});
    } while (Consume(Tok::kComma));
    return Expect(Tok::kRBrace, "'}'");
  }

  bool ParseNumberLiteral(ScalarLit* lit) {
    if (Consume(Tok::kMinus)) lit->neg = true;
    else Consume(Tok::kPlus);
    if (Is(Tok::kInteger) || Is(Tok::kFloat)) {
      lit->kind = tok_.kind;
      lit->text = tok_.text;
      Advance();
      return true;
    }
    if (IsId("nan") || IsId("inf") || IsId("true") || IsId("false")) {
      lit->kind = Tok::kBareId;
      lit->text = tok_.text;
      Advance();
      return true;
    }
    return Fail("expected number");
  }

  bool ParseAttribute(AttrPtr* out) {
    auto a = std::make_shared<Attribute>();
    switch (tok_.kind) {
      case Tok::kMinus:
      case Tok::kPlus:
      case Tok::kInteger:
      case Tok::kFloat: {
        ScalarLit lit;
        if (!ParseNumberLiteral(&lit)) return false;
        Type t;
        bool typed = false;
        if (Consume(Tok::kColon)) {
          bool saved = allow_index_;
          allow_index_ = true;
          bool ok = ParseType(&t);
          allow_index_ = saved;
          if (!ok) return false;
          typed = true;
        }
        bool as_float = lit.kind == Tok::kFloat || (typed && t.is_tensor() && (IsAnyFloat(t.element) || IsComplex(t.element)));
        if (as_float) {
          a->kind = Attribute::Kind::kFloat;
          a->f = LiteralToDouble(lit, typed ? t.element : ElementType::kF64);
        } else {
          uint64_t u = 0;
          if (!ParseUnsigned(lit.text, &u)) return FailAt(tok_.loc, "invalid integer '" + lit.text + "'");
          a->kind = Attribute::Kind::kInt;
          a->i = lit.neg ? -static_cast<int64_t>(u) : static_cast<int64_t>(u);
          if (typed && t.is_tensor() && t.element == ElementType::kPred) {
            a->kind = Attribute::Kind::kBool;
            a->b = u != 0;
          }
        }
        if (typed) a->type = t;
        break;
      }
      case Tok::kString:
        a->kind = Attribute::Kind::kString;
        a->s = tok_.text;
        Advance();
        if (Consume(Tok::kColon)) {  // typed string (rare); ignore the type
          Type t;
          if (!ParseType(&t)) return false;
        }
        break;
      case Tok::kSymbol:
        a->kind = Attribute::Kind::kSymbol;
        a->s = tok_.text;
        Advance();
        while (Is(Tok::kColon)) {  // nested references @a::@b
          Advance();
          if (!Expect(Tok::kColon, "':'")) return false;
          if (!Is(Tok::kSymbol)) return Fail("expected symbol");
          a->s += "::" + tok_.text;
          Advance();
        }
        break;
      case Tok::kLSquare: {
        Advance();
        a->kind = Attribute::Kind::kArray;
        if (!Is(Tok::kRSquare)) {
          do {
            AttrPtr e;
            if (!ParseAttribute(&e)) return false;
            a->array.push_back(std::move(e));
          } while (Consume(Tok::kComma));
        }
        if (!Expect(Tok::kRSquare, "']'")) return false;
        break;
      }
      case Tok::kLBrace: {
        std::vector<NamedAttr> d;
        if (!ParseAttrDict(&d)) return false;
        a->kind = Attribute::Kind::kDict;
        for (auto& n : d) a->dict.emplace_back(std::move(n.name), std::move(n.value));
        break;
      }
      case Tok::kHashId: return ParseHashAttribute(out);
      case Tok::kLess:
      case Tok::kLParen:
        a->kind = Attribute::Kind::kOpaque;
        if (!SkipBalanced()) return false;
        if (Is(Tok::kArrow)) {  // function type
          Advance();
          std::vector<Type> ignored;
          if (!ParseResultTypes(&ignored)) return false;
        }
        break;
      case Tok::kExclaim: {
        Type t;
        if (!ParseType(&t)) return false;
        a->kind = Attribute::Kind::kType;
        a->type = t;
        break;
      }
      case Tok::kBareId: {
        const std::string w = tok_.text;
        if (w == "true" || w == "false") {
          a->kind = Attribute::Kind::kBool;
          a->b = w == "true";
          Advance();
        } else if (w == "unit") {
          Advance();
        } else if (w == "dense") {
          return ParseDense(out);
        } else if (w == "array") {
          return ParseDenseArray(out);
        } else if (w == "loc" || w == "affine_map" || w == "affine_set" || w == "sparse" ||
                   w == "dense_resource" || w == "strided" || w == "distinct" || w == "opaque") {
          if (w == "dense_resource") return Fail("dense_resource constants are not supported");
          Advance();
          a->kind = Attribute::Kind::kOpaque;
          if ((Is(Tok::kLess) || Is(Tok::kLParen) || Is(Tok::kLSquare)) && !SkipBalanced()) return false;
          if (Is(Tok::kLess) && !SkipBalanced()) return false;
          if (Consume(Tok::kColon)) {
            Type t;
            if (!ParseType(&t)) return false;
          }
        } else if (LooksLikeType(tok_)) {
          Type t;
          bool saved = allow_index_;
          allow_index_ = true;
          bool ok = ParseType(&t);
          allow_index_ = saved;
          if (!ok) return false;
          a->kind = Attribute::Kind::kType;
          a->type = t;
        } else {
          a->kind = Attribute::Kind::kEnum;
          a->s = w;
          Advance();
        }
        break;
      }
      default: return Fail("expected attribute value");
    }
    *out = std::move(a);
    return true;
  }

  // #alias, #stablehlo<precision DEFAULT>, #stablehlo.gather<...>, #stablehlo.conv<...>, #sdy...
  bool ParseHashAttribute(AttrPtr* out) {
    std::string name = tok_.text;
    Location loc = tok_.loc;
    size_t after_name = tok_.end;
    Advance();
    auto a = std::make_shared<Attribute>();
    if (!Is(Tok::kLess) || tok_.offset != after_name) {
      auto it = aliases_.find(name);
      if (it != aliases_.end()) {
        *out = it->second;
        return true;
      }
      a->kind = Attribute::Kind::kOpaque;
      a->s = "#" + name;
      *out = std::move(a);
      return true;
    }
    if (name == "stablehlo" || name == "mhlo" || name == "chlo") {
      // #stablehlo<comparison_direction GT>: an enum, optionally a list of them.
      Advance();
      a->kind = Attribute::Kind::kEnum;
      if (Is(Tok::kBareId)) {
        a->name = tok_.text;
        Advance();
      }
      if (Is(Tok::kBareId)) {
        a->s = tok_.text;
        Advance();
      } else if (Is(Tok::kLSquare)) {
        if (!SkipBalanced()) return false;
      }
      if (!Expect(Tok::kGreater, "'>'")) return false;
      *out = std::move(a);
      return true;
    }
    if (name == "stablehlo.conv" || name == "mhlo.conv") return ParseConvDimsAttr(out);
    if (name == "sdy.sharding") {
      Advance();  // '<'
      if (!ParseSdyShardingBody(out)) return false;
      return Expect(Tok::kGreater, "'>' closing #sdy.sharding");
    }
    if (name == "sdy.mesh") {
      Advance();  // '<'
      if (!ParseSdyMeshBody(out)) return false;
      return Expect(Tok::kGreater, "'>' closing #sdy.mesh");
    }
    // Structured attribute: try "key = value, ..."; anything else is kept opaque.
    size_t start = tok_.offset;
    std::string saved_error = error_;
    Advance();  // '<'
    a->kind = Attribute::Kind::kDict;
    a->name = name;
    bool ok = true;
    if (!Is(Tok::kGreater)) {
      do {
        if (!Is(Tok::kBareId)) {
          ok = false;
          break;
        }
        std::string key = tok_.text;
        Advance();
        if (!Consume(Tok::kEqual)) {
          ok = false;
          break;
        }
        AttrPtr v;
        if (!ParseAttribute(&v)) {
          ok = false;
          break;
        }
        a->dict.emplace_back(std::move(key), std::move(v));
      } while (Consume(Tok::kComma));
    }
    if (ok && Consume(Tok::kGreater)) {
      *out = std::move(a);
      return true;
    }
    error_ = saved_error;
    lex_.Reset(start);
    Advance();
    a = std::make_shared<Attribute>();
    a->kind = Attribute::Kind::kOpaque;
    a->s = "#" + name;
    if (!SkipBalanced()) return FailAt(loc, "malformed attribute '#" + name + "'");
    *out = std::move(a);
    return true;
  }

  // ---------------------------------------------------------------- Shardy
  // The IR spelling of meshes and shardings is described in sharding.h.

  // ["x"=2, "y"=4] [, device_ids=[..]]: the body of sdy.mesh @m = <...> and #sdy.mesh<...>.
  bool ParseSdyMeshBody(AttrPtr* out) {
    auto mesh = std::make_shared<Attribute>();
    mesh->kind = Attribute::Kind::kDict;
    mesh->name = "sdy.mesh";
    auto axes = std::make_shared<Attribute>();
    axes->kind = Attribute::Kind::kArray;
    if (!Expect(Tok::kLSquare, "'[' opening the mesh axes")) return false;
    if (!Is(Tok::kRSquare)) {
      do {
        if (!Is(Tok::kString)) return Fail("expected a mesh axis name");
        auto axis = std::make_shared<Attribute>();
        axis->kind = Attribute::Kind::kDict;
        auto axis_name = std::make_shared<Attribute>();
        axis_name->kind = Attribute::Kind::kString;
        axis_name->s = tok_.text;
        Advance();
        if (!Expect(Tok::kEqual, "'='") || !Is(Tok::kInteger)) return Fail("expected the axis size");
        uint64_t size;
        if (!ParseUnsigned(tok_.text, &size)) return Fail("bad axis size");
        Advance();
        axis->dict.emplace_back("name", std::move(axis_name));
        axis->dict.emplace_back("size", MakeIntAttr(static_cast<int64_t>(size)));
        axes->array.push_back(std::move(axis));
      } while (Consume(Tok::kComma));
    }
    if (!Expect(Tok::kRSquare, "']'")) return false;
    mesh->dict.emplace_back("axes", std::move(axes));
    if (Consume(Tok::kComma)) {
      if (!ExpectId("device_ids") || !Expect(Tok::kEqual, "'='")) return false;
      AttrPtr ids;
      if (!ParsePrettyValue(&ids)) return false;
      mesh->dict.emplace_back("device_ids", std::move(ids));
    }
    *out = std::move(mesh);
    return true;
  }

  // {"x", "y":(2)2, ?}p1: axis names of one dimension (or of replicated={...}); open markers
  // and priorities say how propagation may change it, not what it is, and are dropped.
  bool ParseSdyAxisList(AttrPtr* out) {
    auto list = std::make_shared<Attribute>();
    list->kind = Attribute::Kind::kArray;
    if (!Expect(Tok::kLBrace, "'{'")) return false;
    while (!Is(Tok::kRBrace)) {
      if (Consume(Tok::kQuestion)) {
      } else if (Is(Tok::kString)) {
        auto axis = std::make_shared<Attribute>();
        axis->kind = Attribute::Kind::kString;
        axis->s = tok_.text;
        Advance();
        if (Is(Tok::kColon)) {  // a sub-axis: kept as a dict so sharding.cc can refuse it by name
          Advance();
          axis->kind = Attribute::Kind::kDict;
          axis->name = "sdy.sub_axis";
          if (!Is(Tok::kLParen) || !SkipBalanced()) return Fail("expected '(' of a sub-axis");
          if (!Is(Tok::kInteger)) return Fail("expected the sub-axis size");
          Advance();
        }
        list->array.push_back(std::move(axis));
      } else {
        return Fail("expected an axis name");
      }
      if (!Consume(Tok::kComma)) break;
    }
    if (!Expect(Tok::kRBrace, "'}'")) return false;
    if (Is(Tok::kBareId) && tok_.text.size() > 1 && tok_.text[0] == 'p') Advance();  // priority
    *out = std::move(list);
    return true;
  }

  // @mesh, [{"x"}, {}], replicated={"y"}: the body of #sdy.sharding<...> and of the sharding
  // annotations sdy ops carry.
  bool ParseSdyShardingBody(AttrPtr* out) {
    auto sharding = std::make_shared<Attribute>();
    sharding->kind = Attribute::Kind::kDict;
    sharding->name = "sdy.sharding";
    AttrPtr mesh;
    if (Is(Tok::kSymbol)) {
      auto ref = std::make_shared<Attribute>();
      ref->kind = Attribute::Kind::kSymbol;
      ref->s = tok_.text;
      mesh = std::move(ref);
      Advance();
    } else if (ConsumeId("mesh")) {
      if (!Expect(Tok::kLess, "'<'") || !ParseSdyMeshBody(&mesh) || !Expect(Tok::kGreater, "'>'")) return false;
    } else {
      return Fail("expected a mesh in the sharding");
    }
    sharding->dict.emplace_back("mesh", std::move(mesh));
    if (!Expect(Tok::kComma, "','") || !Expect(Tok::kLSquare, "'['")) return false;
    auto dims = std::make_shared<Attribute>();
    dims->kind = Attribute::Kind::kArray;
    if (!Is(Tok::kRSquare)) {
      do {
        AttrPtr dim;
        if (!ParseSdyAxisList(&dim)) return false;
        dims->array.push_back(std::move(dim));
      } while (Consume(Tok::kComma));
    }
    if (!Expect(Tok::kRSquare, "']'")) return false;
    sharding->dict.emplace_back("dims", std::move(dims));
    while (Consume(Tok::kComma)) {
      if (!Is(Tok::kBareId)) return Fail("expected replicated= or unreduced=");
      std::string key = tok_.text;
      Advance();
      if (!Expect(Tok::kEqual, "'='")) return false;
      AttrPtr axes;
      if (!ParseSdyAxisList(&axes)) return false;
      sharding->dict.emplace_back(key, std::move(axes));
    }
    *out = std::move(sharding);
    return true;
  }

  // "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]" → dict of the conv dimension fields.
  bool ParseConvDimLayout(const char* roles, std::vector<int64_t>* spatial, std::vector<int64_t>* special) {
    // `roles` is e.g. "bf" (input), "io" (kernel), "bf" (output); special gets their positions.
    if (!Expect(Tok::kLSquare, "'['")) return false;
    special->assign(2, -1);
    std::vector<std::pair<int64_t, int64_t>> sp;  // (spatial index, position)
    int64_t pos = 0;
    if (!Is(Tok::kRSquare)) {
      do {
        if (Is(Tok::kInteger)) {
          uint64_t v;
          ParseUnsigned(tok_.text, &v);
          sp.emplace_back(static_cast<int64_t>(v), pos);
        } else if (Is(Tok::kBareId) && tok_.text.size() == 1 &&
                   (tok_.text[0] == roles[0] || tok_.text[0] == roles[1])) {
          (*special)[tok_.text[0] == roles[0] ? 0 : 1] = pos;
        } else if (Is(Tok::kBareId) && tok_.text.size() > 1) {
          // Tokens like "0x" cannot occur; MLIR prints "]x[" which the lexer splits already.
          return Fail("unexpected convolution dimension label");
        } else {
          return Fail("unexpected convolution dimension label");
        }
        Advance();
        ++pos;
      } while (Consume(Tok::kComma));
    }
    if (!Expect(Tok::kRSquare, "']'")) return false;
    spatial->assign(sp.size(), 0);
    for (auto& [idx, p] : sp) {
      if (idx < 0 || idx >= static_cast<int64_t>(sp.size())) return Fail("bad spatial dimension index");
      (*spatial)[static_cast<size_t>(idx)] = p;
    }
    if ((*special)[0] < 0 || (*special)[1] < 0) return Fail("incomplete convolution dimension numbers");
    return true;
  }

  bool ParseConvDimNumbers(std::vector<NamedAttr>* attrs) {
    std::vector<int64_t> in_sp, in_sc, k_sp, k_sc, o_sp, o_sc;
    if (!ParseConvDimLayout("bf", &in_sp, &in_sc)) return false;
    if (!ExpectId("x")) return false;
    if (!ParseConvDimLayout("io", &k_sp, &k_sc)) return false;
    if (!Expect(Tok::kArrow, "'->'")) return false;
    if (!ParseConvDimLayout("bf", &o_sp, &o_sc)) return false;
    attrs->push_back({"input_batch_dimension", MakeIntAttr(in_sc[0])});
    attrs->push_back({"input_feature_dimension", MakeIntAttr(in_sc[1])});
    attrs->push_back({"input_spatial_dimensions", MakeIntListAttr(in_sp)});
    attrs->push_back({"kernel_input_feature_dimension", MakeIntAttr(k_sc[0])});
    attrs->push_back({"kernel_output_feature_dimension", MakeIntAttr(k_sc[1])});
    attrs->push_back({"kernel_spatial_dimensions", MakeIntListAttr(k_sp)});
    attrs->push_back({"output_batch_dimension", MakeIntAttr(o_sc[0])});
    attrs->push_back({"output_feature_dimension", MakeIntAttr(o_sc[1])});
    attrs->push_back({"output_spatial_dimensions", MakeIntListAttr(o_sp)});
    return true;
  }

  bool ParseConvDimsAttr(AttrPtr* out) {
    if (!Expect(Tok::kLess, "'<'")) return false;
    auto a = std::make_shared<Attribute>();
    a->kind = Attribute::Kind::kDict;
    a->name = "stablehlo.conv";
    if (ConsumeId("raw")) {
      do {
        if (!Is(Tok::kBareId)) return Fail("expected field name");
        std::string key = tok_.text;
        Advance();
        if (!Expect(Tok::kEqual, "'='")) return false;
        AttrPtr v;
        if (!ParseAttribute(&v)) return false;
        a->dict.emplace_back(std::move(key), std::move(v));
      } while (Consume(Tok::kComma));
    } else {
      std::vector<NamedAttr> fields;
      if (!ParseConvDimNumbers(&fields)) return false;
      for (auto& f : fields) a->dict.emplace_back(std::move(f.name), std::move(f.value));
    }
    if (!Expect(Tok::kGreater, "'>'")) return false;
    *out = std::move(a);
    return true;
  }

  // array<i64: 1, 2> → kArray of ints (bools for i1).
  bool ParseDenseArray(AttrPtr* out) {
    Advance();  // array
    if (!Expect(Tok::kLess, "'<'")) return false;
    Type t;
    if (!ParseType(&t)) return false;
    auto a = std::make_shared<Attribute>();
    a->kind = Attribute::Kind::kArray;
    a->type = t;  // the element type (FFI attributes need i32 vs i64)
    if (Consume(Tok::kColon)) {
      do {
        ScalarLit lit;
        if (!ParseNumberLiteral(&lit)) return false;
        auto e = std::make_shared<Attribute>();
        if (lit.kind == Tok::kBareId) {
          e->kind = Attribute::Kind::kBool;
          e->b = lit.text == "true";
        } else if (lit.kind == Tok::kFloat || IsFloat(t.element)) {
          e->kind = Attribute::Kind::kFloat;
          e->f = LiteralToDouble(lit, ElementType::kF64);
        } else {
          uint64_t u;
          if (!ParseUnsigned(lit.text, &u)) return Fail("invalid integer");
          e->kind = Attribute::Kind::kInt;
          e->i = lit.neg ? -static_cast<int64_t>(u) : static_cast<int64_t>(u);
        }
        a->array.push_back(std::move(e));
      } while (Consume(Tok::kComma));
    }
    if (!Expect(Tok::kGreater, "'>'")) return false;
    *out = std::move(a);
    return true;
  }

  static double LiteralToDouble(const ScalarLit& lit, ElementType et) {
    double v;
    if (lit.kind == Tok::kBareId) {
      v = lit.text == "nan" ? std::nan("") : lit.text == "inf" ? INFINITY : (lit.text == "true" ? 1 : 0);
    } else if (lit.kind == Tok::kInteger && lit.text.size() > 2 && lit.text[1] == 'x') {
      uint64_t bits = 0;
      ParseUnsigned(lit.text, &bits);
      switch (et) {
        case ElementType::kF16: v = f16::ToFloat(static_cast<uint16_t>(bits)); break;
        case ElementType::kBF16: v = static_cast<float>(bf16::FromBits(static_cast<uint16_t>(bits))); break;
        case ElementType::kF32:
        case ElementType::kC64: v = BitsToFloat(static_cast<uint32_t>(bits)); break;
        default: {
          if (const NarrowFloatFormat* nf = NarrowFloatFormatOf(et)) {
            v = DecodeNarrowFloat(static_cast<uint32_t>(bits), *nf);
            break;
          }
          std::memcpy(&v, &bits, 8);
        }
      }
    } else {
      v = std::strtod(lit.text.c_str(), nullptr);
    }
    return lit.neg ? -v : v;
  }

  // Writes one literal as element type `et` at dst. False on a literal the type cannot hold.
  bool StoreLiteral(const ScalarLit& lit, ElementType et, uint8_t* dst) {
    bool hex = lit.kind == Tok::kInteger && lit.text.size() > 2 && lit.text[1] == 'x';
    if (const NarrowFloatFormat* nf = NarrowFloatFormatOf(et)) {
      uint64_t bits;
      if (hex && !lit.neg) {
        if (!ParseUnsigned(lit.text, &bits)) return false;
      } else {
        bits = EncodeNarrowFloat(ParseFloatText(lit), *nf);
      }
      *dst = static_cast<uint8_t>(bits & ((1u << nf->bits) - 1));
      return true;
    }
    if (IsFloat(et) || IsComplex(et)) {
      ElementType part = et == ElementType::kC64 ? ElementType::kF32 : et == ElementType::kC128 ? ElementType::kF64 : et;
      if (hex && !lit.neg) {
        uint64_t bits;
        if (!ParseUnsigned(lit.text, &bits)) return false;
        std::memcpy(dst, &bits, ElementTypeByteSize(part));  // little-endian host
        return true;
      }
      switch (part) {
        case ElementType::kF16: {
          uint16_t b = f16::FromFloat(static_cast<float>(ParseFloatText(lit)));
          std::memcpy(dst, &b, 2);
          return true;
        }
        case ElementType::kBF16: {
          uint16_t b = bf16::FromFloat(static_cast<float>(ParseFloatText(lit)));
          std::memcpy(dst, &b, 2);
          return true;
        }
        case ElementType::kF32: {
          float f = ParseFloatTextF32(lit);
          std::memcpy(dst, &f, 4);
          return true;
        }
        default: {
          double d = ParseFloatText(lit);
          std::memcpy(dst, &d, 8);
          return true;
        }
      }
    }
    uint64_t u = 0;
    if (lit.kind == Tok::kBareId) {
      if (lit.text != "true" && lit.text != "false") return false;
      u = lit.text == "true";
    } else if (lit.kind == Tok::kFloat) {
      return false;
    } else if (!ParseUnsigned(lit.text, &u)) {
      return false;
    }
    if (lit.neg) u = ~u + 1;
    if (et == ElementType::kPred) u = u != 0;
    if (IsNarrowInt(et)) u &= (uint64_t{1} << ElementTypeBitWidth(et)) - 1;  // the low bits only
    std::memcpy(dst, &u, ElementTypeByteSize(et));  // little-endian truncation
    return true;
  }
  static double ParseFloatText(const ScalarLit& lit) {
    if (lit.kind == Tok::kBareId) return LiteralToDouble(lit, ElementType::kF64);
    double v = std::strtod(lit.text.c_str(), nullptr);
    return lit.neg ? -v : v;
  }
  static float ParseFloatTextF32(const ScalarLit& lit) {
    if (lit.kind == Tok::kBareId) return static_cast<float>(LiteralToDouble(lit, ElementType::kF64));
    float v = std::strtof(lit.text.c_str(), nullptr);
    return lit.neg ? -v : v;
  }

  bool ParseDenseElements(std::vector<DenseLit>* flat, bool* nested) {
    if (Consume(Tok::kLSquare)) {
      *nested = true;
      if (Consume(Tok::kRSquare)) return true;
      do {
        if (!ParseDenseElements(flat, nested)) return false;
      } while (Consume(Tok::kComma));
      return Expect(Tok::kRSquare, "']'");
    }
    DenseLit d;
    if (Consume(Tok::kLParen)) {
      d.is_complex = true;
      if (!ParseNumberLiteral(&d.re)) return false;
      if (!Expect(Tok::kComma, "','")) return false;
      if (!ParseNumberLiteral(&d.im)) return false;
      if (!Expect(Tok::kRParen, "')'")) return false;
    } else if (!ParseNumberLiteral(&d.re)) {
      return false;
    }
    flat->push_back(std::move(d));
    return true;
  }

  bool ParseDense(AttrPtr* out) {
    Location loc = tok_.loc;
    Advance();  // dense
    if (!Expect(Tok::kLess, "'<'")) return false;
    std::vector<DenseLit> flat;
    bool nested = false;
    std::string hex;
    bool is_hex = false;
    if (Is(Tok::kString)) {
      hex = tok_.text;
      is_hex = true;
      Advance();
    } else if (!Is(Tok::kGreater)) {
      if (!ParseDenseElements(&flat, &nested)) return false;
    } else {
      nested = true;  // dense<> : empty tensor
    }
    if (!Expect(Tok::kGreater, "'>'")) return false;
    if (!Expect(Tok::kColon, "':' and the type of the dense attribute")) return false;
    Type t;
    bool saved = allow_index_;
    allow_index_ = true;
    bool ok = ParseType(&t);
    allow_index_ = saved;
    if (!ok) return false;
    if (!t.is_tensor()) return FailAt(loc, "dense attribute must have a tensor type");
    auto d = std::make_shared<DenseData>();
    d->type = t;
    size_t es = ElementTypeByteSize(t.element);
    int64_t n = t.element_count();
    if (is_hex) {
      if (hex.size() < 2 || hex[0] != '0' || (hex[1] != 'x' && hex[1] != 'X') || hex.size() % 2)
        return FailAt(loc, "malformed hex dense literal");
      size_t nbytes = (hex.size() - 2) / 2;
      d->bytes.resize(nbytes);
      for (size_t k = 0; k < nbytes; ++k) {
        auto hv = [](char c) {
          return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        };
        int hi = hv(hex[2 + 2 * k]), lo = hv(hex[3 + 2 * k]);
        if (hi < 0 || lo < 0) return FailAt(loc, "malformed hex dense literal");
        d->bytes[k] = static_cast<uint8_t>(hi * 16 + lo);
      }
      if (nbytes == es && n != 1) {
        d->splat = true;
      } else if (nbytes != es * static_cast<size_t>(n)) {
        return FailAt(loc, "hex dense literal has " + std::to_string(nbytes) + " bytes, type " +
                               t.ToString() + " needs " + std::to_string(es * static_cast<size_t>(n)));
      }
      if (t.element == ElementType::kPred)
        for (auto& b : d->bytes) b = b != 0;
      if (IsNarrow(t.element))  // one element per byte; only its low bits count
        for (auto& b : d->bytes) b &= static_cast<uint8_t>((1u << ElementTypeBitWidth(t.element)) - 1);
    } else {
      if (!nested && flat.size() == 1) {
        d->splat = true;
      } else if (static_cast<int64_t>(flat.size()) != n) {
        return FailAt(loc, "dense literal has " + std::to_string(flat.size()) + " elements, type " +
                               t.ToString() + " has " + std::to_string(n));
      }
      d->bytes.resize(flat.size() * es);
      bool cplx = IsComplex(t.element);
      size_t half = es / 2;
      for (size_t k = 0; k < flat.size(); ++k) {
        uint8_t* dst = d->bytes.data() + k * es;
        const DenseLit& lit = flat[k];
        bool good;
        if (cplx) {
          good = StoreLiteral(lit.re, t.element, dst);
          ScalarLit zero;
          zero.text = "0";
          good = good && StoreLiteral(lit.is_complex ? lit.im : zero, t.element, dst + half);
        } else {
          good = !lit.is_complex && StoreLiteral(lit.re, t.element, dst);
        }
        if (!good) return FailAt(loc, "literal does not fit element type " + std::string(ElementTypeMlirName(t.element)));
      }
    }
    *out = MakeDenseAttr(std::move(d));
    return true;
  }

  // Values in pretty op syntax: [1, 2], [1] x [0], DEFAULT, true, 3, -1, {stride = [..]}.
  bool ParsePrettyValue(AttrPtr* out) {
    auto a = std::make_shared<Attribute>();
    if (Consume(Tok::kLSquare)) {
      a->kind = Attribute::Kind::kArray;
      if (!Is(Tok::kRSquare)) {
        do {
          AttrPtr e;
          if (!ParsePrettyValue(&e)) return false;
          a->array.push_back(std::move(e));
        } while (Consume(Tok::kComma));
      }
      if (!Expect(Tok::kRSquare, "']'")) return false;
      if (IsId("x")) {
        Advance();
        AttrPtr rhs;
        if (!Is(Tok::kLSquare)) return Fail("expected '[' after 'x'");
        if (!ParsePrettyValue(&rhs)) return false;
        auto pair = std::make_shared<Attribute>();
        pair->kind = Attribute::Kind::kArray;
        pair->name = "pair";
        pair->array.push_back(std::move(a));
        pair->array.push_back(std::move(rhs));
        *out = std::move(pair);
        return true;
      }
      *out = std::move(a);
      return true;
    }
    if (Is(Tok::kInteger) || Is(Tok::kMinus) || Is(Tok::kFloat)) {
      ScalarLit lit;
      if (!ParseNumberLiteral(&lit)) return false;
      if (lit.kind == Tok::kFloat) {
        a->kind = Attribute::Kind::kFloat;
        a->f = LiteralToDouble(lit, ElementType::kF64);
      } else {
        uint64_t u;
        if (!ParseUnsigned(lit.text, &u)) return Fail("invalid integer");
        a->kind = Attribute::Kind::kInt;
        a->i = lit.neg ? -static_cast<int64_t>(u) : static_cast<int64_t>(u);
      }
      *out = std::move(a);
      return true;
    }
    if (Is(Tok::kBareId)) {
      if (IsId("true") || IsId("false")) {
        a->kind = Attribute::Kind::kBool;
        a->b = IsId("true");
      } else {
        a->kind = Attribute::Kind::kEnum;
        a->s = tok_.text;
      }
      Advance();
      *out = std::move(a);
      return true;
    }
    if (Consume(Tok::kLBrace)) {
      a->kind = Attribute::Kind::kDict;
      if (!Is(Tok::kRBrace)) {
        do {
          if (!Is(Tok::kBareId)) return Fail("expected field name");
          std::string key = tok_.text;
          Advance();
          if (!Expect(Tok::kEqual, "'='")) return false;
          AttrPtr v;
          if (!ParsePrettyValue(&v)) return false;
          a->dict.emplace_back(std::move(key), std::move(v));
        } while (Consume(Tok::kComma));
      }
      if (!Expect(Tok::kRBrace, "'}'")) return false;
      *out = std::move(a);
      return true;
    }
    if (Is(Tok::kLess)) {
      a->kind = Attribute::Kind::kOpaque;
      if (!SkipBalanced()) return false;
      *out = std::move(a);
      return true;
    }
    return ParseAttribute(out);
  }

  // ---------------------------------------------------------------- regions and ops
  using ArgList = std::vector<std::pair<Token, Type>>;

  // `attrs`, when given, receives one (possibly empty) attribute dictionary per argument.
  bool ParseBlockArgs(ArgList* args, std::vector<std::vector<NamedAttr>>* attrs = nullptr) {
    if (!Expect(Tok::kLParen, "'('")) return false;
    if (!Is(Tok::kRParen)) {
      do {
        if (!Is(Tok::kValueId)) return Fail("expected block argument");
        Token name = tok_;
        Advance();
        if (!Expect(Tok::kColon, "':'")) return false;
        Type t;
        if (!ParseType(&t)) return false;
        std::vector<NamedAttr> dict;
        if (Is(Tok::kLBrace)) {
          if (!ParseAttrDict(&dict)) return false;
        }
        if (attrs) attrs->push_back(std::move(dict));
        SkipTrailingLoc();
        args->emplace_back(std::move(name), std::move(t));
      } while (Consume(Tok::kComma));
    }
    return Expect(Tok::kRParen, "')'");
  }

  // Parses `{ [^bb0(args):] ops... terminator }`. `preset` names the arguments when the op's
  // pretty form declares them outside the braces (func.func, while, reduce's reducer).
  bool ParseRegion(Region* r, const ArgList* preset) {
    r->loc = tok_.loc;
    if (!Expect(Tok::kLBrace, "'{'")) return false;
    scopes_.emplace_back();
    ArgList label_args;
    const ArgList* args = preset;
    if (Is(Tok::kCaretId)) {
      Advance();
      if (Is(Tok::kLParen) && !ParseBlockArgs(&label_args)) return false;
      if (!Expect(Tok::kColon, "':' after block label")) return false;
      args = &label_args;
    }
    if (args) {
      for (size_t k = 0; k < args->size(); ++k) {
        ValueId v = module_->NewValue((*args)[k].second, nullptr, r, static_cast<int>(k));
        r->args.push_back(v);
        if (!Define((*args)[k].first.text, {v}, (*args)[k].first.loc)) return false;
      }
    }
    bool terminated = false;
    while (!Is(Tok::kRBrace)) {
      if (Is(Tok::kEof) || Is(Tok::kError)) return Fail("expected '}' closing region");
      if (terminated) return Fail("operation after region terminator");
      if (Is(Tok::kCaretId)) return Fail("regions with several blocks are not supported");
      if (!ParseOperation(r, &terminated)) return false;
    }
    if (!terminated) return FailAt(tok_.loc, "region has no terminator (stablehlo.return / func.return)");
    Advance();
    scopes_.pop_back();
    return true;
  }

  bool ParseTerminator(Region* r) {
    Advance();  // the name
    if (!ParseOperandList(&r->results)) return false;
    if (Consume(Tok::kColon)) {
      std::vector<Type> types;
      do {
        Type t;
        if (!ParseType(&t)) return false;
        types.push_back(std::move(t));
      } while (Consume(Tok::kComma));
      if (types.size() != r->results.size()) return Fail("terminator type count does not match operands");
    }
    SkipTrailingLoc();
    return true;
  }

  // "func.return"(%a, %b) : (T, T) -> ()
  bool ParseGenericTerminator(Region* r) {
    Advance();
    if (!Expect(Tok::kLParen, "'('")) return false;
    if (!ParseOperandList(&r->results)) return false;
    if (!Expect(Tok::kRParen, "')'")) return false;
    if (Is(Tok::kLBrace)) {
      std::vector<NamedAttr> ignored;
      if (!ParseAttrDict(&ignored)) return false;
    }
    if (!Expect(Tok::kColon, "':'")) return false;
    Signature sig;
    if (!ParseSignature(&sig)) return false;
    if (sig.inputs.size() != r->results.size()) return Fail("terminator type count does not match operands");
    SkipTrailingLoc();
    return true;
  }

  // "func.func"() <{function_type = (..) -> .., sym_name = "f", sym_visibility = "private"}>
  //   ({ ^bb0(...): ... }) : () -> ()
  bool ParseGenericFunction() {
    Location loc = tok_.loc;
    Advance();
    auto f = std::make_unique<Function>();
    f->loc = loc;
    if (!Expect(Tok::kLParen, "'('") || !Expect(Tok::kRParen, "')'")) return false;
    std::vector<Type> arg_types;
    bool have_type = false;
    auto parse_props = [&](Tok close) -> bool {
      if (Is(close)) return true;
      do {
        if (!Is(Tok::kBareId) && !Is(Tok::kString)) return Fail("expected attribute name");
        std::string key = tok_.text;
        Advance();
        if (!Expect(Tok::kEqual, "'='")) return false;
        if (key == "function_type") {
          Signature sig;
          if (!ParseSignature(&sig)) return false;
          arg_types = sig.inputs;
          f->result_types = sig.results;
          have_type = true;
        } else {
          AttrPtr v;
          if (!ParseAttribute(&v)) return false;
          if (key == "sym_name") f->name = v->s;
          if (key == "sym_visibility") f->is_public = v->s == "public";
          if (key == "arg_attrs" || key == "res_attrs") {
            // [{...}, {...}]: one dictionary per argument / result.
            auto& out = key == "arg_attrs" ? f->arg_attrs : f->result_attrs;
            out.clear();
            if (v->kind != Attribute::Kind::kArray) return Fail(key + " must be an array of dictionaries");
            for (const AttrPtr& d : v->array) {
              if (!d || d->kind != Attribute::Kind::kDict) return Fail(key + " must be an array of dictionaries");
              auto& dict = out.emplace_back();
              for (const auto& [name, value] : d->dict) dict.push_back(NamedAttr{name, value});
            }
          }
        }
      } while (Consume(Tok::kComma));
      return true;
    };
    if (Consume(Tok::kLess)) {
      if (!Expect(Tok::kLBrace, "'{'") || !parse_props(Tok::kRBrace)) return false;
      if (!Expect(Tok::kRBrace, "'}'") || !Expect(Tok::kGreater, "'>'")) return false;
    }
    if (!Expect(Tok::kLParen, "'('")) return false;
    f->body = std::make_unique<Region>();
    if (!ParseRegion(f->body.get(), nullptr)) return false;
    if (!Expect(Tok::kRParen, "')'")) return false;
    if (Consume(Tok::kLBrace)) {
      if (!parse_props(Tok::kRBrace) || !Expect(Tok::kRBrace, "'}'")) return false;
    }
    if (!Expect(Tok::kColon, "':'")) return false;
    Signature ignored;
    if (!ParseSignature(&ignored)) return false;
    SkipTrailingLoc();
    if (!have_type || f->name.empty()) return FailAt(loc, "func.func needs function_type and sym_name");
    if (arg_types.size() != f->body->args.size()) return FailAt(loc, "function argument count mismatch");
    if (!f->arg_attrs.empty() && f->arg_attrs.size() != arg_types.size())
      return FailAt(loc, "arg_attrs has " + std::to_string(f->arg_attrs.size()) + " entries for " +
                             std::to_string(arg_types.size()) + " arguments");
    if (!f->result_attrs.empty() && f->result_attrs.size() != f->result_types.size())
      return FailAt(loc, "res_attrs has " + std::to_string(f->result_attrs.size()) + " entries for " +
                             std::to_string(f->result_types.size()) + " results");
    f->arg_attrs.resize(arg_types.size());
    f->result_attrs.resize(f->result_types.size());
    for (size_t k = 0; k < arg_types.size(); ++k)
      if (module_->type(f->body->args[k]) != arg_types[k]) return FailAt(loc, "function argument type mismatch");
    return FinishFunction(std::move(f));
  }

  // "sdy.mesh"() <{mesh = #sdy.mesh<...>, sym_name = "m"}> : () -> (): the generic spelling.
  bool ParseGenericMesh() {
    Location loc = tok_.loc;
    Advance();
    if (!Expect(Tok::kLParen, "'('") || !Expect(Tok::kRParen, "')'")) return false;
    std::vector<NamedAttr> attrs;
    if (Consume(Tok::kLess)) {
      if (!ParseAttrDict(&attrs) || !Expect(Tok::kGreater, "'>'")) return false;
    }
    if (Is(Tok::kLBrace) && !ParseAttrDict(&attrs)) return false;
    if (!Expect(Tok::kColon, "':'")) return false;
    Signature ignored;
    if (!ParseSignature(&ignored)) return false;
    SkipTrailingLoc();
    const Attribute* name = FindAttr(attrs, "sym_name");
    const Attribute* mesh = nullptr;
    for (const NamedAttr& a : attrs)
      if (a.name == "mesh") mesh = a.value.get();
    if (!name || name->kind != Attribute::Kind::kString || !mesh || mesh->name != "sdy.mesh")
      return FailAt(loc, "sdy.mesh needs sym_name and a #sdy.mesh");
    for (NamedAttr& a : attrs)
      if (a.name == "mesh") module_->meshes.emplace_back(name->s, std::move(a.value));
    return true;
  }

  bool ParseOperation(Region* block, bool* is_terminator) {
    Location loc = tok_.loc;
    // Result names: %0, %0:2, %a, %b
    std::vector<std::pair<Token, int64_t>> names;
    if (Is(Tok::kValueId)) {
      do {
        if (!Is(Tok::kValueId) || tok_.index >= 0) return Fail("expected result name");
        Token n = tok_;
        Advance();
        int64_t count = 1;
        if (Consume(Tok::kColon)) {
          if (!Is(Tok::kInteger)) return Fail("expected result count");
          uint64_t c;
          if (!ParseUnsigned(tok_.text, &c) || c > 4096) return Fail("bad result count");
          count = static_cast<int64_t>(c);
          Advance();
        }
        names.emplace_back(std::move(n), count);
      } while (Consume(Tok::kComma));
      if (!Expect(Tok::kEqual, "'='")) return false;
    }
    int64_t num_named = 0;
    for (auto& [n, c] : names) num_named += c;

    PendingOp p;
    p.loc = tok_.loc;
    if (Is(Tok::kString)) {
      p.spelled = tok_.text;
      if (IsTerminatorName(p.spelled)) {
        if (!names.empty()) return Fail("terminator cannot have results");
        *is_terminator = true;
        return ParseGenericTerminator(block);
      }
      if (!ResolveOpName(p.spelled, p.loc, &p.kind)) return false;
      Advance();
      if (!ParseGenericOp(&p)) return false;
    } else if (Is(Tok::kBareId)) {
      p.spelled = tok_.text;
      if (IsTerminatorName(p.spelled)) {
        if (!names.empty()) return Fail("terminator cannot have results");
        *is_terminator = true;
        return ParseTerminator(block);
      }
      if (!ResolveOpName(p.spelled, p.loc, &p.kind)) return false;
      Advance();
      if (!ParsePrettyOp(&p, num_named)) return false;
    } else {
      return Fail("expected operation");
    }
    SkipTrailingLoc();
    NormalizeAttributes(&p);

    if (!names.empty() && static_cast<int64_t>(p.result_types.size()) != num_named)
      return FailAt(loc, "op '" + p.spelled + "' defines " + std::to_string(num_named) +
                             " result names but has " + std::to_string(p.result_types.size()) + " results");
    auto op = std::make_unique<Op>();
    op->kind = p.kind;
    op->operands = std::move(p.operands);
    op->attrs = std::move(p.attrs);
    op->regions = std::move(p.regions);
    op->callee = std::move(p.callee);
    op->loc = p.loc;
    for (size_t k = 0; k < p.result_types.size(); ++k)
      op->results.push_back(module_->NewValue(p.result_types[k], op.get(), nullptr, static_cast<int>(k)));
    size_t next = 0;
    for (auto& [n, c] : names) {
      std::vector<ValueId> ids(op->results.begin() + static_cast<std::ptrdiff_t>(next),
                               op->results.begin() + static_cast<std::ptrdiff_t>(next + static_cast<size_t>(c)));
      next += static_cast<size_t>(c);
      if (!Define(n.text, std::move(ids), n.loc)) return false;
    }
    block->ops.push_back(std::move(op));
    return true;
  }

  static bool IsTerminatorName(const std::string& n) {
    return n == "stablehlo.return" || n == "func.return" || n == "return" || n == "sdy.return" ||
           n == "mhlo.return";
  }

  bool ResolveOpName(const std::string& name, Location loc, OpKind* kind) {
    auto k = OpKindFromName(name);
    if (k) {
      *kind = *k;
      return true;
    }
    if (name == "stablehlo.composite") {
      *kind = OpKind::kCall;
      return true;
    }
    if (name == "mhlo.sharding_constraint") {
      *kind = OpKind::kIdentity;
      return true;
    }
    return FailAt(loc, "unknown op '" + name + "'");
  }

  // "name"(operands) <{props}> ({regions}) {attrs} : (types) -> types
  bool ParseGenericOp(PendingOp* p) {
    if (!Expect(Tok::kLParen, "'('")) return false;
    if (!ParseOperandList(&p->operands)) return false;
    if (!Expect(Tok::kRParen, "')'")) return false;
    if (Is(Tok::kLess)) {
      Advance();
      if (!ParseAttrDict(&p->attrs)) return false;
      if (!Expect(Tok::kGreater, "'>'")) return false;
    }
    if (Consume(Tok::kLParen)) {
      do {
        auto r = std::make_unique<Region>();
        if (!ParseRegion(r.get(), nullptr)) return false;
        p->regions.push_back(std::move(r));
      } while (Consume(Tok::kComma));
      if (!Expect(Tok::kRParen, "')'")) return false;
    }
    if (Is(Tok::kLBrace) && !ParseAttrDict(&p->attrs)) return false;
    if (!Expect(Tok::kColon, "':'")) return false;
    Signature sig;
    if (!ParseSignature(&sig)) return false;
    if (!sig.functional) return Fail("generic op needs a function type");
    if (!CheckOperandTypes(*p, sig.inputs)) return false;
    p->result_types = std::move(sig.results);
    if (const Attribute* c = FindAttr(p->attrs, "callee")) p->callee = c->s;
    if (const Attribute* c = FindAttr(p->attrs, "call_target_name")) p->callee = c->s;
    if (p->spelled == "stablehlo.composite" || p->spelled == "\"stablehlo.composite\"") {
      if (const Attribute* d = FindAttr(p->attrs, "decomposition")) p->callee = d->s;
    }
    return true;
  }

  static const Attribute* FindAttr(const std::vector<NamedAttr>& attrs, std::string_view key) {
    for (const auto& a : attrs)
      if (a.name == key) return a.value.get();
    return nullptr;
  }

  bool CheckOperandTypes(const PendingOp& p, const std::vector<Type>& types) {
    if (types.size() != p.operands.size())
      return FailAt(p.loc, "op '" + p.spelled + "' has " + std::to_string(p.operands.size()) +
                               " operands but its type lists " + std::to_string(types.size()));
    for (size_t k = 0; k < types.size(); ++k) {
      if (module_->type(p.operands[k]) != types[k])
        return FailAt(p.loc, "op '" + p.spelled + "' operand #" + std::to_string(k) + " has type " +
                                 module_->type(p.operands[k]).ToString() + " but the op's type says " +
                                 types[k].ToString());
    }
    return true;
  }

  // Assigns result types from a pretty-form signature.
  bool ApplySignature(PendingOp* p, Signature& sig, int64_t num_named) {
    if (sig.functional) {
      if (!CheckOperandTypes(*p, sig.inputs)) return false;
      p->result_types = std::move(sig.results);
      return true;
    }
    std::vector<Type>& t = sig.inputs;
    if (p->kind == OpKind::kSelect && t.size() == 2) {
      p->result_types = {t[1]};
      return true;
    }
    if (p->kind == OpKind::kOptimizationBarrier || p->kind == OpKind::kTuple) {
      if (p->kind == OpKind::kTuple && t.size() == 1 && t[0].kind == Type::Kind::kTuple) {
        p->result_types = {t[0]};
        return true;
      }
      p->result_types = t;
      return true;
    }
    if (t.size() != 1) return FailAt(p->loc, "op '" + p->spelled + "' has an unexpected type list");
    int64_t n = num_named > 0 ? num_named : 1;
    for (int64_t k = 0; k < n; ++k) p->result_types.push_back(t[0]);
    // Same-type shorthand: every operand has the result type, except where the op says otherwise.
    bool mixed = p->kind == OpKind::kComplex || p->kind == OpKind::kIsFinite ||
                 p->kind == OpKind::kReal || p->kind == OpKind::kImag ||
                 p->kind == OpKind::kDynamicSlice || p->kind == OpKind::kAfterAll ||
                 p->kind == OpKind::kConvert || p->kind == OpKind::kClamp ||
                 p->kind == OpKind::kAbs || p->kind == OpKind::kBitcastConvert;
    if (!mixed) {
      for (size_t k = 0; k < p->operands.size(); ++k) {
        if (module_->type(p->operands[k]) != t[0])
          return FailAt(p->loc, "op '" + p->spelled + "' operand #" + std::to_string(k) + " has type " +
                                    module_->type(p->operands[k]).ToString() + " but the op's type says " +
                                    t[0].ToString());
      }
    }
    return true;
  }

  static std::string CanonicalKeyword(OpKind k, const std::string& w) {
    switch (k) {
      case OpKind::kBroadcastInDim: if (w == "dims") return "broadcast_dimensions"; break;
      case OpKind::kBroadcast: if (w == "sizes") return "broadcast_sizes"; break;
      case OpKind::kTranspose: if (w == "dims") return "permutation"; break;
      case OpKind::kReverse: if (w == "dims") return "dimensions"; break;
      case OpKind::kIota: if (w == "dim") return "iota_dimension"; break;
      case OpKind::kConcatenate: if (w == "dim") return "dimension"; break;
      case OpKind::kGetDimensionSize: if (w == "dim") return "dimension"; break;
      case OpKind::kDynamicSlice: if (w == "sizes") return "slice_sizes"; break;
      case OpKind::kPad:
        if (w == "low") return "edge_padding_low";
        if (w == "high") return "edge_padding_high";
        if (w == "interior") return "interior_padding";
        break;
      case OpKind::kFft:
        if (w == "type") return "fft_type";
        if (w == "length") return "fft_length";
        break;
      case OpKind::kRngBitGenerator: if (w == "algorithm") return "rng_algorithm"; break;
      case OpKind::kRng: if (w == "distribution") return "rng_distribution"; break;
      case OpKind::kDot:
      case OpKind::kDotGeneral: if (w == "precision") return "precision_config"; break;
      default: break;
    }
    return w;
  }

  // Operands, `keyword = value` items and bare enum words up to the attr-dict / ':'.
  bool ParsePrettyItems(PendingOp* p) {
    std::vector<std::string> words;
    while (!Is(Tok::kColon) && !Is(Tok::kLBrace) && !IsId("attributes")) {
      if (Is(Tok::kEof) || Is(Tok::kError)) return Fail("unexpected end of op");
      if (Is(Tok::kValueId)) {
        if (!ParseOperand(&p->operands)) return false;
      } else if (Is(Tok::kBareId)) {
        std::string w = tok_.text;
        Advance();
        if (Consume(Tok::kEqual)) {
          if (p->kind == OpKind::kReducePrecision && w == "format") {
            if (!Is(Tok::kBareId)) return Fail("expected eXmY format");
            const std::string& f = tok_.text;
            size_t m = f.find('m');
            if (f.size() < 4 || f[0] != 'e' || m == std::string::npos) return Fail("expected eXmY format");
            p->attrs.push_back({"exponent_bits", MakeIntAttr(std::atoll(f.substr(1, m - 1).c_str()))});
            p->attrs.push_back({"mantissa_bits", MakeIntAttr(std::atoll(f.substr(m + 1).c_str()))});
            Advance();
          } else {
            AttrPtr v;
            if (!ParsePrettyValue(&v)) return false;
            if (v->kind == Attribute::Kind::kArray && v->name == "pair") {
              std::string base = w == "batching_dims" ? "batching_dimensions"
                                 : w == "contracting_dims" ? "contracting_dimensions" : w;
              p->attrs.push_back({"lhs_" + base, v->array[0]});
              p->attrs.push_back({"rhs_" + base, v->array[1]});
            } else {
              p->attrs.push_back({CanonicalKeyword(p->kind, w), std::move(v)});
            }
          }
        } else {
          words.push_back(std::move(w));
        }
      } else if (Is(Tok::kLSquare)) {
        if (!ParseBracketSuffix(p)) return false;
      } else if (Is(Tok::kLess) && (p->kind == OpKind::kIdentity || p->kind == OpKind::kReshard)) {
        if (!SkipBalanced()) return false;  // sharding annotation
      } else {
        return Fail("unexpected token in '" + p->spelled + "'");
      }
      Consume(Tok::kComma);
    }
    if (p->kind == OpKind::kCompare) {
      if (words.empty()) return FailAt(p->loc, "compare needs a comparison direction");
      p->attrs.push_back({"comparison_direction", MakeEnumAttr(words[0])});
      if (words.size() > 1) p->attrs.push_back({"compare_type", MakeEnumAttr(words[1])});
    } else if (!words.empty()) {
      return FailAt(p->loc, "unexpected word '" + words[0] + "' in '" + p->spelled + "'");
    }
    return true;
  }

  // slice's [0:2, 1:3:1] and get_tuple_element's [0].
  bool ParseBracketSuffix(PendingOp* p) {
    Advance();
    if (p->kind == OpKind::kGetTupleElement) {
      if (!Is(Tok::kInteger)) return Fail("expected tuple index");
      uint64_t v;
      ParseUnsigned(tok_.text, &v);
      p->attrs.push_back({"index", MakeIntAttr(static_cast<int64_t>(v))});
      Advance();
      return Expect(Tok::kRSquare, "']'");
    }
    if (p->kind != OpKind::kSlice) return Fail("unexpected '['");
    std::vector<int64_t> start, limit, strides;
    if (!Is(Tok::kRSquare)) {
      do {
        int64_t v[3] = {0, 0, 1};
        for (int k = 0; k < 3; ++k) {
          if (k > 0 && !Consume(Tok::kColon)) {
            if (k == 1) return Fail("expected ':' in slice range");
            break;
          }
          bool neg = Consume(Tok::kMinus);
          if (!Is(Tok::kInteger)) return Fail("expected integer in slice range");
          uint64_t u;
          ParseUnsigned(tok_.text, &u);
          v[k] = neg ? -static_cast<int64_t>(u) : static_cast<int64_t>(u);
          Advance();
        }
        start.push_back(v[0]);
        limit.push_back(v[1]);
        strides.push_back(v[2]);
      } while (Consume(Tok::kComma));
    }
    if (!Expect(Tok::kRSquare, "']'")) return false;
    p->attrs.push_back({"start_indices", MakeIntListAttr(start)});
    p->attrs.push_back({"limit_indices", MakeIntListAttr(limit)});
    p->attrs.push_back({"strides", MakeIntListAttr(strides)});
    return true;
  }

  bool ParseAttrDictOpt(PendingOp* p) {
    if (ConsumeId("attributes")) return ParseAttrDict(&p->attrs);
    if (Is(Tok::kLBrace)) return ParseAttrDict(&p->attrs);
    return true;
  }

  bool FinishPretty(PendingOp* p, int64_t num_named) {
    if (!ParseAttrDictOpt(p)) return false;
    if (!Expect(Tok::kColon, "':'")) return false;
    Signature sig;
    if (!ParseSignature(&sig)) return false;
    return ApplySignature(p, sig, num_named);
  }

  bool ParsePrettyOp(PendingOp* p, int64_t num_named) {
    switch (p->kind) {
      case OpKind::kConstant: {
        if (Is(Tok::kLBrace) && !ParseAttrDict(&p->attrs)) return false;
        AttrPtr v;
        if (!ParseAttribute(&v)) return false;
        if (v->kind != Attribute::Kind::kDense) return FailAt(p->loc, "constant value must be a dense attribute");
        p->result_types = {v->type};
        p->attrs.push_back({"value", std::move(v)});
        return true;
      }
      case OpKind::kReduce: return ParsePrettyReduce(p, num_named);
      case OpKind::kWhile: return ParsePrettyWhile(p);
      case OpKind::kConvolution: return ParsePrettyConvolution(p, num_named);
      case OpKind::kCall:
      case OpKind::kCustomCall: {
        if (p->spelled == "stablehlo.composite") {
          if (!Is(Tok::kString)) return Fail("expected composite name");
          Advance();
          if (!ParseOperandList(&p->operands)) return false;
          if (!FinishPretty(p, num_named)) return false;
          if (const Attribute* d = FindAttr(p->attrs, "decomposition")) p->callee = d->s;
          if (p->callee.empty()) return FailAt(p->loc, "composite without decomposition");
          return true;
        }
        if (Is(Tok::kSymbol) || Is(Tok::kString)) {
          p->callee = tok_.text;
          Advance();
        } else {
          return Fail("expected callee symbol");
        }
        if (!Expect(Tok::kLParen, "'('")) return false;
        if (!ParseOperandList(&p->operands)) return false;
        if (!Expect(Tok::kRParen, "')'")) return false;
        return FinishPretty(p, num_named);
      }
      case OpKind::kTopK: {
        if (!Expect(Tok::kLParen, "'('")) return false;
        if (!ParseOperand(&p->operands)) return false;
        if (!Expect(Tok::kComma, "','")) return false;
        if (!ExpectId("k")) return false;
        if (!Expect(Tok::kEqual, "'='")) return false;
        if (!Is(Tok::kInteger)) return Fail("expected k");
        uint64_t k;
        ParseUnsigned(tok_.text, &k);
        p->attrs.push_back({"k", MakeIntAttr(static_cast<int64_t>(k))});
        Advance();
        if (Consume(Tok::kComma)) {
          if (!ExpectId("recall_target") || !Expect(Tok::kEqual, "'='")) return false;
          AttrPtr ignored;
          if (!ParsePrettyValue(&ignored)) return false;
        }
        if (!Expect(Tok::kRParen, "')'")) return false;
        return FinishPretty(p, num_named);
      }
      case OpKind::kManualComputation: return ParsePrettyManualComputation(p);
      case OpKind::kCase:
      case OpKind::kIf:
      case OpKind::kSort:
      case OpKind::kGather:
      case OpKind::kScatter:
      case OpKind::kReduceWindow:
      case OpKind::kSelectAndScatter:
      case OpKind::kMap:
      case OpKind::kAllReduce:
      case OpKind::kReduceScatter:
        return FailAt(p->loc, "op '" + p->spelled + "' is expected in generic form");
      default:
        if (!ParsePrettyItems(p)) return false;
        return FinishPretty(p, num_named);
    }
  }

  // stablehlo.reduce(%x init: %c), (%y init: %d) applies stablehlo.add across dimensions = [1]
  //   : sig  |  ... across dimensions = [1] : sig reducer(%a: T, %b: T) (%c: T, %d: T) { body }
  bool ParsePrettyReduce(PendingOp* p, int64_t num_named) {
    std::vector<ValueId> inputs, inits;
    do {
      if (!Expect(Tok::kLParen, "'('")) return false;
      if (!ParseOperand(&inputs)) return false;
      if (!ExpectId("init") || !Expect(Tok::kColon, "':'")) return false;
      if (!ParseOperand(&inits)) return false;
      if (!Expect(Tok::kRParen, "')'")) return false;
    } while (Consume(Tok::kComma));
    p->operands = inputs;
    p->operands.insert(p->operands.end(), inits.begin(), inits.end());
    OpKind body_kind = OpKind::kUnknown;
    Location body_loc = tok_.loc;
    if (ConsumeId("applies")) {
      if (!Is(Tok::kBareId)) return Fail("expected reducer op name");
      auto k = OpKindFromName(tok_.text);
      if (!k || GetOpClass(*k) != OpClass::kBinary) return FailAt(tok_.loc, "unknown reducer op '" + tok_.text + "'");
      body_kind = *k;
      Advance();
    }
    if (!ExpectId("across") || !ExpectId("dimensions") || !Expect(Tok::kEqual, "'='")) return false;
    AttrPtr dims;
    if (!ParsePrettyValue(&dims)) return false;
    p->attrs.push_back({"dimensions", dims});
    if (!FinishPretty(p, num_named)) return false;
    auto region = std::make_unique<Region>();
    if (body_kind != OpKind::kUnknown) {
      if (inputs.size() != 1) return FailAt(body_loc, "'applies' form needs exactly one input");
      Type scalar = Type::Scalar(module_->type(inits[0]).element);
      ValueId a = module_->NewValue(scalar, nullptr, region.get(), 0);
      ValueId b = module_->NewValue(scalar, nullptr, region.get(), 1);
      region->args = {a, b};
      auto body = std::make_unique<Op>();
      body->kind = body_kind;
      body->operands = {a, b};
      body->loc = body_loc;
      body->results.push_back(module_->NewValue(scalar, body.get(), nullptr, 0));
      region->results = {body->results[0]};
      region->ops.push_back(std::move(body));
    } else {
      if (!ExpectId("reducer")) return false;
      ArgList lhs, rhs;
      while (Is(Tok::kLParen)) {
        ArgList pair;
        if (!ParseBlockArgs(&pair)) return false;
        if (pair.size() != 2) return Fail("reducer argument groups have two arguments");
        lhs.push_back(pair[0]);
        rhs.push_back(pair[1]);
      }
      ArgList all = lhs;
      all.insert(all.end(), rhs.begin(), rhs.end());
      if (!ParseRegion(region.get(), &all)) return false;
    }
    p->regions.push_back(std::move(region));
    return true;
  }

  // stablehlo.while(%iterArg = %x, ...) : T, ... [attributes {...}] cond { } do { }
  bool ParsePrettyWhile(PendingOp* p) {
    if (!Expect(Tok::kLParen, "'('")) return false;
    std::vector<Token> names;
    if (!Is(Tok::kRParen)) {
      do {
        if (!Is(Tok::kValueId)) return Fail("expected loop-carried name");
        names.push_back(tok_);
        Advance();
        if (!Expect(Tok::kEqual, "'='")) return false;
        if (!ParseOperand(&p->operands)) return false;
      } while (Consume(Tok::kComma));
    }
    if (!Expect(Tok::kRParen, "')'")) return false;
    std::vector<Type> types;
    if (Consume(Tok::kColon)) {
      do {
        Type t;
        if (!ParseType(&t)) return false;
        types.push_back(std::move(t));
      } while (Consume(Tok::kComma));
    }
    if (types.size() != names.size()) return FailAt(p->loc, "while: type count does not match operands");
    for (size_t k = 0; k < types.size(); ++k)
      if (module_->type(p->operands[k]) != types[k]) return FailAt(p->loc, "while: operand type mismatch");
    if (!ParseAttrDictOpt(p)) return false;
    ArgList args;
    for (size_t k = 0; k < names.size(); ++k) args.emplace_back(names[k], types[k]);
    if (!ExpectId("cond")) return false;
    auto cond = std::make_unique<Region>();
    if (!ParseRegion(cond.get(), &args)) return false;
    if (!ExpectId("do")) return false;
    auto body = std::make_unique<Region>();
    if (!ParseRegion(body.get(), &args)) return false;
    p->regions.push_back(std::move(cond));
    p->regions.push_back(std::move(body));
    p->result_types = types;
    return true;
  }

  // sdy.manual_computation(%a, %b) in_shardings=[..] out_shardings=[..] manual_axes={..}
  //   (%x: T, %y: T) { ... sdy.return ... } : (global types) -> (global types)
  // The sharding attributes only describe how the runner splits values; they are skipped.
  bool ParsePrettyManualComputation(PendingOp* p) {
    if (!Expect(Tok::kLParen, "'('")) return false;
    if (!ParseOperandList(&p->operands)) return false;
    if (!Expect(Tok::kRParen, "')'")) return false;
    // in_shardings=[<@m, [..]>, ..] out_shardings=[..] manual_axes={"x"}: the shardings say how
    // the host's global values relate to the region's local ones (kept for the executable's
    // description); the manual axes are implied by them.
    while (!Is(Tok::kLParen)) {
      if (IsId("in_shardings") || IsId("out_shardings")) {
        std::string key = tok_.text;
        Advance();
        if (!Expect(Tok::kEqual, "'='") || !Expect(Tok::kLSquare, "'['")) return false;
        auto list = std::make_shared<Attribute>();
        list->kind = Attribute::Kind::kArray;
        if (!Is(Tok::kRSquare)) {
          do {
            AttrPtr sharding;
            if (!Expect(Tok::kLess, "'<'") || !ParseSdyShardingBody(&sharding) || !Expect(Tok::kGreater, "'>'"))
              return false;
            list->array.push_back(std::move(sharding));
          } while (Consume(Tok::kComma));
        }
        if (!Expect(Tok::kRSquare, "']'")) return false;
        p->attrs.push_back({key, std::move(list)});
      } else if (IsId("manual_axes")) {
        Advance();
        if (!Expect(Tok::kEqual, "'='")) return false;
        AttrPtr axes;
        if (!ParseSdyAxisList(&axes)) return false;
        p->attrs.push_back({"manual_axes", std::move(axes)});
      } else {
        return Fail("expected the region arguments of sdy.manual_computation");
      }
    }
    ArgList args;
    if (!ParseBlockArgs(&args)) return false;
    auto body = std::make_unique<Region>();
    if (!ParseRegion(body.get(), &args)) return false;
    p->regions.push_back(std::move(body));
    if (!Expect(Tok::kColon, "':'")) return false;
    Signature sig;
    if (!ParseSignature(&sig)) return false;
    if (!sig.functional) return FailAt(p->loc, "sdy.manual_computation needs a functional type");
    return ApplySignature(p, sig, 0);
  }

  // stablehlo.convolution(%a, %b) dim_numbers = [..]x[..]->[..], window = {..} {attrs} : sig
  bool ParsePrettyConvolution(PendingOp* p, int64_t num_named) {
    if (!Expect(Tok::kLParen, "'('")) return false;
    if (!ParseOperandList(&p->operands)) return false;
    if (!Expect(Tok::kRParen, "')'")) return false;
    if (!ExpectId("dim_numbers") || !Expect(Tok::kEqual, "'='")) return false;
    if (!ParseConvDimNumbers(&p->attrs)) return false;
    if (Consume(Tok::kComma)) {
      if (!ExpectId("window") || !Expect(Tok::kEqual, "'='")) return false;
      AttrPtr w;
      if (!ParsePrettyValue(&w)) return false;
      for (auto& [k, v] : w->dict) {
        if (k == "stride") p->attrs.push_back({"window_strides", v});
        else if (k == "pad") p->attrs.push_back({"padding", v});
        else if (k == "lhs_dilate") p->attrs.push_back({"lhs_dilation", v});
        else if (k == "rhs_dilate") p->attrs.push_back({"rhs_dilation", v});
        else if (k == "reverse") p->attrs.push_back({"window_reversal", v});
      }
    }
    return FinishPretty(p, num_named);
  }

  // Pretty and generic forms name some fields differently; flatten to one spelling.
  void NormalizeAttributes(PendingOp* p) {
    std::vector<NamedAttr> extra;
    for (const NamedAttr& a : p->attrs) {
      const Attribute* v = a.value.get();
      if (v->kind == Attribute::Kind::kDict &&
          (a.name == "dot_dimension_numbers" || a.name == "dimension_numbers" ||
           a.name == "scatter_dimension_numbers")) {
        for (const auto& [k, fv] : v->dict) extra.push_back({k, fv});
      }
      if (a.name == "precision_config" && v->kind == Attribute::Kind::kArray) {
        // keep as is; enums are read when needed
      }
    }
    for (auto& e : extra) p->attrs.push_back(std::move(e));
    // Enum attributes given as #stablehlo<comparison_direction GT> are kEnum already.
  }

  // ---------------------------------------------------------------- functions and module
  bool ParseFunction() {
    Location loc = tok_.loc;
    Advance();  // func.func
    auto f = std::make_unique<Function>();
    f->loc = loc;
    if (IsId("public") || IsId("private") || IsId("nested")) {
      f->is_public = tok_.text == "public";
      Advance();
    }
    if (!Is(Tok::kSymbol)) return Fail("expected function name");
    f->name = tok_.text;
    Advance();
    ArgList args;
    if (!ParseBlockArgs(&args, &f->arg_attrs)) return false;
    if (Consume(Tok::kArrow)) {
      if (!ParseResultTypes(&f->result_types, &f->result_attrs)) return false;
    }
    if (ConsumeId("attributes")) {
      std::vector<NamedAttr> ignored;
      if (!ParseAttrDict(&ignored)) return false;
    }
    f->body = std::make_unique<Region>();
    if (!ParseRegion(f->body.get(), &args)) return false;
    SkipTrailingLoc();
    return FinishFunction(std::move(f));
  }

  bool FinishFunction(std::unique_ptr<Function> f) {
    Location loc = f->loc;
    if (f->body->results.size() != f->result_types.size())
      return FailAt(loc, "function @" + f->name + " returns " + std::to_string(f->body->results.size()) +
                             " values but declares " + std::to_string(f->result_types.size()));
    for (size_t k = 0; k < f->result_types.size(); ++k)
      if (module_->type(f->body->results[k]) != f->result_types[k])
        return FailAt(loc, "function @" + f->name + " result #" + std::to_string(k) + " has type " +
                               module_->type(f->body->results[k]).ToString() + " but declares " +
                               f->result_types[k].ToString());
    if (module_->FindFunction(f->name)) return FailAt(loc, "redefinition of function @" + f->name);
    module_->functions.push_back(std::move(f));
    return true;
  }

  bool ParseAliasDefinition() {
    std::string name = tok_.text;
    Advance();
    if (!Expect(Tok::kEqual, "'='")) return false;
    AttrPtr v;
    if (!ParseAttribute(&v)) return false;
    aliases_[name] = std::move(v);
    return true;
  }

  bool ParseModuleBody() {
    while (!Is(Tok::kRBrace) && !Is(Tok::kEof)) {
      if (Is(Tok::kString) && tok_.text == "func.func") {
        if (!ParseGenericFunction()) return false;
      } else if (Is(Tok::kString) && tok_.text == "sdy.mesh") {
        if (!ParseGenericMesh()) return false;
      } else if (IsId("func.func")) {
        if (!ParseFunction()) return false;
      } else if (IsId("sdy.mesh")) {
        Advance();
        if (!Is(Tok::kSymbol)) return Fail("expected mesh name");
        std::string mesh_name = tok_.text;
        Advance();
        if (!Expect(Tok::kEqual, "'='") || !Expect(Tok::kLess, "'<' opening the mesh")) return false;
        AttrPtr mesh;
        if (!ParseSdyMeshBody(&mesh) || !Expect(Tok::kGreater, "'>' closing the mesh")) return false;
        module_->meshes.emplace_back(std::move(mesh_name), std::move(mesh));
        if (Is(Tok::kLBrace) && !SkipBalanced()) return false;
        SkipTrailingLoc();
      } else if (Is(Tok::kHashId)) {
        if (!ParseAliasDefinition()) return false;
      } else if (Is(Tok::kBareId) || Is(Tok::kString)) {
        return FailAt(tok_.loc, "unknown op '" + tok_.text + "'");
      } else {
        return Fail("expected func.func");
      }
    }
    return true;
  }

  void ReadModuleAttrs(const std::vector<NamedAttr>& attrs) {
    for (auto& a : attrs) {
      if (a.name == "mhlo.num_replicas" && a.value->kind == Attribute::Kind::kInt)
        module_->num_replicas = static_cast<int>(a.value->i);
      if (a.name == "mhlo.num_partitions" && a.value->kind == Attribute::Kind::kInt)
        module_->num_partitions = static_cast<int>(a.value->i);
      if (a.name == "sym_name" && a.value->kind == Attribute::Kind::kString) module_->name = a.value->s;
    }
  }

  // "builtin.module"() <{sym_name = "m"}> ({ ... }) {attrs} : () -> ()
  bool ParseGenericModule() {
    if (saw_module_) return Fail("only one module is supported");
    saw_module_ = true;
    Advance();
    if (!Expect(Tok::kLParen, "'('") || !Expect(Tok::kRParen, "')'")) return false;
    std::vector<NamedAttr> attrs;
    if (Consume(Tok::kLess)) {
      if (!ParseAttrDict(&attrs) || !Expect(Tok::kGreater, "'>'")) return false;
    }
    if (!Expect(Tok::kLParen, "'('") || !Expect(Tok::kLBrace, "'{'")) return false;
    if (Is(Tok::kCaretId)) {
      Advance();
      if (!Expect(Tok::kColon, "':'")) return false;
    }
    if (!ParseModuleBody()) return false;
    if (!Expect(Tok::kRBrace, "'}'") || !Expect(Tok::kRParen, "')'")) return false;
    if (Is(Tok::kLBrace) && !ParseAttrDict(&attrs)) return false;
    if (!Expect(Tok::kColon, "':'")) return false;
    Signature ignored;
    if (!ParseSignature(&ignored)) return false;
    SkipTrailingLoc();
    ReadModuleAttrs(attrs);
    return true;
  }

  bool ParseTopLevel() {
    scopes_.emplace_back();
    while (!Is(Tok::kEof)) {
      if (Is(Tok::kError)) return Fail("");
      if (Is(Tok::kHashId)) {
        if (!ParseAliasDefinition()) return false;
      } else if (IsId("module")) {
        if (saw_module_) return Fail("only one module is supported");
        saw_module_ = true;
        Advance();
        if (Is(Tok::kSymbol)) {
          module_->name = tok_.text;
          Advance();
        }
        if (ConsumeId("attributes")) {
          std::vector<NamedAttr> attrs;
          if (!ParseAttrDict(&attrs)) return false;
          for (auto& a : attrs) {
            if (a.name == "mhlo.num_replicas" && a.value->kind == Attribute::Kind::kInt)
              module_->num_replicas = static_cast<int>(a.value->i);
            if (a.name == "mhlo.num_partitions" && a.value->kind == Attribute::Kind::kInt)
              module_->num_partitions = static_cast<int>(a.value->i);
          }
        }
        if (!Expect(Tok::kLBrace, "'{'")) return false;
        if (!ParseModuleBody()) return false;
        if (!Expect(Tok::kRBrace, "'}' closing module")) return false;
        SkipTrailingLoc();
      } else if (IsId("func.func")) {
        if (!ParseFunction()) return false;
      } else if (Is(Tok::kString) && tok_.text == "builtin.module") {
        if (!ParseGenericModule()) return false;
      } else {
        if (Is(Tok::kBareId) || Is(Tok::kString)) return FailAt(tok_.loc, "unknown op '" + tok_.text + "'");
        return Fail("expected 'module'");
      }
    }
    return true;
  }

  Lexer lex_;
  Token tok_;
  std::unique_ptr<Module> module_;
  std::string error_;
  std::vector<std::unordered_map<std::string, std::vector<ValueId>>> scopes_;
  std::unordered_map<std::string, AttrPtr> aliases_;
  bool allow_index_ = false;
  bool saw_module_ = false;
};

}  // namespace

StatusOr<std::unique_ptr<Module>> ParseModule(std::string_view text) {
  Parser parser(text);
  return parser.Run();
}

}  // namespace jaxlib::compiler
