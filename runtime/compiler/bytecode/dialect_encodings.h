// The interface between the bytecode container and the dialects' own encodings of their
// attributes and types (builtin, vhlo). A decoder reads one table entry through an
// EntryReader and returns our IR's Attribute or a TypeValue; the container owns caching,
// cycle and depth checks. Decoders never read outside their entry.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/compiler/bytecode/byte_stream.h"
#include "runtime/compiler/bytecode/bytecode_file.h"
#include "runtime/compiler/ir.h"

namespace jaxlib::compiler::bytecode {

class Tables;  // the container's tables (bytecode_file.cc)

// Reads one attribute or type entry. Every method returns false on malformed input after
// recording why; a decoder then returns nullptr at once.
class EntryReader {
 public:
  EntryReader(Tables* tables, ByteStream stream, int depth) : tables_(tables), s_(stream), depth_(depth) {}

  bool ReadVarInt(uint64_t* out);
  bool ReadSignedVarInt(int64_t* out);
  bool ReadByte(uint8_t* out);
  // A list of signed varints preceded by its length.
  bool ReadSignedVarInts(std::vector<int64_t>* out);
  // A reference into the string table.
  bool ReadString(std::string_view* out);
  // varint size, then that many bytes.
  bool ReadBlob(std::string_view* out);
  // A reference into the attribute table, decoded (recursively) on demand.
  bool ReadAttribute(AttrPtr* out);
  // The optional form: (index << 1) | present.
  bool ReadOptionalAttribute(AttrPtr* out);
  bool ReadAttributes(std::vector<AttrPtr>* out);  // length-prefixed list
  // A reference into the type table.
  bool ReadType(const TypeValue** out);
  bool ReadTypes(std::vector<const TypeValue*>* out);  // length-prefixed list
  // An integer of known bit width: one byte up to 8 bits, a zigzag varint up to 64 bits,
  // else a count of 64-bit words and one zigzag varint per word (low word first). `words`
  // receives the value little-endian, ceil(width / 64) words.
  bool ReadAPInt(unsigned width, std::vector<uint64_t>* words);
  // A dialect resource handle: the resource's bytes (a blob from the resource section).
  bool ReadResourceHandle(std::string_view* blob);

  bool Fail(const std::string& message);
  // Consumes what is left of the entry (for well-formed encodings we do not interpret).
  void SkipRest() { std::string_view ignored; s_.ReadBytes(s_.remaining(), &ignored); }
  bool at_end() const { return s_.empty(); }
  const ByteStream& stream() const { return s_; }

 private:
  Tables* tables_;
  ByteStream s_;
  int depth_;
};

// Builtin dialect (module attributes, locations, strings, dense elements, builtin types).
AttrPtr DecodeBuiltinAttribute(EntryReader& r);
bool DecodeBuiltinType(EntryReader& r, TypeValue* out);

// VHLO dialect (StableHLO portable artifacts): attributes and types with version suffixes.
AttrPtr DecodeVhloAttribute(EntryReader& r);
bool DecodeVhloType(EntryReader& r, TypeValue* out);

// Shardy: meshes and tensor shardings (the IR spelling of sharding.h); other kinds opaque.
AttrPtr DecodeSdyAttribute(EntryReader& r);

// Shared by the dialects (encoded_values.cc) -------------------------------------------

// Raw dense element bytes of `type` as our DenseData (splats, i1 bit-packing). An element
// type we do not support gives kOpaque naming the type; malformed sizes fail through `r`.
AttrPtr MakeDenseAttribute(EntryReader& r, const TypeValue& type, std::string_view raw);
// An integer attribute of element type `type` from its words (sign-extended by width);
// i1 becomes kBool.
AttrPtr MakeIntegerAttribute(EntryReader& r, const TypeValue& type, unsigned width, const std::vector<uint64_t>& words);
// A float attribute from its bit pattern; kOpaque for float types we do not support.
AttrPtr MakeFloatAttribute(EntryReader& r, const TypeValue& type, const std::vector<uint64_t>& bits);
// Bit width of an element type for integer/float attribute payloads (index: 64); 0 if unknown.
unsigned ElementBitWidth(const TypeValue& type);
// A type as an attribute: kType for values and elements; a function type as kDict named
// "function_type" with "inputs"/"results" arrays of kType; others kOpaque.
AttrPtr TypeAttribute(const TypeValue& type);
// A location attribute (see kLocationMarker).
AttrPtr LocationAttribute(std::string where);

// Types and attributes both dialects encode alike, built from their already-read parts. Each
// fills `out` (an unsupported form becomes kUnsupported naming it) and returns false only on
// malformed input, reported through `r`.
bool SetElementType(ElementType e, unsigned bits, bool is_float, TypeValue* out);
bool SetComplexType(const TypeValue& inner, TypeValue* out);
bool SetFunctionType(const std::vector<const TypeValue*>& inputs, const std::vector<const TypeValue*>& results,
                     TypeValue* out);
bool SetTupleType(const std::vector<const TypeValue*>& elements, TypeValue* out);
bool SetRankedTensorType(EntryReader& r, std::vector<int64_t> shape, const TypeValue& element, TypeValue* out);
// A dictionary: a count, then (name, value) attribute references, the names strings.
AttrPtr ReadDictionary(EntryReader& r);

// Location attributes become kOpaque with `s` = "file:line:col" or a name; the container uses
// this to give op errors a source position.
inline constexpr const char kLocationMarker[] = "location";

}  // namespace jaxlib::compiler::bytecode
