// Tensor shardings (see sharding.h): Shardy meshes and shardings, HLO sharding strings, and
// the per-partition tiles both describe.
#include "runtime/compiler/sharding.h"

#include <algorithm>
#include <cctype>
#include <numeric>

namespace jaxlib::compiler {
namespace {

int64_t Product(const std::vector<int64_t>& v) {
  int64_t p = 1;
  for (int64_t x : v) p *= x;
  return p;
}

// Row-major coordinates of `index` in an array of shape `dims`.
std::vector<int64_t> Unravel(int64_t index, const std::vector<int64_t>& dims) {
  std::vector<int64_t> out(dims.size());
  for (size_t k = dims.size(); k-- > 0;) {
    out[k] = index % dims[k];
    index /= dims[k];
  }
  return out;
}

Status CheckEven(const TensorSharding& s, const std::vector<int64_t>& dims) {
  for (size_t d = 0; d < dims.size(); ++d)
    if (dims[d] % s.tiles[d] != 0)
      return Unimplemented("dimension " + std::to_string(d) + " of size " + std::to_string(dims[d]) +
                           " does not split evenly into " + std::to_string(s.tiles[d]) + " tiles");
  return Status::Ok();
}

const Attribute* FindMesh(const Attribute& ref, const Module& module) {
  if (ref.kind == Attribute::Kind::kDict && ref.name == "sdy.mesh") return &ref;
  if (ref.kind != Attribute::Kind::kSymbol && ref.kind != Attribute::Kind::kString) return nullptr;
  for (const auto& [name, mesh] : module.meshes)
    if (name == ref.s) return mesh.get();
  return nullptr;
}

StatusOr<TensorSharding> FromShardy(const Attribute& attr, const Module& module, const std::vector<int64_t>& dims,
                                    int num_partitions) {
  const Attribute* mesh_ref = attr.Get("mesh");
  const Attribute* mesh = mesh_ref ? FindMesh(*mesh_ref, module) : nullptr;
  if (!mesh) return InvalidArgument("sdy.sharding refers to an unknown mesh" + (mesh_ref ? " @" + mesh_ref->s : std::string()));
  std::vector<std::string> names;
  std::vector<int64_t> sizes;
  if (const Attribute* axes = mesh->Get("axes")) {
    for (const AttrPtr& a : axes->array) {
      const Attribute* name = a->Get("name");
      const Attribute* size = a->Get("size");
      if (!name || !size || size->kind != Attribute::Kind::kInt || size->i < 1) return InvalidArgument("malformed sdy.mesh axis");
      names.push_back(name->s);
      sizes.push_back(size->i);
    }
  }
  const int64_t mesh_size = Product(sizes);
  const int rank = static_cast<int>(dims.size());
  if (mesh_size == 1) return ReplicatedSharding(rank, num_partitions);
  if (mesh_size != num_partitions)
    return InvalidArgument("a mesh of " + std::to_string(mesh_size) + " devices shards a program of " +
                           std::to_string(num_partitions) + " partitions");
  std::vector<int64_t> device_ids(static_cast<size_t>(mesh_size));
  std::iota(device_ids.begin(), device_ids.end(), 0);
  if (const Attribute* ids = mesh->Get("device_ids"); ids && !ids->array.empty()) {
    if (!ids->AsIntList(&device_ids) || static_cast<int64_t>(device_ids.size()) != mesh_size)
      return InvalidArgument("sdy.mesh device_ids do not match its axes");
  }
  auto axis_index = [&](const std::string& name) -> int {
    for (size_t k = 0; k < names.size(); ++k)
      if (names[k] == name) return static_cast<int>(k);
    return -1;
  };
  const Attribute* dim_axes = attr.Get("dims");
  if (!dim_axes || static_cast<int>(dim_axes->array.size()) != rank)
    return InvalidArgument("sdy.sharding names " + std::to_string(dim_axes ? dim_axes->array.size() : 0) +
                           " dimensions for a tensor of rank " + std::to_string(rank));
  std::vector<std::vector<int>> per_dim(static_cast<size_t>(rank));
  TensorSharding s;
  s.tiles.assign(static_cast<size_t>(rank), 1);
  for (int d = 0; d < rank; ++d) {
    for (const AttrPtr& axis : dim_axes->array[static_cast<size_t>(d)]->array) {
      if (axis->kind != Attribute::Kind::kString)
        return Unimplemented("sdy.sharding with sub-axes is not supported");
      int k = axis_index(axis->s);
      if (k < 0) return InvalidArgument("sdy.sharding names axis \"" + axis->s + "\", which its mesh does not have");
      per_dim[static_cast<size_t>(d)].push_back(k);
      s.tiles[static_cast<size_t>(d)] *= sizes[static_cast<size_t>(k)];
    }
  }
  s.coords.assign(static_cast<size_t>(num_partitions), {});
  std::vector<bool> seen(static_cast<size_t>(num_partitions), false);
  for (int64_t i = 0; i < mesh_size; ++i) {
    int64_t p = device_ids[static_cast<size_t>(i)];
    if (p < 0 || p >= num_partitions || seen[static_cast<size_t>(p)]) return InvalidArgument("sdy.mesh device_ids are not a permutation");
    seen[static_cast<size_t>(p)] = true;
    std::vector<int64_t> m = Unravel(i, sizes);
    std::vector<int64_t>& c = s.coords[static_cast<size_t>(p)];
    c.assign(static_cast<size_t>(rank), 0);
    for (int d = 0; d < rank; ++d)
      for (int k : per_dim[static_cast<size_t>(d)]) c[static_cast<size_t>(d)] = c[static_cast<size_t>(d)] * sizes[static_cast<size_t>(k)] + m[static_cast<size_t>(k)];
  }
  JAXLIB_RETURN_IF_ERROR(CheckEven(s, dims));
  return s;
}

// "[2,1,2]" at `pos`: the integers, advancing `pos` past the closing bracket.
bool ParseIntList(const std::string& t, size_t* pos, std::vector<int64_t>* out) {
  if (*pos >= t.size() || t[*pos] != '[') return false;
  ++*pos;
  while (*pos < t.size() && t[*pos] != ']') {
    size_t end;
    long long v;
    try {
      v = std::stoll(t.substr(*pos), &end);
    } catch (...) {
      return false;
    }
    out->push_back(v);
    *pos += end;
    if (*pos < t.size() && t[*pos] == ',') ++*pos;
  }
  if (*pos >= t.size()) return false;
  ++*pos;
  return true;
}

StatusOr<TensorSharding> FromHloString(const std::string& text, const std::vector<int64_t>& dims, int num_partitions) {
  std::string t;
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c))) t += c;
  const int rank = static_cast<int>(dims.size());
  auto bad = [&]() { return InvalidArgument("unsupported HLO sharding \"" + text + "\""); };
  if (t.size() < 2 || t.front() != '{' || t.back() != '}') return bad();
  t = t.substr(1, t.size() - 2);
  if (t == "replicated" || t.rfind("maximal", 0) == 0) return ReplicatedSharding(rank, num_partitions);
  if (t.rfind("devices=", 0) != 0) return bad();
  size_t pos = 8;
  std::vector<int64_t> shape;
  if (!ParseIntList(t, &pos, &shape)) return bad();
  std::vector<int64_t> devices;
  const int64_t n = Product(shape);
  if (t.compare(pos, 2, "<=") == 0) {
    pos += 2;
    std::vector<int64_t> reshape, perm;
    if (!ParseIntList(t, &pos, &reshape) || Product(reshape) != n) return bad();
    if (t.compare(pos, 2, "T(") == 0) {
      pos += 1;
      t[pos] = '[';
      size_t close = t.find(')', pos);
      if (close == std::string::npos) return bad();
      t[close] = ']';
      if (!ParseIntList(t, &pos, &perm) || perm.size() != reshape.size()) return bad();
    } else {
      perm.resize(reshape.size());
      std::iota(perm.begin(), perm.end(), 0);
    }
    // iota(n) reshaped to `reshape`, transposed by `perm`, read row-major.
    std::vector<int64_t> tdims(perm.size());
    for (size_t k = 0; k < perm.size(); ++k) tdims[k] = reshape[static_cast<size_t>(perm[k])];
    std::vector<int64_t> strides(reshape.size(), 1);
    for (size_t k = reshape.size(); k-- > 1;) strides[k - 1] = strides[k] * reshape[k];
    for (int64_t i = 0; i < n; ++i) {
      std::vector<int64_t> c = Unravel(i, tdims);
      int64_t src = 0;
      for (size_t k = 0; k < perm.size(); ++k) src += c[k] * strides[static_cast<size_t>(perm[k])];
      devices.push_back(src);
    }
  } else {
    while (pos < t.size() && std::isdigit(static_cast<unsigned char>(t[pos]))) {
      size_t end;
      devices.push_back(std::stoll(t.substr(pos), &end));
      pos += end;
      if (pos < t.size() && t[pos] == ',') ++pos;
    }
  }
  std::string rest = t.substr(pos);
  bool replicate_last = false;
  if (rest == "last_tile_dim_replicate" || rest == "last_tile_dims={replicated}") replicate_last = true;
  else if (!rest.empty()) return bad();
  if (static_cast<int64_t>(devices.size()) != n || n != num_partitions) return bad();
  if (static_cast<int>(shape.size()) != rank + (replicate_last ? 1 : 0)) return bad();
  TensorSharding s;
  s.tiles.assign(shape.begin(), shape.begin() + rank);
  s.coords.assign(static_cast<size_t>(num_partitions), {});
  std::vector<bool> seen(static_cast<size_t>(num_partitions), false);
  for (int64_t i = 0; i < n; ++i) {
    int64_t p = devices[static_cast<size_t>(i)];
    if (p < 0 || p >= num_partitions || seen[static_cast<size_t>(p)]) return bad();
    seen[static_cast<size_t>(p)] = true;
    std::vector<int64_t> c = Unravel(i, shape);
    c.resize(static_cast<size_t>(rank));
    s.coords[static_cast<size_t>(p)] = std::move(c);
  }
  JAXLIB_RETURN_IF_ERROR(CheckEven(s, dims));
  return s;
}

}  // namespace

bool TensorSharding::replicated() const {
  return std::all_of(tiles.begin(), tiles.end(), [](int64_t t) { return t == 1; });
}

std::vector<int64_t> TensorSharding::LocalDims(const std::vector<int64_t>& global) const {
  std::vector<int64_t> out(global.size());
  for (size_t d = 0; d < global.size(); ++d) out[d] = global[d] / tiles[d];
  return out;
}

std::vector<int64_t> TensorSharding::Offsets(int partition, const std::vector<int64_t>& global) const {
  std::vector<int64_t> out(global.size());
  for (size_t d = 0; d < global.size(); ++d) out[d] = coords[static_cast<size_t>(partition)][d] * (global[d] / tiles[d]);
  return out;
}

TensorSharding ReplicatedSharding(int rank, int num_partitions) {
  TensorSharding s;
  s.tiles.assign(static_cast<size_t>(rank), 1);
  s.coords.assign(static_cast<size_t>(num_partitions), std::vector<int64_t>(static_cast<size_t>(rank), 0));
  return s;
}

StatusOr<TensorSharding> ReadSharding(const Attribute& attr, const Module& module, const std::vector<int64_t>& dims,
                                      int num_partitions) {
  if (attr.kind == Attribute::Kind::kString) return FromHloString(attr.s, dims, num_partitions);
  if (attr.kind == Attribute::Kind::kDict && attr.name == "sdy.sharding")
    return FromShardy(attr, module, dims, num_partitions);
  return Unimplemented("a sharding attribute of an unsupported form");
}

const Attribute* FindShardingAttribute(const std::vector<NamedAttr>& attrs) {
  const Attribute* hlo = nullptr;
  for (const NamedAttr& a : attrs) {
    if (!a.value) continue;
    if (a.name == "sdy.sharding") return a.value.get();
    if (a.name == "mhlo.sharding") hlo = a.value.get();
  }
  return hlo;
}

std::string HloShardingString(const TensorSharding& s) {
  if (s.replicated()) return "{replicated}";
  const int64_t partitions = static_cast<int64_t>(s.coords.size());
  const int64_t tiles = Product(s.tiles);
  const int64_t copies = partitions / tiles;
  std::vector<int64_t> order(static_cast<size_t>(partitions), -1);
  std::vector<int64_t> next_copy(static_cast<size_t>(tiles), 0);
  for (int64_t p = 0; p < partitions; ++p) {
    int64_t linear = 0;
    for (size_t d = 0; d < s.tiles.size(); ++d) linear = linear * s.tiles[d] + s.coords[static_cast<size_t>(p)][d];
    order[static_cast<size_t>(linear * copies + next_copy[static_cast<size_t>(linear)]++)] = p;
  }
  std::string out = "{devices=[";
  for (size_t d = 0; d < s.tiles.size(); ++d) out += (d ? "," : "") + std::to_string(s.tiles[d]);
  if (copies > 1) out += "," + std::to_string(copies);
  out += "]";
  for (size_t k = 0; k < order.size(); ++k) out += (k ? "," : "") + std::to_string(order[k]);
  if (copies > 1) out += " last_tile_dim_replicate";
  return out + "}";
}

}  // namespace jaxlib::compiler
