// Property layouts (see op_properties.h): builtin.module's symbol name and visibility,
// sdy.mesh's mesh and name, sdy.manual_computation's shardings, and every VHLO op, whose attributes are all required and stored
// in sorted name order.
#include "runtime/compiler/bytecode/op_properties.h"

#include <map>

#include "runtime/compiler/bytecode/vhlo_ops.h"

namespace jaxlib::compiler::bytecode {

const PropertyLayout* FindPropertyLayout(std::string_view dialect, std::string_view op) {
  if (dialect == "builtin" && op == "module") {
    static const PropertyLayout module{{{"sym_name", true}, {"sym_visibility", true}}};
    return &module;
  }
  if (dialect == "sdy" && op == "mesh") {
    static const PropertyLayout mesh{{{"mesh", false}, {"sym_name", false}}};
    return &mesh;
  }
  if (dialect == "sdy" && op == "manual_computation") {
    static const PropertyLayout manual{{{"in_shardings", false}, {"manual_axes", false}, {"out_shardings", false}}};
    return &manual;
  }
  if (dialect != "vhlo") return nullptr;
  static const std::map<std::string_view, PropertyLayout> vhlo = [] {
    std::map<std::string_view, PropertyLayout> m;
    for (const VhloOpInfo& info : AllVhloOps()) {
      PropertyLayout& layout = m[info.name];
      for (std::string_view a : info.attributes) layout.fields.push_back({a, false});
    }
    return m;
  }();
  auto it = vhlo.find(op);
  return it == vhlo.end() ? nullptr : &it->second;
}

}  // namespace jaxlib::compiler::bytecode
