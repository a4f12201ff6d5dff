// Primitive decoding for MLIR bytecode (see byte_stream.h). Little-endian throughout.
#include "runtime/compiler/bytecode/byte_stream.h"

namespace jaxlib::compiler::bytecode {

bool ByteStream::ReadByte(uint8_t* out) {
  if (pos_ >= data_.size()) return false;
  *out = static_cast<uint8_t>(data_[pos_++]);
  return true;
}

bool ByteStream::ReadVarInt(uint64_t* out) {
  uint8_t first;
  if (!ReadByte(&first)) return false;
  if (first & 1) {  // the common one-byte form
    *out = first >> 1;
    return true;
  }
  // Extra bytes = trailing zeros of the first byte; all eight when the byte is zero, in which
  // case the first byte carries no value bits at all.
  int extra = 8;
  for (int bit = 0; bit < 8; ++bit) {
    if (first & (1u << bit)) {
      extra = bit;
      break;
    }
  }
  if (remaining() < static_cast<size_t>(extra)) return false;
  uint64_t value = 0;
  for (int k = 0; k < extra; ++k) value |= static_cast<uint64_t>(static_cast<uint8_t>(data_[pos_ + k])) << (8 * k);
  pos_ += static_cast<size_t>(extra);
  if (extra == 8) {
    *out = value;
    return true;
  }
  // The first byte's bits above the length marker are the low bits of the value.
  uint64_t low_bits = static_cast<uint64_t>(first) >> (extra + 1);
  *out = (value << (7 - extra)) | low_bits;
  return true;
}

bool ByteStream::ReadSignedVarInt(int64_t* out) {
  uint64_t u;
  if (!ReadVarInt(&u)) return false;
  *out = static_cast<int64_t>((u >> 1) ^ (~(u & 1) + 1));
  return true;
}

bool ByteStream::ReadVarIntWithFlag(uint64_t* out, bool* flag) {
  uint64_t u;
  if (!ReadVarInt(&u)) return false;
  *flag = (u & 1) != 0;
  *out = u >> 1;
  return true;
}

bool ByteStream::ReadBytes(uint64_t n, std::string_view* out) {
  if (n > remaining()) return false;
  *out = data_.substr(pos_, static_cast<size_t>(n));
  pos_ += static_cast<size_t>(n);
  return true;
}

bool ByteStream::ReadCString(std::string_view* out) {
  size_t nul = data_.find('\0', pos_);
  if (nul == std::string_view::npos) return false;
  *out = data_.substr(pos_, nul - pos_);
  pos_ = nul + 1;
  return true;
}

bool ByteStream::AlignTo(uint64_t alignment) {
  if (alignment == 0 || (alignment & (alignment - 1)) != 0 || alignment > (uint64_t{1} << 32)) return false;
  while (offset() % alignment != 0) {
    uint8_t pad;
    if (!ReadByte(&pad) || pad != 0xCB) return false;
  }
  return true;
}

bool ByteStream::ReadSection(uint8_t* id, ByteStream* payload) {
  uint8_t id_and_align;
  uint64_t length;
  if (!ReadByte(&id_and_align) || !ReadVarInt(&length)) return false;
  *id = id_and_align & 0x7f;
  if (id_and_align & 0x80) {
    uint64_t alignment;
    if (!ReadVarInt(&alignment) || !AlignTo(alignment)) return false;
  }
  size_t start = offset();
  std::string_view data;
  if (!ReadBytes(length, &data)) return false;
  *payload = ByteStream(data, start);
  return true;
}

}  // namespace jaxlib::compiler::bytecode
