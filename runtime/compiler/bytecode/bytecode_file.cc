// Reads the MLIR bytecode container (see bytecode_file.h). The layout follows the format's
// public description: a header, then sections (strings, dialects, attribute/type entries and
// their offsets, IR, resources, properties). Attributes and types are decoded only when an op
// refers to them; malformed or hostile input ends in an INVALID_ARGUMENT naming the offset.
#include "runtime/compiler/bytecode/bytecode_file.h"

#include <algorithm>

#include "runtime/compiler/bytecode/byte_stream.h"
#include "runtime/compiler/bytecode/dialect_encodings.h"
#include "runtime/compiler/bytecode/op_properties.h"

namespace jaxlib::compiler::bytecode {
namespace {

enum SectionId : uint8_t {
  kStringSection = 0,
  kDialectSection = 1,
  kAttrTypeSection = 2,
  kAttrTypeOffsetSection = 3,
  kIrSection = 4,
  kResourceSection = 5,
  kResourceOffsetSection = 6,
  kDialectVersionsSection = 7,
  kPropertiesSection = 8,
  kNumSections = 9,
};

// Container versions at which the encoding changed.
constexpr uint64_t kVersionDialectVersioning = 1;
constexpr uint64_t kVersionLazyLoading = 2;  // isolated regions live in their own section
constexpr uint64_t kVersionUseListOrdering = 3;
constexpr uint64_t kVersionElideUnknownArgLocation = 4;
constexpr uint64_t kVersionNativeProperties = 5;

enum OpMask : uint8_t {
  kHasAttrs = 0x01,
  kHasResults = 0x02,
  kHasOperands = 0x04,
  kHasSuccessors = 0x08,
  kHasInlineRegions = 0x10,
  kHasUseListOrders = 0x20,
  kHasProperties = 0x40,
};

// Deeper nesting than this (attributes inside attributes, regions inside regions) is refused
// rather than risk the stack: real programs stay far below it.
constexpr int kMaxAttributeDepth = 200;
constexpr int kMaxRegionDepth = 500;

enum class EntryState : uint8_t { kUnread, kReading, kDone };

}  // namespace

// Everything the sections hold, plus the decode caches. Shared by the op tree afterwards so
// value types and attributes stay alive.
class Tables {
 public:
  struct Dialect {
    std::string_view name;
  };
  struct OpName {
    uint32_t dialect = 0;
    std::string_view name;
    int was_registered = -1;  // -1: the file's version does not say
  };
  struct Entry {
    uint32_t dialect = 0;
    bool custom = false;
    ByteStream data;
    EntryState state = EntryState::kUnread;
  };

  uint64_t version = 0;
  std::string_view file;
  std::vector<std::string_view> strings;
  std::vector<Dialect> dialects;
  std::vector<OpName> op_names;
  std::vector<Entry> attr_entries;
  std::vector<Entry> type_entries;
  std::vector<AttrPtr> attr_cache;
  std::vector<const TypeValue*> type_cache;
  std::vector<std::unique_ptr<TypeValue>> owned_types;
  std::vector<ByteStream> properties;
  std::vector<std::string_view> resources;  // dialect resource handles, in file order
  std::string error;

  bool Fail(size_t offset, const std::string& message) {
    if (error.empty()) error = "offset " + std::to_string(offset) + ": " + message;
    return false;
  }

  AttrPtr Attribute(uint64_t index, int depth, size_t at);
  const TypeValue* TypeAt(uint64_t index, int depth, size_t at);
};

AttrPtr Tables::Attribute(uint64_t index, int depth, size_t at) {
  if (index >= attr_entries.size()) {
    Fail(at, "attribute index " + std::to_string(index) + " out of range (" +
                 std::to_string(attr_entries.size()) + " attributes)");
    return nullptr;
  }
  Entry& e = attr_entries[index];
  if (e.state == EntryState::kDone) return attr_cache[index];
  if (e.state == EntryState::kReading) {
    Fail(e.data.offset(), "attribute " + std::to_string(index) + " refers to itself");
    return nullptr;
  }
  if (depth > kMaxAttributeDepth) {
    Fail(e.data.offset(), "attributes nested deeper than " + std::to_string(kMaxAttributeDepth));
    return nullptr;
  }
  e.state = EntryState::kReading;
  AttrPtr result;
  std::string_view dialect = dialects[e.dialect].name;
  if (!e.custom) {
    // Assembly-format fallback: the attribute's text, NUL-terminated. We keep it opaque; no
    // dialect whose attributes we interpret uses this form.
    ByteStream s = e.data;
    std::string_view text;
    if (!s.ReadCString(&text)) {
      Fail(e.data.offset(), "attribute text is not NUL-terminated");
      return nullptr;
    }
    auto a = std::make_shared<compiler::Attribute>();
    a->kind = compiler::Attribute::Kind::kOpaque;
    a->s = std::string(text);
    result = std::move(a);
  } else {
    EntryReader r(this, e.data, depth + 1);
    if (dialect == "builtin") {
      result = DecodeBuiltinAttribute(r);
    } else if (dialect == "vhlo") {
      result = DecodeVhloAttribute(r);
    } else if (dialect == "sdy") {
      result = DecodeSdyAttribute(r);
    } else {
      // A dialect whose encoding we do not read: kept opaque and named, since only the ops
      // that carry it could need it.
      auto a = std::make_shared<compiler::Attribute>();
      a->kind = compiler::Attribute::Kind::kOpaque;
      a->s = "#" + std::string(dialect);
      result = std::move(a);
    }
    if (result && (dialect == "builtin" || dialect == "vhlo" || dialect == "sdy") && !r.at_end()) {
      Fail(r.stream().offset(), "trailing bytes after " + std::string(dialect) + " attribute " + std::to_string(index));
      result = nullptr;
    }
  }
  if (!result) {
    if (error.empty()) Fail(e.data.offset(), "malformed " + std::string(dialect) + " attribute " + std::to_string(index));
    e.state = EntryState::kUnread;
    return nullptr;
  }
  e.state = EntryState::kDone;
  attr_cache[index] = result;
  return result;
}

const TypeValue* Tables::TypeAt(uint64_t index, int depth, size_t at) {
  if (index >= type_entries.size()) {
    Fail(at, "type index " + std::to_string(index) + " out of range (" + std::to_string(type_entries.size()) +
                 " types)");
    return nullptr;
  }
  Entry& e = type_entries[index];
  if (e.state == EntryState::kDone) return type_cache[index];
  if (e.state == EntryState::kReading) {
    Fail(e.data.offset(), "type " + std::to_string(index) + " refers to itself");
    return nullptr;
  }
  if (depth > kMaxAttributeDepth) {
    Fail(e.data.offset(), "types nested deeper than " + std::to_string(kMaxAttributeDepth));
    return nullptr;
  }
  e.state = EntryState::kReading;
  auto t = std::make_unique<TypeValue>();
  std::string_view dialect = dialects[e.dialect].name;
  bool ok = true;
  if (!e.custom) {
    ByteStream s = e.data;
    std::string_view text;
    if (!s.ReadCString(&text)) {
      ok = Fail(e.data.offset(), "type text is not NUL-terminated");
    } else {
      t->kind = TypeValue::Kind::kUnsupported;
      t->name = std::string(text);
    }
  } else {
    EntryReader r(this, e.data, depth + 1);
    if (dialect == "builtin") {
      ok = DecodeBuiltinType(r, t.get());
    } else if (dialect == "vhlo") {
      ok = DecodeVhloType(r, t.get());
    } else {
      t->kind = TypeValue::Kind::kUnsupported;
      t->name = "!" + std::string(dialect) + " type";
    }
    if (ok && (dialect == "builtin" || dialect == "vhlo") && !r.at_end())
      ok = Fail(r.stream().offset(), "trailing bytes after " + std::string(dialect) + " type " + std::to_string(index));
  }
  if (!ok) {
    if (error.empty()) Fail(e.data.offset(), "malformed " + std::string(dialect) + " type " + std::to_string(index));
    e.state = EntryState::kUnread;
    return nullptr;
  }
  e.state = EntryState::kDone;
  type_cache[index] = t.get();
  owned_types.push_back(std::move(t));
  return type_cache[index];
}

// ---------------------------------------------------------------------------- EntryReader

bool EntryReader::Fail(const std::string& message) { return tables_->Fail(s_.offset(), message); }

bool EntryReader::ReadVarInt(uint64_t* out) { return s_.ReadVarInt(out) || Fail("truncated integer"); }
bool EntryReader::ReadSignedVarInt(int64_t* out) { return s_.ReadSignedVarInt(out) || Fail("truncated integer"); }
bool EntryReader::ReadByte(uint8_t* out) { return s_.ReadByte(out) || Fail("truncated entry"); }

bool EntryReader::ReadSignedVarInts(std::vector<int64_t>* out) {
  uint64_t n;
  if (!ReadVarInt(&n)) return false;
  if (n > s_.remaining()) return Fail("list length " + std::to_string(n) + " exceeds the entry");
  out->resize(static_cast<size_t>(n));
  for (int64_t& v : *out)
    if (!ReadSignedVarInt(&v)) return false;
  return true;
}

bool EntryReader::ReadString(std::string_view* out) {
  uint64_t index;
  if (!ReadVarInt(&index)) return false;
  if (index >= tables_->strings.size()) return Fail("string index " + std::to_string(index) + " out of range");
  *out = tables_->strings[static_cast<size_t>(index)];
  return true;
}

bool EntryReader::ReadBlob(std::string_view* out) {
  uint64_t size;
  if (!ReadVarInt(&size)) return false;
  return s_.ReadBytes(size, out) || Fail("blob of " + std::to_string(size) + " bytes exceeds the entry");
}

bool EntryReader::ReadAttribute(AttrPtr* out) {
  size_t at = s_.offset();
  uint64_t index;
  if (!ReadVarInt(&index)) return false;
  *out = tables_->Attribute(index, depth_, at);
  return *out != nullptr;
}

bool EntryReader::ReadOptionalAttribute(AttrPtr* out) {
  size_t at = s_.offset();
  uint64_t index;
  bool present;
  if (!s_.ReadVarIntWithFlag(&index, &present)) return Fail("truncated integer");
  if (!present) {
    *out = nullptr;
    return true;
  }
  *out = tables_->Attribute(index, depth_, at);
  return *out != nullptr;
}

bool EntryReader::ReadAttributes(std::vector<AttrPtr>* out) {
  uint64_t n;
  if (!ReadVarInt(&n)) return false;
  if (n > s_.remaining()) return Fail("list length " + std::to_string(n) + " exceeds the entry");
  out->resize(static_cast<size_t>(n));
  for (AttrPtr& a : *out)
    if (!ReadAttribute(&a)) return false;
  return true;
}

bool EntryReader::ReadType(const TypeValue** out) {
  size_t at = s_.offset();
  uint64_t index;
  if (!ReadVarInt(&index)) return false;
  *out = tables_->TypeAt(index, depth_, at);
  return *out != nullptr;
}

bool EntryReader::ReadTypes(std::vector<const TypeValue*>* out) {
  uint64_t n;
  if (!ReadVarInt(&n)) return false;
  if (n > s_.remaining()) return Fail("list length " + std::to_string(n) + " exceeds the entry");
  out->resize(static_cast<size_t>(n));
  for (const TypeValue*& t : *out)
    if (!ReadType(&t)) return false;
  return true;
}

bool EntryReader::ReadAPInt(unsigned width, std::vector<uint64_t>* words) {
  size_t num_words = (width + 63) / 64;
  words->assign(std::max<size_t>(num_words, 1), 0);
  if (width <= 8) {
    uint8_t b;
    if (!ReadByte(&b)) return false;
    (*words)[0] = b;
    return true;
  }
  if (width <= 64) {
    int64_t v;
    if (!ReadSignedVarInt(&v)) return false;
    (*words)[0] = static_cast<uint64_t>(v);
    return true;
  }
  uint64_t active;
  if (!ReadVarInt(&active)) return false;
  if (active > num_words) return Fail("integer has more words than its width allows");
  for (uint64_t k = 0; k < active; ++k) {
    int64_t v;
    if (!ReadSignedVarInt(&v)) return false;
    (*words)[static_cast<size_t>(k)] = static_cast<uint64_t>(v);
  }
  return true;
}

bool EntryReader::ReadResourceHandle(std::string_view* blob) {
  uint64_t index;
  if (!ReadVarInt(&index)) return false;
  if (index >= tables_->resources.size()) return Fail("resource handle " + std::to_string(index) + " out of range");
  *blob = tables_->resources[static_cast<size_t>(index)];
  return true;
}

// ---------------------------------------------------------------------------- container

namespace {

class Reader {
 public:
  Reader(std::string_view bytes, std::shared_ptr<Tables> tables) : bytes_(bytes), t_(std::move(tables)) {}

  Status Run(GenericModule* out) {
    out_ = out;
    if (!ReadAll()) {
      std::string msg = t_->error.empty() ? "malformed bytecode" : t_->error;
      return InvalidArgument("MLIR bytecode: " + msg);
    }
    return Status();
  }

 private:
  bool Fail(const ByteStream& s, const std::string& message) { return t_->Fail(s.offset(), message); }

  bool ReadAll() {
    ByteStream s(bytes_, 0);
    std::string_view magic;
    if (!s.ReadBytes(4, &magic) || magic != std::string_view("ML\xefR", 4)) return Fail(s, "not MLIR bytecode (bad magic)");
    if (!s.ReadVarInt(&t_->version)) return Fail(s, "truncated version");
    if (t_->version < kMinBytecodeVersion || t_->version > kMaxBytecodeVersion) {
      return Fail(s, "bytecode version " + std::to_string(t_->version) + " is not supported (this reader reads " +
                         std::to_string(kMinBytecodeVersion) + " to " + std::to_string(kMaxBytecodeVersion) + ")");
    }
    std::string_view producer;
    if (!s.ReadCString(&producer)) return Fail(s, "truncated producer string");
    out_->bytecode_version = t_->version;
    out_->producer = std::string(producer);

    ByteStream sections[kNumSections];
    bool present[kNumSections] = {};
    while (!s.empty()) {
      uint8_t id;
      ByteStream payload;
      size_t at = s.offset();
      if (!s.ReadSection(&id, &payload)) return t_->Fail(at, "malformed section header or padding");
      if (id >= kNumSections) return t_->Fail(at, "unknown section id " + std::to_string(id));
      if (present[id]) return t_->Fail(at, "section " + std::to_string(id) + " appears twice");
      present[id] = true;
      sections[id] = payload;
    }
    for (uint8_t id : {kStringSection, kDialectSection, kAttrTypeSection, kAttrTypeOffsetSection, kIrSection}) {
      if (!present[id]) return t_->Fail(bytes_.size(), "required section " + std::to_string(id) + " is missing");
    }
    if (t_->version >= kVersionNativeProperties && !present[kPropertiesSection])
      return t_->Fail(bytes_.size(), "properties section is missing");
    if (present[kResourceSection] != present[kResourceOffsetSection])
      return t_->Fail(bytes_.size(), "resource and resource offset sections must come together");

    if (!ReadStrings(sections[kStringSection])) return false;
    if (present[kPropertiesSection] && !ReadProperties(sections[kPropertiesSection])) return false;
    if (!ReadDialects(sections[kDialectSection])) return false;
    if (present[kResourceSection] && !ReadResources(sections[kResourceSection], sections[kResourceOffsetSection]))
      return false;
    if (!ReadAttrTypeOffsets(sections[kAttrTypeSection], sections[kAttrTypeOffsetSection])) return false;
    return ReadIr(sections[kIrSection]);
  }

  bool ReadStrings(ByteStream s) {
    std::string_view all = s.rest();
    size_t base = s.offset();
    uint64_t n;
    if (!s.ReadVarInt(&n)) return Fail(s, "truncated string count");
    if (n > all.size()) return Fail(s, "string count " + std::to_string(n) + " exceeds the section");
    t_->strings.resize(static_cast<size_t>(n));
    // Lengths are stored in reverse order and include the NUL; the data sits at the end of the
    // section, last string last.
    size_t end = all.size();
    for (size_t k = t_->strings.size(); k-- > 0;) {
      uint64_t len;
      if (!s.ReadVarInt(&len)) return Fail(s, "truncated string length");
      if (len == 0 || len > end) return Fail(s, "string length " + std::to_string(len) + " exceeds the section");
      size_t start = end - static_cast<size_t>(len);
      if (all[end - 1] != '\0') return t_->Fail(base + end - 1, "string is not NUL-terminated");
      t_->strings[k] = all.substr(start, static_cast<size_t>(len) - 1);
      end = start;
    }
    if (s.offset() - base != end) return Fail(s, "string lengths and string data do not meet");
    return true;
  }

  bool ReadProperties(ByteStream s) {
    if (s.empty()) return true;
    uint64_t n;
    if (!s.ReadVarInt(&n)) return Fail(s, "truncated property count");
    if (n > s.remaining()) return Fail(s, "property count exceeds the section");
    t_->properties.reserve(static_cast<size_t>(n));
    for (uint64_t k = 0; k < n; ++k) {
      uint64_t size;
      if (!s.ReadVarInt(&size)) return Fail(s, "truncated property size");
      size_t at = s.offset();
      std::string_view data;
      if (!s.ReadBytes(size, &data)) return Fail(s, "property entry exceeds the section");
      t_->properties.emplace_back(data, at);
    }
    if (!s.empty()) return Fail(s, "trailing bytes in the properties section");
    return true;
  }

  bool ReadDialects(ByteStream s) {
    uint64_t n;
    if (!s.ReadVarInt(&n)) return Fail(s, "truncated dialect count");
    if (n > s.remaining()) return Fail(s, "dialect count exceeds the section");
    t_->dialects.resize(static_cast<size_t>(n));
    for (auto& d : t_->dialects) {
      uint64_t name;
      bool versioned = false;
      if (t_->version < kVersionDialectVersioning) {
        if (!s.ReadVarInt(&name)) return Fail(s, "truncated dialect name");
      } else if (!s.ReadVarIntWithFlag(&name, &versioned)) {
        return Fail(s, "truncated dialect name");
      }
      if (name >= t_->strings.size()) return Fail(s, "dialect name index out of range");
      d.name = t_->strings[static_cast<size_t>(name)];
      if (versioned) {
        // A dialect's own version record; VHLO and builtin carry none, others we do not use.
        uint8_t id;
        ByteStream version;
        if (!s.ReadSection(&id, &version) || id != kDialectVersionsSection)
          return Fail(s, "malformed dialect version of '" + std::string(d.name) + "'");
      }
    }
    if (t_->version >= kVersionElideUnknownArgLocation) {
      uint64_t num_ops;
      if (!s.ReadVarInt(&num_ops)) return Fail(s, "truncated op name count");
      if (num_ops > s.remaining()) return Fail(s, "op name count exceeds the section");
      t_->op_names.reserve(static_cast<size_t>(num_ops));
    }
    while (!s.empty()) {
      uint64_t dialect, count;
      if (!s.ReadVarInt(&dialect) || !s.ReadVarInt(&count)) return Fail(s, "truncated op name group");
      if (dialect >= t_->dialects.size()) return Fail(s, "op name group names dialect " + std::to_string(dialect));
      if (count > s.remaining()) return Fail(s, "op name group exceeds the section");
      for (uint64_t k = 0; k < count; ++k) {
        Tables::OpName op;
        op.dialect = static_cast<uint32_t>(dialect);
        uint64_t name;
        if (t_->version >= kVersionNativeProperties) {
          bool registered;
          if (!s.ReadVarIntWithFlag(&name, &registered)) return Fail(s, "truncated op name");
          op.was_registered = registered ? 1 : 0;
        } else if (!s.ReadVarInt(&name)) {
          return Fail(s, "truncated op name");
        }
        if (name >= t_->strings.size()) return Fail(s, "op name index out of range");
        op.name = t_->strings[static_cast<size_t>(name)];
        t_->op_names.push_back(op);
      }
    }
    return true;
  }

  // Resource groups: external providers first (skipped), then dialect groups whose entries
  // DenseResourceElementsAttr refers to by position.
  bool ReadResources(ByteStream data, ByteStream offsets) {
    uint64_t external;
    if (!offsets.ReadVarInt(&external)) return Fail(offsets, "truncated resource group count");
    auto read_group = [&](bool keep) -> bool {
      uint64_t n;
      if (!offsets.ReadVarInt(&n)) return Fail(offsets, "truncated resource count");
      if (n > offsets.remaining()) return Fail(offsets, "resource count exceeds the section");
      for (uint64_t k = 0; k < n; ++k) {
        uint64_t key, size;
        uint8_t kind;
        if (!offsets.ReadVarInt(&key) || !offsets.ReadVarInt(&size) || !offsets.ReadByte(&kind))
          return Fail(offsets, "truncated resource entry");
        if (key >= t_->strings.size()) return Fail(offsets, "resource key index out of range");
        size_t at = data.offset();
        std::string_view entry;
        if (!data.ReadBytes(size, &entry)) return Fail(data, "resource entry exceeds the resource section");
        if (!keep) continue;
        std::string_view blob;
        if (kind == 0 && !entry.empty()) {  // blob: alignment, size, padding, bytes
          ByteStream e(entry, at);
          uint64_t alignment, blob_size;
          if (!e.ReadVarInt(&alignment) || !e.ReadVarInt(&blob_size) || !e.AlignTo(alignment) ||
              !e.ReadBytes(blob_size, &blob))
            return Fail(e, "malformed resource blob");
        }
        t_->resources.push_back(blob);
      }
      return true;
    };
    for (uint64_t g = 0; g < external; ++g) {
      uint64_t key;
      if (!offsets.ReadVarInt(&key)) return Fail(offsets, "truncated resource group key");
      if (!read_group(false)) return false;
    }
    while (!offsets.empty()) {
      uint64_t dialect;
      if (!offsets.ReadVarInt(&dialect)) return Fail(offsets, "truncated resource dialect");
      if (dialect >= t_->dialects.size()) return Fail(offsets, "resource group names dialect " + std::to_string(dialect));
      if (!read_group(true)) return false;
    }
    return true;
  }

  bool ReadAttrTypeOffsets(ByteStream data, ByteStream offsets) {
    uint64_t num_attrs, num_types;
    if (!offsets.ReadVarInt(&num_attrs) || !offsets.ReadVarInt(&num_types)) return Fail(offsets, "truncated entry counts");
    if (num_attrs > data.remaining() + offsets.remaining() || num_types > data.remaining() + offsets.remaining())
      return Fail(offsets, "attribute/type counts exceed the file");
    t_->attr_entries.resize(static_cast<size_t>(num_attrs));
    t_->type_entries.resize(static_cast<size_t>(num_types));
    t_->attr_cache.resize(t_->attr_entries.size());
    t_->type_cache.resize(t_->type_entries.size());
    std::string_view all = data.rest();
    size_t base = data.offset();
    size_t cursor = 0;
    for (auto* entries : {&t_->attr_entries, &t_->type_entries}) {
      size_t filled = 0;
      while (filled < entries->size()) {
        uint64_t dialect, count;
        if (!offsets.ReadVarInt(&dialect) || !offsets.ReadVarInt(&count)) return Fail(offsets, "truncated entry group");
        if (dialect >= t_->dialects.size()) return Fail(offsets, "entry group names dialect " + std::to_string(dialect));
        if (count > entries->size() - filled) return Fail(offsets, "entry group overflows the declared count");
        for (uint64_t k = 0; k < count; ++k) {
          uint64_t size;
          bool custom;
          if (!offsets.ReadVarIntWithFlag(&size, &custom)) return Fail(offsets, "truncated entry size");
          if (size > all.size() - cursor) return Fail(offsets, "entry extends past the attribute/type section");
          Tables::Entry& e = (*entries)[filled++];
          e.dialect = static_cast<uint32_t>(dialect);
          e.custom = custom;
          e.data = ByteStream(all.substr(cursor, static_cast<size_t>(size)), base + cursor);
          cursor += static_cast<size_t>(size);
        }
      }
    }
    if (!offsets.empty()) return Fail(offsets, "trailing bytes in the attribute/type offsets");
    return true;
  }

  // ------------------------------------------------------------------------ IR section
  // Values are numbered per isolated-from-above scope; each region reserves its values at the
  // end of its scope's table, so an operand index is absolute within the scope.
  struct Scope {
    std::vector<int64_t> values;  // file-global value number, -1 until defined
    std::vector<size_t> next;     // next free slot of each open region
  };

  bool ReadIr(ByteStream s) {
    scopes_.emplace_back();
    scopes_.back().next.push_back(0);  // the top-level block defines no values of its own
    GenericBlock top;
    uint64_t num_ops;
    if (!ReadBlockHeader(s, &top, &num_ops)) return false;
    for (uint64_t k = 0; k < num_ops; ++k) {
      out_->top_level.emplace_back();
      if (!ReadOp(s, &out_->top_level.back(), 0)) return false;
    }
    return true;
  }

  bool DefineValue(const ByteStream& s, const TypeValue* type, uint32_t* out) {
    Scope& scope = scopes_.back();
    size_t& slot = scope.next.back();
    if (slot >= scope.values.size()) return Fail(s, "region defines more values than it declared");
    uint32_t id = static_cast<uint32_t>(out_->value_types.size());
    out_->value_types.push_back(type);
    scope.values[slot++] = id;
    *out = id;
    return true;
  }

  bool ReadBlockHeader(ByteStream& s, GenericBlock* block, uint64_t* num_ops) {
    bool has_args;
    if (!s.ReadVarIntWithFlag(num_ops, &has_args)) return Fail(s, "truncated block header");
    if (*num_ops > s.remaining()) return Fail(s, "block op count exceeds the section");
    if (!has_args) return true;
    uint64_t n;
    if (!s.ReadVarInt(&n)) return Fail(s, "truncated block argument count");
    if (n > s.remaining()) return Fail(s, "block argument count exceeds the section");
    for (uint64_t k = 0; k < n; ++k) {
      uint64_t type_index, loc;
      bool has_loc = true;
      size_t at = s.offset();
      if (t_->version >= kVersionElideUnknownArgLocation) {
        if (!s.ReadVarIntWithFlag(&type_index, &has_loc)) return Fail(s, "truncated block argument");
      } else if (!s.ReadVarInt(&type_index)) {
        return Fail(s, "truncated block argument");
      }
      if (has_loc && !s.ReadVarInt(&loc)) return Fail(s, "truncated block argument location");
      const TypeValue* type = t_->TypeAt(type_index, 0, at);
      if (type == nullptr) return false;
      uint32_t id = 0;
      if (!DefineValue(s, type, &id)) return false;
      block->args.push_back(id);
    }
    if (t_->version >= kVersionUseListOrdering) {
      uint8_t has_orders;
      if (!s.ReadByte(&has_orders)) return Fail(s, "truncated block header");
      if (has_orders && !SkipUseListOrders(s, n)) return false;
    }
    return true;
  }

  // Use-list orders only matter to in-memory MLIR; we read past them.
  bool SkipUseListOrders(ByteStream& s, uint64_t range_size) {
    uint64_t groups = 1;
    if (range_size > 1 && !s.ReadVarInt(&groups)) return Fail(s, "truncated use-list order");
    if (groups > s.remaining()) return Fail(s, "use-list order count exceeds the section");
    for (uint64_t g = 0; g < groups; ++g) {
      uint64_t index, n;
      bool pairs;
      if (range_size > 1 && !s.ReadVarInt(&index)) return Fail(s, "truncated use-list order");
      if (!s.ReadVarIntWithFlag(&n, &pairs)) return Fail(s, "truncated use-list order");
      if (n > s.remaining()) return Fail(s, "use-list order exceeds the section");
      for (uint64_t k = 0; k < n; ++k)
        if (!s.ReadVarInt(&index)) return Fail(s, "truncated use-list order");
    }
    return true;
  }

  bool ReadRegion(ByteStream& s, GenericRegion* region, int depth) {
    uint64_t num_blocks;
    if (!s.ReadVarInt(&num_blocks)) return Fail(s, "truncated region");
    if (num_blocks == 0) return true;
    uint64_t num_values;
    if (!s.ReadVarInt(&num_values)) return Fail(s, "truncated region value count");
    if (num_blocks > s.remaining() || num_values > bytes_.size()) return Fail(s, "region sizes exceed the file");
    Scope& scope = scopes_.back();
    scope.next.push_back(scope.values.size());
    scope.values.resize(scope.values.size() + static_cast<size_t>(num_values), -1);
    region->blocks.resize(static_cast<size_t>(num_blocks));
    for (GenericBlock& block : region->blocks) {
      uint64_t num_ops;
      if (!ReadBlockHeader(s, &block, &num_ops)) return false;
      block.ops.reserve(static_cast<size_t>(num_ops));
      for (uint64_t k = 0; k < num_ops; ++k) {
        block.ops.emplace_back();
        if (!ReadOp(s, &block.ops.back(), depth)) return false;
      }
    }
    Scope& after = scopes_.back();
    after.values.resize(after.values.size() - static_cast<size_t>(num_values));
    after.next.pop_back();
    return true;
  }

  bool ReadOp(ByteStream& s, GenericOp* op, int depth) {
    op->offset = s.offset();
    uint64_t name_index;
    if (!s.ReadVarInt(&name_index)) return Fail(s, "truncated op");
    if (name_index >= t_->op_names.size()) return Fail(s, "op name index " + std::to_string(name_index) + " out of range");
    const Tables::OpName& name = t_->op_names[static_cast<size_t>(name_index)];
    op->dialect = std::string(t_->dialects[name.dialect].name);
    op->name = std::string(name.name);
    uint8_t mask;
    if (!s.ReadByte(&mask) || !s.ReadVarInt(&op->location)) return Fail(s, "truncated op header");
    if (op->location >= t_->attr_entries.size()) return Fail(s, "op location index out of range");
    if (mask & kHasAttrs) {
      size_t at = s.offset();
      uint64_t index;
      if (!s.ReadVarInt(&index)) return Fail(s, "truncated op attributes");
      AttrPtr dict = t_->Attribute(index, 0, at);
      if (!dict) return false;
      if (dict->kind != Attribute::Kind::kDict) return t_->Fail(at, "op attributes are not a dictionary");
      for (const auto& [k, v] : dict->dict) op->attrs.emplace_back(k, v);
    }
    if ((mask & kHasProperties) && !ReadOpProperties(s, name, op)) return false;
    std::vector<const TypeValue*> result_types;
    if (mask & kHasResults) {
      uint64_t n;
      if (!s.ReadVarInt(&n)) return Fail(s, "truncated result count");
      if (n > s.remaining()) return Fail(s, "result count exceeds the section");
      for (uint64_t k = 0; k < n; ++k) {
        size_t at = s.offset();
        uint64_t index;
        if (!s.ReadVarInt(&index)) return Fail(s, "truncated result type");
        const TypeValue* t = t_->TypeAt(index, 0, at);
        if (!t) return false;
        result_types.push_back(t);
      }
    }
    if (mask & kHasOperands) {
      uint64_t n;
      if (!s.ReadVarInt(&n)) return Fail(s, "truncated operand count");
      if (n > s.remaining()) return Fail(s, "operand count exceeds the section");
      const Scope& scope = scopes_.back();
      for (uint64_t k = 0; k < n; ++k) {
        uint64_t index;
        if (!s.ReadVarInt(&index)) return Fail(s, "truncated operand");
        if (index >= scope.values.size()) return Fail(s, "operand refers to value " + std::to_string(index) + " outside its scope");
        int64_t id = scope.values[static_cast<size_t>(index)];
        // Programs in SSA form with single-block regions define before use; a forward
        // reference would need a graph region, which StableHLO never uses.
        if (id < 0) return Fail(s, "operand refers to a value defined later (forward reference)");
        op->operands.push_back(static_cast<uint32_t>(id));
      }
    }
    if (mask & kHasSuccessors) return Fail(s, "op '" + op->dialect + "." + op->name + "' has successor blocks (branches are not supported)");
    if (t_->version >= kVersionUseListOrdering && (mask & kHasUseListOrders) &&
        !SkipUseListOrders(s, result_types.size()))
      return false;
    uint64_t num_regions = 0;
    bool isolated = false;
    if ((mask & kHasInlineRegions) && !s.ReadVarIntWithFlag(&num_regions, &isolated)) return Fail(s, "truncated region count");
    if (num_regions > s.remaining() + 1) return Fail(s, "region count exceeds the section");
    // Results are defined in the enclosing region's scope before the op's own regions.
    if (!result_types.empty()) {
      for (const TypeValue* t : result_types) {
        uint32_t id = 0;
        if (!DefineValue(s, t, &id)) return false;
        op->results.push_back(id);
      }
    }
    if (num_regions == 0) return true;
    if (depth >= kMaxRegionDepth) return Fail(s, "regions nested deeper than " + std::to_string(kMaxRegionDepth));
    op->regions.resize(static_cast<size_t>(num_regions));
    ByteStream nested;
    ByteStream* rs = &s;
    if (isolated) {
      if (t_->version >= kVersionLazyLoading) {
        uint8_t id;
        size_t at = s.offset();
        if (!s.ReadSection(&id, &nested)) return t_->Fail(at, "malformed region section");
        if (id != kIrSection) return t_->Fail(at, "isolated region is not an IR section");
        rs = &nested;
      }
      scopes_.emplace_back();
    }
    for (GenericRegion& r : op->regions)
      if (!ReadRegion(*rs, &r, depth + 1)) return false;
    if (isolated) scopes_.pop_back();
    return true;
  }

  bool ReadOpProperties(ByteStream& s, const Tables::OpName& name, GenericOp* op) {
    if (name.was_registered < 0) return Fail(s, "op properties in a file too old to have them");
    size_t at = s.offset();
    uint64_t index;
    if (!s.ReadVarInt(&index)) return Fail(s, "truncated properties reference");
    if (name.was_registered == 0) {
      // An op the writer did not know stores its properties as one dictionary attribute.
      AttrPtr dict = t_->Attribute(index, 0, at);
      if (!dict) return false;
      if (dict->kind == Attribute::Kind::kDict)
        for (const auto& [k, v] : dict->dict) op->attrs.emplace_back(k, v);
      return true;
    }
    if (index >= t_->properties.size()) return t_->Fail(at, "properties index " + std::to_string(index) + " out of range");
    const PropertyLayout* layout = FindPropertyLayout(op->dialect, op->name);
    if (layout == nullptr) return true;  // an op whose properties we never need (sdy's shardings)
    EntryReader r(t_.get(), t_->properties[static_cast<size_t>(index)], 0);
    for (const PropertyField& field : layout->fields) {
      AttrPtr value;
      bool ok = field.optional ? r.ReadOptionalAttribute(&value) : r.ReadAttribute(&value);
      if (!ok) return false;
      if (value) op->attrs.emplace_back(std::string(field.name), std::move(value));
    }
    return true;
  }

  std::string_view bytes_;
  std::shared_ptr<Tables> t_;
  GenericModule* out_ = nullptr;
  std::vector<Scope> scopes_;
};

}  // namespace

const Attribute* GenericOp::attr(std::string_view key) const {
  for (const auto& [k, v] : attrs)
    if (k == key) return v.get();
  return nullptr;
}

std::string GenericModule::LocationOf(const GenericOp& op) const {
  if (!tables) return "";
  AttrPtr loc = tables->Attribute(op.location, 0, op.offset);
  tables->error.clear();  // a location is a courtesy: failing to decode it is not an error
  if (!loc || loc->kind != Attribute::Kind::kOpaque || loc->name != kLocationMarker) return "";
  return loc->s;
}

bool IsBytecode(std::string_view bytes) { return bytes.size() >= 4 && bytes.substr(0, 4) == std::string_view("ML\xefR", 4); }

StatusOr<GenericModule> ReadBytecode(std::string_view bytes) {
  GenericModule module;
  auto tables = std::make_shared<Tables>();
  tables->file = bytes;
  Reader reader(bytes, tables);
  Status st = reader.Run(&module);
  if (!st.ok()) return st;
  module.tables = std::move(tables);
  return module;
}

}  // namespace jaxlib::compiler::bytecode
