// A minimal x86-64 machine-code encoder for the JITs (scalar_loop_jit.cc, fused_loop_jit.cc): one
// named emit function per instruction form they need, rel32 labels, and W^X executable memory.
// Encodings follow the Intel SDM vol. 2; nothing here chooses instructions or registers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <vector>

namespace jaxlib::cpu::x86 {

// General-purpose registers by hardware number (the ModRM/REX encoding).
enum class Gpr : uint8_t {
  kRax, kRcx, kRdx, kRbx, kRsp, kRbp, kRsi, kRdi, kR8, kR9, kR10, kR11, kR12, kR13, kR14, kR15,
};
// xmm0..xmm15 by number.
enum class Xmm : uint8_t {};
inline Xmm XmmReg(int n) { return static_cast<Xmm>(n); }
// zmm0..zmm31 (AVX-512) and the opmask registers k0..k7 by number. As a write mask, k0 means
// "no mask".
enum class Zmm : uint8_t {};
inline Zmm ZmmReg(int n) { return static_cast<Zmm>(n); }
enum class Kreg : uint8_t {};
inline Kreg KReg(int n) { return static_cast<Kreg>(n); }
// ymm0..ymm15 (AVX/AVX2, VEX-encoded).
enum class Ymm : uint8_t {};
inline Ymm YmmReg(int n) { return static_cast<Ymm>(n); }

// VCMPPS predicates (imm8, SDM vol. 2 table 3-1): ordered/unordered, quiet/signalling.
enum class VCmp : uint8_t {
  kEqOq = 0x00, kLtOs = 0x01, kLeOs = 0x02, kUnordQ = 0x03, kNeqUq = 0x04, kNltUs = 0x05,
  kNleUs = 0x06, kOrdQ = 0x07, kNgeUs = 0x09, kNgtUs = 0x0A, kGeOs = 0x0D, kGtOs = 0x0E,
};
// Two-source packed f32 arithmetic and 32-bit integer/bitwise operations, one opcode each in
// both the EVEX (zmm) and VEX (ymm) forms. kMaxPs/kMinPs: dst = a > b (a < b) ? a : b, so the
// second operand wins when either is NaN. kAndNotD: ~a & b. kMulLoD: the low 32 bits of the
// product. kShlVD/kShrLVD/kShrAVD: each lane of a shifted by the unsigned count in b's lane (32
// and above: 0, or the sign for the arithmetic shift). kMax/kMin S/U D: signed/unsigned.
// kCmpEqD/kCmpGtD (lanes of all ones where a == b, a > b signed) exist only in the VEX form
// (EVEX compares write mask registers). The Pd and Q forms are the same operations on f64 and
// 64-bit lanes (EVEX.W1 / VEX.W1; an EVEX broadcast operand then reads 8 bytes, {1to8});
// kShlVQ/kShrLVQ shift by counts of 64 and above to 0; kCmpEqQ is VEX only.
enum class VOp : uint8_t {
  kAddPs, kMulPs, kSubPs, kDivPs, kMaxPs, kMinPs, kAndD, kOrD, kXorD, kAndNotD, kAddD, kSubD, kMulLoD,
  kShlVD, kShrLVD, kShrAVD, kMaxSD, kMinSD, kMaxUD, kMinUD, kCmpEqD, kCmpGtD,
  kAddPd, kMulPd, kSubPd, kDivPd, kMaxPd, kMinPd, kAndQ, kOrQ, kXorQ, kAndNotQ, kAddQ, kSubQ, kShlVQ, kShrLVQ,
  kCmpEqQ,
};

// Condition codes: the low nibble of Jcc (0F 80+cc), SETcc (0F 90+cc) and CMOVcc (0F 40+cc).
enum class Cond : uint8_t {
  kB = 0x2, kAe = 0x3, kE = 0x4, kNe = 0x5, kBe = 0x6, kA = 0x7,
  kP = 0xA, kNp = 0xB, kL = 0xC, kGe = 0xD, kLe = 0xE, kG = 0xF,
};

// A memory operand [base + disp32].
struct Mem {
  Gpr base;
  int32_t disp = 0;
};

// Appends instructions to a byte buffer. `w64` selects 64-bit operand size (REX.W), otherwise
// 32-bit (which zero-extends the destination to 64 bits, SDM vol. 1 §3.4.1.1).
class Encoder {
 public:
  // ---- general-purpose integer instructions
  void MovRR(Gpr dst, Gpr src, bool w64);          // 8B /r        MOV r, r/m
  void MovRI(Gpr dst, uint64_t imm);                // B8+rd id / REX.W C7 /0 id / REX.W B8+rd io
  void MovRM(Gpr dst, Mem src, bool w64);          // 8B /r        MOV r, m
  void MovzxRM8(Gpr dst, Mem src);                  // 0F B6 /r     MOVZX r32, m8
  void MovMR(Mem dst, Gpr src, bool w64);          // 89 /r        MOV m, r
  void MovMR8(Mem dst, Gpr src);                    // 88 /r        MOV m8, r8
  void MovzxRR8(Gpr dst, Gpr src);                  // 0F B6 /r     MOVZX r32, r8
  void MovsxdRR(Gpr dst, Gpr src);                  // REX.W 63 /r  MOVSXD r64, r32
  void AddRR(Gpr dst, Gpr src, bool w64);          // 03 /r
  void SubRR(Gpr dst, Gpr src, bool w64);          // 2B /r
  void ImulRR(Gpr dst, Gpr src, bool w64);         // 0F AF /r     (low half: wraps)
  void AndRR(Gpr dst, Gpr src, bool w64);          // 23 /r
  void OrRR(Gpr dst, Gpr src, bool w64);           // 0B /r
  void XorRR(Gpr dst, Gpr src, bool w64);          // 33 /r
  void CmpRR(Gpr a, Gpr b, bool w64);              // 3B /r        flags of a - b
  void TestRR(Gpr a, Gpr b, bool w64);             // 85 /r
  void NegR(Gpr r, bool w64);                       // F7 /3
  void NotR(Gpr r, bool w64);                       // F7 /2
  void XorRI8(Gpr r, int8_t imm, bool w64);        // 83 /6 ib
  void SetccR8(Cond cc, Gpr dst);                   // 0F 90+cc /0
  void CmovccRR(Cond cc, Gpr dst, Gpr src, bool w64);  // 0F 40+cc /r
  void LeaRM(Gpr dst, Mem src);                     // REX.W 8D /r  LEA r64, m
  void CallR(Gpr target);                           // FF /2        CALL r64 (absolute, indirect)
  void Push(Gpr r);                                 // 50+rd
  void Pop(Gpr r);                                  // 58+rd
  void Ret();                                       // C3
  void Prefetcht1M(Mem m);                         // 0F 18 /2     a hint: the line at m into L2
  void Endbr64();                                   // F3 0F 1E FA  (a NOP without CET)
  void Int3();                                      // CC

  // ---- SSE/SSE2 scalar instructions (ss = f32, sd = f64)
  void MovapsRR(Xmm dst, Xmm src);                  // 0F 28 /r     whole-register copy
  void MovssRM(Xmm dst, Mem src);                   // F3 0F 10 /r
  void MovsdRM(Xmm dst, Mem src);                   // F2 0F 10 /r
  void MovssMR(Mem dst, Xmm src);                   // F3 0F 11 /r
  void MovsdMR(Mem dst, Xmm src);                   // F2 0F 11 /r
  void AddssRR(Xmm dst, Xmm src);                   // F3 0F 58 /r
  void AddsdRR(Xmm dst, Xmm src);                   // F2 0F 58 /r
  void MulssRR(Xmm dst, Xmm src);                   // F3 0F 59 /r
  void MulsdRR(Xmm dst, Xmm src);                   // F2 0F 59 /r
  void SubssRR(Xmm dst, Xmm src);                   // F3 0F 5C /r
  void SubsdRR(Xmm dst, Xmm src);                   // F2 0F 5C /r
  void DivssRR(Xmm dst, Xmm src);                   // F3 0F 5E /r
  void DivsdRR(Xmm dst, Xmm src);                   // F2 0F 5E /r
  void UcomissRR(Xmm a, Xmm b);                     // 0F 2E /r     ZF,PF,CF from a ? b
  void UcomisdRR(Xmm a, Xmm b);                     // 66 0F 2E /r
  void XorpsRR(Xmm dst, Xmm src);                   // 0F 57 /r
  void Cvtsi2ssRR(Xmm dst, Gpr src, bool src64);    // F3 (REX.W) 0F 2A /r
  void Cvtsi2sdRR(Xmm dst, Gpr src, bool src64);    // F2 (REX.W) 0F 2A /r
  void Cvtss2sdRR(Xmm dst, Xmm src);                // F3 0F 5A /r
  void Cvtsd2ssRR(Xmm dst, Xmm src);                // F2 0F 5A /r
  void MovqXR(Xmm dst, Gpr src);                    // 66 REX.W 0F 6E /r

  // ---- general-purpose immediates (64-bit)
  void AddRI(Gpr r, int32_t imm);                   // REX.W 81 /0 id
  void SubRI(Gpr r, int32_t imm);                   // REX.W 81 /5 id

  // ---- AVX-512 on whole zmm registers (EVEX.512, SDM vol. 2 §2.7). A memory operand is
  // [base + disp32]; `bcst` reads one f32/i32 there and broadcasts it ({1to16}). Write masks:
  // merge-masking with `k` (k0 = none).
  void VOpRRR(VOp op, Zmm dst, Zmm a, Zmm b, Kreg k = Kreg{});  // dst = a op b
  void VOpRRM(VOp op, Zmm dst, Zmm a, Mem b, bool bcst, Kreg k = Kreg{});
  void VmovupsRM(Zmm dst, Mem src);                 // EVEX.0F.W0 10 /r
  void VmovupsMR(Mem dst, Zmm src);                 // EVEX.0F.W0 11 /r
  void VmovntpsMR(Mem dst, Zmm src);                // EVEX.0F.W0 2B /r  (64-byte aligned dst)
  void VmovapsRR(Zmm dst, Zmm src, Kreg k = Kreg{});  // EVEX.0F.W0 28 /r
  void VbroadcastssRM(Zmm dst, Mem src);            // EVEX.66.0F38.W0 18 /r
  void VcmppsRR(Kreg dst, Zmm a, Zmm b, VCmp p);    // EVEX.0F.W0 C2 /r ib
  void VcmppsRM(Kreg dst, Zmm a, Mem b, VCmp p);    // same, b broadcast
  // dst = k ? b : a, lane by lane.
  void VblendmpsRRR(Zmm dst, Kreg k, Zmm a, Zmm b);  // EVEX.66.0F38.W0 65 /r
  void VblendmpsRRM(Zmm dst, Kreg k, Zmm a, Mem b);  // same, b broadcast
  void VptestnmdRM(Kreg dst, Zmm a, Mem b);         // EVEX.F3.0F38.W0 27 /r, b broadcast
  void VscalefpsRRR(Zmm dst, Zmm a, Zmm b);         // EVEX.66.0F38.W0 2C /r  dst = a * 2^floor(b)
  void VsqrtpsRR(Zmm dst, Zmm src);                 // EVEX.0F.W0 51 /r
  // Round to an integral value: imm8 0 = to nearest even (EVEX.66.0F3A.W0 08 /r ib).
  void VrndscalepsRR(Zmm dst, Zmm src, uint8_t imm);
  void Vpmovm2dRK(Zmm dst, Kreg src);               // EVEX.F3.0F38.W0 38 /r  lanes = mask ? ~0 : 0
  void VptestmdRR(Kreg dst, Zmm a, Zmm b);          // EVEX.66.0F38.W0 27 /r  mask = (a & b) != 0
  void VpmovzxbdRM(Zmm dst, Mem src);               // EVEX.66.0F38.WIG 31 /r  16 bytes -> 16 dwords
  void VpopcntdRR(Zmm dst, Zmm src);                // EVEX.66.0F38.W0 55 /r  ones per dword (AVX512_VPOPCNTDQ)
  void VplzcntdRR(Zmm dst, Zmm src);                // EVEX.66.0F38.W0 44 /r  leading zeros per dword (AVX512CD)
  void VpmovsxbdRM(Zmm dst, Mem src);               // EVEX.66.0F38.WIG 21 /r  sign-extending
  void VpmovsxwdRM(Zmm dst, Mem src);               // EVEX.66.0F38.WIG 23 /r  16 words -> 16 dwords
  // s32 -> f32 under MXCSR's rounding (EVEX.0F.W0 5B /r); f32 -> s32 truncating, 0x80000000 for
  // NaN and out of range (EVEX.F3.0F.W0 5B /r).
  void Vcvtdq2psRR(Zmm dst, Zmm src);
  void Vcvttps2dqRR(Zmm dst, Zmm src);
  // Integer compares into a mask: imm8 0 EQ, 1 LT, 2 LE, 4 NE, 5 NLT (GE), 6 NLE (GT);
  // VPCMPD (signed, EVEX.66.0F3A.W0 1F /r ib) or VPCMPUD (unsigned, 1E).
  void VpcmpdRR(Kreg dst, Zmm a, Zmm b, uint8_t pred, bool is_unsigned);
  void VpcmpdRM(Kreg dst, Zmm a, Mem b, uint8_t pred, bool is_unsigned);  // b broadcast
  // s32 <-> f64 for an s32 division: dst (8 f64) = the low 8 s32 lanes of src (EVEX.F3.0F.W0
  // E6 /r); dst's low 8 s32 lanes = src's 8 f64 truncated (EVEX.66.0F.W1 E6 /r).
  void Vcvtdq2pdRR(Zmm dst, Zmm src);
  void Vcvttpd2dqRR(Zmm dst, Zmm src);
  void VmulpdRM(Zmm dst, Zmm a, Mem b);             // EVEX.66.0F.W1 59 /r  (64 bytes, no broadcast)
  // dst's low 256 bits = src's 256-bit half `imm` (AVX512DQ EVEX.66.0F3A.W0 3B /r ib).
  void Vextracti32x8RR(Zmm dst, Zmm src, uint8_t imm);
  // dst = a with its 256-bit half `imm` replaced by b's low 256 bits (EVEX.66.0F3A.W0 3A /r ib).
  void Vinserti32x8RRR(Zmm dst, Zmm a, Zmm b, uint8_t imm);
  // Half precision: 16 u16 at src zero-extended to dwords (EVEX.66.0F38.WIG 33 /r); 16 f16 at src
  // (or in src's low 256 bits) widened to f32, exactly but for a signalling NaN, which comes out
  // quiet (EVEX.66.0F38.W0 13 /r); 16 f32 rounded to f16 under imm8's rounding (0: to nearest
  // even) into 32 bytes at dst (or dst's low 256 bits) (EVEX.66.0F3A.W0 1D /r ib); the low 16
  // bits of each dword stored as 16 words (VPMOVDW, EVEX.F3.0F38.W0 33 /r).
  void VpmovzxwdRM(Zmm dst, Mem src);
  void Vcvtph2psRM(Zmm dst, Mem src);
  void Vcvtph2psRR(Zmm dst, Zmm src);
  void Vcvtps2phMR(Mem dst, Zmm src, uint8_t imm);
  void Vcvtps2phRR(Zmm dst, Zmm src, uint8_t imm);
  void VpmovdwMR(Mem dst, Zmm src);
  void VpmovdbMR(Mem dst, Zmm src);  // EVEX.512.F3.0F38.W0 31 /r: dwords truncated to bytes
  // AVX512-FP16 on 16 f16 lanes, the low 256 bits of zmm registers (EVEX.256): dst = a op b for
  // op kAddPs, kSubPs, kMulPs or kDivPs (VADDPH, VSUBPH, VMULPH, VDIVPH: EVEX.256.MAP5.W0 58, 5C,
  // 59, 5E /r), and 32-byte moves of those halves (VMOVUPS ymm, EVEX.256.0F.W0 10 / 11 /r).
  void VOpPhRRR(VOp op, Zmm dst, Zmm a, Zmm b);
  // Register forms of VPMOVZXWD (src's low 256 bits) and VPMOVDW (into dst's low 256 bits).
  void VpmovzxwdRR(Zmm dst, Zmm src);
  void VpmovdwRR(Zmm dst, Zmm src);
  void Vmovups256RM(Zmm dst, Mem src);
  void Vmovups256MR(Mem dst, Zmm src);
  void Vmovntps256MR(Mem dst, Zmm src);             // EVEX.256.0F.W0 2B /r  (32-byte aligned dst)
  // dst lane i = the dword at base + index lane i * 2^scale_log2, for lanes whose bit in k is set
  // (each cleared as loaded; k must not be k0). EVEX.512.66.0F38.W0 90 /vsib.
  void VpgatherddRM(Zmm dst, Kreg k, Gpr base, Zmm index, int scale_log2);
  void KxnorwAllOnes(Kreg k);                       // VEX.L1.0F.W0 46 /r  k = k0 xnor k0 = 0xffff
  void KmovwKR(Kreg dst, Gpr src);                  // VEX.L0.0F.W0 92 /r  k = src's low 16 bits
  // For an s32 multiply-high: dst's 8 qwords = the signed products of a's and b's even dwords
  // (VPMULDQ, EVEX.66.0F38.W1 28 /r; b broadcasts the 8 bytes at its address, {1to8}, of which
  // only the low dword is read); dwords shuffled within each 128 bits by imm8's four 2-bit
  // selectors (VPSHUFD, EVEX.66.0F.W0 70 /r ib), merged into dst under `k`.
  void VpmuldqRRM(Zmm dst, Zmm a, Mem b);
  void VpshufdRR(Zmm dst, Zmm src, uint8_t imm, Kreg k = Kreg{});
  // f64 lanes (8 per zmm): VCMPPD into a mask (EVEX.66.0F.W1 C2 /r ib; the memory form
  // broadcasts one f64), dst = k ? b : a (VBLENDMPD, EVEX.66.0F38.W1 65 /r), a masked copy
  // (VMOVAPD, EVEX.66.0F.W1 28 /r), qword tests (VPTESTMQ / VPTESTNMQ, EVEX.66/F3.0F38.W1 27 /r),
  // mask to qword lanes (VPMOVM2Q, EVEX.F3.0F38.W1 38 /r), VSQRTPD (EVEX.66.0F.W1 51 /r), one
  // f64 broadcast (VBROADCASTSD, EVEX.66.0F38.W1 19 /r), and the f64 at base + index lane i *
  // 2^scale_log2 for the qword indices of `index` under k (VGATHERQPD, EVEX.66.0F38.W1 93 /vsib;
  // k cleared as loaded, dst distinct from index).
  void VcmppdRR(Kreg dst, Zmm a, Zmm b, VCmp p);
  void VcmppdRM(Kreg dst, Zmm a, Mem b, VCmp p);
  void VblendmpdRRR(Zmm dst, Kreg k, Zmm a, Zmm b);
  void VmovapdRR(Zmm dst, Zmm src, Kreg k);
  void VptestmqRR(Kreg dst, Zmm a, Zmm b);
  void VptestnmqRM(Kreg dst, Zmm a, Mem b);
  void Vpmovm2qRK(Zmm dst, Kreg src);
  void VsqrtpdRR(Zmm dst, Zmm src);
  void VbroadcastsdRM(Zmm dst, Mem src);
  void VgatherqpdRM(Zmm dst, Kreg k, Gpr base, Zmm index, int scale_log2);
  // f32 <-> f64 and s32 -> f64 on 8 lanes: dst = the 8 f32 at src (or src's low 256 bits) widened
  // (VCVTPS2PD, EVEX.0F.W0 5A /r); dst's low 256 bits = src's 8 f64 rounded under MXCSR
  // (VCVTPD2PS, EVEX.66.0F.W1 5A /r); dst = the 8 s32 at src (VCVTDQ2PD, EVEX.F3.0F.W0 E6 /r).
  void Vcvtps2pdRM(Zmm dst, Mem src);
  void Vcvtps2pdRR(Zmm dst, Zmm src);
  void Vcvtpd2psRR(Zmm dst, Zmm src);
  void Vcvtdq2pdRM(Zmm dst, Mem src);
  // An f64 loop's i1 arrays: 8 bytes at src zero-extended to qwords (VPMOVZXBQ, EVEX.66.0F38.WIG
  // 32 /r); src's 8 qwords truncated to bytes at dst (VPMOVQB, EVEX.F3.0F38.W0 32 /r).
  void VpmovzxbqRM(Zmm dst, Mem src);
  void VpmovqbMR(Mem dst, Zmm src);
  void KorwRRR(Kreg dst, Kreg a, Kreg b);           // VEX.L1.0F.W0 45 /r
  void KortestwRR(Kreg a, Kreg b);                  // VEX.L0.0F.W0 98 /r  ZF = (a | b) == 0
  void Vzeroupper();                                // VEX.128.0F 77

  // ---- AVX/AVX2 on whole ymm registers (VEX.256, SDM vol. 2 §2.3). Memory operands are full
  // 32-byte vectors (VEX has no embedded broadcast) and need no alignment.
  void VOpRRR(VOp op, Ymm dst, Ymm a, Ymm b);       // dst = a op b
  void VOpRRM(VOp op, Ymm dst, Ymm a, Mem b);
  void VmovupsRM(Ymm dst, Mem src);                 // VEX.256.0F 10 /r
  void VmovupsMR(Mem dst, Ymm src);                 // VEX.256.0F 11 /r
  void VmovntpsMR(Mem dst, Ymm src);                // VEX.256.0F 2B /r  (32-byte aligned dst)
  void VbroadcastssRM(Ymm dst, Mem src);            // VEX.256.66.0F38.W0 18 /r  (one f32)
  void VcmppsRR(Ymm dst, Ymm a, Ymm b, VCmp p);     // VEX.256.0F C2 /r ib  lanes = a p b ? ~0 : 0
  void VcmppsRM(Ymm dst, Ymm a, Mem b, VCmp p);
  // dst = mask's sign bit ? b : a, lane by lane (VEX.256.66.0F3A.W0 4A /r is4).
  void VblendvpsRRRR(Ymm dst, Ymm a, Ymm b, Ymm mask);
  void VsqrtpsRR(Ymm dst, Ymm src);                 // VEX.256.0F 51 /r
  // ZF = 1 where no lane of a & b has its sign bit set (VEX.256.66.0F38.W0 0E /r); Jcc kNe then
  // jumps when some lane of a mask vector is set.
  void VtestpsRR(Ymm a, Ymm b);
  void Vcvttps2dqRR(Ymm dst, Ymm src);              // VEX.256.F3.0F 5B /r  f32 -> s32, truncating
  void VpsradRI(Ymm dst, Ymm src, uint8_t imm);     // VEX.256.66.0F 72 /4 ib  arithmetic shift right
  void VpslldRI(Ymm dst, Ymm src, uint8_t imm);     // VEX.256.66.0F 72 /6 ib  shift left
  void VpmovzxbdRM(Ymm dst, Mem src);               // VEX.256.66.0F38 31 /r  8 bytes -> 8 dwords
  void VpmovsxbdRM(Ymm dst, Mem src);               // VEX.256.66.0F38 21 /r  sign-extending
  void VpmovsxwdRM(Ymm dst, Mem src);               // VEX.256.66.0F38 23 /r  8 words -> 8 dwords
  void Vcvtdq2psRR(Ymm dst, Ymm src);               // VEX.256.0F 5B /r  s32 -> f32 (MXCSR rounding)
  // As the EVEX forms above, on halves of 128 bits: dst (4 f64) = src's low 4 s32 (VEX.256.F3.0F
  // E6 /r); dst's low 4 s32 = src's 4 f64 truncated, upper half zeroed (VEX.256.66.0F E6 /r).
  void Vcvtdq2pdRR(Ymm dst, Ymm src);
  void Vcvttpd2dqRR(Ymm dst, Ymm src);
  void VmulpdRM(Ymm dst, Ymm a, Mem b);             // VEX.256.66.0F 59 /r
  void VroundpsRR(Ymm dst, Ymm src, uint8_t imm);          // VEX.256.66.0F3A.WIG 08 /r ib
  void Vextracti128RR(Ymm dst, Ymm src, uint8_t imm);      // VEX.256.66.0F3A.W0 39 /r ib
  void Vinserti128RRR(Ymm dst, Ymm a, Ymm b, uint8_t imm); // VEX.256.66.0F3A.W0 38 /r ib
  // As the EVEX forms above (VEX.256.66.0F38 28 /r, b a full vector; VEX.256.66.0F 70 /r ib), and
  // dst dword i = imm8 bit i ? b's : a's (VPBLENDD, VEX.256.66.0F3A.W0 02 /r ib).
  void VpmuldqRRM(Ymm dst, Ymm a, Mem b);
  void VpshufdRR(Ymm dst, Ymm src, uint8_t imm);
  void VpblenddRRR(Ymm dst, Ymm a, Ymm b, uint8_t imm);
  // Half precision as the EVEX forms above, 8 lanes (F16C for the conversions): VEX.256.66.0F38
  // 33 /r, VEX.256.66.0F38.W0 13 /r, VEX.256.66.0F3A.W0 1D /r ib.
  void VpmovzxwdRM(Ymm dst, Mem src);
  void Vcvtph2psRM(Ymm dst, Mem src);
  void Vcvtph2psRR(Ymm dst, Ymm src);
  void Vcvtps2phMR(Mem dst, Ymm src, uint8_t imm);
  void Vcvtps2phRR(Ymm dst, Ymm src, uint8_t imm);
  // Packs a's and b's dwords to words with unsigned saturation within each 128-bit half
  // (VEX.256.66.0F38 2B /r).
  void VpackusdwRRR(Ymm dst, Ymm a, Ymm b);
  void VpackuswbRRR(Ymm dst, Ymm a, Ymm b);  // VEX.256.66.0F 67 /r
  void VpermqRRI(Ymm dst, Ymm src, uint8_t imm);           // VEX.256.66.0F3A.W1 00 /r ib  qwords by imm
  void Vbroadcasti128RM(Ymm dst, Mem src);                 // VEX.256.66.0F38.W0 5A /r  16 bytes to both halves
  void VpshufbRRM(Ymm dst, Ymm a, Mem ctl);                // VEX.256.66.0F38 00 /r  bytes of a by ctl, per half
  void VmovdquMR128(Mem dst, Ymm src);             // VEX.128.F3.0F 7F /r  src's low 16 bytes
  void VmovqMR(Mem dst, Ymm src);                  // VEX.128.66.0F D6 /r  src's low 8 bytes
  void VmovntdqMR128(Mem dst, Ymm src);            // VEX.128.66.0F E7 /r  same, streaming (16-byte aligned)
  // dst lane i = the dword at base + index lane i * 2^scale_log2, where mask lane i's sign bit is
  // set (mask cleared as loaded; dst, index and mask distinct). VEX.256.66.0F38.W0 90 /vsib.
  void VpgatherddRM(Ymm dst, Gpr base, Ymm index, int scale_log2, Ymm mask);
  // f64 lanes (4 per ymm): VCMPPD (VEX.256.66.0F C2 /r ib), VSQRTPD (VEX.256.66.0F 51 /r),
  // VBROADCASTSD (VEX.256.66.0F38.W0 19 /r), and VGATHERQPD (VEX.256.66.0F38.W1 93 /vsib: qword
  // indices, mask as for VPGATHERDD).
  void VcmppdRR(Ymm dst, Ymm a, Ymm b, VCmp p);
  void VcmppdRM(Ymm dst, Ymm a, Mem b, VCmp p);
  // As the EVEX forms above on 4 lanes, between 128 and 256 bits (VEX.256.0F 5A, VEX.256.66.0F
  // 5A, VEX.256.F3.0F E6).
  void Vcvtps2pdRM(Ymm dst, Mem src);
  void Vcvtps2pdRR(Ymm dst, Ymm src);
  void Vcvtpd2psRR(Ymm dst, Ymm src);
  void Vcvtdq2pdRM(Ymm dst, Mem src);
  // 4 bytes at src zero-extended to qwords (VEX.256.66.0F38 32 /r); src's low 4 bytes stored
  // (VMOVD, VEX.128.66.0F.W0 7E /r).
  void VpmovzxbqRM(Ymm dst, Mem src);
  void VmovdMR(Mem dst, Ymm src);
  void VsqrtpdRR(Ymm dst, Ymm src);
  void VbroadcastsdRM(Ymm dst, Mem src);
  void VgatherqpdRM(Ymm dst, Gpr base, Ymm index, int scale_log2, Ymm mask);

  // ---- labels and jumps (always rel32, so one pass suffices)
  int NewLabel();
  void Bind(int label);
  void Jmp(int label);                              // E9 cd
  void Jcc(Cond cc, int label);                     // 0F 80+cc cd
  // Pads with INT3 up to a multiple of `alignment` (for padding that is never executed).
  void AlignWithInt3(size_t alignment);

  size_t size() const { return code_.size(); }
  // The finished code with every jump resolved; false if a used label was never bound.
  bool Finish(std::vector<uint8_t>* out) const;

 private:
  // [mandatory prefix] [REX] opcode ModRM(mod=11): `reg` in ModRM.reg, `rm` in ModRM.rm.
  // `byte_regs`: ModRM.rm names a byte register, where numbers 4..7 mean spl..dil only with a
  // REX prefix present (without one they mean ah..bh, SDM vol. 2 §2.2.1.2).
  void OpRR(uint8_t prefix, bool w, std::initializer_list<uint8_t> opcode, int reg, int rm, bool byte_regs = false);
  // Same with a memory operand [base + disp32] in ModRM.rm (mod=10, SIB when base is rsp/r12);
  // `byte_regs`: ModRM.reg names a byte register.
  void OpRM(uint8_t prefix, bool w, std::initializer_list<uint8_t> opcode, int reg, Mem m, bool byte_regs = false);
  void Rex(bool w, int reg, int rm, bool force);
  // EVEX prefix and opcode, then ModRM for a register (rm >= 0) or memory operand.
  // `map`: 1 = 0F, 2 = 0F38, 3 = 0F3A, 5 = MAP5 (FP16); `ll`: vector length, 2 = 512 bits,
  // 1 = 256; `pp`: 0 = none, 1 = 66, 2 = F3, 3 = F2; `vvvv`: the
  // second source (-1 when unused); `reg` may be a zmm, a k register or an opcode extension.
  void Evex(int map, int pp, uint8_t opcode, int reg, int vvvv, int rm, const Mem* m, bool bcst, int aaa, bool w = false,
            int ll = 2);
  // ModRM (+ SIB + disp32) of a vector instruction: register rm, or memory m when non-null.
  void ModRm(int reg, int rm, const Mem* m);
  // ModRM + SIB of a vector-indexed address [base + index * 2^scale_log2] (no displacement, or a
  // zero disp8 where the base is rbp/r13).
  void VsibModRm(int reg, int base, int index, int scale_log2);
  // VEX.256.W0 prefix and opcode, then ModRM as for Evex (registers 0..15 only).
  // `l256` false: VEX.128 (xmm registers).
  void Vex(int map, int pp, uint8_t opcode, int reg, int vvvv, int rm, const Mem* m, bool l256 = true,
           bool w = false);
  // The compares' encodings (x86_64_encoder.cc).
  void EvexCmp(bool pd, Kreg dst, Zmm a, int b, const Mem* m, VCmp p);
  void VexCmp(int pp, Ymm dst, Ymm a, int b, const Mem* m, VCmp p);
  // The gathers (EVEX.512.66.0F38 and VEX.256.66.0F38 `opcode` /vsib, W as given).
  void EvexGather(uint8_t opcode, bool w, Zmm dst, Kreg k, Gpr base, Zmm index, int scale_log2);
  void VexGather(uint8_t opcode, bool w, Ymm dst, Gpr base, Ymm index, int scale_log2, Ymm mask);
  void Byte(uint8_t b) { code_.push_back(b); }
  void Imm32(uint32_t v);
  void Rel32To(int label);

  std::vector<uint8_t> code_;
  std::vector<int64_t> label_pos_;  // -1 until bound
  struct Fixup {
    size_t at;  // offset of the rel32 field; the displacement counts from at + 4
    int label;
  };
  std::vector<Fixup> fixups_;
};

// Machine code in its own mapping: written while read-write, then switched to read+execute,
// never both writable and executable. Unmapped on destruction.
class ExecutableCode {
 public:
  // nullptr when mapping or protecting fails (the caller falls back to interpreting).
  static std::unique_ptr<ExecutableCode> Create(const std::vector<uint8_t>& code);
  ~ExecutableCode();
  ExecutableCode(const ExecutableCode&) = delete;
  ExecutableCode& operator=(const ExecutableCode&) = delete;
  const void* entry() const { return base_; }

 private:
  ExecutableCode(void* base, size_t bytes) : base_(base), bytes_(bytes) {}
  void* base_;
  size_t bytes_;
};

}  // namespace jaxlib::cpu::x86
