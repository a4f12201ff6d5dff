// Verifier: recomputes result shapes/types from operands and attributes and rejects anything
// inconsistent, with the op's name and location. Kernels rely on these checks; keep them strict.
#include "runtime/compiler/verify.h"

#include <algorithm>
#include <set>
#include <string>

namespace jaxlib::compiler {

bool ReadPadding(const Op& op, std::string_view key, size_t rank,
                 std::vector<std::pair<int64_t, int64_t>>* out) {
  out->assign(rank, {0, 0});
  const Attribute* a = op.attr(key);
  if (!a) return true;
  std::vector<int64_t> flat;
  if (a->kind == Attribute::Kind::kArray) {
    for (const AttrPtr& e : a->array) {
      std::vector<int64_t> pair;
      if (!e->AsIntList(&pair)) return false;
      flat.insert(flat.end(), pair.begin(), pair.end());
    }
  } else if (!a->AsIntList(&flat)) {
    return false;
  }
  if (flat.size() != 2 * rank) return false;
  for (size_t k = 0; k < rank; ++k) (*out)[k] = {flat[2 * k], flat[2 * k + 1]};
  return true;
}

namespace {

std::string DimsStr(const std::vector<int64_t>& d) {
  std::string s = "[";
  for (size_t k = 0; k < d.size(); ++k) s += (k ? ", " : "") + std::to_string(d[k]);
  return s + "]";
}

class Verifier {
 public:
  explicit Verifier(const Module& m) : m_(m) {}

  Status Run() {
    for (const auto& f : m_.functions) {
      JAXLIB_RETURN_IF_ERROR(VerifyRegion(*f->body));
    }
    return Status::Ok();
  }

 private:
  const Type& T(ValueId v) const { return m_.type(v); }

  Status Err(const Op& op, const std::string& msg) const {
    std::string where = op.loc.line > 0 ? op.loc.ToString() + ": " : "";
    std::string name(OpName(op.kind));
    if (op.kind == OpKind::kCustomCall) name += " @" + op.callee;
    return InvalidArgument(where + "op '" + name + "': " + msg);
  }

  Status VerifyRegion(const Region& r) {
    for (const auto& op : r.ops) {
      for (ValueId v : op->operands)
        if (v < 0 || static_cast<size_t>(v) >= m_.values.size()) return Err(*op, "invalid operand");
      JAXLIB_RETURN_IF_ERROR(VerifyOp(*op));
      for (const auto& sub : op->regions) JAXLIB_RETURN_IF_ERROR(VerifyRegion(*sub));
    }
    return Status::Ok();
  }

  Status NeedOperands(const Op& op, size_t n) const {
    if (op.operands.size() != n)
      return Err(op, "expects " + std::to_string(n) + " operands, got " + std::to_string(op.operands.size()));
    return Status::Ok();
  }
  Status NeedResults(const Op& op, size_t n) const {
    if (op.results.size() != n)
      return Err(op, "expects " + std::to_string(n) + " results, got " + std::to_string(op.results.size()));
    return Status::Ok();
  }
  Status AllTensors(const Op& op) const {
    for (ValueId v : op.operands)
      if (!T(v).is_tensor()) return Err(op, "operands must be tensors, got " + T(v).ToString());
    for (ValueId v : op.results)
      if (!T(v).is_tensor()) return Err(op, "results must be tensors, got " + T(v).ToString());
    return Status::Ok();
  }
  Status ExpectResult(const Op& op, size_t i, const Type& want) const {
    if (T(op.results[i]) != want)
      return Err(op, "result #" + std::to_string(i) + " should be " + want.ToString() + " but is declared " +
                         T(op.results[i]).ToString());
    return Status::Ok();
  }
  Status CheckDimList(const Op& op, const std::vector<int64_t>& dims, int rank, const char* what,
                      bool unique = true) const {
    std::set<int64_t> seen;
    for (int64_t d : dims) {
      if (d < 0 || d >= rank) return Err(op, std::string(what) + " " + DimsStr(dims) + " out of range for rank " + std::to_string(rank));
      if (unique && !seen.insert(d).second) return Err(op, std::string(what) + " " + DimsStr(dims) + " has duplicates");
    }
    return Status::Ok();
  }
  Status ScalarIndex(const Op& op, ValueId v) const {
    const Type& t = T(v);
    if (!t.is_tensor() || t.rank() != 0 || !IsAnyInteger(t.element))
      return Err(op, "index operands must be 0-d integer tensors, got " + t.ToString());
    return Status::Ok();
  }
  // A region's arguments must be the given types and its results the given types.
  Status RegionSignature(const Op& op, const Region& r, const std::vector<Type>& args,
                         const std::vector<Type>& results, const char* what) const {
    if (r.args.size() != args.size())
      return Err(op, std::string(what) + " takes " + std::to_string(r.args.size()) + " arguments, expected " +
                         std::to_string(args.size()));
    for (size_t k = 0; k < args.size(); ++k)
      if (T(r.args[k]) != args[k])
        return Err(op, std::string(what) + " argument #" + std::to_string(k) + " is " + T(r.args[k]).ToString() +
                           ", expected " + args[k].ToString());
    if (r.results.size() != results.size())
      return Err(op, std::string(what) + " returns " + std::to_string(r.results.size()) + " values, expected " +
                         std::to_string(results.size()));
    for (size_t k = 0; k < results.size(); ++k)
      if (T(r.results[k]) != results[k])
        return Err(op, std::string(what) + " result #" + std::to_string(k) + " is " + T(r.results[k]).ToString() +
                           ", expected " + results[k].ToString());
    return Status::Ok();
  }

  Status VerifyElementwise(const Op& op) {
    OpClass cls = GetOpClass(op.kind);
    size_t n = cls == OpClass::kUnary ? 1 : cls == OpClass::kBinary ? 2 : 3;
    JAXLIB_RETURN_IF_ERROR(NeedOperands(op, n));
    JAXLIB_RETURN_IF_ERROR(NeedResults(op, 1));
    JAXLIB_RETURN_IF_ERROR(AllTensors(op));
    const Type& r = T(op.results[0]);
    if (op.kind == OpKind::kSelect) {
      const Type& p = T(op.operands[0]);
      if (p.element != ElementType::kPred) return Err(op, "predicate must be i1, got " + p.ToString());
      if (p.rank() != 0 && p.dims != r.dims) return Err(op, "predicate shape must be scalar or match the result");
      if (T(op.operands[1]) != r || T(op.operands[2]) != r) return Err(op, "branches must match the result type");
      return Status::Ok();
    }
    if (op.kind == OpKind::kClamp) {
      const Type& x = T(op.operands[1]);
      if (x != r) return Err(op, "operand must match the result type");
      for (int k : {0, 2}) {
        const Type& b = T(op.operands[static_cast<size_t>(k)]);
        if (b.element != r.element || (b.rank() != 0 && b.dims != r.dims))
          return Err(op, "min/max must be scalars or match the operand");
      }
      return Status::Ok();
    }
    for (ValueId v : op.operands)
      if (T(v).dims != r.dims)
        return Err(op, "operand shape " + T(v).ToString() + " does not match result " + r.ToString());
    const Type& a = T(op.operands[0]);
    switch (op.kind) {
      case OpKind::kConvert:
        return Status::Ok();
      case OpKind::kCompare: {
        if (r.element != ElementType::kPred) return Err(op, "result must be i1");
        if (T(op.operands[1]).element != a.element) return Err(op, "operands must have the same element type");
        static const std::set<std::string> kDirs = {"EQ", "NE", "LT", "LE", "GT", "GE"};
        if (!kDirs.count(op.EnumAttr("comparison_direction")))
          return Err(op, "invalid comparison direction '" + op.EnumAttr("comparison_direction") + "'");
        return Status::Ok();
      }
      case OpKind::kIsFinite:
      case OpKind::kIsInf:
      case OpKind::kIsNegInf:
      case OpKind::kIsPosInf:
        if (r.element != ElementType::kPred) return Err(op, "result must be i1");
        if (!IsAnyFloat(a.element)) return Err(op, "operand must be floating point");
        return Status::Ok();
      case OpKind::kReal:
      case OpKind::kImag:
      case OpKind::kAbs: {
        ElementType want = a.element == ElementType::kC64 ? ElementType::kF32
                         : a.element == ElementType::kC128 ? ElementType::kF64 : a.element;
        if (r.element != want) return Err(op, "result element type should be " + std::string(ElementTypeMlirName(want)));
        return Status::Ok();
      }
      case OpKind::kComplex: {
        if (T(op.operands[1]).element != a.element) return Err(op, "operands must have the same element type");
        ElementType want = a.element == ElementType::kF32 ? ElementType::kC64
                         : a.element == ElementType::kF64 ? ElementType::kC128 : ElementType::kInvalid;
        if (r.element != want) return Err(op, "operands must be f32/f64 and the result the matching complex type");
        return Status::Ok();
      }
      default:
        for (ValueId v : op.operands)
          if (T(v).element != r.element)
            return Err(op, "operand element type " + T(v).ToString() + " does not match result " + r.ToString());
        return Status::Ok();
    }
  }

  Status VerifyOp(const Op& op) {
    if (IsElementwise(op.kind)) return VerifyElementwise(op);
    switch (op.kind) {
      case OpKind::kConstant: {
        JAXLIB_RETURN_IF_ERROR(NeedOperands(op, 0));
        JAXLIB_RETURN_IF_ERROR(NeedResults(op, 1));
        const Attribute* v = op.attr("value");
        if (!v || v->kind != Attribute::Kind::kDense) return Err(op, "missing dense value");
        if (v->dense->type != T(op.results[0])) return Err(op, "value type does not match result type");
        return Status::Ok();
      }
      case OpKind::kIota: {
        JAXLIB_RETURN_IF_ERROR(NeedResults(op, 1));
        JAXLIB_RETURN_IF_ERROR(AllTensors(op));
        int64_t d = op.IntAttr("iota_dimension", -1);
        if (d < 0 || d >= T(op.results[0]).rank()) return Err(op, "iota_dimension out of range");
        return Status::Ok();
      }
      case OpKind::kBroadcastInDim: {
        JAXLIB_RETURN_IF_ERROR(NeedOperands(op, 1));
        JAXLIB_RETURN_IF_ERROR(NeedResults(op, 1));
        JAXLIB_RETURN_IF_ERROR(AllTensors(op));
        const Type& x = T(op.operands[0]);
        const Type& r = T(op.results[0]);
        std::vector<int64_t> dims = op.IntListAttr("broadcast_dimensions");
        if (static_cast<int>(dims.size()) != x.rank()) return Err(op, "broadcast_dimensions size must equal operand rank");
        JAXLIB_RETURN_IF_ERROR(CheckDimList(op, dims, r.rank(), "broadcast_dimensions"));
        for (size_t k = 0; k < dims.size(); ++k)
          if (x.dims[k] != 1 && x.dims[k] != r.dims[static_cast<size_t>(dims[k])])
            return Err(op, "operand dimension " + std::to_string(k) + " (" + std::to_string(x.dims[k]) +
                               ") cannot broadcast to " + std::to_string(r.dims[static_cast<size_t>(dims[k])]));
        if (x.element != r.element) return Err(op, "element type mismatch");
        return Status::Ok();
      }
      case OpKind::kBroadcast: {
        JAXLIB_RETURN_IF_ERROR(NeedOperands(op, 1));
        JAXLIB_RETURN_IF_ERROR(NeedResults(op, 1));
        std::vector<int64_t> dims = op.IntListAttr("broadcast_sizes");
        for (int64_t d : T(op.operands[0]).dims) dims.push_back(d);
        return ExpectResult(op, 0, Type::Tensor(T(op.operands[0]).element, dims));
      }
      case OpKind::kReshape:
      case OpKind::kBitcastConvert: {
        JAXLIB_RETURN_IF_ERROR(NeedOperands(op, 1));
        JAXLIB_RETURN_IF_ERROR(NeedResults(op, 1));
        JAXLIB_RETURN_IF_ERROR(AllTensors(op));
        const Type& x = T(op.operands[0]);
        const Type& r = T(op.results[0]);
        if (op.kind == OpKind::kReshape) {
          if (x.element != r.element) return Err(op, "element type mismatch");
          if (x.element_count() != r.element_count()) return Err(op, "element count mismatch");
        } else {
          // Width changes add or drop a minor dimension (widths in bits: s4 to s8 pairs elements).
          // A pred is one byte here, as in memory.
          auto width = [](ElementType e) -> int64_t { return e == ElementType::kPred ? 8 : ElementTypeBitWidth(e); };
          int64_t xs = width(x.element), rs = width(r.element);
          if (xs == 0 || rs == 0 || x.element_count() * xs != r.element_count() * rs)
            return Err(op, "operand and result sizes differ");
          std::vector<int64_t> want = x.dims;
          if (xs > rs) want.push_back(xs / rs);
          else if (rs > xs) {
            if (want.empty() || want.back() != rs / xs) return Err(op, "bad bitcast shape");
            want.pop_back();
          }
          if (want != r.dims) return Err(op, "bad bitcast shape");
        }
        return Status::Ok();
      }
      case OpKind::kTranspose: {
        JAXLIB_RETURN_IF_ERROR(NeedOperands(op, 1));
        JAXLIB_RETURN_IF_ERROR(NeedResults(op, 1));
        JAXLIB_RETURN_IF_ERROR(AllTensors(op));
        const Type& x = T(op.operands[0]);
        std::vector<int64_t> perm = op.IntListAttr("permutation");
        if (static_cast<int>(perm.size()) != x.rank()) return Err(op, "permutation size must equal rank");
        JAXLIB_RETURN_IF_ERROR(CheckDimList(op, perm, x.rank(), "permutation"));
        std::vector<int64_t> dims;
        for (int64_t p : perm) dims.push_back(x.dims[static_cast<size_t>(p)]);
        return ExpectResult(op, 0, Type::Tensor(x.element, dims));
      }
      case OpKind::kSlice: {
        JAXLIB_RETURN_IF_ERROR(NeedOperands(op, 1));
        JAXLIB_RETURN_IF_ERROR(NeedResults(op, 1));
        JAXLIB_RETURN_IF_ERROR(AllTensors(op));
        const Type& x = T(op.operands[0]);
        auto start = op.IntListAttr("start_indices"), limit = op.IntListAttr("limit_indices"),
             strides = op.IntListAttr("strides");
        size_t r = static_cast<size_t>(x.rank());
        if (strides.empty()) strides.assign(r, 1);
        if (start.size() != r || limit.size() != r || strides.size() != r) return Err(op, "slice attribute sizes must equal rank");
        std::vector<int64_t> dims;
        for (size_t k = 0; k < r; ++k) {
          if (start[k] < 0 || start[k] > limit[k] || limit[k] > x.dims[k] || strides[k] <= 0)
            return Err(op, "invalid slice range in dimension " + std::to_string(k));
          dims.push_back((limit[k] - start[k] + strides[k] - 1) / strides[k]);
        }
        return ExpectResult(op, 0, Type::Tensor(x.element, dims));
      }
      case OpKind::kDynamicSlice: {
        JAXLIB_RETURN_IF_ERROR(NeedResults(op, 1));
        if (op.operands.empty()) return Err(op, "missing operand");
        const Type& x = T(op.operands[0]);
        if (op.operands.size() != static_cast<size_t>(x.rank()) + 1) return Err(op, "needs one start index per dimension");
        for (size_t k = 1; k < op.operands.size(); ++k) JAXLIB_RETURN_IF_ERROR(ScalarIndex(op, op.operands[k]));
        auto sizes = op.IntListAttr("slice_sizes");
        if (sizes.size() != static_cast<size_t>(x.rank())) return Err(op, "slice_sizes size must equal rank");
        for (size_t k = 0; k < sizes.size(); ++k)
          if (sizes[k] < 0 || sizes[k] > x.dims[k]) return Err(op, "slice size exceeds operand dimension");
        return ExpectResult(op, 0, Type::Tensor(x.element, sizes));
      }
      case OpKind::kDynamicUpdateSlice: {
        JAXLIB_RETURN_IF_ERROR(NeedResults(op, 1));
        if (op.operands.size() < 2) return Err(op, "missing operands");
        const Type& x = T(op.operands[0]);
        const Type& u = T(op.operands[1]);
        if (op.operands.size() != static_cast<size_t>(x.rank()) + 2) return Err(op, "needs one start index per dimension");
        for (size_t k = 2; k < op.operands.size(); ++k) JAXLIB_RETURN_IF_ERROR(ScalarIndex(op, op.operands[k]));
        if (u.rank() != x.rank() || u.element != x.element) return Err(op, "update must have the operand's rank and type");
        for (size_t k = 0; k < u.dims.size(); ++k)
          if (u.dims[k] > x.dims[k]) return Err(op, "update larger than operand");
        return ExpectResult(op, 0, x);
      }
      case OpKind::kConcatenate: {
        JAXLIB_RETURN_IF_ERROR(NeedResults(op, 1));
        JAXLIB_RETURN_IF_ERROR(AllTensors(op));
        if (op.operands.empty()) return Err(op, "needs at least one operand");
        const Type& x = T(op.operands[0]);
        int64_t dim = op.IntAttr("dimension", -1);
        if (dim < 0 || dim >= x.rank()) return Err(op, "dimension out of range");
        std::vector<int64_t> dims = x.dims;
        dims[static_cast<size_t>(dim)] = 0;
        for (ValueId v : op.operands) {
          const Type& t = T(v);
          if (t.rank() != x.rank() || t.element != x.element) return Err(op, "operands must share rank and type");
          for (int k = 0; k < x.rank(); ++k)
            if (k != dim && t.dims[static_cast<size_t>(k)] != x.dims[static_cast<size_t>(k)])
              return Err(op, "operand shapes differ outside the concatenation dimension");
          dims[static_cast<size_t>(dim)] += t.dims[static_cast<size_t>(dim)];
        }
        return ExpectResult(op, 0, Type::Tensor(x.element, dims));
      }
      case OpKind::kPad: {
        JAXLIB_RETURN_IF_ERROR(NeedOperands(op, 2));
        JAXLIB_RETURN_IF_ERROR(NeedResults(op, 1));
        JAXLIB_RETURN_IF_ERROR(AllTensors(op));
        const Type& x = T(op.operands[0]);
        const Type& pv = T(op.operands[1]);
        if (pv.rank() != 0 || pv.element != x.element) return Err(op, "padding value must be a scalar of the operand type");
        auto lo = op.IntListAttr("edge_padding_low"), hi = op.IntListAttr("edge_padding_high"),
             in = op.IntListAttr("interior_padding");
        size_t r = static_cast<size_t>(x.rank());
        if (in.empty()) in.assign(r, 0);
        if (lo.size() != r || hi.size() != r || in.size() != r) return Err(op, "padding sizes must equal rank");
        std::vector<int64_t> dims;
        for (size_t k = 0; k < r; ++k) {
          if (in[k] < 0) return Err(op, "interior padding must be non-negative");
          int64_t d = lo[k] + hi[k] + x.dims[k] + std::max<int64_t>(x.dims[k] - 1, 0) * in[k];
          if (d < 0) return Err(op, "negative result dimension");
          dims.push_back(d);
        }
        return ExpectResult(op, 0, Type::Tensor(x.element, dims));
      }
      case OpKind::kReverse: {
        JAXLIB_RETURN_IF_ERROR(NeedOperands(op, 1));
        JAXLIB_RETURN_IF_ERROR(NeedResults(op, 1));
        JAXLIB_RETURN_IF_ERROR(CheckDimList(op, op.IntListAttr("dimensions"), T(op.operands[0]).rank(), "dimensions"));
        return ExpectResult(op, 0, T(op.operands[0]));
      }
      case OpKind::kDotGeneral:
      case OpKind::kDot: return VerifyDot(op);
      case OpKind::kReduce: return VerifyReduce(op);
      case OpKind::kWhile: {
        if (op.regions.size() != 2) return Err(op, "needs cond and body regions");
        std::vector<Type> types;
        for (ValueId v : op.operands) types.push_back(T(v));
        JAXLIB_RETURN_IF_ERROR(NeedResults(op, types.size()));
        for (size_t k = 0; k < types.size(); ++k) JAXLIB_RETURN_IF_ERROR(ExpectResult(op, k, types[k]));
        JAXLIB_RETURN_IF_ERROR(RegionSignature(op, *op.regions[0], types, {Type::Scalar(ElementType::kPred)}, "cond"));
        return RegionSignature(op, *op.regions[1], types, types, "body");
      }
      case OpKind::kCase:
      case OpKind::kIf: {
        JAXLIB_RETURN_IF_ERROR(NeedOperands(op, 1));
        const Type& idx = T(op.operands[0]);
        if (op.kind == OpKind::kCase && (idx.rank() != 0 || idx.element != ElementType::kS32))
          return Err(op, "index must be tensor<i32>");
        if (op.kind == OpKind::kIf && (idx.rank() != 0 || idx.element != ElementType::kPred))
          return Err(op, "predicate must be tensor<i1>");
        if (op.regions.empty() || (op.kind == OpKind::kIf && op.regions.size() != 2))
          return Err(op, "wrong number of branches");
        std::vector<Type> types;
        for (ValueId v : op.results) types.push_back(T(v));
        for (const auto& r : op.regions) JAXLIB_RETURN_IF_ERROR(RegionSignature(op, *r, {}, types, "branch"));
        return Status::Ok();
      }
      case OpKind::kOptimizationBarrier:
      case OpKind::kIdentity:
      case OpKind::kReshard: {
        JAXLIB_RETURN_IF_ERROR(NeedResults(op, op.operands.size()));
        for (size_t k = 0; k < op.operands.size(); ++k) JAXLIB_RETURN_IF_ERROR(ExpectResult(op, k, T(op.operands[k])));
        return Status::Ok();
      }
      case OpKind::kCall: return Status::Ok();  // checked by inlining against the callee
      case OpKind::kTuple: {
        JAXLIB_RETURN_IF_ERROR(NeedResults(op, 1));
        Type t;
        t.kind = Type::Kind::kTuple;
        for (ValueId v : op.operands) t.tuple.push_back(T(v));
        return ExpectResult(op, 0, t);
      }
      case OpKind::kGetTupleElement: {
        JAXLIB_RETURN_IF_ERROR(NeedOperands(op, 1));
        JAXLIB_RETURN_IF_ERROR(NeedResults(op, 1));
        const Type& t = T(op.operands[0]);
        int64_t i = op.IntAttr("index", -1);
        if (t.kind != Type::Kind::kTuple || i < 0 || i >= static_cast<int64_t>(t.tuple.size()))
          return Err(op, "index out of range");
        return ExpectResult(op, 0, t.tuple[static_cast<size_t>(i)]);
      }
      case OpKind::kGather: return VerifyGather(op);
      case OpKind::kScatter: return VerifyScatter(op);
      case OpKind::kSort: {
        JAXLIB_RETURN_IF_ERROR(AllTensors(op));
        if (op.operands.empty()) return Err(op, "needs operands");
        JAXLIB_RETURN_IF_ERROR(NeedResults(op, op.operands.size()));
        const Type& x = T(op.operands[0]);
        int64_t dim = op.IntAttr("dimension", -1);
        if (dim < 0) dim += x.rank();
        if (dim < 0 || dim >= std::max(x.rank(), 1)) return Err(op, "dimension out of range");
        std::vector<Type> args;
        for (size_t k = 0; k < op.operands.size(); ++k) {
          if (T(op.operands[k]).dims != x.dims) return Err(op, "operands must have the same shape");
          JAXLIB_RETURN_IF_ERROR(ExpectResult(op, k, T(op.operands[k])));
        }
        for (ValueId v : op.operands) {
          args.push_back(Type::Scalar(T(v).element));
          args.push_back(Type::Scalar(T(v).element));
        }
        if (op.regions.size() != 1) return Err(op, "needs a comparator region");
        return RegionSignature(op, *op.regions[0], args, {Type::Scalar(ElementType::kPred)}, "comparator");
      }
      case OpKind::kReduceWindow: return VerifyReduceWindow(op);
      case OpKind::kSelectAndScatter: return VerifySelectAndScatter(op);
      case OpKind::kConvolution: return VerifyConvolution(op);
      case OpKind::kTopK: {
        JAXLIB_RETURN_IF_ERROR(NeedOperands(op, 1));
        JAXLIB_RETURN_IF_ERROR(NeedResults(op, 2));
        const Type& x = T(op.operands[0]);
        int64_t k = op.IntAttr("k", -1);
        if (x.rank() < 1 || k < 0 || k > x.dims.back()) return Err(op, "k out of range");
        std::vector<int64_t> dims = x.dims;
        dims.back() = k;
        JAXLIB_RETURN_IF_ERROR(ExpectResult(op, 0, Type::Tensor(x.element, dims)));
        if (T(op.results[1]).dims != dims || !IsInteger(T(op.results[1]).element)) return Err(op, "indices result has the wrong type");
        return Status::Ok();
      }
      case OpKind::kRngBitGenerator: {
        JAXLIB_RETURN_IF_ERROR(NeedOperands(op, 1));
        JAXLIB_RETURN_IF_ERROR(NeedResults(op, 2));
        JAXLIB_RETURN_IF_ERROR(ExpectResult(op, 0, T(op.operands[0])));
        return Status::Ok();
      }
      case OpKind::kMap: {
        JAXLIB_RETURN_IF_ERROR(NeedResults(op, 1));
        if (op.regions.size() != 1 || op.operands.empty()) return Err(op, "needs operands and a region");
        std::vector<Type> args;
        for (ValueId v : op.operands) {
          if (T(v).dims != T(op.results[0]).dims) return Err(op, "operands must match the result shape");
          args.push_back(Type::Scalar(T(v).element));
        }
        return RegionSignature(op, *op.regions[0], args, {Type::Scalar(T(op.results[0]).element)}, "computation");
      }
      case OpKind::kFusion: return Status::Ok();
      default: return Status::Ok();  // remaining ops are checked by their kernels' planners
    }
  }

  Status VerifyDot(const Op& op) {
    JAXLIB_RETURN_IF_ERROR(NeedOperands(op, 2));
    JAXLIB_RETURN_IF_ERROR(NeedResults(op, 1));
    JAXLIB_RETURN_IF_ERROR(AllTensors(op));
    const Type& a = T(op.operands[0]);
    const Type& b = T(op.operands[1]);
    std::vector<int64_t> lb = op.IntListAttr("lhs_batching_dimensions"), rb = op.IntListAttr("rhs_batching_dimensions"),
                         lc = op.IntListAttr("lhs_contracting_dimensions"), rc = op.IntListAttr("rhs_contracting_dimensions");
    if (op.kind == OpKind::kDot) {
      lb.clear();
      rb.clear();
      if (a.rank() < 1 || a.rank() > 2 || b.rank() < 1 || b.rank() > 2) return Err(op, "operands must be rank 1 or 2");
      lc = {a.rank() - 1};
      rc = {0};
    }
    if (lb.size() != rb.size() || lc.size() != rc.size()) return Err(op, "batching/contracting dimension counts differ");
    std::vector<int64_t> la = lb, ra = rb;
    la.insert(la.end(), lc.begin(), lc.end());
    ra.insert(ra.end(), rc.begin(), rc.end());
    JAXLIB_RETURN_IF_ERROR(CheckDimList(op, la, a.rank(), "lhs dimensions"));
    JAXLIB_RETURN_IF_ERROR(CheckDimList(op, ra, b.rank(), "rhs dimensions"));
    for (size_t k = 0; k < lb.size(); ++k)
      if (a.dims[static_cast<size_t>(lb[k])] != b.dims[static_cast<size_t>(rb[k])]) return Err(op, "batch dimension sizes differ");
    for (size_t k = 0; k < lc.size(); ++k)
      if (a.dims[static_cast<size_t>(lc[k])] != b.dims[static_cast<size_t>(rc[k])]) return Err(op, "contracting dimension sizes differ");
    std::vector<int64_t> dims;
    for (int64_t d : lb) dims.push_back(a.dims[static_cast<size_t>(d)]);
    for (int k = 0; k < a.rank(); ++k)
      if (std::find(la.begin(), la.end(), k) == la.end()) dims.push_back(a.dims[static_cast<size_t>(k)]);
    for (int k = 0; k < b.rank(); ++k)
      if (std::find(ra.begin(), ra.end(), k) == ra.end()) dims.push_back(b.dims[static_cast<size_t>(k)]);
    if (T(op.results[0]).dims != dims)
      return Err(op, "result shape should be " + DimsStr(dims) + ", declared " + T(op.results[0]).ToString());
    return Status::Ok();
  }

  Status VerifyReduce(const Op& op) {
    JAXLIB_RETURN_IF_ERROR(AllTensors(op));
    size_t n = op.operands.size() / 2;
    if (n == 0 || op.operands.size() != 2 * n) return Err(op, "needs inputs and init values");
    JAXLIB_RETURN_IF_ERROR(NeedResults(op, n));
    const Type& x = T(op.operands[0]);
    std::vector<int64_t> dims = op.IntListAttr("dimensions");
    JAXLIB_RETURN_IF_ERROR(CheckDimList(op, dims, x.rank(), "dimensions"));
    std::vector<int64_t> out;
    for (int k = 0; k < x.rank(); ++k)
      if (std::find(dims.begin(), dims.end(), k) == dims.end()) out.push_back(x.dims[static_cast<size_t>(k)]);
    std::vector<Type> args(2 * n), res(n);
    for (size_t k = 0; k < n; ++k) {
      const Type& in = T(op.operands[k]);
      const Type& init = T(op.operands[n + k]);
      if (in.dims != x.dims) return Err(op, "inputs must have the same shape");
      if (init.rank() != 0 || init.element != in.element) return Err(op, "init values must be scalars of the input type");
      JAXLIB_RETURN_IF_ERROR(ExpectResult(op, k, Type::Tensor(in.element, out)));
      args[k] = args[n + k] = res[k] = Type::Scalar(in.element);
    }
    if (op.regions.size() != 1) return Err(op, "needs a body");
    return RegionSignature(op, *op.regions[0], args, res, "body");
  }

  Status VerifyReduceWindow(const Op& op) {
    JAXLIB_RETURN_IF_ERROR(AllTensors(op));
    size_t n = op.operands.size() / 2;
    if (n == 0 || op.operands.size() != 2 * n) return Err(op, "needs inputs and init values");
    JAXLIB_RETURN_IF_ERROR(NeedResults(op, n));
    const Type& x = T(op.operands[0]);
    size_t r = static_cast<size_t>(x.rank());
    auto win = op.IntListAttr("window_dimensions");
    auto strides = op.IntListAttr("window_strides");
    auto bdil = op.IntListAttr("base_dilations");
    auto wdil = op.IntListAttr("window_dilations");
    if (strides.empty()) strides.assign(r, 1);
    if (bdil.empty()) bdil.assign(r, 1);
    if (wdil.empty()) wdil.assign(r, 1);
    std::vector<std::pair<int64_t, int64_t>> pad;
    if (!ReadPadding(op, "padding", r, &pad)) return Err(op, "malformed padding");
    if (win.size() != r || strides.size() != r || bdil.size() != r || wdil.size() != r)
      return Err(op, "window attributes must have one entry per dimension");
    std::vector<int64_t> out;
    for (size_t k = 0; k < r; ++k) {
      if (win[k] < 1 || strides[k] < 1 || bdil[k] < 1 || wdil[k] < 1) return Err(op, "window sizes, strides and dilations must be positive");
      int64_t base = x.dims[k] == 0 ? 0 : (x.dims[k] - 1) * bdil[k] + 1;
      int64_t padded = base + pad[k].first + pad[k].second;
      int64_t wext = (win[k] - 1) * wdil[k] + 1;
      out.push_back(padded < wext ? 0 : (padded - wext) / strides[k] + 1);
    }
    std::vector<Type> args(2 * n), res(n);
    for (size_t k = 0; k < n; ++k) {
      const Type& in = T(op.operands[k]);
      if (in.dims != x.dims) return Err(op, "inputs must have the same shape");
      if (T(op.operands[n + k]).rank() != 0 || T(op.operands[n + k]).element != in.element)
        return Err(op, "init values must be scalars of the input type");
      JAXLIB_RETURN_IF_ERROR(ExpectResult(op, k, Type::Tensor(in.element, out)));
      args[k] = args[n + k] = res[k] = Type::Scalar(in.element);
    }
    if (op.regions.size() != 1) return Err(op, "needs a body");
    return RegionSignature(op, *op.regions[0], args, res, "body");
  }

  Status VerifySelectAndScatter(const Op& op) {
    JAXLIB_RETURN_IF_ERROR(NeedOperands(op, 3));
    JAXLIB_RETURN_IF_ERROR(NeedResults(op, 1));
    const Type& x = T(op.operands[0]);
    const Type& src = T(op.operands[1]);
    size_t r = static_cast<size_t>(x.rank());
    auto win = op.IntListAttr("window_dimensions");
    auto strides = op.IntListAttr("window_strides");
    if (strides.empty()) strides.assign(r, 1);
    std::vector<std::pair<int64_t, int64_t>> pad;
    if (!ReadPadding(op, "padding", r, &pad)) return Err(op, "malformed padding");
    if (win.size() != r || strides.size() != r) return Err(op, "window attributes must have one entry per dimension");
    std::vector<int64_t> out;
    for (size_t k = 0; k < r; ++k) {
      if (win[k] < 1 || strides[k] < 1) return Err(op, "window sizes and strides must be positive");
      int64_t padded = x.dims[k] + pad[k].first + pad[k].second;
      out.push_back(padded < win[k] ? 0 : (padded - win[k]) / strides[k] + 1);
    }
    if (src.dims != out || src.element != x.element) return Err(op, "source shape should be " + DimsStr(out));
    JAXLIB_RETURN_IF_ERROR(ExpectResult(op, 0, x));
    if (op.regions.size() != 2) return Err(op, "needs select and scatter regions");
    Type s = Type::Scalar(x.element);
    JAXLIB_RETURN_IF_ERROR(RegionSignature(op, *op.regions[0], {s, s}, {Type::Scalar(ElementType::kPred)}, "select"));
    return RegionSignature(op, *op.regions[1], {s, s}, {s}, "scatter");
  }

  Status VerifyGather(const Op& op) {
    JAXLIB_RETURN_IF_ERROR(NeedOperands(op, 2));
    JAXLIB_RETURN_IF_ERROR(NeedResults(op, 1));
    JAXLIB_RETURN_IF_ERROR(AllTensors(op));
    const Type& x = T(op.operands[0]);
    const Type& idx = T(op.operands[1]);
    if (!IsAnyInteger(idx.element)) return Err(op, "indices must be integers");
    auto offset = op.IntListAttr("offset_dims"), collapsed = op.IntListAttr("collapsed_slice_dims"),
         start_map = op.IntListAttr("start_index_map"), obatch = op.IntListAttr("operand_batching_dims"),
         ibatch = op.IntListAttr("start_indices_batching_dims"), sizes = op.IntListAttr("slice_sizes");
    int64_t ivd = op.IntAttr("index_vector_dim", 0);
    if (ivd < 0 || ivd > idx.rank()) return Err(op, "index_vector_dim out of range");
    int64_t nidx = ivd == idx.rank() ? 1 : idx.dims[static_cast<size_t>(ivd)];
    if (static_cast<int64_t>(start_map.size()) != nidx) return Err(op, "start_index_map size must equal the index vector size");
    JAXLIB_RETURN_IF_ERROR(CheckDimList(op, start_map, x.rank(), "start_index_map"));
    std::vector<int64_t> cb = collapsed;
    cb.insert(cb.end(), obatch.begin(), obatch.end());
    JAXLIB_RETURN_IF_ERROR(CheckDimList(op, cb, x.rank(), "collapsed/batching dims"));
    if (sizes.size() != static_cast<size_t>(x.rank())) return Err(op, "slice_sizes size must equal operand rank");
    for (size_t k = 0; k < sizes.size(); ++k)
      if (sizes[k] < 0 || sizes[k] > x.dims[k]) return Err(op, "slice size out of range");
    for (int64_t d : cb)
      if (sizes[static_cast<size_t>(d)] > 1) return Err(op, "collapsed dimensions must have slice size <= 1");
    if (ibatch.size() != obatch.size()) return Err(op, "batching dims counts differ");
    for (int64_t d : ibatch)
      if (d < 0 || d >= idx.rank() || d == ivd) return Err(op, "start_indices_batching_dims out of range");
    // Result: batch dims from indices (minus index_vector_dim) interleaved with offset dims.
    std::vector<int64_t> batch;
    for (int k = 0; k < idx.rank(); ++k)
      if (k != ivd) batch.push_back(idx.dims[static_cast<size_t>(k)]);
    std::vector<int64_t> offs;
    for (int k = 0; k < x.rank(); ++k)
      if (std::find(cb.begin(), cb.end(), k) == cb.end()) offs.push_back(sizes[static_cast<size_t>(k)]);
    if (offs.size() != offset.size()) return Err(op, "offset_dims size must equal the number of uncollapsed dims");
    size_t out_rank = batch.size() + offs.size();
    JAXLIB_RETURN_IF_ERROR(CheckDimList(op, offset, static_cast<int>(out_rank), "offset_dims"));
    for (size_t k = 1; k < offset.size(); ++k)
      if (offset[k] <= offset[k - 1]) return Err(op, "offset_dims must be sorted");
    std::vector<int64_t> dims(out_rank);
    size_t bi = 0, oi = 0;
    for (size_t k = 0; k < out_rank; ++k) {
      if (std::find(offset.begin(), offset.end(), static_cast<int64_t>(k)) != offset.end()) dims[k] = offs[oi++];
      else dims[k] = batch[bi++];
    }
    return ExpectResult(op, 0, Type::Tensor(x.element, dims));
  }

  Status VerifyScatter(const Op& op) {
    JAXLIB_RETURN_IF_ERROR(AllTensors(op));
    size_t n = (op.operands.size() - 1) / 2;
    if (n == 0 || op.operands.size() != 2 * n + 1) return Err(op, "needs inputs, indices and updates");
    JAXLIB_RETURN_IF_ERROR(NeedResults(op, n));
    const Type& x = T(op.operands[0]);
    const Type& idx = T(op.operands[n]);
    const Type& upd = T(op.operands[n + 1]);
    if (!IsAnyInteger(idx.element)) return Err(op, "indices must be integers");
    auto uwd = op.IntListAttr("update_window_dims"), iwd = op.IntListAttr("inserted_window_dims"),
         sd2od = op.IntListAttr("scatter_dims_to_operand_dims"), ib = op.IntListAttr("input_batching_dims"),
         sib = op.IntListAttr("scatter_indices_batching_dims");
    int64_t ivd = op.IntAttr("index_vector_dim", 0);
    if (ivd < 0 || ivd > idx.rank()) return Err(op, "index_vector_dim out of range");
    int64_t nidx = ivd == idx.rank() ? 1 : idx.dims[static_cast<size_t>(ivd)];
    if (static_cast<int64_t>(sd2od.size()) != nidx) return Err(op, "scatter_dims_to_operand_dims size must equal the index vector size");
    JAXLIB_RETURN_IF_ERROR(CheckDimList(op, sd2od, x.rank(), "scatter_dims_to_operand_dims"));
    std::vector<int64_t> ins = iwd;
    ins.insert(ins.end(), ib.begin(), ib.end());
    JAXLIB_RETURN_IF_ERROR(CheckDimList(op, ins, x.rank(), "inserted/batching dims"));
    JAXLIB_RETURN_IF_ERROR(CheckDimList(op, uwd, upd.rank(), "update_window_dims"));
    if (ib.size() != sib.size()) return Err(op, "batching dims counts differ");
    for (int64_t d : sib)
      if (d < 0 || d >= idx.rank() || d == ivd) return Err(op, "scatter_indices_batching_dims out of range");
    if (static_cast<int64_t>(uwd.size()) + static_cast<int64_t>(ins.size()) != x.rank())
      return Err(op, "update_window_dims and inserted dims must cover the operand rank");
    // Update scatter dims must match the indices batch dims; window dims must fit the operand.
    std::vector<int64_t> batch;
    for (int k = 0; k < idx.rank(); ++k)
      if (k != ivd) batch.push_back(idx.dims[static_cast<size_t>(k)]);
    std::vector<int64_t> upd_scatter;
    for (int k = 0; k < upd.rank(); ++k)
      if (std::find(uwd.begin(), uwd.end(), k) == uwd.end()) upd_scatter.push_back(upd.dims[static_cast<size_t>(k)]);
    if (upd_scatter != batch) return Err(op, "update scatter dimensions must match the indices");
    size_t wi = 0;
    for (int k = 0; k < x.rank(); ++k) {
      if (std::find(ins.begin(), ins.end(), k) != ins.end()) continue;
      if (upd.dims[static_cast<size_t>(uwd[wi++])] > x.dims[static_cast<size_t>(k)]) return Err(op, "update window larger than operand");
    }
    std::vector<Type> args(2 * n), res(n);
    for (size_t k = 0; k < n; ++k) {
      if (T(op.operands[k]).dims != x.dims) return Err(op, "inputs must have the same shape");
      if (T(op.operands[n + 1 + k]).dims != upd.dims) return Err(op, "updates must have the same shape");
      JAXLIB_RETURN_IF_ERROR(ExpectResult(op, k, T(op.operands[k])));
      args[k] = args[n + k] = res[k] = Type::Scalar(T(op.operands[k]).element);
    }
    if (op.regions.size() != 1) return Err(op, "needs an update computation");
    return RegionSignature(op, *op.regions[0], args, res, "update computation");
  }

  Status VerifyConvolution(const Op& op) {
    JAXLIB_RETURN_IF_ERROR(NeedOperands(op, 2));
    JAXLIB_RETURN_IF_ERROR(NeedResults(op, 1));
    JAXLIB_RETURN_IF_ERROR(AllTensors(op));
    const Type& x = T(op.operands[0]);
    const Type& w = T(op.operands[1]);
    const Type& out = T(op.results[0]);
    int r = x.rank();
    if (w.rank() != r || out.rank() != r || r < 2) return Err(op, "operands and result must share rank >= 2");
    size_t ns = static_cast<size_t>(r - 2);
    auto isp = op.IntListAttr("input_spatial_dimensions"), ksp = op.IntListAttr("kernel_spatial_dimensions"),
         osp = op.IntListAttr("output_spatial_dimensions");
    int64_t ib = op.IntAttr("input_batch_dimension", -1), ifd = op.IntAttr("input_feature_dimension", -1),
            kif = op.IntAttr("kernel_input_feature_dimension", -1), kof = op.IntAttr("kernel_output_feature_dimension", -1),
            ob = op.IntAttr("output_batch_dimension", -1), ofd = op.IntAttr("output_feature_dimension", -1);
    if (isp.size() != ns || ksp.size() != ns || osp.size() != ns) return Err(op, "spatial dimension counts must be rank-2");
    std::vector<int64_t> a = isp, b = ksp, c = osp;
    a.push_back(ib); a.push_back(ifd);
    b.push_back(kif); b.push_back(kof);
    c.push_back(ob); c.push_back(ofd);
    JAXLIB_RETURN_IF_ERROR(CheckDimList(op, a, r, "input dimension numbers"));
    JAXLIB_RETURN_IF_ERROR(CheckDimList(op, b, r, "kernel dimension numbers"));
    JAXLIB_RETURN_IF_ERROR(CheckDimList(op, c, r, "output dimension numbers"));
    auto strides = op.IntListAttr("window_strides"), ld = op.IntListAttr("lhs_dilation"), rd = op.IntListAttr("rhs_dilation");
    if (strides.empty()) strides.assign(ns, 1);
    if (ld.empty()) ld.assign(ns, 1);
    if (rd.empty()) rd.assign(ns, 1);
    std::vector<std::pair<int64_t, int64_t>> pad;
    if (!ReadPadding(op, "padding", ns, &pad)) return Err(op, "malformed padding");
    if (strides.size() != ns || ld.size() != ns || rd.size() != ns) return Err(op, "window attributes must have one entry per spatial dimension");
    int64_t fgc = op.IntAttr("feature_group_count", 1), bgc = op.IntAttr("batch_group_count", 1);
    if (fgc < 1 || bgc < 1) return Err(op, "group counts must be positive");
    int64_t in_f = x.dims[static_cast<size_t>(ifd)], k_in = w.dims[static_cast<size_t>(kif)], k_out = w.dims[static_cast<size_t>(kof)];
    if (in_f != k_in * fgc) return Err(op, "input features must equal kernel input features times feature_group_count");
    if (k_out % fgc != 0 || k_out % bgc != 0) return Err(op, "kernel output features must be divisible by the group counts");
    if (x.dims[static_cast<size_t>(ib)] % bgc != 0) return Err(op, "batch must be divisible by batch_group_count");
    std::vector<int64_t> dims(static_cast<size_t>(r));
    dims[static_cast<size_t>(ob)] = x.dims[static_cast<size_t>(ib)] / bgc;
    dims[static_cast<size_t>(ofd)] = k_out;
    for (size_t k = 0; k < ns; ++k) {
      if (strides[k] < 1 || ld[k] < 1 || rd[k] < 1) return Err(op, "strides and dilations must be positive");
      int64_t in = x.dims[static_cast<size_t>(isp[k])];
      int64_t dil_in = in == 0 ? 0 : (in - 1) * ld[k] + 1;
      int64_t padded = dil_in + pad[k].first + pad[k].second;
      int64_t kw = w.dims[static_cast<size_t>(ksp[k])];
      int64_t ext = kw == 0 ? 0 : (kw - 1) * rd[k] + 1;
      dims[static_cast<size_t>(osp[k])] = padded < ext ? 0 : (padded - ext) / strides[k] + 1;
    }
    if (out.dims != dims) return Err(op, "result shape should be " + DimsStr(dims) + ", declared " + out.ToString());
    return Status::Ok();
  }

  const Module& m_;
};

}  // namespace

Status VerifyModule(const Module& module) { return Verifier(module).Run(); }

}  // namespace jaxlib::compiler
