// Byte-level encodings of x86_64_encoder.h (Intel SDM vol. 2, chapter 2 for the REX/ModRM/SIB
// format, the instruction pages for each opcode). Emits bytes only; never executes them.
#include "backends/cpu/executor/jit/x86_64_encoder.h"

#include <cstring>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace jaxlib::cpu::x86 {

namespace {
int Num(Gpr r) { return static_cast<int>(r); }
int Num(Xmm r) { return static_cast<int>(r); }
}  // namespace

// ------------------------------------------------------------------ instruction format

// REX = 0100WRXB: W = 64-bit operand size, R extends ModRM.reg, B extends ModRM.rm (or the
// SIB base); X (SIB index) is never used here. Emitted when some bit is set or `force`d.
void Encoder::Rex(bool w, int reg, int rm, bool force) {
  uint8_t rex = static_cast<uint8_t>(0x40 | (w ? 8 : 0) | ((reg >> 3) & 1) << 2 | ((rm >> 3) & 1));
  if (rex != 0x40 || force) Byte(rex);
}

namespace {
// Byte registers 4..7 are spl/bpl/sil/dil only with a REX prefix (ah..bh without one).
bool NeedsRexForByte(int r) { return r >= 4 && r <= 7; }
}  // namespace

void Encoder::OpRR(uint8_t prefix, bool w, std::initializer_list<uint8_t> opcode, int reg, int rm, bool byte_regs) {
  if (prefix) Byte(prefix);  // a mandatory prefix (66/F2/F3) precedes REX
  Rex(w, reg, rm, byte_regs && NeedsRexForByte(rm));
  for (uint8_t b : opcode) Byte(b);
  Byte(static_cast<uint8_t>(0xC0 | (reg & 7) << 3 | (rm & 7)));  // mod = 11: register direct
}

void Encoder::OpRM(uint8_t prefix, bool w, std::initializer_list<uint8_t> opcode, int reg, Mem m, bool byte_regs) {
  int base = Num(m.base);
  if (prefix) Byte(prefix);
  Rex(w, reg, base, byte_regs && NeedsRexForByte(reg));  // the base is never a byte register
  for (uint8_t b : opcode) Byte(b);
  Byte(static_cast<uint8_t>(0x80 | (reg & 7) << 3 | (base & 7)));  // mod = 10: [base + disp32]
  // rm = 100 means "a SIB byte follows"; SIB 0x24 = no index, base rsp/r12.
  if ((base & 7) == 4) Byte(0x24);
  Imm32(static_cast<uint32_t>(m.disp));
}

void Encoder::Imm32(uint32_t v) {
  for (int i = 0; i < 4; ++i) Byte(static_cast<uint8_t>(v >> (8 * i)));
}

// ------------------------------------------------------------------ general-purpose registers

void Encoder::MovRR(Gpr dst, Gpr src, bool w64) { OpRR(0, w64, {0x8B}, Num(dst), Num(src)); }

void Encoder::MovRI(Gpr dst, uint64_t imm) {
  int d = Num(dst);
  if (imm <= 0xFFFFFFFFull) {
    // B8+rd id: MOV r32, imm32, zero-extended to 64 bits.
    Rex(false, 0, d, false);
    Byte(static_cast<uint8_t>(0xB8 + (d & 7)));
    Imm32(static_cast<uint32_t>(imm));
  } else if (static_cast<int64_t>(imm) == static_cast<int32_t>(imm)) {
    // REX.W C7 /0 id: MOV r/m64, imm32 sign-extended.
    OpRR(0, true, {0xC7}, 0, d);
    Imm32(static_cast<uint32_t>(imm));
  } else {
    // REX.W B8+rd io: MOV r64, imm64.
    Rex(true, 0, d, false);
    Byte(static_cast<uint8_t>(0xB8 + (d & 7)));
    Imm32(static_cast<uint32_t>(imm));
    Imm32(static_cast<uint32_t>(imm >> 32));
  }
}

void Encoder::MovRM(Gpr dst, Mem src, bool w64) { OpRM(0, w64, {0x8B}, Num(dst), src); }
void Encoder::LeaRM(Gpr dst, Mem src) { OpRM(0, true, {0x8D}, Num(dst), src); }
void Encoder::CallR(Gpr target) { OpRR(0, false, {0xFF}, 2, Num(target)); }
void Encoder::Prefetcht1M(Mem m) { OpRM(0, false, {0x0F, 0x18}, 2, m); }
void Encoder::MovzxRM8(Gpr dst, Mem src) { OpRM(0, false, {0x0F, 0xB6}, Num(dst), src); }
void Encoder::MovMR(Mem dst, Gpr src, bool w64) { OpRM(0, w64, {0x89}, Num(src), dst); }
void Encoder::MovMR8(Mem dst, Gpr src) { OpRM(0, false, {0x88}, Num(src), dst, /*byte_regs=*/true); }
void Encoder::MovzxRR8(Gpr dst, Gpr src) { OpRR(0, false, {0x0F, 0xB6}, Num(dst), Num(src), /*byte_regs=*/true); }
void Encoder::MovsxdRR(Gpr dst, Gpr src) { OpRR(0, true, {0x63}, Num(dst), Num(src)); }
void Encoder::AddRR(Gpr dst, Gpr src, bool w64) { OpRR(0, w64, {0x03}, Num(dst), Num(src)); }
void Encoder::SubRR(Gpr dst, Gpr src, bool w64) { OpRR(0, w64, {0x2B}, Num(dst), Num(src)); }
void Encoder::ImulRR(Gpr dst, Gpr src, bool w64) { OpRR(0, w64, {0x0F, 0xAF}, Num(dst), Num(src)); }
void Encoder::AndRR(Gpr dst, Gpr src, bool w64) { OpRR(0, w64, {0x23}, Num(dst), Num(src)); }
void Encoder::OrRR(Gpr dst, Gpr src, bool w64) { OpRR(0, w64, {0x0B}, Num(dst), Num(src)); }
void Encoder::XorRR(Gpr dst, Gpr src, bool w64) { OpRR(0, w64, {0x33}, Num(dst), Num(src)); }
void Encoder::CmpRR(Gpr a, Gpr b, bool w64) { OpRR(0, w64, {0x3B}, Num(a), Num(b)); }
void Encoder::TestRR(Gpr a, Gpr b, bool w64) { OpRR(0, w64, {0x85}, Num(b), Num(a)); }
void Encoder::NegR(Gpr r, bool w64) { OpRR(0, w64, {0xF7}, 3, Num(r)); }
void Encoder::NotR(Gpr r, bool w64) { OpRR(0, w64, {0xF7}, 2, Num(r)); }

void Encoder::XorRI8(Gpr r, int8_t imm, bool w64) {
  OpRR(0, w64, {0x83}, 6, Num(r));
  Byte(static_cast<uint8_t>(imm));
}

void Encoder::SetccR8(Cond cc, Gpr dst) {
  OpRR(0, false, {0x0F, static_cast<uint8_t>(0x90 | static_cast<uint8_t>(cc))}, 0, Num(dst), /*byte_regs=*/true);
}

void Encoder::CmovccRR(Cond cc, Gpr dst, Gpr src, bool w64) {
  OpRR(0, w64, {0x0F, static_cast<uint8_t>(0x40 | static_cast<uint8_t>(cc))}, Num(dst), Num(src));
}

void Encoder::Push(Gpr r) {
  Rex(false, 0, Num(r), false);
  Byte(static_cast<uint8_t>(0x50 + (Num(r) & 7)));
}

void Encoder::Pop(Gpr r) {
  Rex(false, 0, Num(r), false);
  Byte(static_cast<uint8_t>(0x58 + (Num(r) & 7)));
}

void Encoder::Ret() { Byte(0xC3); }

void Encoder::Endbr64() {
  Byte(0xF3);
  Byte(0x0F);
  Byte(0x1E);
  Byte(0xFA);
}
void Encoder::Int3() { Byte(0xCC); }

// ------------------------------------------------------------------ SSE scalar

void Encoder::MovapsRR(Xmm dst, Xmm src) { OpRR(0, false, {0x0F, 0x28}, Num(dst), Num(src)); }
void Encoder::MovssRM(Xmm dst, Mem src) { OpRM(0xF3, false, {0x0F, 0x10}, Num(dst), src); }
void Encoder::MovsdRM(Xmm dst, Mem src) { OpRM(0xF2, false, {0x0F, 0x10}, Num(dst), src); }
void Encoder::MovssMR(Mem dst, Xmm src) { OpRM(0xF3, false, {0x0F, 0x11}, Num(src), dst); }
void Encoder::MovsdMR(Mem dst, Xmm src) { OpRM(0xF2, false, {0x0F, 0x11}, Num(src), dst); }
void Encoder::AddssRR(Xmm dst, Xmm src) { OpRR(0xF3, false, {0x0F, 0x58}, Num(dst), Num(src)); }
void Encoder::AddsdRR(Xmm dst, Xmm src) { OpRR(0xF2, false, {0x0F, 0x58}, Num(dst), Num(src)); }
void Encoder::MulssRR(Xmm dst, Xmm src) { OpRR(0xF3, false, {0x0F, 0x59}, Num(dst), Num(src)); }
void Encoder::MulsdRR(Xmm dst, Xmm src) { OpRR(0xF2, false, {0x0F, 0x59}, Num(dst), Num(src)); }
void Encoder::SubssRR(Xmm dst, Xmm src) { OpRR(0xF3, false, {0x0F, 0x5C}, Num(dst), Num(src)); }
void Encoder::SubsdRR(Xmm dst, Xmm src) { OpRR(0xF2, false, {0x0F, 0x5C}, Num(dst), Num(src)); }
void Encoder::DivssRR(Xmm dst, Xmm src) { OpRR(0xF3, false, {0x0F, 0x5E}, Num(dst), Num(src)); }
void Encoder::DivsdRR(Xmm dst, Xmm src) { OpRR(0xF2, false, {0x0F, 0x5E}, Num(dst), Num(src)); }
void Encoder::UcomissRR(Xmm a, Xmm b) { OpRR(0, false, {0x0F, 0x2E}, Num(a), Num(b)); }
void Encoder::UcomisdRR(Xmm a, Xmm b) { OpRR(0x66, false, {0x0F, 0x2E}, Num(a), Num(b)); }
void Encoder::XorpsRR(Xmm dst, Xmm src) { OpRR(0, false, {0x0F, 0x57}, Num(dst), Num(src)); }
void Encoder::Cvtsi2ssRR(Xmm dst, Gpr src, bool src64) { OpRR(0xF3, src64, {0x0F, 0x2A}, Num(dst), Num(src)); }
void Encoder::Cvtsi2sdRR(Xmm dst, Gpr src, bool src64) { OpRR(0xF2, src64, {0x0F, 0x2A}, Num(dst), Num(src)); }
void Encoder::Cvtss2sdRR(Xmm dst, Xmm src) { OpRR(0xF3, false, {0x0F, 0x5A}, Num(dst), Num(src)); }
void Encoder::Cvtsd2ssRR(Xmm dst, Xmm src) { OpRR(0xF2, false, {0x0F, 0x5A}, Num(dst), Num(src)); }
void Encoder::MovqXR(Xmm dst, Gpr src) { OpRR(0x66, true, {0x0F, 0x6E}, Num(dst), Num(src)); }

// ------------------------------------------------------------------ 64-bit immediates

void Encoder::AddRI(Gpr r, int32_t imm) {
  OpRR(0, true, {0x81}, 0, Num(r));
  Imm32(static_cast<uint32_t>(imm));
}

void Encoder::SubRI(Gpr r, int32_t imm) {
  OpRR(0, true, {0x81}, 5, Num(r));
  Imm32(static_cast<uint32_t>(imm));
}

// ------------------------------------------------------------------ AVX-512 (EVEX)

// EVEX = 62 P0 P1 P2 (SDM vol. 2 §2.7.1), here always W0 and 512-bit (L'L = 10):
//   P0 = R X B R' 0 mmm   (R, X, B, R' stored inverted)
//   P1 = W vvvv 1 pp      (vvvv stored inverted)
//   P2 = z L'L b V' aaa   (V' stored inverted)
// A 5-bit register in ModRM.reg takes its bit 3 from R and bit 4 from R'; in ModRM.rm (mod = 11)
// bit 3 from B and bit 4 from X; the vvvv operand's bit 4 is V'. Memory operands use mod = 10
// (disp32, which EVEX never scales) and no index, so X stays clear.
// ModRM for a register (mod = 11) or [base + disp32] (mod = 10, SIB when the base is rsp/r12);
// the prefixes before it carry the high register bits.
void Encoder::ModRm(int reg, int rm, const Mem* m) {
  if (!m) {
    Byte(static_cast<uint8_t>(0xC0 | (reg & 7) << 3 | (rm & 7)));
    return;
  }
  const int base = Num(m->base);
  Byte(static_cast<uint8_t>(0x80 | (reg & 7) << 3 | (base & 7)));
  if ((base & 7) == 4) Byte(0x24);  // SIB: no index, base rsp/r12
  Imm32(static_cast<uint32_t>(m->disp));
}

void Encoder::Evex(int map, int pp, uint8_t opcode, int reg, int vvvv, int rm, const Mem* m, bool bcst, int aaa, bool w,
                   int ll) {
  const int v = vvvv < 0 ? 0 : vvvv;
  const int b_src = m ? Num(m->base) : rm;
  const int r_bit = (reg >> 3) & 1, r_hi = (reg >> 4) & 1;
  const int b_bit = (b_src >> 3) & 1, x_bit = m ? 0 : (rm >> 4) & 1;
  Byte(0x62);
  Byte(static_cast<uint8_t>((r_bit ^ 1) << 7 | (x_bit ^ 1) << 6 | (b_bit ^ 1) << 5 | (r_hi ^ 1) << 4 | (map & 7)));
  Byte(static_cast<uint8_t>((w ? 0x80 : 0) | (~v & 15) << 3 | 1 << 2 | (pp & 3)));
  Byte(static_cast<uint8_t>((ll & 3) << 5 | (bcst ? 1 : 0) << 4 | (((v >> 4) & 1) ^ 1) << 3 | (aaa & 7)));
  Byte(opcode);
  ModRm(reg, rm, m);
}

namespace {
struct VOpCode {
  int map, pp;
  uint8_t opcode;
  bool w = false;
};
VOpCode Code(VOp op) {
  switch (op) {
    case VOp::kAddPs: return {1, 0, 0x58};
    case VOp::kMulPs: return {1, 0, 0x59};
    case VOp::kSubPs: return {1, 0, 0x5C};
    case VOp::kDivPs: return {1, 0, 0x5E};
    case VOp::kMaxPs: return {1, 0, 0x5F};
    case VOp::kMinPs: return {1, 0, 0x5D};
    case VOp::kAndD: return {1, 1, 0xDB};
    case VOp::kOrD: return {1, 1, 0xEB};
    case VOp::kXorD: return {1, 1, 0xEF};
    case VOp::kAndNotD: return {1, 1, 0xDF};
    case VOp::kAddD: return {1, 1, 0xFE};
    case VOp::kSubD: return {1, 1, 0xFA};
    case VOp::kMulLoD: return {2, 1, 0x40};
    case VOp::kShlVD: return {2, 1, 0x47};
    case VOp::kShrLVD: return {2, 1, 0x45};
    case VOp::kShrAVD: return {2, 1, 0x46};
    case VOp::kMaxSD: return {2, 1, 0x3D};
    case VOp::kMinSD: return {2, 1, 0x39};
    case VOp::kMaxUD: return {2, 1, 0x3F};
    case VOp::kMinUD: return {2, 1, 0x3B};
    case VOp::kCmpEqD: return {1, 1, 0x76};
    case VOp::kCmpGtD: return {1, 1, 0x66};
    case VOp::kAddPd: return {1, 1, 0x58, true};
    case VOp::kMulPd: return {1, 1, 0x59, true};
    case VOp::kSubPd: return {1, 1, 0x5C, true};
    case VOp::kDivPd: return {1, 1, 0x5E, true};
    case VOp::kMaxPd: return {1, 1, 0x5F, true};
    case VOp::kMinPd: return {1, 1, 0x5D, true};
    case VOp::kAndQ: return {1, 1, 0xDB, true};
    case VOp::kOrQ: return {1, 1, 0xEB, true};
    case VOp::kXorQ: return {1, 1, 0xEF, true};
    case VOp::kAndNotQ: return {1, 1, 0xDF, true};
    case VOp::kAddQ: return {1, 1, 0xD4, true};
    case VOp::kSubQ: return {1, 1, 0xFB, true};
    case VOp::kShlVQ: return {2, 1, 0x47, true};
    case VOp::kShrLVQ: return {2, 1, 0x45, true};
    case VOp::kCmpEqQ: return {2, 1, 0x29};
  }
  return {1, 0, 0x58};
}
int Num(Zmm r) { return static_cast<int>(r); }
int Num(Kreg r) { return static_cast<int>(r); }
int Num(Ymm r) { return static_cast<int>(r); }
}  // namespace

void Encoder::VOpRRR(VOp op, Zmm dst, Zmm a, Zmm b, Kreg k) {
  VOpCode c = Code(op);
  Evex(c.map, c.pp, c.opcode, Num(dst), Num(a), Num(b), nullptr, false, Num(k), c.w);
}
void Encoder::VOpRRM(VOp op, Zmm dst, Zmm a, Mem b, bool bcst, Kreg k) {
  VOpCode c = Code(op);
  Evex(c.map, c.pp, c.opcode, Num(dst), Num(a), 0, &b, bcst, Num(k), c.w);
}
void Encoder::VmovupsRM(Zmm dst, Mem src) { Evex(1, 0, 0x10, Num(dst), -1, 0, &src, false, 0); }
void Encoder::VmovupsMR(Mem dst, Zmm src) { Evex(1, 0, 0x11, Num(src), -1, 0, &dst, false, 0); }
void Encoder::VmovntpsMR(Mem dst, Zmm src) { Evex(1, 0, 0x2B, Num(src), -1, 0, &dst, false, 0); }
void Encoder::VmovapsRR(Zmm dst, Zmm src, Kreg k) { Evex(1, 0, 0x28, Num(dst), -1, Num(src), nullptr, false, Num(k)); }
void Encoder::VbroadcastssRM(Zmm dst, Mem src) { Evex(2, 1, 0x18, Num(dst), -1, 0, &src, false, 0); }
// VCMPPS (W0) and VCMPPD (66, W1): a register b, or memory m (broadcast) when non-null.
void Encoder::EvexCmp(bool pd, Kreg dst, Zmm a, int b, const Mem* m, VCmp p) {
  Evex(1, pd ? 1 : 0, 0xC2, Num(dst), Num(a), b, m, m != nullptr, 0, pd);
  Byte(static_cast<uint8_t>(p));
}
void Encoder::VcmppsRR(Kreg dst, Zmm a, Zmm b, VCmp p) { EvexCmp(false, dst, a, Num(b), nullptr, p); }
void Encoder::VcmppsRM(Kreg dst, Zmm a, Mem b, VCmp p) {
  EvexCmp(false, dst, a, 0, &b, p);
}
void Encoder::VblendmpsRRR(Zmm dst, Kreg k, Zmm a, Zmm b) { Evex(2, 1, 0x65, Num(dst), Num(a), Num(b), nullptr, false, Num(k)); }
void Encoder::VblendmpsRRM(Zmm dst, Kreg k, Zmm a, Mem b) { Evex(2, 1, 0x65, Num(dst), Num(a), 0, &b, true, Num(k)); }
void Encoder::VptestnmdRM(Kreg dst, Zmm a, Mem b) { Evex(2, 2, 0x27, Num(dst), Num(a), 0, &b, true, 0); }
void Encoder::VsqrtpsRR(Zmm dst, Zmm src) { Evex(1, 0, 0x51, Num(dst), -1, Num(src), nullptr, false, 0); }
void Encoder::Vpmovm2dRK(Zmm dst, Kreg src) { Evex(2, 2, 0x38, Num(dst), -1, Num(src), nullptr, false, 0); }
void Encoder::VptestmdRR(Kreg dst, Zmm a, Zmm b) { Evex(2, 1, 0x27, Num(dst), Num(a), Num(b), nullptr, false, 0); }
void Encoder::VpmovzxbdRM(Zmm dst, Mem src) { Evex(2, 1, 0x31, Num(dst), -1, 0, &src, false, 0); }
void Encoder::VpopcntdRR(Zmm dst, Zmm src) { Evex(2, 1, 0x55, Num(dst), -1, Num(src), nullptr, false, 0); }
void Encoder::VplzcntdRR(Zmm dst, Zmm src) { Evex(2, 1, 0x44, Num(dst), -1, Num(src), nullptr, false, 0); }
void Encoder::VpmovsxbdRM(Zmm dst, Mem src) { Evex(2, 1, 0x21, Num(dst), -1, 0, &src, false, 0); }
void Encoder::VpmovsxwdRM(Zmm dst, Mem src) { Evex(2, 1, 0x23, Num(dst), -1, 0, &src, false, 0); }
void Encoder::Vcvtdq2psRR(Zmm dst, Zmm src) { Evex(1, 0, 0x5B, Num(dst), -1, Num(src), nullptr, false, 0); }
void Encoder::Vcvttps2dqRR(Zmm dst, Zmm src) { Evex(1, 2, 0x5B, Num(dst), -1, Num(src), nullptr, false, 0); }
void Encoder::VpcmpdRR(Kreg dst, Zmm a, Zmm b, uint8_t pred, bool is_unsigned) {
  Evex(3, 1, is_unsigned ? 0x1E : 0x1F, Num(dst), Num(a), Num(b), nullptr, false, 0);
  Byte(pred);
}
void Encoder::VpcmpdRM(Kreg dst, Zmm a, Mem b, uint8_t pred, bool is_unsigned) {
  Evex(3, 1, is_unsigned ? 0x1E : 0x1F, Num(dst), Num(a), 0, &b, true, 0);
  Byte(pred);
}
void Encoder::Vcvtdq2pdRR(Zmm dst, Zmm src) { Evex(1, 2, 0xE6, Num(dst), -1, Num(src), nullptr, false, 0); }
void Encoder::Vcvttpd2dqRR(Zmm dst, Zmm src) { Evex(1, 1, 0xE6, Num(dst), -1, Num(src), nullptr, false, 0, /*w=*/true); }
void Encoder::VmulpdRM(Zmm dst, Zmm a, Mem b) { Evex(1, 1, 0x59, Num(dst), Num(a), 0, &b, false, 0, /*w=*/true); }
// The extract's destination is ModRM.rm (its source ModRM.reg), as in the VEX form.
void Encoder::Vextracti32x8RR(Zmm dst, Zmm src, uint8_t imm) {
  Evex(3, 1, 0x3B, Num(src), -1, Num(dst), nullptr, false, 0);
  Byte(imm);
}
void Encoder::Vinserti32x8RRR(Zmm dst, Zmm a, Zmm b, uint8_t imm) {
  Evex(3, 1, 0x3A, Num(dst), Num(a), Num(b), nullptr, false, 0);
  Byte(imm);
}
void Encoder::VpmovzxwdRM(Zmm dst, Mem src) { Evex(2, 1, 0x33, Num(dst), -1, 0, &src, false, 0); }
void Encoder::Vcvtph2psRM(Zmm dst, Mem src) { Evex(2, 1, 0x13, Num(dst), -1, 0, &src, false, 0); }
void Encoder::Vcvtph2psRR(Zmm dst, Zmm src) { Evex(2, 1, 0x13, Num(dst), -1, Num(src), nullptr, false, 0); }
// VCVTPS2PH's destination is ModRM.rm (its source ModRM.reg).
void Encoder::Vcvtps2phMR(Mem dst, Zmm src, uint8_t imm) {
  Evex(3, 1, 0x1D, Num(src), -1, 0, &dst, false, 0);
  Byte(imm);
}
void Encoder::Vcvtps2phRR(Zmm dst, Zmm src, uint8_t imm) {
  Evex(3, 1, 0x1D, Num(src), -1, Num(dst), nullptr, false, 0);
  Byte(imm);
}
void Encoder::VpmovdwMR(Mem dst, Zmm src) { Evex(2, 2, 0x33, Num(src), -1, 0, &dst, false, 0); }
void Encoder::VpmovdbMR(Mem dst, Zmm src) { Evex(2, 2, 0x31, Num(src), -1, 0, &dst, false, 0); }
// The FP16 arithmetic opcodes are the f32 ones (58, 59, 5C, 5E) in MAP5 with no prefix.
void Encoder::VOpPhRRR(VOp op, Zmm dst, Zmm a, Zmm b) {
  const VOpCode c = Code(op);
  Evex(5, 0, c.opcode, Num(dst), Num(a), Num(b), nullptr, false, 0, false, 1);
}
void Encoder::VpmovzxwdRR(Zmm dst, Zmm src) { Evex(2, 1, 0x33, Num(dst), -1, Num(src), nullptr, false, 0); }
// VPMOVDW's destination is ModRM.rm.
void Encoder::VpmovdwRR(Zmm dst, Zmm src) { Evex(2, 2, 0x33, Num(src), -1, Num(dst), nullptr, false, 0); }
void Encoder::Vmovups256RM(Zmm dst, Mem src) { Evex(1, 0, 0x10, Num(dst), -1, 0, &src, false, 0, false, 1); }
void Encoder::Vmovups256MR(Mem dst, Zmm src) { Evex(1, 0, 0x11, Num(src), -1, 0, &dst, false, 0, false, 1); }
void Encoder::Vmovntps256MR(Mem dst, Zmm src) { Evex(1, 0, 0x2B, Num(src), -1, 0, &dst, false, 0, false, 1); }

void Encoder::VsibModRm(int reg, int base, int index, int scale_log2) {
  const bool disp8 = (base & 7) == 5;  // mod 00 with base 101 would mean no base
  Byte(static_cast<uint8_t>((disp8 ? 0x40 : 0x00) | (reg & 7) << 3 | 4));
  Byte(static_cast<uint8_t>((scale_log2 & 3) << 6 | (index & 7) << 3 | (base & 7)));
  if (disp8) Byte(0);
}

// EVEX with a vector index: X extends the index's bit 3 and V' its bit 4 (SDM vol. 2 §2.7.5).
void Encoder::EvexGather(uint8_t opcode, bool w, Zmm dst, Kreg k, Gpr base, Zmm index, int scale_log2) {
  const int r = Num(dst), b = Num(base), x = Num(index);
  Byte(0x62);
  Byte(static_cast<uint8_t>((((r >> 3) & 1) ^ 1) << 7 | (((x >> 3) & 1) ^ 1) << 6 | (((b >> 3) & 1) ^ 1) << 5 |
                            (((r >> 4) & 1) ^ 1) << 4 | 2));
  Byte(static_cast<uint8_t>((w ? 0x80 : 0) | 15 << 3 | 1 << 2 | 1));  // vvvv unused (1111), pp = 66
  Byte(static_cast<uint8_t>(2 << 5 | (((x >> 4) & 1) ^ 1) << 3 | (Num(k) & 7)));
  Byte(opcode);
  VsibModRm(r, b, x, scale_log2);
}
void Encoder::VpgatherddRM(Zmm dst, Kreg k, Gpr base, Zmm index, int scale_log2) {
  EvexGather(0x90, false, dst, k, base, index, scale_log2);
}
void Encoder::VgatherqpdRM(Zmm dst, Kreg k, Gpr base, Zmm index, int scale_log2) {
  EvexGather(0x93, true, dst, k, base, index, scale_log2);
}
void Encoder::VcmppdRR(Kreg dst, Zmm a, Zmm b, VCmp p) { EvexCmp(true, dst, a, Num(b), nullptr, p); }
void Encoder::VcmppdRM(Kreg dst, Zmm a, Mem b, VCmp p) { EvexCmp(true, dst, a, 0, &b, p); }
void Encoder::VblendmpdRRR(Zmm dst, Kreg k, Zmm a, Zmm b) {
  Evex(2, 1, 0x65, Num(dst), Num(a), Num(b), nullptr, false, Num(k), true);
}
void Encoder::VmovapdRR(Zmm dst, Zmm src, Kreg k) { Evex(1, 1, 0x28, Num(dst), -1, Num(src), nullptr, false, Num(k), true); }
void Encoder::VptestmqRR(Kreg dst, Zmm a, Zmm b) { Evex(2, 1, 0x27, Num(dst), Num(a), Num(b), nullptr, false, 0, true); }
void Encoder::VptestnmqRM(Kreg dst, Zmm a, Mem b) { Evex(2, 2, 0x27, Num(dst), Num(a), 0, &b, true, 0, true); }
void Encoder::Vpmovm2qRK(Zmm dst, Kreg src) { Evex(2, 2, 0x38, Num(dst), -1, Num(src), nullptr, false, 0, true); }
void Encoder::VsqrtpdRR(Zmm dst, Zmm src) { Evex(1, 1, 0x51, Num(dst), -1, Num(src), nullptr, false, 0, true); }
void Encoder::VbroadcastsdRM(Zmm dst, Mem src) { Evex(2, 1, 0x19, Num(dst), -1, 0, &src, false, 0, true); }
void Encoder::Vcvtps2pdRM(Zmm dst, Mem src) { Evex(1, 0, 0x5A, Num(dst), -1, 0, &src, false, 0); }
void Encoder::Vcvtps2pdRR(Zmm dst, Zmm src) { Evex(1, 0, 0x5A, Num(dst), -1, Num(src), nullptr, false, 0); }
void Encoder::Vcvtpd2psRR(Zmm dst, Zmm src) { Evex(1, 1, 0x5A, Num(dst), -1, Num(src), nullptr, false, 0, true); }
void Encoder::Vcvtdq2pdRM(Zmm dst, Mem src) { Evex(1, 2, 0xE6, Num(dst), -1, 0, &src, false, 0); }
void Encoder::VpmovzxbqRM(Zmm dst, Mem src) { Evex(2, 1, 0x32, Num(dst), -1, 0, &src, false, 0); }
void Encoder::VpmovqbMR(Mem dst, Zmm src) { Evex(2, 2, 0x32, Num(src), -1, 0, &dst, false, 0); }
void Encoder::KorwRRR(Kreg dst, Kreg a, Kreg b) { Vex(1, 0, 0x45, Num(dst), Num(a), Num(b), nullptr); }
void Encoder::KortestwRR(Kreg a, Kreg b) { Vex(1, 0, 0x98, Num(a), -1, Num(b), nullptr, /*l256=*/false); }
void Encoder::KxnorwAllOnes(Kreg k) { Vex(1, 0, 0x46, Num(k), 0, 0, nullptr); }
void Encoder::KmovwKR(Kreg dst, Gpr src) { Vex(1, 0, 0x92, Num(dst), -1, Num(src), nullptr, /*l256=*/false); }
void Encoder::VpmuldqRRM(Zmm dst, Zmm a, Mem b) { Evex(2, 1, 0x28, Num(dst), Num(a), 0, &b, true, 0, /*w=*/true); }
void Encoder::VpshufdRR(Zmm dst, Zmm src, uint8_t imm, Kreg k) {
  Evex(1, 1, 0x70, Num(dst), -1, Num(src), nullptr, false, Num(k));
  Byte(imm);
}
void Encoder::VrndscalepsRR(Zmm dst, Zmm src, uint8_t imm) {
  Evex(3, 1, 0x08, Num(dst), -1, Num(src), nullptr, false, 0);
  Byte(imm);
}
void Encoder::VscalefpsRRR(Zmm dst, Zmm a, Zmm b) { Evex(2, 1, 0x2C, Num(dst), Num(a), Num(b), nullptr, false, 0); }
void Encoder::Vzeroupper() {
  Byte(0xC5);
  Byte(0xF8);
  Byte(0x77);
}

// ------------------------------------------------------------------ AVX/AVX2 (VEX)

// Three-byte VEX = C4 P0 P1 (SDM vol. 2 §2.3.5), here always W0 and 256-bit (L = 1):
//   P0 = R X B mmmmm   (R, X, B stored inverted)
//   P1 = W vvvv L pp   (vvvv stored inverted)
// The two-byte form C5 (R vvvv L pp) serves map 0F when B and X are clear.
// W (VEX.W1) is only in the three-byte form's last byte, bit 7 (SDM vol. 2 §2.3.5.6).
void Encoder::Vex(int map, int pp, uint8_t opcode, int reg, int vvvv, int rm, const Mem* m, bool l256, bool w) {
  const int v = vvvv < 0 ? 0 : vvvv;
  const int b_src = m ? Num(m->base) : rm;
  const int r_bit = (reg >> 3) & 1, b_bit = (b_src >> 3) & 1;
  const uint8_t p1 = static_cast<uint8_t>((w ? 1 : 0) << 7 | (~v & 15) << 3 | (l256 ? 1 : 0) << 2 | (pp & 3));
  if (map == 1 && b_bit == 0 && !w) {
    Byte(0xC5);
    Byte(static_cast<uint8_t>((r_bit ^ 1) << 7 | p1));
  } else {
    Byte(0xC4);
    Byte(static_cast<uint8_t>((r_bit ^ 1) << 7 | 1 << 6 | (b_bit ^ 1) << 5 | (map & 31)));
    Byte(p1);
  }
  Byte(opcode);
  ModRm(reg, rm, m);
}

void Encoder::VOpRRR(VOp op, Ymm dst, Ymm a, Ymm b) {
  VOpCode c = Code(op);
  Vex(c.map, c.pp, c.opcode, Num(dst), Num(a), Num(b), nullptr, true, c.w);
}
void Encoder::VOpRRM(VOp op, Ymm dst, Ymm a, Mem b) {
  VOpCode c = Code(op);
  Vex(c.map, c.pp, c.opcode, Num(dst), Num(a), 0, &b, true, c.w);
}
void Encoder::VmovupsRM(Ymm dst, Mem src) { Vex(1, 0, 0x10, Num(dst), -1, 0, &src); }
void Encoder::VmovupsMR(Mem dst, Ymm src) { Vex(1, 0, 0x11, Num(src), -1, 0, &dst); }
void Encoder::VmovntpsMR(Mem dst, Ymm src) { Vex(1, 0, 0x2B, Num(src), -1, 0, &dst); }
void Encoder::VbroadcastssRM(Ymm dst, Mem src) { Vex(2, 1, 0x18, Num(dst), -1, 0, &src); }
// VCMPPS (pp 0) and VCMPPD (pp 66): a register b, or memory m when non-null.
void Encoder::VexCmp(int pp, Ymm dst, Ymm a, int b, const Mem* m, VCmp p) {
  Vex(1, pp, 0xC2, Num(dst), Num(a), b, m);
  Byte(static_cast<uint8_t>(p));
}
void Encoder::VcmppsRR(Ymm dst, Ymm a, Ymm b, VCmp p) { VexCmp(0, dst, a, Num(b), nullptr, p); }
void Encoder::VcmppsRM(Ymm dst, Ymm a, Mem b, VCmp p) { VexCmp(0, dst, a, 0, &b, p); }
void Encoder::VblendvpsRRRR(Ymm dst, Ymm a, Ymm b, Ymm mask) {
  Vex(3, 1, 0x4A, Num(dst), Num(a), Num(b), nullptr);
  Byte(static_cast<uint8_t>(Num(mask) << 4));  // is4: the fourth register in imm8[7:4]
}
void Encoder::VsqrtpsRR(Ymm dst, Ymm src) { Vex(1, 0, 0x51, Num(dst), -1, Num(src), nullptr); }
void Encoder::VtestpsRR(Ymm a, Ymm b) { Vex(2, 1, 0x0E, Num(a), -1, Num(b), nullptr); }
void Encoder::Vcvttps2dqRR(Ymm dst, Ymm src) { Vex(1, 2, 0x5B, Num(dst), -1, Num(src), nullptr); }
// Shifts by an immediate: the opcode extension in ModRM.reg, the destination in vvvv.
void Encoder::VpsradRI(Ymm dst, Ymm src, uint8_t imm) {
  Vex(1, 1, 0x72, 4, Num(dst), Num(src), nullptr);
  Byte(imm);
}
void Encoder::VpslldRI(Ymm dst, Ymm src, uint8_t imm) {
  Vex(1, 1, 0x72, 6, Num(dst), Num(src), nullptr);
  Byte(imm);
}
void Encoder::VpmovzxbdRM(Ymm dst, Mem src) { Vex(2, 1, 0x31, Num(dst), -1, 0, &src); }
void Encoder::VpmovsxbdRM(Ymm dst, Mem src) { Vex(2, 1, 0x21, Num(dst), -1, 0, &src); }
void Encoder::VpmovsxwdRM(Ymm dst, Mem src) { Vex(2, 1, 0x23, Num(dst), -1, 0, &src); }
void Encoder::Vcvtdq2psRR(Ymm dst, Ymm src) { Vex(1, 0, 0x5B, Num(dst), -1, Num(src), nullptr); }
void Encoder::VpmovzxwdRM(Ymm dst, Mem src) { Vex(2, 1, 0x33, Num(dst), -1, 0, &src); }
void Encoder::Vcvtph2psRM(Ymm dst, Mem src) { Vex(2, 1, 0x13, Num(dst), -1, 0, &src); }
void Encoder::Vcvtph2psRR(Ymm dst, Ymm src) { Vex(2, 1, 0x13, Num(dst), -1, Num(src), nullptr); }
void Encoder::Vcvtps2phMR(Mem dst, Ymm src, uint8_t imm) {
  Vex(3, 1, 0x1D, Num(src), -1, 0, &dst);
  Byte(imm);
}
void Encoder::Vcvtps2phRR(Ymm dst, Ymm src, uint8_t imm) {
  Vex(3, 1, 0x1D, Num(src), -1, Num(dst), nullptr);
  Byte(imm);
}
void Encoder::VpackusdwRRR(Ymm dst, Ymm a, Ymm b) { Vex(2, 1, 0x2B, Num(dst), Num(a), Num(b), nullptr); }
void Encoder::VpackuswbRRR(Ymm dst, Ymm a, Ymm b) { Vex(1, 1, 0x67, Num(dst), Num(a), Num(b), nullptr); }
void Encoder::VpermqRRI(Ymm dst, Ymm src, uint8_t imm) {
  Vex(3, 1, 0x00, Num(dst), -1, Num(src), nullptr, /*l256=*/true, /*w=*/true);
  Byte(imm);
}
void Encoder::Vbroadcasti128RM(Ymm dst, Mem src) { Vex(2, 1, 0x5A, Num(dst), -1, 0, &src); }
void Encoder::VpshufbRRM(Ymm dst, Ymm a, Mem ctl) { Vex(2, 1, 0x00, Num(dst), Num(a), 0, &ctl); }
void Encoder::VmovdquMR128(Mem dst, Ymm src) { Vex(1, 2, 0x7F, Num(src), -1, 0, &dst, /*l256=*/false); }
void Encoder::VmovqMR(Mem dst, Ymm src) { Vex(1, 1, 0xD6, Num(src), -1, 0, &dst, /*l256=*/false); }
void Encoder::VmovntdqMR128(Mem dst, Ymm src) { Vex(1, 1, 0xE7, Num(src), -1, 0, &dst, /*l256=*/false); }
// Three-byte VEX with X extending the index register (SDM vol. 2 §2.3.5), mask in vvvv.
void Encoder::VexGather(uint8_t opcode, bool w, Ymm dst, Gpr base, Ymm index, int scale_log2, Ymm mask) {
  const int r = Num(dst), b = Num(base), x = Num(index);
  Byte(0xC4);
  Byte(static_cast<uint8_t>((((r >> 3) & 1) ^ 1) << 7 | (((x >> 3) & 1) ^ 1) << 6 | (((b >> 3) & 1) ^ 1) << 5 | 2));
  Byte(static_cast<uint8_t>((w ? 0x80 : 0) | (~Num(mask) & 15) << 3 | 1 << 2 | 1));  // L = 256, pp = 66
  Byte(opcode);
  VsibModRm(r, b, x, scale_log2);
}
void Encoder::VpgatherddRM(Ymm dst, Gpr base, Ymm index, int scale_log2, Ymm mask) {
  VexGather(0x90, false, dst, base, index, scale_log2, mask);
}
void Encoder::VgatherqpdRM(Ymm dst, Gpr base, Ymm index, int scale_log2, Ymm mask) {
  VexGather(0x93, true, dst, base, index, scale_log2, mask);
}
void Encoder::VcmppdRR(Ymm dst, Ymm a, Ymm b, VCmp p) { VexCmp(1, dst, a, Num(b), nullptr, p); }
void Encoder::VcmppdRM(Ymm dst, Ymm a, Mem b, VCmp p) { VexCmp(1, dst, a, 0, &b, p); }
void Encoder::Vcvtps2pdRM(Ymm dst, Mem src) { Vex(1, 0, 0x5A, Num(dst), -1, 0, &src); }
void Encoder::Vcvtps2pdRR(Ymm dst, Ymm src) { Vex(1, 0, 0x5A, Num(dst), -1, Num(src), nullptr); }
void Encoder::Vcvtpd2psRR(Ymm dst, Ymm src) { Vex(1, 1, 0x5A, Num(dst), -1, Num(src), nullptr); }
void Encoder::Vcvtdq2pdRM(Ymm dst, Mem src) { Vex(1, 2, 0xE6, Num(dst), -1, 0, &src); }
void Encoder::VpmovzxbqRM(Ymm dst, Mem src) { Vex(2, 1, 0x32, Num(dst), -1, 0, &src); }
void Encoder::VmovdMR(Mem dst, Ymm src) { Vex(1, 1, 0x7E, Num(src), -1, 0, &dst, /*l256=*/false); }
void Encoder::VsqrtpdRR(Ymm dst, Ymm src) { Vex(1, 1, 0x51, Num(dst), -1, Num(src), nullptr); }
void Encoder::VbroadcastsdRM(Ymm dst, Mem src) { Vex(2, 1, 0x19, Num(dst), -1, 0, &src); }
void Encoder::Vcvtdq2pdRR(Ymm dst, Ymm src) { Vex(1, 2, 0xE6, Num(dst), -1, Num(src), nullptr); }
void Encoder::Vcvttpd2dqRR(Ymm dst, Ymm src) { Vex(1, 1, 0xE6, Num(dst), -1, Num(src), nullptr); }
void Encoder::VmulpdRM(Ymm dst, Ymm a, Mem b) { Vex(1, 1, 0x59, Num(dst), Num(a), 0, &b); }
void Encoder::VroundpsRR(Ymm dst, Ymm src, uint8_t imm) {
  Vex(3, 1, 0x08, Num(dst), -1, Num(src), nullptr);
  Byte(imm);
}
void Encoder::Vextracti128RR(Ymm dst, Ymm src, uint8_t imm) {
  Vex(3, 1, 0x39, Num(src), -1, Num(dst), nullptr);
  Byte(imm);
}
void Encoder::Vinserti128RRR(Ymm dst, Ymm a, Ymm b, uint8_t imm) {
  Vex(3, 1, 0x38, Num(dst), Num(a), Num(b), nullptr);
  Byte(imm);
}
void Encoder::VpmuldqRRM(Ymm dst, Ymm a, Mem b) { Vex(2, 1, 0x28, Num(dst), Num(a), 0, &b); }
void Encoder::VpshufdRR(Ymm dst, Ymm src, uint8_t imm) {
  Vex(1, 1, 0x70, Num(dst), -1, Num(src), nullptr);
  Byte(imm);
}
void Encoder::VpblenddRRR(Ymm dst, Ymm a, Ymm b, uint8_t imm) {
  Vex(3, 1, 0x02, Num(dst), Num(a), Num(b), nullptr);
  Byte(imm);
}

// ------------------------------------------------------------------ labels

int Encoder::NewLabel() {
  label_pos_.push_back(-1);
  return static_cast<int>(label_pos_.size() - 1);
}

void Encoder::Bind(int label) { label_pos_[static_cast<size_t>(label)] = static_cast<int64_t>(code_.size()); }

void Encoder::Rel32To(int label) {
  fixups_.push_back({code_.size(), label});
  Imm32(0);
}

void Encoder::Jmp(int label) {
  Byte(0xE9);
  Rel32To(label);
}

void Encoder::Jcc(Cond cc, int label) {
  Byte(0x0F);
  Byte(static_cast<uint8_t>(0x80 | static_cast<uint8_t>(cc)));
  Rel32To(label);
}

void Encoder::AlignWithInt3(size_t alignment) {
  while (code_.size() % alignment) Int3();
}

bool Encoder::Finish(std::vector<uint8_t>* out) const {
  *out = code_;
  for (const Fixup& f : fixups_) {
    int64_t target = label_pos_[static_cast<size_t>(f.label)];
    if (target < 0) return false;
    auto rel = static_cast<uint32_t>(static_cast<int32_t>(target - static_cast<int64_t>(f.at + 4)));
    for (int i = 0; i < 4; ++i) (*out)[f.at + static_cast<size_t>(i)] = static_cast<uint8_t>(rel >> (8 * i));
  }
  return true;
}

// ------------------------------------------------------------------ executable memory

std::unique_ptr<ExecutableCode> ExecutableCode::Create(const std::vector<uint8_t>& code) {
#if defined(__linux__)
  if (code.empty()) return nullptr;
  long page = sysconf(_SC_PAGESIZE);
  if (page <= 0) return nullptr;
  size_t bytes = (code.size() + static_cast<size_t>(page) - 1) / static_cast<size_t>(page) * static_cast<size_t>(page);
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return nullptr;
  std::memcpy(p, code.data(), code.size());
  if (mprotect(p, bytes, PROT_READ | PROT_EXEC) != 0) {
    munmap(p, bytes);
    return nullptr;
  }
  // x86 keeps instruction fetch coherent with stores; this is a no-op there and documents that
  // the bytes are about to run.
  __builtin___clear_cache(static_cast<char*>(p), static_cast<char*>(p) + code.size());
  return std::unique_ptr<ExecutableCode>(new ExecutableCode(p, bytes));
#else
  (void)code;
  return nullptr;
#endif
}

ExecutableCode::~ExecutableCode() {
#if defined(__linux__)
  munmap(base_, bytes_);
#endif
}

}  // namespace jaxlib::cpu::x86
