// How a tensor of a partitioned program is split over its partitions: read from Shardy
// attributes (#sdy.sharding over an sdy.mesh) or from HLO sharding strings (mhlo.sharding),
// turned into tiles per partition, and printed back as HLO sharding strings for hosts that read
// shardings off an executable. Device-neutral; executors decide what to do with the tiles.
//
// IR spelling (both front ends produce it):
//   mesh:     kDict "sdy.mesh" {axes = [{name = "x", size = 2}, ...], device_ids = [..] (optional)}
//   sharding: kDict "sdy.sharding" {mesh = @name (kSymbol) or an inline mesh,
//                                   dims = [["x"], [], ...] (axis names per tensor dim, major first),
//                                   replicated = ["y"]}
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "runtime/compiler/ir.h"
#include "runtime/support/status.h"

namespace jaxlib::compiler {

// One tensor's split: `tiles[d]` pieces along dim d; partition p holds tile `coords[p]`.
// Partitions with equal coordinates hold copies of the same data.
struct TensorSharding {
  std::vector<int64_t> tiles;
  std::vector<std::vector<int64_t>> coords;  // [partition][dim]

  bool replicated() const;
  // The shape partition p sees (global dims divided by tiles) and where its tile starts.
  std::vector<int64_t> LocalDims(const std::vector<int64_t>& global) const;
  std::vector<int64_t> Offsets(int partition, const std::vector<int64_t>& global) const;
};

TensorSharding ReplicatedSharding(int rank, int num_partitions);

// From an "sdy.sharding" attribute (meshes resolved in `module`) or an HLO sharding string
// ("{replicated}", "{devices=[2,1]<=[2]}", "{devices=[2,2]0,2,1,3 last_tile_dim_replicate}",
// iota with a transpose, "{maximal device=N}" read as replicated). Errors say what is not
// supported (sub-axes, manual or unreduced axes, uneven splits).
StatusOr<TensorSharding> ReadSharding(const Attribute& attr, const Module& module, const std::vector<int64_t>& dims,
                                      int num_partitions);

// The sharding attribute on one of @main's arguments or results, or nullptr when it has none
// ("sdy.sharding", else "mhlo.sharding").
const Attribute* FindShardingAttribute(const std::vector<NamedAttr>& attrs);

// HLO's spelling, as XLA's executables report output shardings: "{replicated}" or
// "{devices=[t0,t1,...(,r)]d0,d1,... (last_tile_dim_replicate)}".
std::string HloShardingString(const TensorSharding& sharding);

}  // namespace jaxlib::compiler
