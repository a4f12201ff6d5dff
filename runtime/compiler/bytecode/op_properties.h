// How registered ops lay out their native properties (bytecode version 5 and later): the
// attributes in the order the op stores them, each required or optional. Only ops whose
// properties our compiler reads are listed; others' property blobs are skipped unread.
#pragma once

#include <string_view>
#include <vector>

namespace jaxlib::compiler::bytecode {

struct PropertyField {
  std::string_view name;
  bool optional = false;  // optional fields are stored as (index << 1) | present
};

struct PropertyLayout {
  std::vector<PropertyField> fields;
};

// nullptr when the op's properties are not needed (or the op is unknown).
const PropertyLayout* FindPropertyLayout(std::string_view dialect, std::string_view op);

}  // namespace jaxlib::compiler::bytecode
