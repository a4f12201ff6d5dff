// Accuracy of the vectorised f32 math (backends/cpu/executor/elementwise/vector_math.h) against glibc in
// double precision, for every ISA variant this CPU runs, plus bit-identity across variants.
// Prints one line per function and ISA; exits 1 when a bound is exceeded. Driven by
// test_vector_math.py.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "backends/cpu/executor/elementwise/scalar_math.h"
#include "backends/cpu/executor/elementwise/vector_kernels.h"
#include "backends/cpu/executor/program/denormal_mode.h"

namespace {

using jaxlib::cpu::EwFn;
using jaxlib::cpu::EwInstr;
using jaxlib::cpu::VectorIsa;

int64_t UlpDistance(float a, float b) {
  if (std::isnan(a) && std::isnan(b)) return 0;
  if (a == b) return 0;  // also -0 == +0
  if (std::isnan(a) || std::isnan(b) || std::isinf(a) || std::isinf(b)) return int64_t{1} << 40;
  int32_t ia, ib;
  std::memcpy(&ia, &a, 4);
  std::memcpy(&ib, &b, 4);
  int64_t ka = ia < 0 ? int64_t{INT32_MIN} - ia : ia, kb = ib < 0 ? int64_t{INT32_MIN} - ib : ib;
  return ka > kb ? ka - kb : kb - ka;
}

double Logistic(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// log|Gamma(x)|: glibc's double lgamma where the vector formula runs (x positive normal below
// 1e30), glibc's lgammaf (the scalar lanes' function) elsewhere.
double LgammaRef(double x) {
  if (x >= 1.17549435e-38 && x < 1e30) return std::lgamma(x);
  int sign;
  return static_cast<double>(lgammaf_r(static_cast<float>(x), &sign));
}

struct Case {
  const char* name;
  double (*ref)(double);
  int64_t max_ulp;
  float min_abs;  // inputs of smaller magnitude are skipped (results within FTZ range)
};

}  // namespace

int main() {
  jaxlib::cpu::SetDenormalsToZeroForThread();  // FTZ + DAZ (AArch64: FPCR.FZ), as the executor runs
  std::vector<float> in;
  for (uint64_t u = 0; u < 0x100000000ull; u += 1021) {
    float f;
    uint32_t b = static_cast<uint32_t>(u);
    std::memcpy(&f, &b, 4);
    if (std::fpclassify(f) != FP_SUBNORMAL) in.push_back(f);
  }
  for (float s : {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 1.0f, -1.0f, 88.72f, 88.73f, -87.5f, -103.9f, -104.5f,
                  0.625f, -0.625f, 7.9f, 9.0f, 20.0f, 4.0f, -4.0f, 0.0004f, 1e-4f, -0.99999f, 0.9966f, 0.99665f,
                  -0.9967f, 0.99999994f, -0.99999994f, 1.0000001f})
    in.push_back(s);
  const Case cases[] = {
      {"exp", [](double x) { return std::exp(x); }, 2, 0.0f},
      {"expm1", [](double x) { return std::expm1(x); }, 2, 1e-30f},
      {"log", [](double x) { return std::log(x); }, 2, 0.0f},
      {"log1p", [](double x) { return std::log1p(x); }, 2, 1e-30f},
      {"logistic", Logistic, 3, 0.0f},
      {"tanh", [](double x) { return std::tanh(x); }, 6, 1e-30f},    // XLA's rational approximation
      {"erf", [](double x) { return std::erf(x); }, 64, 1e-30f},     // XLA's rational approximation
      // The scalar kernel's own formula (with glibc's logf): the vector one differs only by its Log.
      {"erf_inv", [](double x) { return static_cast<double>(jaxlib::cpu::ErfInvF32(static_cast<float>(x))); }, 8, 0.0f},
      // Positive normal inputs below 1e30 run the vector formula; the rest the scalar glibc lgammaf.
      {"lgamma", LgammaRef, 4, 0.0f},
  };
  int failures = 0;
  std::vector<float> out(in.size()), first(in.size());
  EwInstr ins;
  for (const Case& c : cases) {
    bool have_first = false;
    for (VectorIsa isa : {VectorIsa::kAvx512, VectorIsa::kAvx2, VectorIsa::kBaseline}) {
      EwFn fn = jaxlib::cpu::VectorUnaryKernelForTest(c.name, isa);
      if (!fn) continue;
      const void* args[1] = {in.data()};
      fn(out.data(), args, static_cast<int64_t>(in.size()), ins);
      int64_t worst = 0;
      float worst_x = 0;
      for (size_t i = 0; i < in.size(); ++i) {
        if (std::fabs(in[i]) < c.min_abs && in[i] != 0) continue;
        float want = static_cast<float>(c.ref(static_cast<double>(in[i])));
        if (std::fabs(want) < 1.17549435e-38f) want = std::copysign(0.0f, want);  // FTZ
        int64_t d = UlpDistance(out[i], want);
        if (d > worst) {
          worst = d;
          worst_x = in[i];
        }
      }
      bool same = true;
      if (have_first) same = std::memcmp(first.data(), out.data(), out.size() * sizeof(float)) == 0;
      else first = out, have_first = true;
      bool ok = worst <= c.max_ulp && same;
      failures += !ok;
      std::printf("%-8s isa=%d max_ulp=%lld (bound %lld) at x=%.9g identical_across_isas=%d %s\n", c.name,
                  static_cast<int>(isa), static_cast<long long>(worst), static_cast<long long>(c.max_ulp), worst_x,
                  same ? 1 : 0, ok ? "ok" : "FAIL");
    }
  }
  return failures ? 1 : 0;
}
