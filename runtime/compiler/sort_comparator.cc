// Lexicographic-key recognition for sort comparators (see sort_comparator.h). Works on the
// region's dataflow: which arguments a value depends on, structural mirroring of the two
// sides, and the boolean shape of the result.
#include "runtime/compiler/sort_comparator.h"

#include <cstring>
#include <map>

namespace jaxlib::compiler {

namespace {

bool AttrEqual(const Attribute& a, const Attribute& b);

bool AttrPtrEqual(const AttrPtr& a, const AttrPtr& b) {
  if (!a || !b) return a == b;
  return AttrEqual(*a, *b);
}

bool AttrEqual(const Attribute& a, const Attribute& b) {
  if (a.kind != b.kind || a.b != b.b || a.i != b.i || std::memcmp(&a.f, &b.f, sizeof a.f) != 0 || a.s != b.s ||
      a.name != b.name || a.type != b.type || a.array.size() != b.array.size() || a.dict.size() != b.dict.size())
    return false;
  for (size_t k = 0; k < a.array.size(); ++k)
    if (!AttrPtrEqual(a.array[k], b.array[k])) return false;
  for (size_t k = 0; k < a.dict.size(); ++k)
    if (a.dict[k].first != b.dict[k].first || !AttrPtrEqual(a.dict[k].second, b.dict[k].second)) return false;
  if ((a.dense == nullptr) != (b.dense == nullptr)) return false;
  if (a.dense && (a.dense->type != b.dense->type || a.dense->splat != b.dense->splat || a.dense->bytes != b.dense->bytes))
    return false;
  return true;
}

bool SameAttrs(const Op& a, const Op& b) {
  if (a.attrs.size() != b.attrs.size() || a.callee != b.callee) return false;
  for (size_t k = 0; k < a.attrs.size(); ++k)
    if (a.attrs[k].name != b.attrs[k].name || !AttrPtrEqual(a.attrs[k].value, b.attrs[k].value)) return false;
  return true;
}

class Analyzer {
 public:
  Analyzer(const Module& m, const Region& r, size_t n) : m_(m), r_(r), n_(n) {
    for (size_t k = 0; k < r.args.size(); ++k) arg_index_[r.args[k]] = static_cast<int>(k);
    for (const auto& op : r.ops)
      for (ValueId v : op->results) def_[v] = op.get();
  }

  std::optional<std::vector<SortKey>> Run() {
    if (r_.args.size() != 2 * n_ || r_.results.size() != 1) return std::nullopt;
    std::vector<SortKey> keys;
    if (!Lex(r_.results[0], &keys)) return std::nullopt;
    return keys;
  }

 private:
  // Bit k*2 (first element) or k*2+1 (second element) for each argument `v` reads.
  uint64_t Deps(ValueId v) {
    auto it = deps_.find(v);
    if (it != deps_.end()) return it->second;
    uint64_t d = 0;
    if (auto a = arg_index_.find(v); a != arg_index_.end()) {
      d = a->second < 64 ? uint64_t{1} << a->second : ~uint64_t{0};
    } else if (auto o = def_.find(v); o != def_.end()) {
      for (ValueId x : o->second->operands) d |= Deps(x);
      if (!o->second->regions.empty()) d = ~uint64_t{0};  // nested regions: not analysed
    }
    deps_[v] = d;
    return d;
  }

  // a (reading only first-element args) and b are the same computation with every first-element
  // argument 2k replaced by the second-element argument 2k+1.
  bool Mirror(ValueId a, ValueId b, int depth = 0) {
    if (depth > 64) return false;
    auto ia = arg_index_.find(a), ib = arg_index_.find(b);
    if (ia != arg_index_.end() || ib != arg_index_.end())
      return ia != arg_index_.end() && ib != arg_index_.end() && ia->second % 2 == 0 && ib->second == ia->second + 1;
    auto da = def_.find(a), db = def_.find(b);
    if (da == def_.end() || db == def_.end()) return a == b;  // defined outside: the same value
    const Op& x = *da->second;
    const Op& y = *db->second;
    if (&x == &y) return Deps(a) == 0;  // a shared value reading no argument (a constant)
    if (x.kind != y.kind || x.operands.size() != y.operands.size() || !x.regions.empty() || !y.regions.empty() ||
        x.results.size() != 1 || y.results.size() != 1 || m_.type(a) != m_.type(b) || !SameAttrs(x, y))
      return false;
    for (size_t k = 0; k < x.operands.size(); ++k)
      if (!Mirror(x.operands[k], y.operands[k], depth + 1)) return false;
    return true;
  }

  static constexpr uint64_t kFirstSide = 0x5555555555555555ull;

  // A key pair: `a` from the first element only, `b` its mirror from the second.
  bool KeyPair(ValueId a, ValueId b) {
    uint64_t da = Deps(a), db = Deps(b);
    return da != 0 && (da & ~kFirstSide) == 0 && db == (da << 1) && Mirror(a, b);
  }

  const Op* Def(ValueId v) const {
    auto it = def_.find(v);
    return it == def_.end() ? nullptr : it->second;
  }

  // compare(dir, key(first), key(second)) in either operand order; dir normalised to the
  // first element on the left.
  struct Cmp {
    ValueId key = kNoValue;
    std::string dir, type;
  };
  std::optional<Cmp> Compare(ValueId v) {
    const Op* op = Def(v);
    if (!op || op->kind != OpKind::kCompare || op->operands.size() != 2) return std::nullopt;
    Cmp c;
    c.dir = op->EnumAttr("comparison_direction");
    c.type = op->EnumAttr("compare_type");
    const Type& t = m_.type(op->operands[0]);
    if (IsComplex(t.element)) return std::nullopt;
    if (c.type.empty() || c.type == "NOTYPE") {
      if (IsFloat(t.element)) c.type = "FLOAT";
      else if (IsUnsignedInt(t.element) || t.element == ElementType::kPred) c.type = "UNSIGNED";
      else c.type = "SIGNED";
    }
    if (KeyPair(op->operands[0], op->operands[1])) {
      c.key = op->operands[0];
    } else if (KeyPair(op->operands[1], op->operands[0])) {
      c.key = op->operands[1];
      if (c.dir == "LT") c.dir = "GT";
      else if (c.dir == "GT") c.dir = "LT";
      else if (c.dir == "LE") c.dir = "GE";
      else if (c.dir == "GE") c.dir = "LE";
    } else {
      return std::nullopt;
    }
    return c;
  }

  // The first element strictly before the second by one key.
  std::optional<SortKey> Strict(ValueId v) {
    std::optional<Cmp> c = Compare(v);
    if (!c || (c->dir != "LT" && c->dir != "GT")) return std::nullopt;
    SortKey k;
    k.value = c->key;
    k.descending = c->dir == "GT";
    k.compare_type = c->type;
    auto a = arg_index_.find(c->key);
    if (a != arg_index_.end()) k.operand = a->second / 2;
    return k;
  }

  // The key equal (want_eq) or not equal on both sides, as the strict compare `k` reads it.
  bool Equal(ValueId v, const SortKey& k, bool want_eq) {
    std::optional<Cmp> c = Compare(v);
    return c && c->key == k.value && c->type == k.compare_type && c->dir == (want_eq ? "EQ" : "NE");
  }

  bool Lex(ValueId v, std::vector<SortKey>* keys, int depth = 0) {
    if (depth > 16) return false;
    if (std::optional<SortKey> k = Strict(v)) {
      keys->push_back(*k);
      return true;
    }
    const Op* op = Def(v);
    if (!op) return false;
    if (op->kind == OpKind::kOr && op->operands.size() == 2 && m_.type(v).element == ElementType::kPred) {
      // or(strict(k), and(eq(k), rest)) in any operand order.
      for (int s = 0; s < 2; ++s) {
        std::optional<SortKey> k = Strict(op->operands[static_cast<size_t>(s)]);
        const Op* conj = Def(op->operands[static_cast<size_t>(1 - s)]);
        if (!k || !conj || conj->kind != OpKind::kAnd || conj->operands.size() != 2) continue;
        for (int e = 0; e < 2; ++e) {
          if (!Equal(conj->operands[static_cast<size_t>(e)], *k, true)) continue;
          std::vector<SortKey> rest;
          if (!Lex(conj->operands[static_cast<size_t>(1 - e)], &rest, depth + 1)) continue;
          keys->push_back(*k);
          keys->insert(keys->end(), rest.begin(), rest.end());
          return true;
        }
      }
      return false;
    }
    if (op->kind == OpKind::kSelect && op->operands.size() == 3) {
      // select(ne(k), strict(k), rest) or select(eq(k), rest, strict(k)).
      for (int form = 0; form < 2; ++form) {
        ValueId strict = op->operands[form == 0 ? 1 : 2], rest_v = op->operands[form == 0 ? 2 : 1];
        std::optional<SortKey> k = Strict(strict);
        if (!k || !Equal(op->operands[0], *k, form == 1)) continue;
        std::vector<SortKey> rest;
        if (!Lex(rest_v, &rest, depth + 1)) continue;
        keys->push_back(*k);
        keys->insert(keys->end(), rest.begin(), rest.end());
        return true;
      }
    }
    return false;
  }

  const Module& m_;
  const Region& r_;
  size_t n_;
  std::map<ValueId, int> arg_index_;
  std::map<ValueId, const Op*> def_;
  std::map<ValueId, uint64_t> deps_;
};

}  // namespace

std::optional<std::vector<SortKey>> AnalyzeSortComparator(const Module& m, const Region& comparator,
                                                           size_t num_operands) {
  if (num_operands == 0 || num_operands > 32) return std::nullopt;
  return Analyzer(m, comparator, num_operands).Run();
}

}  // namespace jaxlib::compiler
