// The VHLO operations of StableHLO portable artifacts: for each versioned op, the StableHLO op
// it stands for, the StableHLO versions that define it and its attribute names. One table,
// read by the property decoder (bytecode_file.cc) and by the conversion to our IR.
#pragma once

#include <string_view>
#include <vector>

namespace jaxlib::compiler::bytecode {

struct StablehloVersion {
  int major = 0;
  int minor = 0;
  int patch = 0;
  friend bool operator<(const StablehloVersion& a, const StablehloVersion& b) {
    if (a.major != b.major) return a.major < b.major;
    if (a.minor != b.minor) return a.minor < b.minor;
    return a.patch < b.patch;
  }
  friend bool operator==(const StablehloVersion& a, const StablehloVersion& b) {
    return a.major == b.major && a.minor == b.minor && a.patch == b.patch;
  }
};

// The StableHLO versions whose artifacts this reader accepts, reported to hosts as the
// plugin's stablehlo_minimum_version / stablehlo_current_version.
inline constexpr StablehloVersion kMinimumStablehloVersion{0, 9, 0};
inline constexpr StablehloVersion kCurrentStablehloVersion{1, 17, 0};

struct VhloOpInfo {
  std::string_view name;    // "compare_v1", without the "vhlo." prefix
  std::string_view target;  // "stablehlo.compare"; func ops map to "func.func", "func.return", "func.call"
  StablehloVersion min;     // first version that has this op
  StablehloVersion max;     // last version that has it (kOpenEnded: still current)
  // Attribute names in sorted order: the order native properties store them in.
  std::vector<std::string_view> attributes;
};

inline constexpr StablehloVersion kOpenEnded{99, 99, 99};

// nullptr for a name no StableHLO version defines.
const VhloOpInfo* FindVhloOp(std::string_view name);
// Every row, sorted by name.
const std::vector<VhloOpInfo>& AllVhloOps();

}  // namespace jaxlib::compiler::bytecode
