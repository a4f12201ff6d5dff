// Bounds-checked primitive decoding for MLIR bytecode: prefix varints, zigzag varints, raw
// bytes, NUL-terminated strings and section headers. Knows nothing about MLIR itself; every
// read reports failure instead of reading past its window.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace jaxlib::compiler::bytecode {

// A read cursor over one window of the file. `base` is the window's offset in the whole file:
// error messages name absolute offsets, and section alignment is relative to the file start
// (the writer pads as if the file began at an aligned address; our buffer may not).
class ByteStream {
 public:
  ByteStream() = default;
  ByteStream(std::string_view data, size_t base) : data_(data), base_(base) {}

  bool empty() const { return pos_ >= data_.size(); }
  size_t remaining() const { return data_.size() - pos_; }
  // Absolute offset of the cursor in the file.
  size_t offset() const { return base_ + pos_; }

  bool ReadByte(uint8_t* out);
  // The prefix varint: the count of trailing zero bits in the first byte is the number of
  // extra bytes; a zero first byte means eight extra bytes.
  bool ReadVarInt(uint64_t* out);
  bool ReadSignedVarInt(int64_t* out);  // zigzag on top of ReadVarInt
  // A varint whose low bit is a flag: (value << 1) | flag.
  bool ReadVarIntWithFlag(uint64_t* out, bool* flag);
  bool ReadBytes(uint64_t n, std::string_view* out);
  bool ReadCString(std::string_view* out);
  // Skips 0xCB padding until offset() is a multiple of `alignment` (a power of two).
  bool AlignTo(uint64_t alignment);
  // id byte (high bit: aligned), length varint, optional alignment, payload. The payload is
  // returned as a stream positioned at its first byte.
  bool ReadSection(uint8_t* id, ByteStream* payload);

  // The cursor's data from its current position to the end of the window.
  std::string_view rest() const { return data_.substr(pos_); }

 private:
  std::string_view data_;
  size_t base_ = 0;
  size_t pos_ = 0;
};

}  // namespace jaxlib::compiler::bytecode
